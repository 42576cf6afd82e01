"""Game records (JSON) and saves (msgpack). No UI imports.

- `record`: the JSON game record anyone can check (export, import).
- `saves`: one msgpack file per game, versioned, checksummed, written atomically.
- `migrations`: one step per save format version, to load old files.
- `catalog`: what a saves folder holds, for the saves browser (scan, rename, delete).
- `timeline`: a game's state after any number of its actions, for the replay viewer.

docs/save-format.md documents the file format.
"""
