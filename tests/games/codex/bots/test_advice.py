"""Codex advice: assessments, hints and the words of both.

The assessments here use a tiny playout budget (the "tiny" level below) so
the file runs in seconds; one hint per search level runs at full strength on
a late position, where playouts are short. Nothing is timed.
"""

from __future__ import annotations

import pickle

import pytest

from codex_tui.core.review import decision_points, review
from codex_tui.games.codex.bots import make_bot
from codex_tui.games.codex.bots.advice import ADVICE_CONFIGS, compared_moves
from codex_tui.games.codex.bots.candidates import root_candidates
from codex_tui.games.codex.bots.levels import HARD
from codex_tui.games.codex.bots.search import SearchConfig, playout_budget
from codex_tui.games.codex.module import CODEX
from codex_tui.games.codex.rules import (
    CATALOG,
    ChooseObjective,
    ChooseStarter,
    Draw,
    DrawSource,
    Game,
    Phase,
    Place,
    SeatView,
    Side,
    Variant,
    apply,
    new_game,
    players_to_act,
    view,
)
from codex_tui.games.codex.rules.preview import preview_placement
from tests.games.codex.bots.positions import greedy_midgame

TINY = SearchConfig(playouts=24, candidates=4)
LATE = (5, 48)
"""A seeded greedy game this many steps in: the end is triggered, so full-strength searches are quick."""


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> str:
    """A level name the module accepts, searching with a budget fit for tests."""
    monkeypatch.setitem(ADVICE_CONFIGS, "tiny", TINY)
    return "tiny"


def to_act(game: Game) -> SeatView:
    return view(game, players_to_act(game)[0])


def short_game(seed: int) -> Game:
    """A whole greedy game to 6 points (a few turns each)."""
    game = new_game(["A", "B"], seed, Variant(target_score=6))
    bots = [make_bot("greedy", seat) for seat in range(2)]
    while not game.is_over:
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat].choose(view(game, seat)))
    return game


POSITIONS = {
    "set-up": (3, 0),
    "objective": (3, 1),
    "placement": (3, 12),
    "draw": (3, 13),
    "late placement": LATE,
}


@pytest.mark.parametrize("name", POSITIONS)
def test_an_assessment_compares_legal_moves_with_the_move_played(tiny: str, name: str) -> None:
    seat_view = to_act(greedy_midgame(*POSITIONS[name]))
    played = seat_view.legal_actions[-1]
    assessment = CODEX.assess(seat_view, played, tiny, 0)
    assert assessment.played.action == played
    assert assessment.best.action in seat_view.legal_actions
    assert assessment.best.margin >= assessment.played.margin
    assert assessment.cost == assessment.best.margin - assessment.played.margin >= 0
    assert assessment.played.playouts == assessment.best.playouts > 0


def test_the_move_played_is_compared_even_when_the_bot_would_not_look_at_it() -> None:
    seat_view = to_act(greedy_midgame(3, 12))
    shortlist = [macro[0] for macro in root_candidates(seat_view, TINY.candidates)]
    played = next(move for move in seat_view.legal_actions if move not in shortlist)
    assert compared_moves(seat_view, played, TINY.candidates) == [*shortlist, played]


def test_a_set_up_choice_is_compared_with_the_other_options_of_that_choice() -> None:
    seat_view = to_act(new_game(["A", "B"], 3))
    starter = next(move for move in seat_view.legal_actions if isinstance(move, ChooseStarter))
    objective = next(move for move in seat_view.legal_actions if isinstance(move, ChooseObjective))
    assert {type(move) for move in compared_moves(seat_view, starter, 10)} == {ChooseStarter}
    assert len(compared_moves(seat_view, starter, 10)) == 2
    assert {type(move) for move in compared_moves(seat_view, objective, 10)} == {ChooseObjective}


def test_an_illegal_move_or_a_level_that_does_not_search_is_refused(tiny: str) -> None:
    seat_view = to_act(greedy_midgame(3, 12))
    with pytest.raises(ValueError, match="not a legal action"):
        CODEX.assess(seat_view, Draw(seat_view.seat, DrawSource.GOLD_DECK), tiny, 0)
    with pytest.raises(ValueError, match="hard, expert"):
        CODEX.assess(seat_view, seat_view.legal_actions[0], "normal", 0)


