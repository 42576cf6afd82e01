"""The key bar: on a narrow screen it drops whole keys, never cuts one under the palette's reminder."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets._footer import FooterKey

from codex_tui.i18n import set_language
from codex_tui.ui.key_names import NamedKeys
from codex_tui.ui.widgets.key_bar import KeyBar

PAUSES = 200
"""Idle pauses the bar gets to lay out its keys before the test reads them as they are."""
WORDS = ["Ouvrir", "Retour", "Revoir", "Renommer", "Trier", "Supprimer", "Nouvelle partie", "Exporter", "Aide"]


class ManyKeys(Screen[None]):
    def __init__(self, keys: int) -> None:
        super().__init__()
        for letter, word in list(zip("abcdefghi", WORDS))[:keys]:
            self._bindings.bind(letter, f"noop('{letter}')", word)

    def compose(self) -> ComposeResult:
        yield KeyBar()

    def action_noop(self, letter: str) -> None:
        """Keys that only need to be shown."""


class KeysApp(App[None]):
    def __init__(self, keys: int) -> None:
        super().__init__()
        self.keys = keys

    def on_mount(self) -> None:
        self.push_screen(ManyKeys(self.keys))


async def laid_out_keys(pilot: Pilot[None]) -> list[Any]:
    """The bar's keys once the compositor has placed them all.

    The footer recomposes when the screen's bindings arrive, and on a loaded
    machine one idle pause can end before the new keys are laid out: a key not
    yet placed has an empty region, which says nothing about the bar's widths.
    """
    for _ in range(PAUSES):
        await pilot.pause()
        shown: list[Any] = list(pilot.app.screen.query(FooterKey))
        if shown and all(key.region for key in shown):
            return shown
    return shown


@pytest.mark.parametrize("keys", range(5, len(WORDS) + 1))
@pytest.mark.parametrize("width", range(56, 96, 5))
async def test_every_key_shown_is_whole(keys: int, width: int) -> None:
    app = KeysApp(keys)
    async with app.run_test(size=(width, 10)) as pilot:
        shown = await laid_out_keys(pilot)
        assert shown, "the bar shows keys"
        palette = [key for key in shown if key.has_class("-command-palette")]
        edge = palette[0].region.x if palette else width
        for key in shown:
            if key not in palette:
                whole = len(key.key_display) + 1 + len(key.description)
                assert key.region.width >= whole, f"{key.description!r} cut to {key.region.width} cells"
                assert key.region.right <= edge, f"{key.description!r} runs under the palette or off screen"


@pytest.mark.parametrize(
    ("code", "esc", "space"), [("en", "esc", "space"), ("fr", "Échap", "Espace"), ("zh", "esc", "空格")]
)
async def test_esc_and_space_are_named_in_the_readers_language(code: str, esc: str, space: str) -> None:
    """As the help and the hint lines name them (docs/glossary.md): French keycaps print "Échap"."""
    set_language(code)  # the suite's fixture sets it back
    app = NamedKeys()
    async with app.run_test():
        shown = [app.get_key_display(Binding(key, "noop", "")) for key in ("escape", "space", "tab")]
    assert shown == [esc, space, "tab"]
