"""A folder nothing can write into, root included (the tests run as root, whom chmod does not stop)."""

from __future__ import annotations

from pathlib import Path


class Unwritable:
    """`folder` made unwritable: its files moved aside and a plain file put in its place, so every write
    under it fails with an OSError, as on a full disk or a read-only folder; `mend` puts it back."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.aside = folder.with_name(f"{folder.name}.aside")
        folder.rename(self.aside)
        folder.write_text("a file where the folder was\n")

    def mend(self) -> None:
        self.folder.unlink()
        self.aside.rename(self.folder)

    def where(self, path: Path) -> Path:
        """Where a file of the folder is while it is unwritable."""
        return self.aside / path.relative_to(self.folder)
