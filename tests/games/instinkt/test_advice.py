"""Instinkt advice: assessments and hints are legal, deterministic, blind to hidden cards, and a review is assess."""

from __future__ import annotations

from functools import cache

import pytest

from codex_tui.core.advice import ADVICE_SEED
from codex_tui.core.review import decision_points, review
from codex_tui.games.instinkt import advice
from codex_tui.games.instinkt.bots import make_instinkt_bot
from codex_tui.games.instinkt.module import INSTINKT
from codex_tui.games.instinkt.rules import Game, Variant, apply, new_game, players_to_act, view
from codex_tui.games.instinkt.rules.actions import Action, Choose, Enter, Keep, Move, Place
from codex_tui.games.instinkt.rules.view import SeatView

KINDS = (Keep, Choose, Place, Enter, Move)


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A few samples per move keep these tests quick; the search is the same at every budget."""
    monkeypatch.setitem(advice.SAMPLES, "easy", 2)


@cache
def played_game() -> Game:
    """A draft game of random bots in which seat 0 keeps, chooses, places, enters a deer and moves with a raccoon."""
    game = new_game(("Ada", "Bo"), 0, Variant(draft=True))
    bots = [make_instinkt_bot("easy", 0), make_instinkt_bot("easy", 1)]
    while not game.is_over:
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat](view(game, seat)))
    return game


def one_of_each_kind() -> list[tuple[SeatView, Action, Game]]:
    """Seat 0's first decision of each kind: its view, the move it played, the game before it."""
    game = played_game()
    found: dict[type, tuple[SeatView, Action, Game]] = {}
    for point in decision_points(INSTINKT, game, 0):
        kind = type(point.played)
        if kind not in found:
            found[kind] = (point.view, point.played, INSTINKT.rebuild(game, game.actions[: point.index]))
    assert set(found) == set(KINDS)
    return [found[kind] for kind in KINDS]


def test_assessments_compare_legal_moves_including_the_one_played() -> None:
    for seat_view, played, _ in one_of_each_kind():
        assessment = INSTINKT.assess(seat_view, played, "easy", ADVICE_SEED)
        assert assessment.played.action == played
        assert assessment.best.action in seat_view.legal_actions
        assert assessment.best.margin >= assessment.played.margin
        assert assessment.cost == assessment.best.margin - assessment.played.margin >= 0
        assert assessment.played.playouts == assessment.best.playouts == 2


def test_assessments_are_deterministic_and_depend_on_the_seed() -> None:
    seat_view, played, _ = one_of_each_kind()[2]
    first = INSTINKT.assess(seat_view, played, "easy", 4)
    assert INSTINKT.assess(seat_view, played, "easy", 4) == first
    margins = {INSTINKT.assess(seat_view, played, "easy", seed).played.margin for seed in range(6)}
    assert len(margins) > 1  # the seed picks the sampled deals


def test_hidden_cards_change_neither_assessment_nor_hint() -> None:
    for seat_view, played, before in one_of_each_kind():
        twin = INSTINKT.hidden_twin(before, 0, 99)
        twin_view = INSTINKT.view(twin, 0)
        assert twin.setup != before.setup  # the other's cards and the own pile's order are dealt again
        assert INSTINKT.encode_view(twin_view) == INSTINKT.encode_view(seat_view)
        assert INSTINKT.assess(twin_view, played, "easy", 0) == INSTINKT.assess(seat_view, played, "easy", 0)
        if isinstance(played, (Choose, Move)):  # a hint is that same search's best move: two kinds suffice
            assert INSTINKT.hint(twin_view, "easy") == INSTINKT.hint(seat_view, "easy")


def test_a_hint_is_a_legal_move_with_a_reason() -> None:
    for seat_view, played, _ in one_of_each_kind():
        hint = INSTINKT.hint(seat_view, "hard" if isinstance(played, Choose) else "easy")
        assert hint.action in seat_view.legal_actions
        assert hint.reason and "\n" not in hint.reason


def test_a_hint_followed_loses_nothing_in_a_review_at_its_level() -> None:
    for seat_view, played, _ in one_of_each_kind():
        hint = INSTINKT.hint(seat_view, "easy")
        assert INSTINKT.assess(seat_view, hint.action, "easy", ADVICE_SEED).cost == 0
        best = INSTINKT.assess(seat_view, played, "easy", ADVICE_SEED).best
        assert best.margin == INSTINKT.assess(seat_view, hint.action, "easy", ADVICE_SEED).played.margin


def test_each_review_entry_is_a_direct_assessment() -> None:
    game = played_game()
    decisions = review(INSTINKT, game, 0, "easy")
    points = list(decision_points(INSTINKT, game, 0))
    assert [d.index for d in decisions] == [p.index for p in points] and len(points) > 10
    for decision, point in zip(decisions, points, strict=True):
        assert decision.seat == 0 and game.actions[decision.index] == point.played
        assert decision.assessment == INSTINKT.assess(point.view, point.played, "easy", ADVICE_SEED)


def test_levels_hint_and_review_ask_for_are_known_and_others_refused() -> None:
    assert advice.samples_for("expert") > advice.samples_for("hard") > advice.samples_for("normal")
    assert advice.samples_for("greedy") == advice.samples_for("normal")
    seat_view, played, _ = one_of_each_kind()[1]
    with pytest.raises(ValueError, match="unknown Instinkt level"):
        INSTINKT.assess(seat_view, played, "grandmaster", 0)
    with pytest.raises(ValueError, match="not a legal move"):
        INSTINKT.assess(seat_view, Place(0, 9, 9), "easy", 0)


def test_moves_and_reasons_in_words() -> None:
    texts = [INSTINKT.move_text(v, a) for v, a, _ in one_of_each_kind()]
    keep, choose, place, enter, move = texts
    assert keep.startswith("keep ") and keep.count(",") == 2
    assert choose.startswith("choose ")
    assert " at " in place or " of a" in place  # "7 owl at b3", "7 owl left of a1 (a new column)"
    assert enter.startswith("deer into ") and " from the " in enter
    assert move.startswith("raccoon: ") and "→" in move
    reasons = [INSTINKT.hint_reason(v, a) for v, a, _ in one_of_each_kind()]
    assert "go under your pile" in reasons[0]
    assert "best spot now" in reasons[1] or "snake" in reasons[1]
    assert all(r.startswith("you ") and " now: " in r for r in reasons[2:])
    assert "the deer pushes" in reasons[3]
