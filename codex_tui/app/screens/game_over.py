"""The end of a game, before its summary: the final board stays in view.

The summary used to pop up on the move that ended the game, hiding it (and,
when a bot moved last, its last card was only to be seen in a replay). Now a
bar over the game screen's status line and key bar says the game is over,
who won and what the last moves were; the board, the log and the scores stay
visible above it, and enter opens the summary. The bar is modal, so no game
key reaches the board underneath, except o / esc to look at the other
players' areas; it offers undo when the app can undo. Each game writes its
bar's words (`GameUI.game_over_text`) with `result_line` and `tail_start`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from codex_tui.app.words import with_verb

LAST_MOVES = 2
"""At most this many of the other players' last moves are named on the bar (see `tail_start`)."""


def winners_words(names: Sequence[str], winners: Sequence[int]) -> str:
    """'You win', 'Ada wins', 'Ada and Bo share the victory'."""
    if len(winners) == 1:
        return with_verb(names[winners[0]], "wins")
    return " and ".join(names[seat] for seat in winners) + " share the victory"


def tail_start(players: Sequence[int], viewer: int) -> int:
    """Where the moves since `viewer`'s own last one begin (the very last move, if it was theirs)."""
    start = len(players)
    while start > 0 and players[start - 1] != viewer and len(players) - start < LAST_MOVES:
        start -= 1
    return min(start, max(len(players) - 1, 0))


def result_line(names: Sequence[str], winners: Sequence[int], after: str = "") -> Text:
    """'Game over: You win. ' and then `after`."""
    return Text.assemble(("Game over: ", "bold"), (winners_words(names, winners), "bold"), ". ", after)


class GameOverBar(ModalScreen[str]):
    """Returns 'summary', 'undo', 'review', 'new' or 'quit'.

    `offer_review`: the app can open the replay with the review of the
    player's turns (the local app; a network table offers it on its summary)."""

    BINDINGS = [
        Binding("enter,space", "choose('summary')", "Final scores"),
        Binding("u", "choose('undo')", "Undo"),
        Binding("r", "choose('review')", "Review"),
        Binding("o", "look('other_area')", "Areas"),
        Binding("escape", "look('own_area')", "Own area", show=False),
        Binding("left,h", "look('pan(-1,0)')", "Pan", show=False),
        Binding("right,l", "look('pan(1,0)')", "Pan", show=False),
        Binding("up,k", "look('pan(0,-1)')", "Pan", show=False),
        Binding("down,j", "look('pan(0,1)')", "Pan", show=False),
        Binding("c", "look('recentre')", "Centre", show=False),
        Binding("n", "choose('new')", "New game"),
        Binding("q", "choose('quit')", "Quit"),
        Binding("question_mark", "app.help", "Help"),
    ]
    DEFAULT_CSS = """
    GameOverBar { align: center bottom; background: transparent; }
    #game-over { height: auto; max-height: 4; background: $success 30%; }
    #game-over-text { height: auto; padding: 0 1; }
    """

    def __init__(self, text: Text, offer_undo: bool, offer_review: bool = False) -> None:
        super().__init__()
        self.text = text
        self.offer_undo = offer_undo
        self.offer_review = offer_review

    def compose(self) -> ComposeResult:
        with Vertical(id="game-over"):
            yield Static(self.text, id="game-over-text")
            yield Footer()

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
