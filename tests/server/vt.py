"""A small terminal emulator: enough of xterm to read what Textual draws.

Tests feed it every byte an SSH client receives and read the screen as text.
It handles printing, cursor movement, erasing and ignores styles, modes and
other control strings; that is all Textual's output needs to be read back.
"""

from __future__ import annotations

import codecs
import re

from rich.cells import cell_len

CSI = re.compile(rb"\x1b\[([0-9;?<=>!]*)([ -/]*)([@-~])")
ESCAPES = re.compile(
    rb"\x1b\[[0-9;?<=>!]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1bP.*?\x1b\\|\x1b[()][0-9A-Za-z]|\x1b."
)
MOVES = re.compile(rb"\x1b\[[0-9;]*[HfABCDGdJ]|\r|\n")


def plain_text(data: bytes) -> str:
    """The text of a byte stream: styles dropped, cursor moves as line breaks.

    Text drawn in several colours stays joined ("f12" of a small card), text
    at different places on the screen does not.
    """
    data = MOVES.sub(b"\n", data)
    data = ESCAPES.sub(b"", data)
    return data.decode("utf-8", errors="replace")


class Screen:
    def __init__(self, columns: int = 80, rows: int = 24) -> None:
        self.columns = columns
        self.rows = rows
        self.lines = [[" "] * columns for _ in range(rows)]
        self.x = 0
        self.y = 0
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._pending = b""
        self._saved = (0, 0)

    def resize(self, columns: int, rows: int) -> None:
        self.columns, self.rows = columns, rows
        self.lines = [[" "] * columns for _ in range(rows)]
        self.x = self.y = 0

    def text(self) -> str:
        return "\n".join("".join(line).rstrip() for line in self.lines)

    @property
    def pending(self) -> bool:
        """Part of an escape sequence is waiting for the rest."""
        return bool(self._pending)

    def feed(self, data: bytes) -> None:
        data = self._pending + data
        self._pending = b""
        i = 0
        n = len(data)
        while i < n:
            byte = data[i]
            if byte == 0x1B:
                end = self._escape(data, i)
                if end is None:
                    self._pending = data[i:]
                    return
                i = end
                continue
            j = i
            while j < n and data[j] >= 0x20 and data[j] != 0x7F:
                j += 1
            if j > i:
                self._print(self._decoder.decode(data[i:j]))
                i = j
                continue
            self._control(byte)
            i += 1

    def _escape(self, data: bytes, i: int) -> int | None:
        if i + 1 >= len(data):
            return None
        kind = data[i + 1]
        if kind == ord("["):
            match = CSI.match(data, i)
            if match is None:
                return None if len(data) - i < 64 else i + 2
            self._csi(match.group(1).decode(), match.group(3).decode())
            return match.end()
        if kind in (ord("]"), ord("P"), ord("_"), ord("^")):
            for terminator in (b"\x07", b"\x1b\\"):
                end = data.find(terminator, i + 2)
                if end != -1:
                    return end + len(terminator)
            return None
        if kind in (ord("("), ord(")")):
            return i + 3 if i + 2 < len(data) else None
        if kind == ord("7"):
            self._saved = (self.x, self.y)
        elif kind == ord("8"):
            self.x, self.y = self._saved
        return i + 2

    def _csi(self, params: str, final: str) -> None:
        if params.startswith(("?", ">", "<", "=")):
            return
        numbers = [int(p) if p.isdigit() else 0 for p in params.split(";")] if params else []

        def arg(index: int, default: int) -> int:
            return numbers[index] if len(numbers) > index and numbers[index] else default

        if final in "Hf":
            self.y = min(max(arg(0, 1) - 1, 0), self.rows - 1)
            self.x = min(max(arg(1, 1) - 1, 0), self.columns - 1)
        elif final == "A":
            self.y = max(self.y - arg(0, 1), 0)
        elif final == "B":
            self.y = min(self.y + arg(0, 1), self.rows - 1)
        elif final == "C":
            self.x = min(self.x + arg(0, 1), self.columns - 1)
        elif final == "D":
            self.x = max(self.x - arg(0, 1), 0)
        elif final == "G":
            self.x = min(max(arg(0, 1) - 1, 0), self.columns - 1)
        elif final == "d":
            self.y = min(max(arg(0, 1) - 1, 0), self.rows - 1)
        elif final == "J":
            mode = arg(0, 0)
            if mode == 2 or mode == 3:
                self.lines = [[" "] * self.columns for _ in range(self.rows)]
            elif mode == 0:
                self._erase_line(self.x, self.columns)
                for row in range(self.y + 1, self.rows):
                    self.lines[row] = [" "] * self.columns
        elif final == "K":
            mode = arg(0, 0)
            if mode == 0:
                self._erase_line(self.x, self.columns)
            elif mode == 1:
                self._erase_line(0, self.x + 1)
            else:
                self._erase_line(0, self.columns)
        elif final == "X":
            self._erase_line(self.x, self.x + arg(0, 1))

    def _erase_line(self, start: int, end: int) -> None:
        line = self.lines[self.y]
        for col in range(max(start, 0), min(end, self.columns)):
            line[col] = " "

    def _control(self, byte: int) -> None:
        if byte == 0x0D:
            self.x = 0
        elif byte == 0x0A:
            self.y = min(self.y + 1, self.rows - 1)
        elif byte == 0x08:
            self.x = max(self.x - 1, 0)
        elif byte == 0x09:
            self.x = min((self.x // 8 + 1) * 8, self.columns - 1)

    def _print(self, text: str) -> None:
        for char in text:
            width = cell_len(char)
            if width == 0:
                continue
            if self.x >= self.columns:
                self.x = 0
                self.y = min(self.y + 1, self.rows - 1)
            self.lines[self.y][self.x] = char
            if width == 2 and self.x + 1 < self.columns:
                self.lines[self.y][self.x + 1] = ""
            self.x += width
