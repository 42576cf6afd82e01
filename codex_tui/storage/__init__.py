"""Game records (JSON) and saves (msgpack). No UI imports.

Game-agnostic: a save holds any registered game (`codex_tui.core.registry`);
each game's own JSON record lives in its package (`codex_tui.games.<game>.record`).

- `saves`: one msgpack file per game, versioned, checksummed, written atomically.
- `migrations`: one step per save format version, to load old files.
- `catalog`: what a saves folder holds, for the saves browser (scan, rename, delete).

docs/save-format.md documents the file format.
"""
