"""A game server on 127.0.0.1 and SSH terminals that read its screens: the helpers tests drive them with.

The fixtures that start and close them are in `tests/server/fixtures.py`
(registered for every test folder by `tests/conftest.py`).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from codex_tui.client.new_table import CHOOSING
from codex_tui.games.codex.rules import Phase
from codex_tui.server.serve import GameServer
from codex_tui.server.sshlib import asyncssh
from codex_tui.server.store import Store
from codex_tui.server.store_schema import DB_FILE
from codex_tui.server.table import Table
from tests.server.keyboard import KEYS, WAIT
from tests.server.vt import Screen, plain_text
from tests.waiting import key_gap, wait_until

__all__ = ["wait_until"]  # the tests of tests/server import it from here

_KEYS: dict[str, asyncssh.SSHKey] = {}


def key_for(name: str) -> asyncssh.SSHKey:
    """One client key per player name for the whole test run."""
    if name not in _KEYS:
        _KEYS[name] = asyncssh.generate_private_key("ssh-ed25519")
    return _KEYS[name]


def invite(data: Path, name: str, lifetime: float | None = None) -> str:
    """A token for `name` written as `codex-tui invite` writes it: from a connection of its own."""
    from codex_tui.server.invites import InviteBook

    other = Store(data)
    try:
        book = InviteBook(other)
        return book.create(name) if lifetime is None else book.create(name, lifetime)
    finally:
        other.close()


def stored_rows(data: Path, sql: str) -> list[tuple[object, ...]]:
    """What the database of `data` on disk answers (read with a connection of the test's own)."""
    if not (data / DB_FILE).exists():
        return []
    connection = sqlite3.connect(data / DB_FILE)
    try:
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


def stored_keys(data: Path) -> dict[str, str]:
    """Name -> SSH key, as the database on disk holds them."""
    rows = stored_rows(
        data,
        "SELECT name, ssh_key FROM names WHERE ssh_key IS NOT NULL UNION ALL SELECT name, ssh_key FROM alike_names",
    )
    return {str(name): str(key) for name, key in rows}


def stored_languages(data: Path) -> dict[str, str]:
    """Name -> the language chosen, as the database on disk holds them."""
    return {str(name): str(code) for name, code in stored_rows(data, "SELECT name, code FROM languages")}


async def start_server(data: Path, **options: object) -> GameServer:
    """A started server on `data`: an ephemeral SSH port, bots that move at once, unless `options` say otherwise."""
    options.setdefault("exit_grace", WAIT)  # a loaded machine may take seconds to quit 50 widgets
    options.setdefault("port", 0)
    options.setdefault("bot_delay", 0)
    options.setdefault("preload_at_start", False)  # most tests open no terminal: the first one starts the forker
    server = GameServer(data, **options)  # type: ignore[arg-type]
    await server.start()
    return server


SYNC_QUERY = b"\x1b[?2026$p"
"""A Textual app asks its terminal whether it brackets frames (synchronized output, mode 2026)..."""
SYNC_REPLY = b"\x1b[?2026;2$y"
"""... and this terminal answers that it does (mode known, off until the app turns it on)."""
FRAME_START, FRAME_END = b"\x1b[?2026h", b"\x1b[?2026l"
"""What the app then writes before and after each frame."""


class Terminal:
    """One player's SSH session with a PTY: every byte kept, the screen emulated.

    It tells the app it supports synchronized output, so the app brackets each frame: a test can read the
    screen between two frames (`settle`) rather than after a quiet time a loaded machine may cut short."""

    def __init__(
        self, conn: asyncssh.SSHClientConnection, process: asyncssh.SSHClientProcess[bytes], size: tuple[int, int]
    ) -> None:
        self.conn = conn
        self.process = process
        self.screen = Screen(*size)
        self.received = bytearray()
        self.checked = 0
        """How much of `received` a leak check has looked at."""
        self.closed = asyncio.Event()
        self._changed = asyncio.Event()
        self.frames = 0
        """Frames the app has finished (bracketed in FRAME_START/FRAME_END)."""
        self.in_frame = False
        """A frame has begun and not ended: the screen may join old and new text."""
        self._tail = b""
        """The last bytes received, in case a mark is cut between two reads."""
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    break
                self.received += data
                self._follow_frames(data)
                self.screen.feed(data)
                self._changed.set()
        except (asyncssh.Error, OSError):
            pass
        finally:
            self.closed.set()
            self._changed.set()

    def _follow_frames(self, data: bytes) -> None:
        """Answer the app's question about synchronized output; note where its frames begin and end."""
        seen = self._tail + data
        if SYNC_QUERY in seen:
            self.process.stdin.write(SYNC_REPLY)
        self.frames += seen.count(FRAME_END) - self._tail.count(FRAME_END)
        start, end = seen.rfind(FRAME_START), seen.rfind(FRAME_END)
        if start != end:
            self.in_frame = start > end
        self._tail = seen[-(len(SYNC_QUERY) - 1) :]

    def text(self) -> str:
        return self.screen.text()

    def new_text(self) -> str:
        """Everything received since the last call, as plain text."""
        text = plain_text(bytes(self.received[self.checked :]))
        self.checked = len(self.received)
        return text

    async def press(self, *keys: str) -> None:
        for key in keys:
            self.process.stdin.write(KEYS.get(key, key.encode()))
            await key_gap()

    async def wait_for(self, predicate: str | Callable[[str], bool], timeout: float = WAIT) -> str:
        """Wait until the screen shows `predicate` (a text, or a test of the screen's text)."""
        test = (lambda text: predicate in text) if isinstance(predicate, str) else predicate
        deadline = time.monotonic() + timeout
        while True:
            text = self.text()
            if test(text):
                return text
            remaining = deadline - time.monotonic()
            if remaining <= 0 or self.closed.is_set():
                raise AssertionError(f"screen never showed {predicate!r}; it shows:\n{text}")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(remaining, 0.5))

    async def settle(self, timeout: float = WAIT) -> None:
        """Wait until the screen is between two frames (and the app has bracketed one at least).

        The app redraws only the changed parts of a line, so between two writes
        of one redraw the emulated screen can join old and new text into a card
        name neither frame showed ("R2" written over "R10 fungi" reads "R20
        fungi"); a leak check of the screen waits for the frame to end.
        """
        await self.wait_for(lambda _: self.frames > 0 and not self.in_frame and not self.screen.pending, timeout)

    async def wait_for_output(self, text: str, since: int = 0, timeout: float = WAIT) -> None:
        """Wait until `text` has been sent to this terminal (after byte `since`),
        even if it is no longer on screen: notices fade after a few seconds."""
        await self.wait_for(lambda _: text in plain_text(bytes(self.received[since:])), timeout)

    def resize(self, columns: int, rows: int) -> None:
        self.process.change_terminal_size(columns, rows)
        self.screen.resize(columns, rows)

    async def close(self) -> None:
        self.conn.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.conn.wait_closed(), 5)
        self._reader.cancel()
        await asyncio.gather(self._reader, return_exceptions=True)


