"""A real browser (headless Debian chromium, driven by Playwright) at the web front door.

Every test gets its own server with both doors (an SSH port and a web port,
its own data folder, bots that move at once) and its own browser. A page is
read as a player reads it: textual-serve's page draws the app with xterm.js
on a canvas, so the text is taken from xterm's own buffer (the terminal
object textual.js creates, caught as it is built: see `CATCH_TERMINAL`).
Keys are typed into the page with Playwright's keyboard, as a player types.

`BrowserTerminal` answers the same calls as tests/server's SSH `Terminal`
(`press`, `wait_for`, `text`, `new_text`, `received`), so the keyboard
helpers there (`create_table_by_keys`, `play_decision_by_keys`...) and the
leak checks (tests/server/leaks.py) drive and check a browser seat unchanged.

At the end of every browser test (passed or failed) each page's screenshot
is written to tests/output/ (ignored by git): what the player saw last. Then
no page may have had anything refused by the door's Content-Security-Policy.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from playwright.async_api import Browser, ConsoleMessage, Page, Playwright, WebSocket, async_playwright

from codex_tui.games.codex.rules import Game
from codex_tui.server.serve import GameServer
from codex_tui.server.table import Table
from tests.server.conftest import no_processes_left_behind  # noqa: F401 (the server tests' autouse check, here too)
from tests.server.harness import WAIT, Terminal
from tests.server.leaks import assert_no_leak
from tests.server.vt import plain_text
from tests.waiting import key_gap, poll

OUTPUT = Path(__file__).resolve().parents[1] / "output"
"""Screenshots of the browser tests (a CI artifact; never committed)."""
VIEWPORT = {"width": 1100, "height": 760}
"""A window that gives the app about 120 x 38 cells (textual.js fits the terminal to it)."""
PASSPHRASE = "correct horse battery"

CATCH_TERMINAL = """
(() => {
  // textual.js keeps its terminal objects to itself. Each one sets its own
  // `websocket_url` first thing in its constructor; a setter on Object's
  // prototype sees that assignment, keeps the object, and steps aside.
  window.__textualTerminals = [];
  Object.defineProperty(Object.prototype, "websocket_url", {
    configurable: true,
    set(value) {
      Object.defineProperty(this, "websocket_url", {value, writable: true, configurable: true, enumerable: true});
      window.__textualTerminals.push(this);
    },
  });
})();
"""
"""Runs in the page before its scripts, so the terminal is found whatever textual.js's bundle names it."""

READ_ROWS = """() => {
  const shown = (window.__textualTerminals || [])[0];
  if (!shown || !shown.terminal) return null;
  const terminal = shown.terminal, buffer = terminal.buffer.active, rows = [];
  for (let y = 0; y < terminal.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows.join("\\n");
}"""
"""The screen's rows as text (xterm.js's public buffer API)."""

KEYS = {
    "enter": "Enter",
    "tab": "Tab",
    "escape": "Escape",
    "left": "ArrowLeft",
    "right": "ArrowRight",
    "up": "ArrowUp",
    "down": "ArrowDown",
    "backspace": "Backspace",
}
"""tests/server's key names, as Playwright names them."""


def chromium() -> str:
    """Debian's chromium (.ci/run installs it). Without it the browser tests are skipped, saying
    why, on a developer's machine; under CI (`CI` set) they fail, so a failed install cannot pass unseen."""
    path = shutil.which("chromium")
    if path is None:
        why = "no chromium on PATH (Debian's `chromium` package; .ci/run installs it)"
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
    return path


@pytest.fixture
async def playwright() -> AsyncIterator[Playwright]:
    async with async_playwright() as driver:
        yield driver


@pytest.fixture
async def playwright_browser(playwright: Playwright) -> AsyncIterator[Browser]:
    """Headless chromium; `--no-sandbox`: CI runs as root in a container, where chromium's sandbox cannot start."""
    launched = await playwright.chromium.launch(
        executable_path=chromium(), headless=True, args=["--no-sandbox", "--disable-dev-shm-usage"]
    )
    try:
        yield launched
    finally:
        await launched.close()


class BrowserTerminal:
    """One browser tab at the web door: the page, the terminal text it shows, every websocket frame it got."""

    def __init__(self, page: Page, name: str) -> None:
        self.page = page
        self.name = name
        self.received = bytearray()
        """The terminal output the app's websocket sent (its binary frames), in order."""
        self.texts: list[str] = []
        """The websocket's text frames (textual-serve's JSON messages: pong, instance id...)."""
        self.checked = 0
        """How much of `received` a leak check has looked at."""
        self.screen = ""
        self.sockets: list[WebSocket] = []
        self.refused: list[str] = []
        """What the page's Content-Security-Policy refused, as the browser's console said it."""
        page.on("websocket", self._watch)
        page.on("console", self._console)

    def _console(self, message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            self.refused.append(message.text)

    def _watch(self, socket: WebSocket) -> None:
        self.sockets.append(socket)
        socket.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        if isinstance(payload, bytes):
            self.received += payload
        else:
            self.texts.append(payload)

    async def read(self) -> str:
        """What the page's terminal shows now, one line per row (kept for `text`)."""
        rows = await self.page.evaluate(READ_ROWS)
        self.screen = "\n".join(row.rstrip() for row in (rows or "").split("\n"))
        return self.screen

    def text(self) -> str:
        """The screen as last read (`read`, `wait_for`): synchronous, as an SSH `Terminal`'s."""
        return self.screen

    def new_text(self) -> str:
        """Everything received since the last call, as plain text (and the text frames, whole)."""
        text = plain_text(bytes(self.received[self.checked :]))
        self.checked = len(self.received)
        return text + "\n" + "\n".join(self.texts)

    async def focus(self) -> None:
        """Give the terminal the keyboard (xterm.js reads keys from its hidden textarea)."""
        await self.page.locator(".xterm-helper-textarea").focus()

    async def press(self, *keys: str) -> None:
        """Keys by tests/server's names ('enter', 'down'...) or characters, typed one by one as a player would."""
        for key in keys:
            if key in KEYS:
                await self.page.keyboard.press(KEYS[key])
            else:
                await self.page.keyboard.type(key)
            await key_gap()

    async def wait_for(self, predicate: str | Callable[[str], bool], timeout: float = WAIT) -> str:
        """Wait until the page shows `predicate` (a text, or a test of the screen's text)."""
        test = (lambda text: predicate in text) if isinstance(predicate, str) else predicate
        deadline = time.monotonic() + timeout
        while True:
            text = await self.read()
            if test(text):
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"the page never showed {predicate!r}; it shows:\n{text}")
            await poll()

    async def wait_for_output(self, text: str, since: int = 0, timeout: float = WAIT) -> None:
        """Wait until `text` has been sent to this page (after byte `since`), even if no longer on screen."""
        deadline = time.monotonic() + timeout
        while text not in plain_text(bytes(self.received[since:])):
            if time.monotonic() > deadline:
                raise AssertionError(f"the page was never sent {text!r}")
            await poll()


