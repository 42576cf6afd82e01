"""The Codex Naturalis replay viewer: step through a saved game, see any player's hand at any moment.

Hidden information is shown: a replay is of a finished or shared game. The
states come from a `Timeline` (cached along the log), so seeking is instant;
the widgets are the game screen's own, fed the chosen seat's view of the
state at the current index.

`r` opens the review of the shown player's turns (the app's `ReviewScreen`);
a turn chosen there brings the replay to the moment before it, with the move
played and the better move marked on the board (`review_marks`).
"""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Input

from codex_tui.core.review import Decision
from codex_tui.games.codex.describe import describe_entry, named
from codex_tui.games.codex.module import CODEX
from codex_tui.games.codex.rules import DrawSource, Phase, Place, PlayArea, SeatView, Side, result, view
from codex_tui.games.codex.text import DOMAIN, N_, _
from codex_tui.games.codex.timeline import Timeline
from codex_tui.games.codex.ui.cardart import Zoom
from codex_tui.games.codex.ui.end import summary_table, winners_text
from codex_tui.games.codex.ui.game import PreviewLine
from codex_tui.games.codex.ui.panels import MarketPanel, ObjectivesPanel, SymbolsPanel, side_width
from codex_tui.games.codex.ui.play_area import AreaScene, PlayAreaView, newest_card
from codex_tui.games.codex.ui.review_marks import ReviewMarks, review_marks
from codex_tui.games.codex.ui.score_track import ScoreTrack, status_line
from codex_tui.games.codex.ui.theme import Label
from codex_tui.games.codex.ui.tray import CardTray, TrayCard, TrayScene
from codex_tui.games.codex.ui.zoom_keys import ZOOM_BINDINGS, ZoomCommands, ZoomKeys
from codex_tui.i18n.numbers import shortest
from codex_tui.ui.derivation import DerivedOnce
from codex_tui.ui.screens.live import LiveScreen
from codex_tui.ui.screens.replay import ReplayExit, ReplayLog, ReplaySummary
from codex_tui.ui.widgets.broken_text import Prose
from codex_tui.ui.widgets.key_bar import KeyBar
from codex_tui.ui.widgets.status_line import SEPARATOR

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
"""Actions per second while playing."""


