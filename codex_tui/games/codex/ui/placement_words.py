"""The status line's words for the card chosen at the cursor: what placing it there would do, or why
its front cannot go anywhere yet.

Each is given as a long and a short form (`fit` takes the longest that fits): the points and the
objectives change come first and are never cut; at narrow widths the words around them get
shorter, then wrap.
"""

from __future__ import annotations

from collections.abc import Sequence

from codex_tui.games.codex.describe import card_name, points, short_name, side_name, symbol_letters, symbols_text
from codex_tui.games.codex.rules.cards import PlayableCard
from codex_tui.games.codex.rules.preview import PlacementPreview
from codex_tui.games.codex.text import _, ngettext
from codex_tui.i18n.numbers import signed
from codex_tui.ui.widgets.status_line import fit


def requirement_text(card: PlayableCard, counts: Sequence[int], width: int) -> str:
    """A gold card whose front needs more visible symbols than the area shows: what it needs, what
    the area has of those, and that `f` flips it."""
    need = symbols_text(card.requires)
    have = symbols_text([h if n else 0 for h, n in zip(counts, card.requires)]) or _("none of them")
    return fit(
        (
            [
                _("{card} needs {need} visible, you see {have}").format(card=card_name(card.id), need=need, have=have),
                _("f flips it to its back"),
            ],
            [
                _("{card} needs {need}, you see {have}").format(card=short_name(card.id), need=need, have=have),
                _("f flips it"),
            ],
        ),
        width,
    )


def placement_text(preview: PlacementPreview, width: int) -> str:
    """The previewed card at its spot: its points, the objectives' change, the corners it covers and
    the symbols it hides and shows."""
    card_id, side = preview.card, preview.side
    x, y = preview.pos
    gained_points = "+" + points(preview.points)
    delta = sum(after - before for before, after in preview.objective_points)
    gains = [_("objectives {change}").format(change=signed(delta))] if delta else []
    corners = len(preview.covered)
    lost, gained = symbol_letters(preview.lost), symbol_letters(preview.gained)
    covers = ngettext("covers {n} corner", "covers {n} corners", corners).format(n=corners)
    covers_short = _("covers {n}").format(n=corners)
    if lost:
        covers = _("{covers}, hides {symbols}").format(covers=covers, symbols=lost)
        covers_short = _("{covers}, hides {symbols}").format(covers=covers_short, symbols=lost)
    shows = [_("shows {symbols}").format(symbols=gained)] if gained else []
    side_word = side_name(side)
    return fit(
        (
            [
                _("{card} {side} at ({x},{y}): {points}").format(
                    card=card_name(card_id), side=side_word, x=x, y=y, points=gained_points
                ),
                *gains,
                covers,
                *shows,
            ],
            [
                _("{card} {side} ({x},{y}): {points}").format(
                    card=short_name(card_id), side=side_word, x=x, y=y, points=gained_points
                ),
                *gains,
                covers_short,
                *shows,
            ],
        ),
        width,
    )
