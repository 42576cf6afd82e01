"""Every screen (tests/scenes) in every language, at 80x24 and at 160x50 (pytest-textual-snapshot).

Update after an intended change with: python3 -m pytest tests/app/test_snapshots.py --snapshot-update
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input

from codex_tui.i18n import LANGUAGES, set_language
from tests.i18n.screen_words import screen_lines
from tests.scenes import Scene, all_scenes, settle

SCENES = [pytest.param(scene, id=scene.name) for scene in all_scenes()]
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((160, 50), id="160x50")]
LANGS = [pytest.param(code, id=code) for code in LANGUAGES]
HALF_WIDTH_BESIDE_CJK = re.compile(r"[\u4e00-\u9fff] ?[(\[](?![-\d])|(?<![\d])(?<![RG]\([A-Z])[)\]] ?[\u4e00-\u9fff]")
"""A half-width bracket against Chinese text ("顶牌(P)", "背面 (P)"): it takes the full-width one. A
coordinate keeps its half-width brackets ("放在 (-5,-7)"): they are numbers' brackets, as in a formula;
so does a card known by its back, "G(I)", a code like "G43"."""
TOAST_HELD = 3600.0
"""Seconds a toast shows in a scene: longer than any test, so a slow machine's picture has the same toasts."""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGS)
@pytest.mark.parametrize("scene", SCENES)
def test_screen(
    snap_compare: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    scene: Scene,
    language: str,
    size: tuple[int, int],
) -> None:
    set_language(language)
    notify = App.notify

    def lasting(
        self: App[Any], message: str, *, title: str = "", severity: Any = "information", markup: bool = True, **_: Any
    ) -> None:
        """A toast stays for the whole picture: a 4-second one expired before it on a loaded machine."""
        notify(self, message, title=title, severity=severity, timeout=TOAST_HELD, markup=markup)

    monkeypatch.setattr(App, "notify", lasting)
    app = scene.build(tmp_path, monkeypatch)
    shown: list[str] = []

    async def run_before(pilot: Pilot[Any]) -> None:
        await (scene.run_before or settle)(pilot)
        for screen in pilot.app.screen_stack:
            for field in screen.query(Input):
                # A text cursor blinks every half second: a snapshot on a loaded machine caught the
                # palette's lit where the stored one had it dark. Steady, it is always lit.
                field.cursor_blink = False
        await pilot.pause()
        shown.extend(screen_lines(pilot.app))

    assert snap_compare(app, terminal_size=size, run_before=run_before)
    if language == "zh":
        assert [line.strip() for line in shown if HALF_WIDTH_BESIDE_CJK.search(line)] == []
