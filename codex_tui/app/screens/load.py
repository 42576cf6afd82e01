"""Pick a save to open (from the command palette)."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..resume import describe_save, save_files


class LoadScreen(ModalScreen[Path | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    LoadScreen { align: center middle; }
    #load-box { width: 90%; height: 80%; border: round $primary; background: $panel; }
    """

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder
        self.paths = save_files(folder)

    def compose(self) -> ComposeResult:
        with Vertical(id="load-box"):
            yield Static(f"Saves in {self.folder} (enter: open, esc: cancel)")
            options = [Option(describe_save(path), id=str(i)) for i, path in enumerate(self.paths)]
            yield OptionList(*options) if options else Static("No saves yet.")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.paths[int(event.option.id or 0)])

    def action_cancel(self) -> None:
        self.dismiss(None)