def test_an_assessment_is_deterministic_and_depends_on_its_seed(tiny: str) -> None:
    seat_view = to_act(greedy_midgame(3, 12))
    played = seat_view.legal_actions[0]
    first = CODEX.assess(seat_view, played, tiny, 0)
    assert CODEX.assess(seat_view, played, tiny, 0) == first
    assert any(CODEX.assess(seat_view, played, tiny, seed) != first for seed in (1, 2))


def test_an_assessment_sees_only_the_view(tiny: str) -> None:
    game = greedy_midgame(3, 12)
    seat = players_to_act(game)[0]
    twin = CODEX.hidden_twin(game, seat, seed=11)
    assert twin.setup != game.setup
    played = view(game, seat).legal_actions[0]
    assert CODEX.assess(view(twin, seat), played, tiny, 0) == CODEX.assess(view(game, seat), played, tiny, 0)


@pytest.mark.parametrize("steps", [1, 12, 21])
def test_an_assessment_is_the_same_after_the_view_travels(tiny: str, steps: int) -> None:
    """A review's worker process gets the view pickled, a network client gets it over the wire:
    their play areas' open-spot sets come back in another order, the judgement must not change."""
    seat_view = to_act(greedy_midgame(3, steps))
    played = seat_view.legal_actions[0]
    direct = CODEX.assess(seat_view, played, tiny, 0)
    assert CODEX.assess(pickle.loads(pickle.dumps(seat_view)), played, tiny, 0) == direct
    assert CODEX.assess(CODEX.decode_view(CODEX.encode_view(seat_view)), played, tiny, 0) == direct


def test_a_review_entry_equals_a_direct_assessment(tiny: str) -> None:
    game = short_game(3)
    decisions = review(CODEX, game, 0, tiny)
    points = list(decision_points(CODEX, game, 0))
    assert len(decisions) == len(points) > 5
    for decision, point in zip(decisions, points, strict=True):
        assert decision.index == point.index
        assert decision.assessment == CODEX.assess(point.view, point.played, tiny, 0)


def test_a_hard_hint_is_legal_has_a_reason_and_ignores_hidden_cards() -> None:
    game = greedy_midgame(*LATE)
    seat = players_to_act(game)[0]
    hint = CODEX.hint(view(game, seat))
    assert hint.action in view(game, seat).legal_actions
    assert hint.reason
    assert CODEX.hint(view(CODEX.hidden_twin(game, seat, seed=5), seat)) == hint


def test_an_expert_hint_is_legal() -> None:
    seat_view = to_act(greedy_midgame(*LATE))
    assert CODEX.hint(seat_view, "expert").action in seat_view.legal_actions


def test_a_hard_assessment_runs_at_full_strength() -> None:
    seat_view = to_act(greedy_midgame(*LATE))
    played = seat_view.legal_actions[0]
    assessment = CODEX.assess(seat_view, played, "hard", 0)
    assert assessment.played.action == played
    assert assessment.played.playouts >= playout_budget(HARD, 2) // (HARD.candidates + 1)


# ------------------------------------------------------------------ words


def test_move_texts_name_the_card_the_side_and_the_spot() -> None:
    seat_view = to_act(greedy_midgame(3, 12))
    place = Place(seat_view.seat, seat_view.hand[0], Side.BACK, 1, -1)
    kind = "Gold" if CATALOG.playable[place.card].is_gold else "Resource"
    assert CODEX.move_text(seat_view, place) == f"{kind} {place.card} back at (1,-1)"
    draw_view = to_act(greedy_midgame(3, 13))
    card = next(c for c in draw_view.market if c is not None)
    assert CODEX.move_text(draw_view, Draw(draw_view.seat, DrawSource.MARKET, card)).endswith(
        f" {card} from the market"
    )
    assert CODEX.move_text(draw_view, Draw(draw_view.seat, DrawSource.GOLD_DECK)) == "draw from the gold deck"


def test_set_up_texts_say_the_side_and_which_objective() -> None:
    seat_view = to_act(new_game(["A", "B"], 3))
    second = seat_view.objective_choices[1]
    assert CODEX.move_text(seat_view, ChooseStarter(seat_view.seat, Side.BACK)) == "starter on its back"
    assert CODEX.move_text(seat_view, ChooseObjective(seat_view.seat, second)) == f"secret Objective {second} (2 of 2)"
    assert CODEX.hint_reason(seat_view, ChooseObjective(seat_view.seat, second)).startswith(f"keep Objective {second}")