async def wait_for_text(page: BrowserTerminal, text: str, timeout: float = WAIT) -> str:
    """The page's screen once it shows `text`."""
    return await page.wait_for(text, timeout)


@pytest.fixture
async def pages(playwright_browser: Browser, request: pytest.FixtureRequest) -> AsyncIterator[list[BrowserTerminal]]:
    """Browser tabs a test opened (each in its own context: its own cookies); each one's
    screenshot goes to tests/output/<test>[-<name>].png at the end, then all are closed,
    and none may have had anything refused by the Content-Security-Policy."""
    opened: list[BrowserTerminal] = []
    try:
        yield opened
    finally:
        OUTPUT.mkdir(parents=True, exist_ok=True)
        stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
        for tab in opened:
            suffix = f"-{tab.name}" if len(opened) > 1 else ""
            with contextlib.suppress(Exception):
                await tab.page.screenshot(path=str(OUTPUT / f"{stem}{suffix}.png"), timeout=10_000)
        for tab in opened:
            with contextlib.suppress(Exception):
                await tab.page.context.close()
    refused = {tab.name: tab.refused for tab in opened if tab.refused}
    assert not refused, f"the Content-Security-Policy refused: {refused}"


async def open_page(
    browser: Browser, opened: list[BrowserTerminal], name: str, language: str = "en"
) -> BrowserTerminal:
    """A new tab, in a fresh context (a player of its own), that may reach only this machine."""
    context = await browser.new_context(viewport=VIEWPORT, locale=language)  # type: ignore[arg-type]
    await context.route(re.compile(r"^(?!https?://(127\.0\.0\.1|localhost)[:/]).*"), lambda route: route.abort())
    await context.add_init_script(CATCH_TERMINAL)
    tab = BrowserTerminal(await context.new_page(), name)
    opened.append(tab)
    return tab


async def submit(page: Page, button: str = "button[type=submit]") -> None:
    """Click a form's button and wait for the page it leads to (not only for the click)."""
    async with page.expect_navigation(timeout=WAIT * 1000):
        await page.click(button)


async def sign_in(
    tab: BrowserTerminal,
    url: str,
    name: str,
    passphrase: str = PASSPHRASE,
    lobby: Callable[[str], bool] | None = None,
) -> str:
    """Sign in as `name` as a player would: the form, and for a free name the passphrase again;
    then the lobby in the page's terminal (`lobby`: a test of its screen; by default
    the English 'you are NAME'). Returns the lobby's screen."""
    page = tab.page
    await page.goto(url)
    await page.fill("input[name=name]", name)
    await page.fill("input[name=passphrase]", passphrase)
    await submit(page)
    if await page.locator("input[name=again]").count():
        await page.fill("input[name=passphrase]", passphrase)
        await page.fill("input[name=again]", passphrase)
        await submit(page)
    if not await page.locator("#terminal").count():  # still a form, or a refusal: say what the page says
        raise AssertionError(f"{name} was not signed in; the page says:\n{await page.inner_text('body')}")
    await page.wait_for_selector(".xterm-helper-textarea", state="attached", timeout=WAIT * 1000)
    screen = await tab.wait_for(lobby or f"you are {name}")
    await tab.focus()
    return screen


@pytest.fixture
def server_options() -> dict[str, object]:
    """Every browser test's `server` opens both doors on ephemeral ports."""
    return {"web_port": 0}


def web_url(server: GameServer) -> str:
    """The web door's address."""
    assert server.web is not None
    return server.web.url + "/"


def only_table(server: GameServer) -> Table:
    (table,) = server.room.tables.values()
    return table


async def check_no_leak(tab: BrowserTerminal, game: Game, viewer: int, who: str) -> None:
    """tests/server's leak check on a browser seat: every websocket byte since the last check, and the page now."""
    await tab.read()
    assert_no_leak(tab, game, viewer, who)  # type: ignore[arg-type]  # a BrowserTerminal reads as a Terminal


async def join_first_table(tab: BrowserTerminal | Terminal) -> None:
    """Take the open seat of the lobby's first table (enter on it)."""
    await tab.wait_for("#1")
    await tab.press("enter")
