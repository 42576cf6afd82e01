"""Page up / page down in option lists that are not laid out yet.

Textual 8.2's `OptionList._move_page` looks up the line of the highlighted
option, but the lines are measured only once the list has a size. A list
that was just filled and shown (the command palette's results, a Select's
menu) has none until the next layout, and a page key pressed before it
(keys arrive in batches over a slow link, or typed fast) raised `KeyError`
and ended the app. Until then there is no page to move by, so these classes
ignore the key; every other key works as before.
"""

from __future__ import annotations

from typing import TypeVar

from rich.align import Align
from rich.text import Text
from textual._widget_navigation import Direction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.command import CommandList, CommandPalette
from textual.widgets import OptionList, Select
from textual.widgets._select import SelectCurrent, SelectOverlay
from textual.widgets.option_list import Option

from codex_tui.i18n.text import N_, _


def laid_out(options: OptionList) -> bool:
    """The list has a size, so every option has been given its lines."""
    return bool(options.scrollable_content_region)


class PageSafeOverlay(SelectOverlay):
    """A Select's menu whose page keys wait for the first layout; its one key's description
    (Textual's "Dismiss menu", in English) is ours, so the key bar shows it translated."""

    BINDINGS = [Binding("escape", "dismiss", N_("Dismiss menu"))]

    def _move_page(self, direction: Direction) -> None:
        if laid_out(self):
            super()._move_page(direction)


SelectType = TypeVar("SelectType")


BLANK_PROMPT = N_("Select")
"""Textual's own prompt of a Select with nothing chosen."""


class PageSafeSelect(Select[SelectType]):
    """`Select` with the menu above (the same widgets, the same styles); Textual's
    blank prompt in the player's language."""

    def compose(self) -> ComposeResult:
        yield SelectCurrent(_(self.prompt) if self.prompt == BLANK_PROMPT else self.prompt)
        yield PageSafeOverlay(type_to_search=self._type_to_search).data_bind(compact=Select.compact)


class PageSafeCommandPalette(CommandPalette):
    """The command palette; its results list pages only once it is laid out, and it says
    'No matches found' in the player's language."""

    def _start_no_matches_countdown(self, search_value: str) -> None:
        """Textual's own (8.2), with its one sentence translated."""
        self._stop_no_matches_countdown()

        def show_no_matches() -> None:
            if search_value:
                self.query_one(CommandList).add_option(
                    Option(
                        Align.center(Text(_("No matches found"), style="not bold")),
                        disabled=True,
                        id=self._NO_MATCHES,
                    )
                )
                self._list_visible = True
            else:
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)

    def _action_command_list(self, action: str) -> None:
        if action in ("page_up", "page_down") and not laid_out(self.query_one(CommandList)):
            return
        super()._action_command_list(action)