def test_a_placement_reason_gives_the_points_it_scores_now() -> None:
    for steps in range(8, 60, 2):
        seat_view = to_act(greedy_midgame(3, steps))
        if seat_view.phase is not Phase.PLACE:
            continue
        for move in seat_view.legal_actions:
            assert isinstance(move, Place)
            area = seat_view.seats[seat_view.seat].area
            points = preview_placement(area, move.card, move.side, move.pos).points
            if points:
                assert CODEX.hint_reason(seat_view, move).startswith(f"+{points} now")
                return
    pytest.fail("no scoring placement in this game")


def test_a_draw_reason_says_a_gold_can_be_played_next_turn() -> None:
    for steps in range(3, 80, 2):
        game = greedy_midgame(4, steps)
        if game.is_over:
            break
        seat_view = to_act(game)
        if seat_view.phase is not Phase.DRAW:
            continue
        counts = seat_view.seats[seat_view.seat].area.counts
        for card in seat_view.market:
            info = CATALOG.playable[card] if card is not None else None
            if info is not None and info.is_gold and all(c >= n for c, n in zip(counts, info.requires)):
                reason = CODEX.hint_reason(seat_view, Draw(seat_view.seat, DrawSource.MARKET, card))
                assert reason.startswith(f"Gold {card} scores ")
                assert reason.endswith("; you can play it next turn")
                return
    pytest.fail("no playable gold in the market in this game")


def test_a_placement_reason_names_a_gold_it_makes_playable() -> None:
    for steps in range(8, 60, 2):
        seat_view = to_act(greedy_midgame(3, steps))
        if seat_view.phase is not Phase.PLACE:
            continue
        area = seat_view.seats[seat_view.seat].area
        for move in seat_view.legal_actions:
            assert isinstance(move, Place)
            reason = CODEX.hint_reason(seat_view, move)
            if "makes Gold " in reason:
                gold = CATALOG.playable[int(reason.split("makes Gold ")[1].split()[0])]
                after = preview_placement(area, move.card, move.side, move.pos).counts_after
                assert gold.id in seat_view.hand and gold.id != move.card
                assert not all(c >= n for c, n in zip(area.counts, gold.requires))
                assert all(c >= n for c, n in zip(after, gold.requires))
                return
    pytest.fail("no placement in this game makes a gold playable")


def test_a_draw_reason_says_why_a_gold_that_cannot_be_played_yet_is_still_worth_taking() -> None:
    """Each reason is checked against the position itself: a card in hand whose front shows a symbol the
    gold lacks, another player whose symbols already play it."""
    seen: set[str] = set()
    for seed, players in [(1, 2), (2, 3), (3, 4)]:
        seen |= _gold_draw_reasons_checked(seed, players)
    assert {"hand", "rival"} <= seen, seen


def _gold_draw_reasons_checked(seed: int, players: int) -> set[str]:
    """Every draw of a whole greedy game checked as above; which reasons were seen."""
    seen = set()
    game = new_game([f"P{i}" for i in range(players)], seed)
    bots = [make_bot("greedy", i) for i in range(players)]
    while not game.is_over:
        seat_view = to_act(game)
        game = apply(game, bots[seat_view.seat].choose(seat_view))
        if seat_view.phase is not Phase.DRAW:
            continue
        counts = seat_view.seats[seat_view.seat].area.counts
        for card in seat_view.market:
            gold = CATALOG.playable[card] if card is not None else None
            if gold is None or not gold.is_gold or all(c >= n for c, n in zip(counts, gold.requires)):
                continue
            missing = [max(0, n - c) for n, c in zip(gold.requires, counts)]
            reason = CODEX.hint_reason(seat_view, Draw(seat_view.seat, DrawSource.MARKET, card))
            givers = [
                c for c in seat_view.hand if any(s and m for s, m in zip(CATALOG.playable[c].front.gains, missing))
            ]
            rivals = [
                seat.name
                for n, seat in enumerate(seat_view.seats)
                if n != seat_view.seat and all(c >= r for c, r in zip(seat.area.counts, gold.requires))
            ]
            assert ("in hand can give it" in reason) <= bool(givers), reason
            assert ("could play it now" in reason) <= bool(rivals), reason
            if givers and len(givers) == 1 and "in hand can give it" in reason:
                assert f"Resource {givers[0]} in hand can give it" in reason or f"Gold {givers[0]}" in reason
                seen.add("hand")
            if rivals and "could play it now" in reason:
                seen.add("rival")
    return seen
