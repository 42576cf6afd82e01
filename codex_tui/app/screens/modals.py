"""Small screens: pass the device, help, the end-of-game summary, resume."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from ...rules import Result
from ..describe import objective_text, possessive, with_verb


class PassDeviceScreen(Screen[None]):
    """Hides everything private until the named player is at the keyboard."""

    BINDINGS = [Binding("enter,space", "ready", "I am ready"), Binding("q", "app.quit", "Quit")]
    DEFAULT_CSS = """
    PassDeviceScreen { align: center middle; background: $background; }
    #pass-box { width: 50; height: auto; border: heavy $accent; padding: 1 2; }
    """

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player_name = name

    def compose(self) -> ComposeResult:
        with Vertical(id="pass-box"):
            yield Static(
                Text.assemble(
                    ("Pass the keyboard to ", ""),
                    (self.player_name, "bold"),
                    (".\n\nEveryone else: look away.\n", ""),
                    (f"{self.player_name}: press enter when ready.", "bold"),
                )
            )
        yield Footer()

    def action_ready(self) -> None:
        self.dismiss(None)


HELP_TEXT = """\
[b]Placing a card[/b]
  ← → ↑ ↓ or h j k l   move the cursor between legal spots (dotted boxes)
  tab / shift+tab      jump to the next / previous legal spot
  1 2 3                choose a card from your hand
  f                    flip the chosen card (front / back)
  enter or space       place it; the line above the keys shows what it scores,
                       which corners it covers and what it shows, before you confirm
[b]Drawing[/b]
  ← → or 1-6           choose a market card (1-4) or a deck (5 resource, 6 gold)
  enter or space       take it
[b]Looking around[/b]
  o                    show the next player's area (read-only); esc: back to yours
  shift+arrows, H J K L  pan the view; c: centre it
[b]Game[/b]
  u                    undo (bot moves go back with yours); ctrl+r or U: redo
  ctrl+p               commands: save a copy, load a game, new game
  ?                    this help;  q: quit (the game is saved after every move)

[b]Reading the cards[/b]
  F fungi  P plant  A animal  I insect   (resources, in their colours)
  Q quill  K inkwell  M manuscript       (objects)
  ·  an empty corner you can cover      ┌ ┐ └ ┘  a hidden corner: nothing goes there
  double border ═║  a gold card          single border  a resource card
  f12 (lower case + id)  a card's kingdom, for patterns; it is not a resource you hold
  (F) in the middle      a back's permanent resource, which you do hold
  "ok" / "no" on a gold  whether your visible resources meet its requirement
"""


INSTINKT_HELP_TEXT = """\
[b]Choosing[/b] (both players, in secret, in any order)
  ← → or 1-3           the card to play this round;  enter: choose it
  1-5, enter           draft variant: mark 3 of the 5 cards to keep, then keep them
[b]Placing[/b] (the higher number first; on a tie the token holder, and the token passes)
  ← → ↑ ↓ or h j k l, tab   move between the cells where the card may go (dotted)
  enter or space       place it; the line above the keys shows both scores after it
  the deer             arrows/tab choose where it enters (the pushed line is shown); enter
  the raccoon          choose one of your cards, enter; then its new cell, enter (esc: back)
[b]Game[/b]
  u, ctrl+r            undo (bot moves go back with yours), redo (local games)
  ?                    this help;  q: quit (the game is saved after every move)

