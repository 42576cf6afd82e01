"""Text that Textual draws broken into lines by `line_breaks`, not by its own wrapping.

Textual's `Content` wraps at whitespace only (a no-break space included) and
cuts Chinese wherever the width runs out. `BrokenText` is a Visual that
breaks its content at the width it is laid out or drawn at, then lets
`Content` draw the lines, which all fit: every other rule of the widget's
style (overflow, nowrap, padding) stays Textual's. `Prose` is a Static whose
text breaks so; a widget that renders its own text returns `breaking(...)`.
"""

from __future__ import annotations

from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual, VisualType, visualize
from textual.widget import Widget
from textual.widgets import Static

from codex_tui.ui.line_breaks import line_spans


class BrokenText(Visual):
    def __init__(self, content: Content) -> None:
        self.content = content
        self._cache: tuple[int, Content] | None = None

    @property
    def plain(self) -> str:
        """The words shown, unbroken (as `Content.plain`, which this stands in for)."""
        return self.content.plain

    def __str__(self) -> str:
        return self.content.plain

    def broken(self, width: int) -> Content:
        """The content with a newline at each break for `width` cells."""
        if self._cache is not None and self._cache[0] == width:
            return self._cache[1]
        lines: list[Content] = []
        for paragraph in self.content.split("\n", allow_blank=True):
            spans = line_spans(paragraph.plain, max(width, 1))
            pieces = paragraph.divide([start for start, _end in spans[1:]])
            lines += [piece[: end - start] for piece, (start, end) in zip(pieces, spans, strict=True)]
        broken = Content("\n").join(lines)
        self._cache = (width, broken)
        return broken

    def _for(self, rules: RulesMap, width: int) -> Content:
        if rules.get("text_wrap", "wrap") == "nowrap":
            return self.content
        return self.broken(width - rules.get("line_pad", 0) * 2)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self.content.get_optimal_width(rules, container_width)

    def get_minimal_width(self, rules: RulesMap) -> int:
        return self.content.get_minimal_width(rules)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self._for(rules, width).get_height(rules, width)

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        return self._for(options.rules, width).render_strips(width, height, style, options)


def breaking(widget: Widget, text: VisualType) -> Visual:
    """What `widget.render()` returns to show `text` broken by our rules (a table or other renderable as it is)."""
    visual = visualize(widget, text)
    return BrokenText(visual) if isinstance(visual, Content) else visual


class Prose(Static):
    """A Static whose text breaks into lines by `line_breaks`."""

    def render(self) -> Visual:
        visual = self.visual
        return BrokenText(visual) if isinstance(visual, Content) else visual
