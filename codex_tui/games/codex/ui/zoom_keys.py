"""The board's card size on every screen that shows a Codex play area: keys, actions, palette commands.

`+` shows larger cards, `-` smaller ones (small, medium, large; pressing on
past the end keeps the last); the size chosen then stays, whatever the area
or the terminal does, until `=` gives it back to the automatic choice: the
largest size at which the whole area fits (`play_area.auto_zoom`). The
screens (the game, the replay, and the network's, which are theirs) mix in
`ZoomKeys`, list `ZOOM_BINDINGS` and bind their `zoom_choice` to the play
area's, so the choice outlives a recompose (a change of language).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any, cast

from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen

from codex_tui.games.codex.text import N_, _
from codex_tui.games.codex.ui.cardart import ZOOMS, Zoom
from codex_tui.games.codex.ui.play_area import PlayAreaView

ZOOM_BINDINGS = [
    Binding("plus", "zoom(1)", N_("Larger"), show=False),
    Binding("minus", "zoom(-1)", N_("Smaller"), show=False),
    Binding("equals_sign", "zoom(0)", N_("Automatic size"), show=False),
]


def zoomed(shown: Zoom, delta: int) -> Zoom | None:
    """The size `delta` steps from `shown` (kept within the sizes there are); 0: None, the automatic one."""
    if not delta:
        return None
    return ZOOMS[max(0, min(ZOOMS.index(shown) + delta, len(ZOOMS) - 1))]


class ZoomKeys:
    """Mixed into a screen that shows a `PlayAreaView` (id `area`) and binds its `zoom_choice` to the view's."""

    zoom_choice: Zoom | None

    def action_zoom(self, delta: int) -> None:
        """Larger (1) or smaller (-1) cards than those shown, or (0) the automatic size; a notice says which."""
        screen = cast(Screen[Any], self)
        area = screen.query_one("#area", PlayAreaView)  # the main one (a split view has another beside it)
        self.zoom_choice = zoomed(area.zoom, delta)
        size = _(area.zoom.name)
        words = _("Cards: {size}") if self.zoom_choice else _("Cards: {size} (automatic)")
        screen.notify(words.format(size=size), timeout=2)


def _commands(screen: Screen[Any]) -> Iterator[tuple[str, str, Callable[[], None]]]:
    """(name, help, action) of each command, in the player's language of now."""
    zoom = cast(ZoomKeys, screen).action_zoom
    yield _("Larger cards"), _("Show the cards of the board at the next size up (+)"), partial(zoom, 1)
    yield _("Smaller cards"), _("Show the cards of the board at the next size down (-)"), partial(zoom, -1)
    yield (
        _("Automatic card size"),
        _("The largest size at which the whole board fits, chosen again as it grows (=)"),
        partial(zoom, 0),
    )


class ZoomCommands(Provider):
    """The three zoom commands in the command palette (a screen's `COMMANDS`), over the screen that opened it."""

    async def discover(self) -> Hits:
        for name, help_text, command in _commands(self.screen):
            yield DiscoveryHit(name, command, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, command in _commands(self.screen):
            if (score := matcher.match(name)) > 0:
                yield Hit(score, matcher.highlight(name), command, help=help_text)
