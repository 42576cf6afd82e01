"""What a seat may not see, as it would appear on a screen, and a check for it.

A card is hidden from a viewer until it has been public (dealt face up to the
market, or placed) or in the viewer's own hand. Hidden cards only ever become
public, so checking the bytes received so far against what is hidden *now*
can never accuse a screen of showing what was public when it was sent.
"""

from __future__ import annotations

import re

from codex_tui.rules import CATALOG, SPECTATOR, Draw, DrawSource, Game, Place

from .conftest import Terminal


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
        if isinstance(action, Place):
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
    pattern = forbidden_pattern(game, viewer)
    if pattern is None:
        return
    for source, text in (("the byte stream", terminal.new_text()), ("the screen", terminal.text())):
        found = pattern.search(text)
        assert found is None, (
            f"{who} was shown {found.group(0)!r} in {source}:\n{text[max(0, found.start() - 300) :][:600]}"
        )
