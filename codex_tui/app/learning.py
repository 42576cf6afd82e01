"""A tutorial as the local app plays it: the session of its fixed deal, the step now, the answer to a move.

Any game's tutorial (`core.tutorial`, data in the game's package) runs here;
the app (`app.app`) only asks this for the session, the words to show and
what to make of the learner's move, and draws them with the kit's coach panel.
The other seat is a bot that plays the script, so the app's own loop plays it
(with its delay: the learner sees each of its moves); the learner's next move
is put on show as a hint is, and only that move is played. The guided game is
never saved: it is the same every time, and `esc` leaves it at any step.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from codex_tui.app.session import BOT_PREFIX, GameSession
from codex_tui.core.contract import GameModule
from codex_tui.core.tutorial import Tutorial, Verdict, judge, moves_made, scripted_move
from codex_tui.i18n.text import N_, _
from codex_tui.i18n.words import YOU
from codex_tui.storage.saves import HUMAN
from codex_tui.ui.widgets.coach_panel import Coaching

SCRIPTED = BOT_PREFIX
"""The kind of the tutorial's other seat: a bot with no level (no tag beside its name), playing the script."""
COACH = N_("Coach")
"""The other seat's name, in every game's tutorial."""
OTHER_MOVE = N_("The tutorial asks for the marked move: it is the one this step is about.")
"""The answer to another legal move where the step has no answer of its own, in every game's tutorial."""


@dataclass
class TutorialRun:
    """One game's tutorial being played (see the module)."""

    module: GameModule
    tutorial: Tutorial
    moves: tuple[tuple[Any, ...], ...]
    """Each seat's scripted moves."""
    session: GameSession | None = field(default=None, init=False)
    """The guided game's session, once `new_session` made it (the script bots read its game)."""

    @classmethod
    def of(cls, module: GameModule) -> TutorialRun | None:
        tutorial = module.tutorial()
        if tutorial is None:
            return None
        seats = range(len({data["player"] for data in tutorial.script}))
        return cls(module, tutorial, tuple(tutorial.moves_of(module, seat) for seat in seats))

    @property
    def learner(self) -> int:
        return self.tutorial.learner

    def new_session(self) -> GameSession:
        """The fixed deal, the learner at the keyboard and the other seat playing its script; never saved."""
        tutorial, module = self.tutorial, self.module
        names = [_(COACH)] * len(self.moves)
        names[self.learner] = _(YOU)
        variant = tutorial.variant if tutorial.variant is not None else module.default_variant()
        game = module.new_game(names, tutorial.seed, variant)
        kinds = tuple(HUMAN if seat == self.learner else SCRIPTED for seat in range(len(names)))
        others = {seat: self._script_bot(seat) for seat in range(len(names)) if seat != self.learner}
        self.session = GameSession(game, kinds, None, bots=others)
        return self.session

    def _script_bot(self, seat: int) -> Any:
        def move(view: Any) -> Any:
            """The seat's next scripted move (the session's game: the script counts moves, views do not)."""
            assert self.session is not None
            return scripted_move(self.moves[seat], self.session.game, seat)

        return move

    def awaited(self, game: Any) -> Any | None:
        """The learner's next move, or None once the script is played."""
        return scripted_move(self.moves[self.learner], game, self.learner)

    def moves_now(self, game: Any) -> list[Any]:
        """The learner's next scripted moves that are legal now: the awaited one, and the ones after it
        that need nothing in between (Codex's set-up: the starter's side and the objective)."""
        legal = self.module.legal_actions_for(game, self.learner)
        script = self.moves[self.learner][moves_made(game, self.learner) :]
        now = []
        for move in script:
            if move not in legal:
                break
            now.append(move)
        return now

    def coaching(self, game: Any, summary: bool = False) -> Coaching:
        """The step for where `game` stands, in the language of now; `summary`: over the final scores,
        where only the offer is left to say (in a line: the race and the scores need the rows)."""
        tutorial, module = self.tutorial, self.module
        keys = _("esc: leave the tutorial")
        total = len(tutorial.steps)
        if game.is_over:
            title = _("Tutorial · the end")
            if summary:
                return Coaching(title, _("n starts a real game against the easy bot."), keys)
            words = _("{text} Then n starts a real game against the easy bot.").format(
                text=module.translate(tutorial.finale)
            )
            return Coaching(title, words, keys)
        move = moves_made(game, self.learner)
        lesson = tutorial.lesson(move)
        title = _("Tutorial · step {n} of {total}").format(n=max(tutorial.step_number(move), 1), total=total)
        waiting = self.learner not in module.players_to_act(game)
        text = _("Your coach plays…") if waiting else module.translate(lesson.text)
        return Coaching(title, text, keys, () if waiting else lesson.point_at)

    def answer(self, game: Any, action: Any) -> str | None:
        """What to say instead of playing the learner's `action`; None: play it (the awaited move,
        or one against the rules, which the engine refuses with the rule it breaks); the other seats' scripted
        moves are played as they come."""
        if action.player != self.learner:
            return None
        verdict = judge(self.module, game, action, self.awaited(game))
        if verdict is not Verdict.OTHER:
            return None
        lesson = self.tutorial.lesson(moves_made(game, self.learner))
        return self.module.translate(lesson.why) if lesson.why else _(OTHER_MOVE)
