"""Playing Instinkt over SSH with keystrokes, as a player at the keyboard would.

Each decision waits until the player's screen shows the prompt for the
server's current position (the header's round and card count say which
position the screen shows: a prompt left over from an earlier one must not
get the key), presses the keys, then waits until the server has applied it.
"""

from __future__ import annotations

from codex_tui.games.instinkt import rules as instinkt
from codex_tui.games.instinkt.rules.actions import Enter
from codex_tui.games.instinkt.rules.engine import legal_actions_for
from codex_tui.server.table import Table
from tests.server.harness import Terminal, wait_until

PROMPTS = {
    "keep": "Keep 3 of your 5 cards",
    "choose": "Choose your card in secret",
    "place": "Place your ",
    "deer": "Deer 1/",
    "source": "Raccoon: move your ",
    "target": "Move your ",
}


def header(game: instinkt.Game) -> str:
    """What the screen's header says of this position."""
    return f"Round {game.round} · {len(game.grid)}/16 cards"


def game_of(table: Table) -> instinkt.Game:
    game = table.game
    assert isinstance(game, instinkt.Game)
    return game


async def prompted(terminal: Terminal, game: instinkt.Game, prompt: str) -> None:
    where = header(game)
    await terminal.wait_for(lambda text: where in text and prompt in text)


async def instinkt_decision_by_keys(terminal: Terminal, table: Table, seat: int) -> None:
    """`seat` makes its next decision with the keys: the first card (or the
    first three to keep), the cell or deer entry under the cursor, the first
    card the raccoon may move to its first cell."""
    game = game_of(table)
    assert seat in instinkt.players_to_act(game), (seat, game.phase)
    before = len(game.log)
    phase = game.phase
    if phase is instinkt.Phase.KEEP:
        await prompted(terminal, game, PROMPTS["keep"])
        await terminal.press("1", "2", "3")
        await terminal.wait_for("(3 marked)")
        await terminal.press("enter")
    elif phase is instinkt.Phase.CHOOSE:
        await prompted(terminal, game, PROMPTS["choose"])
        await terminal.press("enter")
    elif phase is instinkt.Phase.MOVE:
        await prompted(terminal, game, PROMPTS["source"])
        await terminal.press("enter")
        await terminal.wait_for(PROMPTS["target"])
        await terminal.press("enter")
    else:
        deer = isinstance(legal_actions_for(game, seat)[0], Enter)
        await prompted(terminal, game, PROMPTS["deer" if deer else "place"])
        await terminal.press("enter")
    try:
        await wait_until(lambda: len(game_of(table).log) > before, what="the move")
    except AssertionError:
        raise AssertionError(f"the move never reached the server; the player's screen:\n{terminal.text()}") from None


def next_seat(game: instinkt.Game, first_chooser: int) -> int:
    """Who acts next; while both may pick, `first_chooser` goes first (either order is legal)."""
    waiting = instinkt.players_to_act(game)
    return first_chooser if first_chooser in waiting else waiting[0]
