"""Small screens: pass the device, help (with the keys every game shares); what every
game's end-of-game summary shares (its keys and choices)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen

from codex_tui.i18n import TextDomain, translate_in
from codex_tui.i18n.text import DOMAIN, N_, _
from codex_tui.ui.line_breaks import Broken
from codex_tui.ui.widgets.broken_text import Prose
from codex_tui.ui.widgets.key_bar import KeyBar


class PassDeviceScreen(Screen[None]):
    """Hides everything private until the named player is at the keyboard."""

    BINDINGS = [Binding("enter,space", "ready", N_("I am ready")), Binding("q", "app.quit", N_("Quit"))]
    CSS_PATH = Path(__file__).with_name("modals.tcss")

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player_name = name

    def compose(self) -> ComposeResult:
        with Vertical(id="pass-box"):
            yield Prose(
                Text.assemble(
                    self.pass_line(),
                    "\n\n",
                    _("Everyone else: look away."),
                    "\n",
                    (_("{name}: press enter when ready.").format(name=self.player_name), "bold"),
                    "\n\n",
                    (_("q: quit (the game is saved)"), "dim"),
                )
            )
        yield KeyBar()

    def pass_line(self) -> Text:
        """'Pass the keyboard to Ada.' with the name in bold, wherever the language puts it."""
        before, _name, after = _("Pass the keyboard to {name}.").partition("{name}")
        return Text.assemble(before, (self.player_name, "bold"), after)

    def action_ready(self) -> None:
        self.dismiss(None)


HelpRow = tuple[str, str]
"""The keys, and what they do (wrapped under itself, so the keys column stays clear)."""
HelpSection = tuple[str, tuple[HelpRow, ...]]
"""A titled section of a help screen: its rows of (keys, what they do)."""
Help = tuple[HelpSection, ...]
"""Sections: a title and its rows."""

GAME_KEYS: tuple[HelpRow, ...] = (  # `!` (hint) is in each game's own section: what a hint chooses differs
    ("u", N_("undo your last move (a bot's reply goes back with it)")),
    ("ctrl+r  U", N_("redo")),
    ("ctrl+p", N_("commands: save a copy, browse the saves, new game, this help")),
    ("?", N_("this help")),
    ("q  ctrl+q", N_("quit; the game is saved after every move (the next start offers to resume it)")),
)

REVIEW_KEYS: tuple[HelpRow, ...] = (
    ("↑ ↓", N_("choose a turn (once the search is done)")),
    ("tab", N_("from the table to the graph of the margin, and back")),
    ("← →  h l", N_("on the graph: choose a decision (the line shows which)")),
    (N_("home  end"), N_("on the graph: the first decision, the last")),
    (N_("enter"), N_("show it on the board: the move played and the better one")),
    (N_("esc  q"), N_("back to the replay (a review still running stops)")),
    ("?", N_("this help")),
)
REVIEW_HELP: Help = (
    (N_("Review of a player's turns"), REVIEW_KEYS),
    (
        N_("What the table and the graph say"),
        (
            (N_("Move"), N_("the action's number, as in the replay's log")),
            (N_("Turn"), N_("the game's turn then")),
            (
                N_("Played  Better"),
                N_("the move made, and the search's best move from what that player could see then"),
            ),
            (
                N_("Graph"),
                N_(
                    "above the table: the margin the search expected after each decision; ▼ marks the turns of the"
                    " table"
                ),
            ),
            (
                N_("Lost"),
                N_(
                    "points the move gave away, as the search estimates them: the final margin (the player's points"
                    " less the best other player's) expected after the better move, less that after the move played"
                ),
            ),
        ),
    ),
)
"""The review screen's own help (`?` there); the game's help lists its keys too."""


NEW_GAME_HELP: HelpSection = (
    N_("New game, resume"),
    (
        (
            N_("tab  shift+tab"),
            N_("next / previous field of the new-game form (the field with focus is highlighted)"),
        ),
        (N_("enter"), N_("open a list; in a text field, start the game")),
        ("ctrl+s", N_("start the game")),
        ("ctrl+o", N_("browse the saves")),
        ("ctrl+l", N_("learn to play: a guided first game of the chosen game (esc leaves it)")),
        (N_("esc"), N_("on the form: quit")),
        (N_("enter  r"), N_("resume your last game (n: a new game instead)")),
    ),
)
"""The new-game form and the resume offer."""

SAVES_HELP: HelpSection = (
    N_("Saves"),
    (
        ("↑ ↓", N_("choose a save")),
        (N_("enter"), N_("resume an unfinished game, replay a finished one")),
        ("v", N_("replay any game")),
        ("r", N_("rename (enter: keep the new title, esc: cancel)")),
        (N_("d  delete"), N_("delete, after a question")),
        ("y  n", N_("yes, delete it / no, keep it (esc: no)")),
        ("s", N_("sort by date, title, status or turn")),
        ("n", N_("a new game")),
        (N_("q  esc"), N_("back (or quit, when the browser is all there is)")),
    ),
)
"""The saves browser."""

NETWORK_HELP: HelpSection = (
    N_("Over the network"),
    (
        (N_("enter"), N_("in the lobby: sit at a table, or back to your seat")),
        ("n", N_("in the lobby: a new table (ctrl+s: create it, esc: back)")),
        ("w", N_("watch a table")),
        ("t", N_("at a table: chat (enter: send, esc: close); /mute NAME hides a player's chat, /unmute NAME")),
        ("l", N_("in the lobby: the language of your screens (remembered for your name)")),
        (N_("q  esc"), N_("leave the table while it waits; q in the lobby: quit")),
    ),
)
"""The lobby and a table over the network."""

THIS_HELP: HelpSection = (
    N_("This help"),
    (
        ("↑ ↓  j k", N_("scroll")),
        (N_("page down  page up"), N_("scroll a page")),
        (N_("home  end"), N_("to the top, to the end")),
        (N_("esc  q  ?  enter"), N_("close")),
    ),
)
"""Moving about the help itself."""


def shared_help(at_the_end: tuple[HelpRow, ...] = (), in_replays: tuple[HelpRow, ...] = ()) -> Help:
    """The sections every game's help ends with: the end of a game, forms, saves, replays, the network.

    `at_the_end` and `in_replays`: a game's own keys there, shown in those sections
    (and only in that game's help)."""
    return (
        (
            N_("Between turns and at the end"),
            (
                (N_("enter  space"), N_("pass the keyboard: the named player is ready (the others look away)")),
                (N_("enter  space"), N_("the game is over: show the final scores (the final board stays until then)")),
                ("u", N_("at the end: take back your last move and play on")),
                *at_the_end,
                (N_("esc"), N_("on the final scores: back to the final board")),
                ("n", N_("at the end: a new game")),
                (
                    "r",
                    N_("at the end: review your turns (the replay opens with the costliest ones and the better moves)"),
                ),
            ),
        ),
        NEW_GAME_HELP,
        SAVES_HELP,
        (
            N_("Replays"),
            (
                ("→ ←  l h", N_("one move forward / back")),
                (N_("home  end"), N_("the start / the end")),
                (N_("space  p"), N_("play / pause")),
                *in_replays,
                ("b", N_("play on from here, in a new save (the replayed game is untouched)")),
                ("r", N_("review a player's turns: the costliest ones, with the better move")),
                ("e", N_("the summary")),
                (N_("q  esc"), N_("close")),
            ),
        ),
        REVIEW_HELP[0],
        NETWORK_HELP,
        THIS_HELP,
    )


KEYS_WIDTH = 24
"""The keys column: wide enough for most keys, so the words keep most of a narrow screen."""


def help_renderable(help: Help, domains: tuple[TextDomain, ...] = ()) -> Group:
    """Sections of two columns; a long description wraps under itself, not under the keys.

    The texts are English (marked where defined); each is drawn from the first of
    `domains` (a game's own) that knows it, else from the shell's."""
    chain = (*domains, DOMAIN)
    parts: list[Broken | Table] = []
    for index, (title, rows) in enumerate(help):
        parts.append(Broken(Text(("\n" if index else "") + translate_in(title, chain), style="bold")))
        table = Table.grid(padding=(0, 2), pad_edge=True, expand=True)
        table.add_column(width=KEYS_WIDTH, style="bold")
        table.add_column(ratio=1)
        for keys, what in rows:
            table.add_row(Broken(Text(translate_in(keys, chain))), Broken(Text(translate_in(what, chain))))
        parts.append(table)
    return Group(*parts)


class HelpScreen(ModalScreen[None]):
    """The keys and symbols, scrolled with the keyboard (the text is longer than a small terminal)."""

    BINDINGS = [
        Binding("escape,question_mark,q,enter", "close", N_("Close")),
        Binding("j", "scroll('down')", N_("Down"), show=False),
        Binding("k", "scroll('up')", N_("Up"), show=False),
    ]
    CSS_PATH = Path(__file__).with_name("modals.tcss")

    def __init__(self, help: Help, domains: tuple[TextDomain, ...] = ()) -> None:
        """`domains`: the game's text domain, whose help texts these mostly are."""
        super().__init__()
        self.help = help
        self.domains = domains

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box") as box:
            box.border_subtitle = _("↑↓ j k page down/up home end: scroll · esc: close")
            yield Prose(help_renderable(self.help, self.domains))

    def on_mount(self) -> None:
        self.query_one("#help-box").focus()

    async def recompose(self) -> None:
        """The help in a new language, scrolled where it was, the keys still on it."""
        scrolled = self.query_one("#help-box", VerticalScroll).scroll_y
        await super().recompose()
        box = self.query_one("#help-box", VerticalScroll)
        box.focus()
        box.call_after_refresh(box.scroll_to, y=scrolled, animate=False)

    def action_scroll(self, direction: str) -> None:
        box = self.query_one("#help-box", VerticalScroll)
        box.scroll_down() if direction == "down" else box.scroll_up()

    def action_close(self) -> None:
        self.dismiss(None)


END_BINDINGS: list[BindingType] = [
    Binding("n", "end('new')", N_("New game")),
    Binding("u", "end('undo')", N_("Undo")),  # short: with r Review every key fits in 80 columns
    Binding("escape", "end('board')", N_("Final board")),
    Binding("q", "end('quit')", N_("Quit")),
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
