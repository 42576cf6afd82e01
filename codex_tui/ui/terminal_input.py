"""What the terminal sends, made safe before Textual parses it into keys.

Two faults of Textual 8.2's input path are worked around here:

- An ESC inside a bracketed paste starts an escape sequence in its parser,
  and the characters after it come out as key presses: pasting `q<ESC>q`
  pressed `q`. `GuardedParser` first lets `InputGuard` (the same cleaning the
  SSH server applies to client bytes) drop every ESC between the paste's
  start and end markers, so a paste always arrives as one `Paste` event and
  never as keys (only text fields take it).
- The input thread decodes UTF-8 strictly: one byte that is not UTF-8 (a
  terminal sending 8-bit meta, junk piped in) killed the app. The driver
  below decodes with replacement.
"""

from __future__ import annotations

import importlib
import os
import selectors
from codecs import getincrementaldecoder
from collections.abc import Iterable

from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.message import Message

from codex_tui.input_guard import InputGuard


class GuardedParser(XTermParser):
    """Textual's parser, fed through an `InputGuard`."""

    def __init__(self, debug: bool = False) -> None:
        super().__init__(debug)
        self.guard = InputGuard()

    def feed(self, data: str) -> Iterable[Message]:
        return super().feed(self.guard.clean(data) if data else data)


EXIT_NO_TERMINAL = 2
"""Started without a terminal (`ssh host command`, a pipe, a service): the app refuses."""


def has_terminal() -> bool:
    """Both ends of a session are a terminal: a full-screen app can run.

    Without one (`ssh host anything` without -t, a pipe) the app would draw
    into a pipe and, at end of input, never notice the player left
    (Textual's input thread spins on the end of input)."""
    return os.isatty(0) and os.isatty(1)


def named_driver_class() -> type[Driver] | None:
    """The driver `TEXTUAL_DRIVER` names (`module:Class`), read now.

    Textual reads the variable once, when it is imported: an app forked from a
    process that imported Textual earlier (the server's app forker) would not see it."""
    named = os.environ.get("TEXTUAL_DRIVER", "")
    module, _, name = named.partition(":")
    if not module or not name:
        return None
    driver = getattr(importlib.import_module(module), name, None)
    return driver if isinstance(driver, type) and issubclass(driver, Driver) else None


def guarded_driver_class() -> type[Driver] | None:
    """The driver for this platform with the guarded input, or None for Textual's choice.

    A driver named by `TEXTUAL_DRIVER` wins (the browser door runs the app with Textual's
    web driver; its input comes framed from the server, which wrote it from JSON)."""
    named = named_driver_class()
    if named is not None:
        return named
    if os.name != "posix":
        return None
    from textual.drivers.linux_driver import LinuxDriver

    class GuardedLinuxDriver(LinuxDriver):
        """Textual's Linux/macOS driver; its input loop with a replacing decoder and `GuardedParser`.

        The loop is Textual 8.2's `run_input_thread`, changed only in those two objects."""

        def run_input_thread(self) -> None:
            selector = selectors.SelectSelector()
            selector.register(self.fileno, selectors.EVENT_READ)
            parser = GuardedParser(self._debug)
            decode = getincrementaldecoder("utf-8")(errors="replace").decode

            def process(events: list[tuple[selectors.SelectorKey, int]], final: bool = False) -> None:
                for index, (_key, mask) in enumerate(events):
                    if mask & selectors.EVENT_READ:
                        text = decode(os.read(self.fileno, 1024 * 4), final=final and index == len(events) - 1)
                        if not text:
                            break
                        for event in parser.feed(text):
                            self.process_message(event)
                for event in parser.tick():
                    self.process_message(event)

            try:
                while not self.exit_event.is_set():
                    process(selector.select(0.1))
                selector.unregister(self.fileno)
                process(selector.select(0.1), final=True)
            finally:
                selector.close()
                try:
                    for _event in parser.feed(""):
                        pass
                except (EOFError, ParseError):
                    pass

    return GuardedLinuxDriver