[b]Reading the board[/b]
  B 7owl               a black card (light on dark): its number and animal
  W10dee               a white card (dark on light)
  the snake (X)        never placed: if either player reveals it, both cards leave the game
  scores at the top    each player's points if the game ended with the board as it is
  each card in hand    shows what it scores; the end screen scores every card
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,question_mark,q,enter", "close", "Close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    #help-box { width: 90; max-width: 100%; height: auto; max-height: 100%; border: round $primary;
                padding: 0 1; background: $panel; overflow-y: auto; }
    """

    def __init__(self, text: str = HELP_TEXT) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            yield Static(self.text)

    def action_close(self) -> None:
        self.dismiss(None)


def summary_table(
    result: Result, names: tuple[str, ...], commons: tuple[int, int], secrets: tuple[int | None, ...]
) -> Table:
    table = Table(title="Final scores", expand=False)
    table.add_column("Player")
    table.add_column("Cards", justify="right")
    table.add_column(f"Obj. {commons[0]}", justify="right")
    table.add_column(f"Obj. {commons[1]}", justify="right")
    table.add_column("Secret", justify="right")
    table.add_column("Total", justify="right", style="bold")
    for seat, name in enumerate(names):
        first, second, secret = result.objective_points[seat]
        label = f"{secret} ({secrets[seat]})" if secrets[seat] else str(secret)
        winner = seat in result.winners
        table.add_row(
            ("★ " if winner else "  ") + name,
            str(result.placement_points[seat]),
            str(first),
            str(second),
            label,
            str(result.totals[seat]),
            style="bold" if winner else None,
        )
    return table


def winners_text(result: Result, names: tuple[str, ...]) -> str:
    winners = [names[i] for i in result.winners]
    text = with_verb(winners[0], "wins") if len(winners) == 1 else " and ".join(winners) + " share the victory"
    if result.tie_break == "most objective points":
        text += " (tie on points, broken by most objective points)"
    elif result.tie_break == "shared victory":
        text += " (tied on points and on objective points)"
    end = "a player reached the target score" if result.end and result.end.value == "score" else "both decks ran out"
    return f"{text}. The end came because {end}."


END_BINDINGS: list[BindingType] = [
    Binding("n", "end('new')", "New game"),
    Binding("u", "end('undo')", "Undo your last move"),
    Binding("escape", "end('board')", "Final board"),
    Binding("q", "end('quit')", "Quit"),
]
"""The summary's keys in both games: esc goes back to the final board, never out of the app."""


class EndChoices:
    """What a summary screen returns: 'new', 'undo', 'board' or 'quit'.

    `offer_undo`: the app can take back the last human move (a local game
    against bots). `to_board`: esc shows the final board again; where there is
    no board to go back to (a network table), esc leaves like q.
    """

    offer_undo = False
    to_board = False

    def end_choice(self, choice: str) -> str:
        return "quit" if choice == "board" and not self.to_board else choice

    def end_allowed(self, action: str, parameters: tuple[object, ...]) -> bool:
        return not (action == "end" and parameters == ("undo",) and not self.offer_undo)


class EndScreen(EndChoices, Screen[str]):
    """The summary of a Codex game."""

    BINDINGS = END_BINDINGS
    DEFAULT_CSS = """
    EndScreen { align: center middle; }
    #end-box { width: auto; max-width: 100%; height: auto; max-height: 100%; border: round $success; padding: 0 1; }
    #end-box Static { width: auto; max-width: 100%; }
    """

    def __init__(
        self,
        result: Result,
        names: tuple[str, ...],
        commons: tuple[int, int],
        secrets: tuple[int | None, ...],
        offer_undo: bool = False,
        to_board: bool = False,
    ) -> None:
        super().__init__()
        self.result = result
        self.names = names
        self.commons = commons
        self.secrets = secrets
        self.offer_undo = offer_undo
        self.to_board = to_board

    def compose(self) -> ComposeResult:
        with Vertical(id="end-box"):
            yield Static(summary_table(self.result, self.names, self.commons, self.secrets))
            yield Static(Text(winners_text(self.result, self.names), style="bold"))
            lines = [f"Obj. {c}: {objective_text(c)}" for c in self.commons]
            lines += [f"{possessive(n)} secret {s}: {objective_text(s)}" for n, s in zip(self.names, self.secrets) if s]
            yield Static("\n".join(lines))
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.end_allowed(action, parameters)

    def action_end(self, choice: str) -> None:
        self.dismiss(self.end_choice(choice))


class ResumeScreen(Screen[bool]):
    """Offers the most recent unfinished game; True resumes it."""

    BINDINGS = [
        Binding("enter,r", "resume", "Resume"),
        Binding("n", "new", "New game"),
        Binding("q", "app.quit", "Quit"),
    ]
    DEFAULT_CSS = """
    ResumeScreen { align: center middle; }
    #resume-box { width: 60; height: auto; border: round $primary; padding: 1 2; }
    """

    def __init__(self, description: str) -> None:
        super().__init__()
        self.description = description

    def compose(self) -> ComposeResult:
        with Vertical(id="resume-box"):
            yield Static(
                Text.assemble(
                    ("Resume your last game?\n\n", "bold"), self.description, "\n\nenter: resume   n: new game"
                )
            )
        yield Footer()

    def action_resume(self) -> None:
        self.dismiss(True)

    def action_new(self) -> None:
        self.dismiss(False)
