"""The end of a game, before its summary: the final board stays in view.

The summary used to pop up on the move that ended the game, hiding it (and,
when a bot moved last, its last card was only to be seen in a replay). Now a
bar over the game screen's status line and key bar says the game is over,
who won and what the last moves were; the board, the log and the scores stay
visible above it, and enter opens the summary. The bar is modal, so no game
key reaches the board underneath, except o / esc to look at the other
players' areas and, where the board has them, the keys that pan, centre and
zoom it; it offers undo when the app can undo. Each game writes its
bar's words (`GameUI.game_over_text`) with `result_line` and `tail_start`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen

from codex_tui.i18n.lists import and_list
from codex_tui.i18n.text import N_, _, pgettext
from codex_tui.ui.widgets.broken_text import Prose
from codex_tui.ui.widgets.key_bar import KeyBar

LAST_MOVES = 2
"""At most this many of the other players' last moves are named on the bar (see `tail_start`)."""


def winners_words(names: Sequence[str], winners: Sequence[int], reader: int | None) -> str:
    """'You win' (to the seat `reader`), 'Ada wins', 'Ada and Bo share the victory' (in the player's language)."""
    if len(winners) == 1:
        seat = winners[0]
        return _("You win") if seat == reader else _("{name} wins").format(name=names[seat])
    return _("{names} share the victory").format(names=and_list(names[seat] for seat in winners))


def tail_start(players: Sequence[int], viewer: int) -> int:
    """Where the moves since `viewer`'s own last one begin (the very last move, if it was theirs)."""
    start = len(players)
    while start > 0 and players[start - 1] != viewer and len(players) - start < LAST_MOVES:
        start -= 1
    return min(start, max(len(players) - 1, 0))


def result_line(names: Sequence[str], winners: Sequence[int], reader: int | None, after: str = "") -> Text:
    """'Game over: You win. ' (to the seat `reader`) and then `after`."""
    line = _("Game over: {result}.").format(result=winners_words(names, winners, reader))
    # Translators: one sentence, then the next ("Game over: You win. Last: …"); Chinese puts no space after 。.
    template = pgettext("a sentence, then the next", "{sentence} {next}")
    before, _field, rest = template.partition("{sentence}")
    between, _field, end = rest.partition("{next}")
    return Text.assemble(before, (line, "bold"), between, after, end)


class GameOverBar(ModalScreen[str]):
    """Returns 'summary', 'undo', 'review', 'new' or 'quit'.

    `offer_review`: the app can open the replay with the review of the
    player's turns (the local app; a network table offers it on its summary)."""

    BINDINGS = [
        Binding("enter,space", "choose('summary')", N_("Final scores")),
        Binding("u", "choose('undo')", N_("Undo")),
        Binding("r", "choose('review')", N_("Review")),
        Binding("o", "look('other_area')", N_("Areas"), show=False),  # the looks: where the board has them
        Binding("escape", "look('own_area')", N_("Own area"), show=False),
        Binding("left,h", "look('pan(-1,0)')", N_("Pan"), show=False),
        Binding("right,l", "look('pan(1,0)')", N_("Pan"), show=False),
        Binding("up,k", "look('pan(0,-1)')", N_("Pan"), show=False),
        Binding("down,j", "look('pan(0,1)')", N_("Pan"), show=False),
        Binding("c", "look('recentre')", N_("Centre"), show=False),
        Binding("plus", "look('zoom(1)')", N_("Larger"), show=False),
        Binding("minus", "look('zoom(-1)')", N_("Smaller"), show=False),
        Binding("equals_sign", "look('zoom(0)')", N_("Automatic size"), show=False),
        Binding("n", "choose('new')", N_("New game")),
        Binding("q", "choose('quit')", N_("Quit")),
        Binding("question_mark", "app.help", N_("Help"), show=False),  # the bar must fit 80 columns
    ]
    CSS_PATH = Path(__file__).with_name("game_over.tcss")

    def __init__(self, text: Text | Callable[[], Text], offer_undo: bool, offer_review: bool = False) -> None:
        """`text`: the bar's words, or better what writes them (called at each compose: a change
        of language redraws them)."""
        super().__init__()
        self.words = text
        self.offer_undo = offer_undo
        self.offer_review = offer_review

    def compose(self) -> ComposeResult:
        with Vertical(id="game-over"):
            yield Prose(self.text, id="game-over-text")
            yield KeyBar()

    @property
    def text(self) -> Text:
        """The bar's words, written now (in the language of now)."""
        return self.words() if callable(self.words) else self.words

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters == ("undo",):
            return self.offer_undo
        if action == "choose" and parameters == ("review",):
            return self.offer_review
        if action == "look":
            name = str(parameters[0]).partition("(")[0]  # 'pan(1,0)': the board's action_pan
            return hasattr(self.board(), f"action_{name}")
        return True

    def board(self) -> object:
        """The game screen under the bar (the final board)."""
        stack = self.app.screen_stack
        return stack[-2] if len(stack) > 1 and stack[-1] is self else None

    async def action_look(self, action: str) -> None:
        """Look at the other players' areas (o) and back (esc), pan (arrows) and centre (c) the final board."""
        board = self.board()
        if isinstance(board, Screen):
            await board.run_action(action)

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
