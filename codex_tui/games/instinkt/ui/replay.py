"""Replaying an Instinkt game: every state kept (a game is ~40 actions), both hands shown.

`r` reviews a player's turns (`tab` picks whose): the app's review screen
lists the costliest, and the one chosen is shown here, at the position
before it, with the move played and the better move marked on the board.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.timer import Timer

from codex_tui.core.review import Decision
from codex_tui.games.instinkt.animal_words import comma
from codex_tui.games.instinkt.coords import card_text
from codex_tui.games.instinkt.module import INSTINKT
from codex_tui.games.instinkt.rules import SPECTATOR, Game, apply, result, start, view
from codex_tui.games.instinkt.text import DOMAIN, N_, _
from codex_tui.games.instinkt.ui.board import BoardScene, BoardView, window_for
from codex_tui.games.instinkt.ui.end import breakdown, game_verdict
from codex_tui.games.instinkt.ui.reviewed import review_marks, review_text
from codex_tui.games.instinkt.ui.screen import PromptLine, ScoreHeader, SidePanel, points_now
from codex_tui.games.instinkt.ui.words import describe
from codex_tui.ui.screens.replay import ReplayExit, ReplayLog, ReplaySummary
from codex_tui.ui.widgets.key_bar import KeyBar

DIM = Style(color="#8a8a8a")


def all_states(game: Game) -> list[Game]:
    """The state after each number of actions, 0 to all, replayed from the deal."""
    state = start(game.players, game.setup, game.variant, game.seed)
    states = [state]
    for action in game.actions:
        state = apply(state, action)
        states.append(state)
    return states


def turns_of(seat: int, names: Sequence[str], reader: int | None) -> str:
    """ "Ada's turns", or "your turns" to the seat `reader`."""
    return _("your turns") if seat == reader else _("{name}'s turns").format(name=names[seat])


class MomentLog(ReplayLog):
    """The replay's log, showing its `moment`: the action reached and the log's words at that moment."""

    moment: reactive[tuple[int, tuple[str, ...]]] = reactive((-1, ()), repaint=False)

    def watch_moment(self, moment: tuple[int, tuple[str, ...]]) -> None:
        current, lines = moment
        self.show(current, list(lines))


class InstinktReplayScreen(Screen[ReplayExit]):
    """The moment on show (`index`, and whether it plays on) is reactive; each widget's part is derived from it."""

    BINDINGS = [
        Binding("q,escape", "close", N_("Close")),
        Binding("right,l", "step(1)", N_("Step"), show=False),  # ←/→ and r are on the prompt line instead
        Binding("left,h", "step(-1)", N_("Back"), show=False),
        Binding("home", "jump(0)", N_("Start"), show=False),
        Binding("end", "jump(-1)", N_("End"), show=False),
        Binding("space,p", "play", N_("Play/pause")),
        Binding("b", "branch", N_("Play from here")),
        Binding("e", "summary", N_("Summary")),
        Binding("r", "review", N_("Review"), show=False),
        Binding("tab", "next_seat", N_("Whose review"), show=False),
    ]
    CSS_PATH = Path(__file__).with_name("replay.tcss")
    """Absolute: Textual resolves a relative path from the file of the instance's class (the network's subclass)."""
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (130, "-wide")]
    """A wider side on a wide terminal: the log's lines are whole from 130 columns."""

    index: reactive[int] = reactive(0, repaint=False, init=False, bindings=True)
    """The number of actions played at the moment on show."""
    playing: reactive[bool] = reactive(False, repaint=False, init=False)
    seat: reactive[int] = reactive(0, repaint=False, init=False)
    """Whose turns `r` reviews."""
    reviewed: reactive[Decision | None] = reactive(None, repaint=False, init=False)
    """The decision chosen in the review, marked on the board while the replay is at it."""
    # What the widgets show, derived from the above.
    header_text: reactive[Text] = reactive(Text, repaint=False)
    scene: reactive[BoardScene] = reactive(lambda: BoardScene({}), repaint=False)
    hands: reactive[Text] = reactive(Text, repaint=False)
    moment: reactive[tuple[int, tuple[str, ...]]] = reactive((-1, ()), repaint=False)
    prompt: reactive[str] = reactive("", repaint=False)

    def __init__(
        self, game: Game, title: str, reader: int | None, review_seat: int | None = None, may_branch: bool = True
    ) -> None:
        """`may_branch`: "play from here" is offered (not at a network table, whose player keeps no local games)."""
        super().__init__()
        self.may_branch = may_branch
        self.game = game
        self.reader = reader
        """The seat the replay speaks to ("Your hand", "You placed…"), if one of its players reads it."""
        self.states = all_states(game)
        self.final = self.states[-1]
        self.replay_title = title
        self.player: Timer | None = None
        self.review_seat = review_seat
        """The seat whose review opens at once (the end screen's `r`), if any."""
        self.set_reactive(InstinktReplayScreen.seat, review_seat or 0)
        self._derive()

    @property
    def _reader_seat(self) -> int:
        """The reader as the log's words take it: a seat, or SPECTATOR (every line about a name)."""
        return SPECTATOR if self.reader is None else self.reader

    def compose(self) -> ComposeResult:
        self._derive()  # a recompose after a change of language: every part again, in the new language
        yield ScoreHeader(id="ir-header").data_bind(text=InstinktReplayScreen.header_text)
        with Horizontal(id="ir-main"):
            yield BoardView(id="ir-board").data_bind(InstinktReplayScreen.scene)
            with Vertical(id="ir-side"):
                yield SidePanel(id="ir-panel").data_bind(body=InstinktReplayScreen.hands)
                yield MomentLog([], id="ir-log").data_bind(InstinktReplayScreen.moment)
        yield PromptLine(id="ir-status").data_bind(line=InstinktReplayScreen.prompt)
        yield KeyBar(DOMAIN)

    def on_mount(self) -> None:
        if self.review_seat is not None:
            self.call_after_refresh(self.action_review)

    def watch_index(self) -> None:
        self._derive()

    def watch_playing(self) -> None:
        self._derive()

    def watch_seat(self) -> None:
        self._derive()

    def watch_reviewed(self) -> None:
        self._derive()

    def _derive(self) -> None:
        """Each widget's part at the moment on show."""
        state = self.states[self.index]
        now = points_now(state.grid)
        names = state.players
        # Translators: the replay's header, after the title and the round; "pts" for points.
        points = _("{first} {a} · {second} {b} pts").format(first=names[0], a=now[0], second=names[1], b=now[1])
        header = _("{title} · round {round} · {points}")
        self.header_text = Text(" " + header.format(title=self.replay_title, round=state.round, points=points))
        decision = self.reviewed if self.reviewed is not None and self.reviewed.index == self.index else None
        text = Text()
        if decision is None:
            self.scene = BoardScene(state.grid, names=tuple(names))
        else:
            marks = review_marks(state.grid, decision)
            self.scene = BoardScene(state.grid, review=marks, names=tuple(names), window=window_for(state.grid, marks))
            text.append_text(review_text(view(state, decision.seat), decision))
        for seat, name in enumerate(names if decision is None else ()):  # a review needs the room: no hands
            hand = comma().join(card_text(c) for c in state.seats[seat].hand) or _("(empty)")
            title = _("Your hand: ") if seat == self.reader else _("{name}'s hand: ").format(name=name)
            text.append(title, style=Style(bold=True))
            text.append(hand + "\n")
            chosen = state.seats[seat].chosen
            if chosen is not None:
                text.append("  " + _("picked this round: {card}").format(card=card_text(chosen)) + "\n", style=DIM)
        self.hands = text
        lines = tuple(
            describe(entry, names, self._reader_seat, before.grid, after.grid, all_seen=True)
            for entry, before, after in zip(self.final.log, self.states, self.states[1:])
        )
        self.moment = (self.index - 1, lines)
        total = len(self.states) - 1
        parts = [_("action {n}/{total}").format(n=self.index, total=total), _("←/→: step")]
        if self.index == total and state.is_over:
            parts.append(_("the end (e: summary)"))
        if self.playing:
            parts.append(_("playing"))
        parts.append(
            _("r: review {turns} (tab: {other})").format(
                turns=turns_of(self.seat, names, self.reader), other=turns_of(1 - self.seat, names, self.reader)
            )
        )
        self.prompt = " · ".join(parts)

    def go(self, index: int) -> None:
        self.index = max(0, min(index, len(self.states) - 1))
        if self.index == len(self.states) - 1 and self.player is not None:
            self.player.stop()
            self.player = None
            self.playing = False

    def action_step(self, delta: int) -> None:
        self.go(self.index + delta)

    def action_jump(self, where: int) -> None:
        self.go(len(self.states) - 1 if where < 0 else where)

    def action_play(self) -> None:
        if self.player is not None:
            self.player.stop()
            self.player = None
        else:
            if self.index >= len(self.states) - 1:
                self.index = 0
            self.player = self.set_interval(0.5, lambda: self.go(self.index + 1))
        self.playing = self.player is not None

    def action_summary(self) -> None:
        if self.index == len(self.states) - 1 and self.final.is_over:
            outcome = result(self.final)
            self.app.push_screen(
                ReplaySummary(
                    [Text(game_verdict(self.final, outcome, self.reader), style="bold"), breakdown(self.final)]
                )
            )

    def action_next_seat(self) -> None:
        self.seat = 1 - self.seat

    def action_review(self) -> None:
        """The review of `seat`'s turns; the turn chosen there is shown here with both moves marked."""
        if self.player is not None:
            self.action_play()  # pause
        self.app.push_screen(self.review_screen(self.seat), self.show_decision)

    def review_screen(self, seat: int) -> Screen[Decision | None]:
        """The app's review screen for `seat` (imported when first asked: it holds the search's machinery)."""
        from codex_tui.ui.screens.review import ReviewScreen

        return ReviewScreen(INSTINKT, self.game, seat, self.reader)

    def show_decision(self, decision: Decision | None) -> None:
        if decision is not None:
            self.reviewed = decision
            self.go(decision.index)

    def action_branch(self) -> None:
        self.dismiss(ReplayExit("branch", self.index))

    def action_close(self) -> None:
        self.dismiss(ReplayExit("close"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        last = len(self.states) - 1
        if action == "step":
            delta = int(str(parameters[0])) if parameters else 1
            return True if 0 <= self.index + delta <= last else None
        if action == "summary":  # each shown only where it does something: the key bar is full
            return self.index == last and self.final.is_over
        if action == "branch":
            return self.may_branch and not self.states[self.index].is_over
        return True