async def connect(
    port: int,
    name: str,
    key: asyncssh.SSHKey | None = None,
    size: tuple[int, int] = (100, 32),
    env: dict[str, str] | None = None,
) -> Terminal:
    """An SSH session as `name`, with a terminal of `size`; `env`: what the client sends
    (as OpenSSH's SendEnv would: LANG, LC_*...)."""
    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        client_keys=[key or key_for(name)],
        known_hosts=None,
        agent_path=None,
        config=[],
    )
    process = await conn.create_process(term_type="xterm-256color", term_size=size, encoding=None, env=env or {})
    return Terminal(conn, process, size)


async def open_terminal(opened: list[Terminal], port: int, name: str, **options: object) -> Terminal:
    terminal = await connect(port, name, **options)  # type: ignore[arg-type]
    opened.append(terminal)
    await terminal.wait_for(f"you are {name}")
    return terminal


def only_table(server: GameServer) -> Table:
    (table,) = server.room.tables.values()
    return table


def children_of(pid: int) -> list[int]:
    """Live child processes of `pid` (to check that none is left behind)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        with contextlib.suppress(OSError):
            stat = Path(f"/proc/{entry}/stat").read_text()
            fields = stat[stat.rindex(")") + 2 :].split()
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry))
    return found


# ------------------------------------------------------------ playing by keys


def seat_option(kind: str, game: str) -> int:
    """Where a seat kind ('open', 'bot:random', ...) is in the new-table form's list."""
    from codex_tui.client.new_table import seat_options

    return [value for _, value in seat_options(game)].index(kind)


FORM_TITLE = "you take seat 1"
"""A line only the new-table form shows."""


def focus_on(label: str) -> Callable[[str], bool]:
    """A test that the form's help line is that of the field `label`: the focus is there.

    Textual moves the focus after the key that asked for it has been handled,
    so under load a key sent too soon goes to the field before (a `tab` sent
    while a closed drop-down's list still had the focus was undone when the
    focus went back to the drop-down). The form's help line names the
    focused field; each step waits for it before the next key."""
    return lambda text: f"› {label}:" in text


async def choose_by_keys(terminal: Terminal, downs: int, label: str) -> None:
    """Open the focused drop-down (the field `label`), move `downs` options down, pick it.

    Waits for the list to open and take the focus, then for it to close and
    the focus to be back on the drop-down."""
    await terminal.press("enter")
    await terminal.wait_for(lambda text: "▲" in text and CHOOSING in text)
    await terminal.press(*["down"] * downs, "enter")
    await terminal.wait_for(lambda text: "▲" not in text and focus_on(label)(text))


async def tab_to(terminal: Terminal, label: str) -> None:
    """The next field, which is `label`'s."""
    await terminal.press("tab")
    await terminal.wait_for(focus_on(label))


def field_shows(label: str, value: str) -> Callable[[str], bool]:
    """A test that the form's `label` row shows `value`."""
    return lambda text: any(line.lstrip("│ ").startswith(label) and value in line for line in text.splitlines())