class GoToTurn(ModalScreen[int | None]):
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]
    CSS_PATH = Path(__file__).with_name("replay.tcss")

    def __init__(self, turns: int) -> None:
        super().__init__()
        self.turns = turns

    def compose(self) -> ComposeResult:
        with Vertical(id="goto-box"):
            yield Prose(_("Go to turn (0-{turns}, 0 is the set-up):").format(turns=self.turns))
            yield Input(type="integer", id="turn", max_length=4)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        self.dismiss(int(text) if text.isdigit() else None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class MomentLog(ReplayLog):
    """The replay's log with the action reached as a reactive (`at`), bound to the screen's."""

    at: var[int] = var(-1, init=False)

    def watch_at(self, at: int) -> None:
        self.show(at)


class ReplayScreen(ZoomKeys, DerivedOnce, LiveScreen[ReplayExit]):
    """The moment on show (`index`, whose eyes: `seat`) and how it plays on are reactive;
    each widget's part is derived from them."""

    COMMANDS = {ZoomCommands}

    BINDINGS = [
        # The bar shows the keys most used, short enough for 80 columns in French; the help lists all.
        Binding("q,escape", "close", N_("Close")),
        Binding("right,l", "step(1)", N_("Step"), key_display="←→"),
        Binding("left,h", "step(-1)", N_("Back"), show=False),
        Binding("down,j,pagedown,rightsquarebracket", "turn(1)", N_("Next turn"), show=False),
        Binding("up,k,pageup,leftsquarebracket", "turn(-1)", N_("Prev turn"), show=False),
        Binding("home", "jump(0)", N_("Start"), show=False),
        Binding("end", "jump(-1)", N_("End"), show=False),
        Binding("g", "goto", N_("Go to turn"), show=False),
        Binding("space,p", "play", N_("Play")),
        Binding("greater_than_sign", "speed(1)", N_("Faster"), show=False),  # + and - size the cards, as in a game
        Binding("less_than_sign", "speed(-1)", N_("Slower"), show=False),
        *ZOOM_BINDINGS,
        Binding("tab", "next_seat", N_("Player"), show=False),
        *[Binding(str(n), f"seat({n - 1})", N_("Player"), show=False) for n in range(1, 5)],
        Binding("b", "branch", N_("Play from here"), show=False),
        Binding("e", "summary", N_("Summary")),
        Binding("r", "review", N_("Review")),
        Binding("question_mark", "app.help", N_("Help"), show=False),
    ]
    CSS_PATH = Path(__file__).with_name("replay.tcss")
    """Absolute: Textual resolves a relative path from the file of the instance's class (the network's subclass)."""

    index: var[int] = var(0, init=False, bindings=True)
    """The number of actions played at the moment on show."""
    seat: var[int] = var(0, init=False)
    """The seat whose view is shown."""
    speed: var[int] = var(2, init=False)
    """The index in `SPEEDS` of the pace while playing."""
    playing: var[bool] = var(False, init=False)
    reviewed: var[Decision | None] = var(None, init=False)
    """The turn chosen in the review: marked on the board while the replay is at it."""
    columns: var[int] = var(80, init=False)
    tall: var[bool] = var(False, init=False)
    """Tall enough to spell out the objectives."""
    zoom_choice: var[Zoom | None] = var(None, init=False)
    """The cards' size on the board the player chose (None: the automatic one); see `zoom_keys`."""
    # What the widgets show, derived from the above (the widgets are bound to these).
    seat_view: var[SeatView | None] = var(None, init=False)
    tags: var[tuple[str, ...]] = var((), init=False)
    scene: var[AreaScene] = var(AreaScene(PlayArea.empty()), init=False)
    shown_area: var[PlayArea | None] = var(None, init=False)
    shown_name: var[str] = var("", init=False)
    market_marks: var[tuple[tuple[int | DrawSource, Label], ...]] = var((), init=False)
    log_at: var[int] = var(-1, init=False)
    tray_scene: var[TrayScene] = var(TrayScene("", ()), init=False)
    status_text: var[str] = var("", init=False)
    turn_line: var[str] = var("", init=False)
    """The score track's line: whose turn comes next and whose view is shown (said there only)."""

    def __init__(
        self,
        timeline: Timeline,
        title: str,
        reader: int | None,
        review_seat: int | None = None,
        may_branch: bool = True,
    ) -> None:
        """`may_branch`: "play from here" is offered (not at a network table, whose player keeps no local games)."""
        super().__init__()
        self.may_branch = may_branch
        self.timeline = timeline
        self.reader = reader
        """The seat the replay speaks to ("Next: you place a card"), whichever seat's eyes it shows."""
        self.replay_title = title
        self.player: Timer | None = None
        self.follow = True
        """Show the acting player's area as the replay moves (until a player is picked)."""
        self.review_seat = review_seat
        """Open the review of this seat as soon as the replay is shown (from the end of a game)."""
        with self.one_derivation():
            if review_seat is not None:  # the final board under the review, in that player's eyes
                self.index, self.seat, self.follow = len(timeline), review_seat, False

    def log_lines(self) -> list[str]:
        """Every action in words, each as its own player saw it (worded when composed: in the
        language of the moment)."""
        entries = [self.timeline.entry_at(i) for i in range(len(self.timeline))]
        return [describe_entry(e, self.timeline.players, e.action.player, self.reader) for e in entries]

    def compose(self) -> ComposeResult:
        """The widgets, bound to the screen's state; what they show is worded again first, so a
        recompose after a change of language redraws every word in the new one."""
        screen = ReplayScreen
        self._derive()
        yield ScoreTrack(id="score").data_bind(
            view=screen.seat_view, tags=screen.tags, viewing=screen.seat, columns=screen.columns, line=screen.turn_line
        )
        with Horizontal(id="replay-main"):
            yield PlayAreaView(id="area").data_bind(screen.scene, screen.zoom_choice)
            with Vertical(id="replay-side"):
                yield SymbolsPanel(id="symbols").data_bind(area=screen.shown_area, owner=screen.shown_name)
                yield ObjectivesPanel(id="objectives").data_bind(
                    view=screen.seat_view, area=screen.shown_area, detailed=screen.tall
                )
                yield MarketPanel(id="market").data_bind(
                    view=screen.seat_view, area=screen.shown_area, marks=screen.market_marks
                )
                yield MomentLog(self.log_lines(), id="log").data_bind(at=screen.log_at)
        yield CardTray(id="tray").data_bind(scene=screen.tray_scene)
        yield PreviewLine(id="status").data_bind(wording=screen.status_text)
        yield KeyBar(DOMAIN)

    def on_mount(self) -> None:
        """With `review_seat`, the review opens over the replay once it is drawn."""
        if self.review_seat is not None:
            self.call_after_refresh(self.open_review, self.review_seat)

    def on_resize(self) -> None:
        """The side panel grows with the screen: log lines are whole from 120 columns."""
        if not self.drawable:
            return
        self.query_one("#replay-side").styles.width = side_width(self.size.width, least=40, extra=4)
        with self.one_derivation():
            self.columns, self.tall = self.size.width or 80, self.size.height >= 36

    # ------------------------------------------------------------- what the widgets show

    def watch_index(self) -> None:
        self._derive()

    def watch_seat(self) -> None:
        self._derive()

    def watch_speed(self) -> None:
        self._derive()

    def watch_playing(self) -> None:
        self._derive()

    def watch_reviewed(self) -> None:
        self._derive()

    def watch_columns(self) -> None:
        self._derive()

    def _derive(self) -> None:
        """Each widget's part at the moment on show, in the chosen seat's eyes."""
        if self._holding:
            return
        state = self.timeline.state_at(self.index)
        seat_view = view(state, self.seat)
        shown = seat_view.seats[self.seat]
        last = self.timeline.action_at(self.index - 1) if self.index else None
        highlight = isinstance(last, Place) and last.player == self.seat
        marks = self.review_marks()
        scene = AreaScene(
            shown.area,
            cursor=last.pos if highlight and isinstance(last, Place) else None,
            ghost=(last.card, last.side) if highlight and isinstance(last, Place) else None,
            newest=None if highlight else newest_card(shown.area),
            all_spots=False,
        )
        if marks is not None and marks.area:  # the cursor (under the marks) keeps them in view
            scene = AreaScene(shown.area, cursor=marks.area[-1].pos, marks=marks.area, all_spots=False)
        self.seat_view, self.tags = seat_view, ("",) * len(seat_view.seats)
        self.shown_area, self.shown_name = shown.area, shown.name
        self.market_marks = marks.market if marks else ()
        self.scene = scene
        self.log_at = self.index - 1
        items = tuple(
            TrayCard(_("{n} in hand").format(n=i + 1), str(i + 1), card=c, side=Side.FRONT)
            for i, c in enumerate(seat_view.hand)
        )
        hand = named(self.seat, self.reader, N_("Your hand (shown in replays)"), N_("{name}'s hand (shown in replays)"))
        self.tray_scene = TrayScene(hand.format(name=shown.name), items)
        self.turn_line = self.whose_line(seat_view)
        status = self.status()
        if marks is not None:  # the legend under the status, or in its place when it needs both lines
            status = marks.legend if "\n" in marks.legend else f"{status}\n{marks.legend}"
        self.status_text = status

    def review_marks(self) -> ReviewMarks | None:
        """The reviewed turn's marks, while the replay shows its moment in its player's eyes."""
        decision = self.reviewed
        if decision is None or decision.index != self.index or decision.seat != self.seat:
            return None
        before = view(self.timeline.state_at(self.index), self.seat)
        return review_marks(before, decision, CODEX.move_text, self.columns)

    def whose_line(self, seat_view: SeatView) -> str:
        """'Next: Bo places a card · Ada's view (tab: another player's)': whose turn it is, in words
        that ask nothing of the watcher, and whose eyes the screen shows (then shorter, to fit)."""
        viewer = seat_view.players[self.seat]
        seen = named(self.seat, self.reader, N_("your view"), N_("{name}'s view")).format(name=viewer)
        if seat_view.phase in (Phase.PLACE, Phase.DRAW):
            current = seat_view.current
            name = seat_view.players[current]
            if seat_view.phase is Phase.PLACE:
                turn = named(current, self.reader, N_("Next: you place a card"), N_("Next: {name} places a card"))
            else:
                turn = named(current, self.reader, N_("Next: you draw a card"), N_("Next: {name} draws a card"))
            whose = turn.format(name=name)
        else:
            whose = status_line(seat_view, self.columns)
        forms = (_("{turn} · {view} (tab: another player's)").format(turn=whose, view=seen), whose + SEPARATOR + seen)
        return next((form for form in forms if cell_len(form) <= self.columns), whose)  # the score track's one line

    def status(self) -> str:
        total = len(self.timeline)
        turn = self.timeline.turn_at(self.index)
        playing = [_("playing {speed}/s").format(speed=shortest(SPEEDS[self.speed]))] if self.playing else []
        state = self.timeline.state_at(self.index)
        action = _("action {n}/{total}").format(n=self.index, total=total)
        if self.index == total and state.is_over:
            return SEPARATOR.join([self.replay_title, _("the end (e: summary)"), action, *playing])
        return SEPARATOR.join([self.replay_title, _("turn {n}").format(n=turn), action, *playing])

    # ------------------------------------------------------------- moving

    def go(self, index: int) -> None:
        index = max(0, min(index, len(self.timeline)))
        with self.one_derivation():
            self.index = index
            if index and self.follow:
                self.seat = self.timeline.action_at(index - 1).player
        if self.index == len(self.timeline) and self.player is not None:
            self._stop()
            self.action_summary()

    def action_step(self, delta: int) -> None:
        self.go(self.index + delta)

    def action_turn(self, delta: int) -> None:
        turn = self.timeline.turn_at(self.index)
        target = max(0, min(turn + delta, self.timeline.turns))
        start = self.timeline.turn_start(target)
        if delta < 0 and start >= self.index and target > 0:
            start = self.timeline.turn_start(target - 1)
        self.go(start)

    def action_jump(self, where: int) -> None:
        self.go(len(self.timeline) if where < 0 else where)

    def action_goto(self) -> None:
        def chosen(turn: int | None) -> None:
            if turn is not None:
                self.go(self.timeline.turn_start(max(0, min(turn, self.timeline.turns))))

        self.app.push_screen(GoToTurn(self.timeline.turns), chosen)

    def action_play(self) -> None:
        if self.player is not None:
            self._stop()
        else:
            if self.index >= len(self.timeline):
                self.index = 0
            self.player = self.set_interval(1 / SPEEDS[self.speed], lambda: self.go(self.index + 1))
        self.playing = self.player is not None

    def _stop(self) -> None:
        if self.player is not None:
            self.player.stop()
            self.player = None
        self.playing = False

    def action_speed(self, delta: int) -> None:
        self.speed = max(0, min(self.speed + delta, len(SPEEDS) - 1))
        if self.player is not None:
            self._stop()
            self.action_play()

    def action_seat(self, seat: int) -> None:
        if seat < len(self.timeline.players):
            self.seat = seat
            self.follow = False

    def action_next_seat(self) -> None:
        self.action_seat((self.seat + 1) % len(self.timeline.players))

    def action_summary(self) -> None:
        state = self.timeline.state_at(self.index)
        if not state.is_over:
            return
        outcome = result(state)
        secrets = tuple(seat.secret for seat in state.seats)
        table = summary_table(outcome, state.players, state.setup.common_objectives, secrets)
        verdict = Text(winners_text(outcome, state.players, self.reader), style="bold")
        self.app.push_screen(ReplaySummary([table, verdict]))

    # ------------------------------------------------------------- review

    def action_review(self) -> None:
        self.open_review(self.seat)

    def review_screen(self, seat: int) -> Screen[Decision | None]:
        """The review of `seat`'s turns in this game (a screen of the app's, loaded when first asked for)."""
        from codex_tui.ui.screens.review import ReviewScreen

        return ReviewScreen(CODEX, self.timeline.final, seat, self.reader)

    def open_review(self, seat: int) -> None:
        """The review of `seat`'s turns; a turn chosen there is shown, with both moves marked."""
        self._stop()

        def chosen(decision: Decision | None) -> None:
            if decision is not None:
                self.follow = False
                with self.one_derivation():
                    self.reviewed, self.seat = decision, decision.seat
                    self.go(decision.index)
                area = self.query_one(PlayAreaView)
                area.recentre()
                area.frame(tuple(mark.pos for mark in area.scene.marks))

        self.app.push_screen(self.review_screen(seat), chosen)

    def action_branch(self) -> None:
        self._stop()
        self.dismiss(ReplayExit("branch", self.index))

    def action_close(self) -> None:
        self._stop()
        self.dismiss(ReplayExit("close"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        total = len(self.timeline)
        if action == "step":
            delta = parameters[0] if parameters else 1
            return True if 0 <= self.index + int(str(delta)) <= total else None
        if action == "summary":  # in the bar only at the end, where it does something
            return self.index == total and self.timeline.final.is_over
        if action == "branch":
            return self.may_branch and (True if not self.timeline.state_at(self.index).is_over else None)
        return True
