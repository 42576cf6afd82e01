"""A folder nothing can write into, root included (the tests run as root, whom chmod does not stop)."""

from __future__ import annotations

import os
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
        """The folder back in one atomic step: a link to the moved files replaces the plain file. Removing
        the file and then renaming the folder back left a moment with no folder at all, in which a server
        writing again made a new empty one, and the rename failed ('Directory not empty')."""
        link = self.folder.with_name(f"{self.folder.name}.mended")
        link.symlink_to(self.aside, target_is_directory=True)
        os.replace(link, self.folder)

    def where(self, path: Path) -> Path:
        """Where a file of the folder is while it is unwritable."""
        return self.aside / path.relative_to(self.folder)
