"""Every screen drawn in the pseudo-language at 80x24: all its words come from the catalogs, none is cut."""

from __future__ import annotations

from pathlib import Path

import pytest

from codex_tui.i18n import PSEUDO, set_language
from tests.i18n.screen_words import bypassed, cut, dialog_lines, screen_lines
from tests.scenes import Scene, all_scenes, settle

SCENES = [pytest.param(scene, id=scene.name) for scene in all_scenes()]


@pytest.mark.parametrize("scene", SCENES)
async def test_every_word_is_translated_and_whole(
    scene: Scene, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_language(PSEUDO)
    app = scene.build(tmp_path, monkeypatch)
    async with app.run_test(size=(80, 260 if scene.scrolls else 24)) as pilot:
        await (scene.run_before or settle)(pilot)
        await settle(pilot)
        lines = screen_lines(app)
        dialog = dialog_lines(app)
    screen = "\n".join(lines)
    assert bypassed(lines, scene.data_words) == [], f"text that bypassed the catalogs:\n{screen}"
    assert cut(dialog) == [], f"text cut by the layout:\n{screen}"