async def create_table_by_keys(
    terminal: Terminal,
    others: list[str],
    seed: int | None = None,
    target: int | None = None,
    game: str = "codex-naturalis",
    draft: bool = False,
    hints: bool = False,
    rated: bool = False,
) -> None:
    """Fill in the new-table form with the keyboard: the game, seats after
    yours, the target (Codex) or the variant (Instinkt), the seed, hints
    allowed or not, rated or not. Each key waits for the screen to show its effect (the
    help line of the field it moved to, the value it chose), so none lands in
    the wrong field."""
    await terminal.press("n")
    await terminal.wait_for(focus_on("Game"))  # the form, its first field focused
    if game == "instinkt":
        await choose_by_keys(terminal, 1, "Game")
        await terminal.wait_for("Variant")  # no players count, no target score: a variant
    else:
        await tab_to(terminal, "Players")
        if len(others) > 1:
            await choose_by_keys(terminal, len(others) - 1, "Players")
            await terminal.wait_for(field_shows("Players", str(len(others) + 1)))
    for seat, kind in enumerate(others, start=2):
        await tab_to(terminal, f"Seat {seat}")
        await choose_by_keys(terminal, seat_option(kind, game), f"Seat {seat}")
    if game == "instinkt":
        await tab_to(terminal, "Variant")
        if draft:
            await choose_by_keys(terminal, 1, "Variant")
            await terminal.wait_for(lambda text: "Draft: draw 5" in text and "Standard: draw 3" not in text)
    else:
        await tab_to(terminal, "Target score")
    if target is not None:
        await terminal.press(*["backspace"] * 3, *str(target))
        await terminal.wait_for(field_shows("Target score", f" {target} "))
    await tab_to(terminal, "Seed")
    if seed is not None:
        await terminal.press(*str(seed))
        await terminal.wait_for(field_shows("Seed", str(seed)))
    if hints or rated:
        await tab_to(terminal, "Hints")
        if hints:
            await choose_by_keys(terminal, 1, "Hints")
            await terminal.wait_for(field_shows("Hints", "Allowed"))
        await tab_to(terminal, "Spectators")  # their chat: as it is, read only
        await tab_to(terminal, "Pace")  # real time
        await tab_to(terminal, "Clock")  # none
        await tab_to(terminal, "Absent player")  # the pace's wait
        await tab_to(terminal, "Rating")
        if rated:
            await choose_by_keys(terminal, 1, "Rating")
            await terminal.wait_for(field_shows("Rating", "Rated"))
        await tab_to(terminal, "Create")
    await terminal.press("enter")


async def choose_setup_by_keys(terminal: Terminal) -> None:
    """Starter on its front, the first secret objective."""
    await terminal.wait_for("which side of your starter card")
    await terminal.press("enter")
    await terminal.wait_for("keep one secret objective")
    await terminal.press("enter")


PLACING = "Your hand: 1-3 choose"
DRAWING = "Draw a card"
PREVIEW = re.compile(r"at \(-?\d+,-?\d+\): \+\d+ pt|press enter to pass")
"""The status line once a placement can be confirmed."""


def ready_to_place(text: str) -> bool:
    return PLACING in text and (PREVIEW.search(text) is not None or "flips it to its back" in text)


def ready_to_draw(text: str) -> bool:
    return DRAWING in text and "(enter)" in text


async def play_decision_by_keys(terminal: Terminal, table: Table) -> None:
    """The seat to act places its first card where the cursor starts (flipped if
    its front cannot be played), or draws the first card offered; waits until
    the server has applied it.

    Screens arrive in pieces, so each key waits for the line that shows its
    effect (the placement preview, the draw prompt), not just any part of it.
    """
    game = table.game
    assert game is not None
    before = len(game.log)
    if game.phase.value == "place":
        text = await terminal.wait_for(ready_to_place)
        if "flips it to its back" in text:
            await terminal.press("f")
            await terminal.wait_for(lambda screen: PREVIEW.search(screen) is not None)
        await terminal.press("enter")
    else:
        await terminal.wait_for(ready_to_draw)
        await terminal.press("enter")
    try:
        await wait_until(lambda: table.game is not None and len(table.game.log) > before, what="the move")
    except AssertionError:
        raise AssertionError(f"the move never reached the server; the player's screen:\n{terminal.text()}") from None


SEED = 4242


async def seat_two_players(
    server: GameServer, terminals: list[Terminal], target: int | None = None, seed: int | None = SEED
) -> tuple[Terminal, Terminal]:
    """ada opens a table with one open seat (`seed` None: any deal), bo takes it; both make their set-up choices."""
    ada = await open_terminal(terminals, server.port, "ada")
    bo = await open_terminal(terminals, server.port, "bo")
    await create_table_by_keys(ada, ["open"], seed=seed, target=target)
    await ada.wait_for("waiting for 1 player")
    await bo.wait_for("#1")
    await bo.press("enter")
    await choose_setup_by_keys(ada)
    await choose_setup_by_keys(bo)
    table = only_table(server)
    await wait_until(lambda: table.game is not None and table.game.phase is not Phase.SETUP, what="set-up")
    return ada, bo
