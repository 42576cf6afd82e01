"""What a seat may not see, as it would appear on a screen, and a check for it.

A card is hidden from a viewer until it has been public (dealt face up to the
market, or placed face up) or in the viewer's own hand. A card another seat
placed on its back shows only that back: it stays hidden. Hidden cards only ever become
public, so checking the bytes received so far against what is hidden *now*
can never accuse a screen of showing what was public when it was sent.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterable

from codex_tui.games.codex.rules import CATALOG, SPECTATOR, Draw, DrawSource, Game, Place, Side
from codex_tui.games.instinkt import rules as instinkt
from codex_tui.games.instinkt.rules.animals import Animal
from codex_tui.games.instinkt.rules.setup import DRAFT, HAND
from codex_tui.games.instinkt.ui.words import RULE_TEXT
from tests.server.harness import Terminal


def seen_by(game: Game, viewer: int) -> set[int]:
    """Playable cards `viewer` has been allowed to see so far."""
    setup = game.setup
    seen = {*setup.market_resource, *setup.market_gold}
    if viewer != SPECTATOR:
        seen |= set(setup.seats[viewer].hand)
    for entry in game.log:
        action = entry.action
        if entry.refill is not None:
            seen.add(entry.refill)
        if isinstance(action, Place) and (action.side is Side.FRONT or action.player == viewer):
            seen.add(action.card)
        if isinstance(action, Draw) and action.player == viewer and entry.drawn is not None:
            seen.add(entry.drawn)
        if isinstance(action, Draw) and action.source is DrawSource.MARKET and action.card is not None:
            seen.add(action.card)
    return seen


def hidden_objectives(game: Game, viewer: int) -> set[int]:
    """Other seats' objective offers; once the game is over their kept secrets are shown."""
    hidden = set()
    for seat, state in enumerate(game.seats):
        if seat == viewer:
            continue
        offered = set(game.setup.seats[seat].objective_choices)
        if game.is_over and state.secret is not None:
            offered.discard(state.secret)
        hidden |= offered
    return hidden


def forbidden_pattern(game: Game, viewer: int) -> re.Pattern[str] | None:
    """One regex for every way a hidden card could be written on screen."""
    cards = sorted(set(CATALOG.playable) - seen_by(game, viewer))
    alternatives = []
    for card in cards:
        alternatives.append(rf"(?<![A-Za-z0-9])[RG]{card}(?![0-9])")
        alternatives.append(rf"(?:Resource|Gold) {card}(?![0-9])")
        if card >= 10:
            alternatives.append(rf"(?<![A-Za-z0-9])[fpai]{card}(?![0-9])")
    for objective in sorted(hidden_objectives(game, viewer)):
        alternatives.append(rf"(?:Objective|Obj\.|[Ss]ecret|\bS) +{objective}(?![0-9])")
        alternatives.append(rf"\({objective}\)")
    return re.compile("|".join(alternatives)) if alternatives else None


def assert_no_leak(terminal: Terminal, game: Game, viewer: int, who: str) -> None:
    """Everything this terminal received since the last check, and its screen now."""
    assert_nothing_matches(terminal, forbidden_pattern(game, viewer), who)


async def assert_no_leak_once_settled(game: Game, seats: Iterable[tuple[int, Terminal]]) -> None:
    """`assert_no_leak` for each (seat, terminal), once every terminal has finished its redraw.

    Read in the middle of a redraw, a screen can join old and new text into a
    card name that no frame showed (see `Terminal.settle`).
    """
    seats = list(seats)
    await asyncio.gather(*(terminal.settle() for _, terminal in seats))
    for seat, terminal in seats:
        assert_no_leak(terminal, game, seat, "the spectator" if seat == SPECTATOR else game.players[seat])


def assert_nothing_matches(terminal: Terminal, pattern: re.Pattern[str] | None, who: str) -> None:
    """Neither the bytes received since the last check nor the screen now show `pattern`."""
    if pattern is None:
        return
    for source, text in (("the byte stream", terminal.new_text()), ("the screen", terminal.text())):
        found = pattern.search(text)
        assert found is None, (
            f"{who} was shown {found.group(0)!r} in {source}:\n{text[max(0, found.start() - 300) :][:600]}"
        )


# ------------------------------------------------------------------ Instinkt
#
# Both players own the same twelve animals, so a card on screen is a leak only
# if the viewer has never been allowed to see that animal: not in their own
# hand (dealt or drawn), never revealed. Whatever else is written with that
# animal's name came from someone's hidden cards (the other's hand, their
# unrevealed pick, a pile).


def instinkt_seen_by(game: instinkt.Game, viewer: int) -> set[Animal]:
    """Animals `viewer` has been allowed to see so far (only ever grows)."""
    seen: set[Animal] = set()
    for entry in game.log:
        if entry.revealed is not None:
            seen.update(entry.revealed)
    if viewer == instinkt.SPECTATOR:
        return seen
    drawn = DRAFT if game.variant.draft else HAND
    seen.update(game.setup.piles[viewer][:drawn])
    for entry in game.log:
        if entry.drew is not None and entry.drew[viewer] is not None:
            seen.add(entry.drew[viewer])
    return seen


def instinkt_hidden_from(game: instinkt.Game, viewer: int) -> set[Animal]:
    """The other's hand and unrevealed pick that `viewer` must not see now (what the test is about)."""
    hidden: set[Animal] = set()
    for seat, state in enumerate(game.seats):
        if seat == viewer:
            continue
        hidden.update(state.hand)
        if state.chosen is not None and game.phase is instinkt.Phase.CHOOSE:
            hidden.add(state.chosen)
    return hidden - instinkt_seen_by(game, viewer)


def animal_patterns(animal: Animal) -> list[str]:
    """How the app writes a card: 'owl (7)' (hand, log, previews; the line may wrap inside it) and
    'B 7owl' (board)."""
    mark, label = re.escape(animal.mark), re.escape(animal.label)
    return [rf"(?<![a-z]){label}\s*\(\s*{mark}\s*\)", rf"[BW] ?{mark}{re.escape(animal.label[:3])}"]


def instinkt_forbidden_pattern(game: instinkt.Game, viewer: int) -> re.Pattern[str] | None:
    unseen = set(Animal) - instinkt_seen_by(game, viewer)
    alternatives = [pattern for animal in sorted(unseen) for pattern in animal_patterns(animal)]
    for rule in set(RULE_TEXT.values()):
        if all(animal in unseen for animal, text in RULE_TEXT.items() if text == rule):
            alternatives.append(re.escape(rule))
    return re.compile("|".join(alternatives)) if alternatives else None


def assert_no_instinkt_leak(terminal: Terminal, game: instinkt.Game, viewer: int, who: str) -> None:
    """Everything this terminal received since the last check, and its screen now."""
    assert_nothing_matches(terminal, instinkt_forbidden_pattern(game, viewer), who)
