"""What a terminal sends, made safe before Textual parses it into keys.

Textual-free on purpose: the SSH server cleans each client's bytes with it
(without loading Textual), and the app's own input driver cleans what it
reads from a real terminal (`codex-tui`, `codex-tui join`) with the same code.

Two kinds of input used to end or steer a player's session:

- Bytes that are not UTF-8 (`0xff`, `e9 bf 41`, pasted binary). Textual's
  input thread decodes strictly and dies of the first bad byte, taking the
  app with it. Here they become U+FFFD, which is no key of the app.
- An ESC inside a bracketed paste. Textual's parser reads `ESC q` inside a
  paste as keys (`^`, then `q`): pasting `q<ESC>q` left a table. Inside a
  paste every ESC but the one that ends it is dropped, so a paste reaches the
  app as one Paste event and never as keys. A paste end marker that arrives
  in two pieces is held back until it is whole, so the parser never times out
  in the middle of it and types the pieces as keys either.

One `InputGuard` per input stream: it keeps the state of a multi-byte
character or a paste cut between two reads.
"""

from __future__ import annotations

import codecs

ESC = "\x1b"
PASTE_START = "\x1b[200~"
PASTE_END = "\x1b[201~"


def held_prefix(text: str, marker: str) -> int:
    """How many characters at the end of `text` could begin `marker`."""
    for size in range(min(len(marker) - 1, len(text)), 0, -1):
        if text.endswith(marker[:size]):
            return size
    return 0


class InputGuard:
    """Bytes (or text) from a terminal in, safe text out (see the module doc)."""

    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.in_paste = False
        self._seen = ""
        """The last few characters outside a paste: a start marker may be cut between reads."""
        self._held = ""
        """Inside a paste: the beginning of what may be its end marker."""

    def feed(self, data: bytes) -> str:
        return self.clean(self._decoder.decode(data))

    def feed_bytes(self, data: bytes) -> bytes:
        """`feed`, encoded again for a terminal that expects UTF-8."""
        return self.feed(data).encode("utf-8")

    def clean(self, text: str) -> str:
        """Already decoded text: drop each ESC inside a paste (see the module doc)."""
        out: list[str] = []
        while text:
            if self.in_paste:
                text = self._held + text
                self._held = ""
                end = text.find(PASTE_END)
                if end < 0:
                    keep = held_prefix(text, PASTE_END)
                    out.append(text[: len(text) - keep].replace(ESC, ""))
                    self._held = text[len(text) - keep :]
                    break
                out.append(text[:end].replace(ESC, "") + PASTE_END)
                text = text[end + len(PASTE_END) :]
                self.in_paste = False
            else:
                seen = self._seen + text
                start = seen.find(PASTE_START)
                if start < 0:
                    out.append(text)
                    self._seen = seen[-(len(PASTE_START) - 1) :]
                    break
                after = start + len(PASTE_START) - len(self._seen)  # where the paste begins in `text`
                out.append(text[:after])
                text = text[after:]
                self._seen = ""
                self.in_paste = True
        return "".join(out)
