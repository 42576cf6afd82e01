"""The browser front door: sign-in pages and one player app per browser tab.

It runs inside the server's own event loop (aiohttp's `AppRunner` and
`TCPSite`, not textual-serve's `Server.serve`, which owns its loop), beside
the SSH door and in front of the same hub: a browser player and an SSH
player sit at one table. From textual-serve it takes the terminal page's
script and styles (`/static`) and its `AppService` (`web_apps`); the pages,
the sign-in (`web_signin`) and the checks are its own.

Routes (the browser tests rely on these names):
- `GET /`: the sign-in page, or the app page once signed in;
- `POST /sign-in` (form `name`, `passphrase`, and `again` when claiming a free name):
  a session cookie and a known-browser cookie (`KNOWN_COOKIE`) and a redirect to `/`,
  or the sign-in page saying what went wrong;
- `POST /sign-out`;
- `GET /session`: JSON `{"signed_in": bool}`, asked by the app page once its terminal has closed;
- `GET /page.js`: the app page's own script (the pages hold no inline script);
- `GET /invite/{token}`, `POST /invite/{token}` (form `passphrase`, `again`):
  an invite link from `codex-tui invite NAME`; choosing a passphrase signs in;
- `GET /ws`: the app's websocket, only with the session cookie and an `Origin`
  of this site (another site's page cannot drive a player's app).

The known-browser cookie outlives the session (a sign-out keeps it): sent back with a
sign-in form for its name, it puts that guess under its own limit instead of the name's
and the address's (`web_signin.KnownBrowsers`), so guessers elsewhere do not lock the
owner out of a browser they have used.

A session's terminals end with it: signed out (from any tab), its passphrase changed
(lobby `p`, an invite), expired, or pushed out by newer sign-ins. The door keeps each
terminal under its session's cookie; `Sessions` tells it of every end, and a timer
per session with open terminals ends it when it expires. The app is told to quit (and
ended if it does not, within `END_GRACE`), its keys are dropped at once, and its page
is left with why, then offers to sign in again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol
from urllib.parse import urlsplit

import textual_serve
from aiohttp import WSMsgType, web
from aiohttp.typedefs import Handler
from textual_serve.download_manager import DownloadManager

from codex_tui.i18n import DEFAULT, LANGUAGES
from codex_tui.i18n.text import N_, Later, _
from codex_tui.input_guard import InputGuard
from codex_tui.protocol.passphrase_rules import DIFFERENT, passphrase_problem
from codex_tui.server.hub import Hub
from codex_tui.server.invites import InviteBook
from codex_tui.server.languages import speaking
from codex_tui.server.name_book import NameBook
from codex_tui.server.pty_bridge import Launcher
from codex_tui.server.web_apps import LEAVE_SCREEN, PlayerAppService, web_environment
from codex_tui.server.web_options import DEFAULT_WEB_HOST, DEFAULT_WEB_PORT, is_loopback
from codex_tui.server.web_pages import PAGE_SCRIPT, accepted_language, app_page, invite_page, message_page, sign_in_page
from codex_tui.server.web_signin import Ending, Sessions, SignInGate

log = logging.getLogger("codex_tui.server.web")

COOKIE = "codex_tui_session"
KNOWN_COOKIE = "codex_tui_known"
"""A browser that has signed in as a name: its token in `SignInGate.known` (30 days)."""
MAX_FORM = 8 * 1024
"""Bytes of a posted form (a name and two passphrases)."""
WS_HEARTBEAT = 15.0
INVITE_GONE = N_("This invitation link has been used or has expired. Ask the host for a new one.")
CROSS_SITE = N_("This request came from another site and was refused.")
SURROGATE = re.compile("[\ud800-\udfff]")
"""Lone surrogates (JSON may carry them) have no UTF-8: they become U+FFFD, no key (not '?', which is one)."""
STATIC = Path(textual_serve.__file__).resolve().parent / "static"
END_GRACE = 1.5
"""Seconds the app of an ended session has to quit before it is killed (its page is told within 2 s)."""


def language_of(request: web.Request) -> str:
    return accepted_language(request.headers.get("Accept-Language")) or DEFAULT


def address_of(request: web.Request, proxied: bool = False) -> str:
    """The browser's address, for the rate limit and the log. `proxied` (a `--public-url`):
    behind a reverse proxy on this machine every peer is the proxy, so the address is the
    last one the proxy added to X-Forwarded-For (earlier ones are the client's to invent)."""
    peer = request.remote or "?"
    forwarded = request.headers.get("X-Forwarded-For", "")
    if proxied and forwarded and is_loopback(peer):
        return forwarded.split(",")[-1].strip()[:64] or peer
    return peer


class WebDoor:
    """The aiohttp application and its site; started and closed by `GameServer`."""

    def __init__(
        self,
        hub: Hub,
        names: NameBook,
        data: Path,
        host: str = DEFAULT_WEB_HOST,
        port: int = DEFAULT_WEB_PORT,
        public_url: str | None = None,
        session_check: SessionCheck | None = None,
        launcher: Callable[[], Launcher] | None = None,
    ) -> None:
        """`launcher`: what starts each app (the server's: forked where it can); None: processes of their own."""
        self.hub = hub
        self.data = data
        self.host = host
        self.port = port
        self.public_url = public_url.rstrip("/") if public_url else None
        self.secure = bool(self.public_url and self.public_url.startswith("https:"))
        self.proxied = self.public_url is not None
        """Behind a reverse proxy: the client's address is in X-Forwarded-For."""
        self.names = names
        self.passphrases = names.passphrases
        self.gate = SignInGate(names)
        self.sessions = Sessions(ended=self._session_ended)
        self.invites = InviteBook(names.store)
        self.session_check: SessionCheck = session_check or NoLimits()
        self.launcher = launcher
        self.downloads = DownloadManager()
        self.terminals: dict[str, set[Terminal]] = {}
        """The open terminals of each session (by its cookie): they end with it."""
        self._expiry: dict[str, asyncio.TimerHandle] = {}
        """A timer for each session with open terminals, at its expiry."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self.runner: web.AppRunner | None = None
        self.closing = False
        """Set as `close` begins, before any terminal's socket closes: a page that asks `/session` once its
        terminal has closed is told the server is going away, not that its session ended."""

    # ----------------------------------------------------------- lifecycle

    def make_app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_FORM, middlewares=[self._known_host])
        app.add_routes(
            [
                web.get("/", self.index),
                web.post("/sign-in", self.sign_in),
                web.post("/sign-out", self.sign_out),
                web.get("/session", self.session),
                web.get("/page.js", self.page_script),
                web.get("/invite/{token}", self.invite),
                web.post("/invite/{token}", self.invite_post),
                web.get("/ws", self.websocket),
                web.get("/ws/{language}", self.websocket),
                web.static("/static", STATIC, name="static"),
            ]
        )
        app.on_response_prepare.append(self._headers)
        return app

    async def start(self) -> None:
        """Listen (OSError if the port is taken); `port` is then the one listened on."""
        self.runner = web.AppRunner(self.make_app(), access_log=None, handle_signals=False)
        await self.runner.setup()
        site = web.TCPSite(self.runner, self.host, self.port)
        try:
            await site.start()
        except BaseException:
            await self.runner.cleanup()
            self.runner = None
            raise
        server = getattr(site, "_server", None)
        sockets = getattr(server, "sockets", None) or []
        if sockets:
            self.port = sockets[0].getsockname()[1]
        self._loop = asyncio.get_running_loop()
        self.passphrases.changed.append(self._passphrase_changed)

    async def close(self, grace: float = 0.0) -> None:
        """Stop every browser app, then the site. The apps first get `grace` seconds to quit by
        themselves (the hub has said goodbye: each shows its player why), then are told to."""
        self.closing = True
        if self._passphrase_changed in self.passphrases.changed:
            self.passphrases.changed.remove(self._passphrase_changed)
        terminals = [terminal for each in self.terminals.values() for terminal in each]
        running = [task for terminal in terminals if (task := terminal.app.running) is not None]
        if running and grace > 0:
            await asyncio.wait(running, timeout=grace)
        await asyncio.gather(*(terminal.stop() for terminal in terminals), return_exceptions=True)
        for terminal in terminals:
            with contextlib.suppress(Exception):
                await terminal.socket.close()
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None

    @property
    def apps(self) -> list[PlayerAppService]:
        """The apps of the open terminals."""
        return [terminal.app for each in self.terminals.values() for terminal in each]

    @property
    def url(self) -> str:
        if self.public_url:
            return self.public_url
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    async def _headers(self, request: web.Request, response: web.StreamResponse) -> None:
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        # not no-referrer: with it a browser sends `Origin: null` with a form post, and the post is refused
        response.headers.setdefault("Referrer-Policy", "same-origin")
        if response.content_type == "text/html":
            response.headers.setdefault("Cache-Control", "no-store")
            response.headers.setdefault("Content-Security-Policy", self.content_policy(request))

    def content_policy(self, request: web.Request) -> str:
        """The pages' Content-Security-Policy: scripts, styles and fonts from this site only (the public
        URL's too, which the app page names), no inline script, the app's websocket, no framing.
        Inline styles are let in: textual.js and xterm.js put theirs in `<style>` elements and
        `style` attributes as they draw."""
        own = "'self'"
        if self.public_url:
            public = urlsplit(self.public_url)
            own += f" {public.scheme}://{public.netloc}"
        socket = urlsplit(self._websocket_url(request))
        return "; ".join(
            [
                f"default-src {own}",
                f"style-src {own} 'unsafe-inline'",
                f"connect-src {own} {socket.scheme}://{socket.netloc}",
                "object-src 'none'",
                "base-uri 'none'",
                "form-action 'self'",
                "frame-ancestors 'none'",
            ]
        )

    # -------------------------------------------------------------- checks

    def host_allowed(self, host: str) -> bool:
        """May a request name `host` (its Host header)? This machine's loopback names, the public
        URL's host, or, when told `--allow-remote` without a public URL, any. Against DNS
        rebinding: another site's name pointed at 127.0.0.1 must not reach the door."""
        name = urlsplit(f"http://{host}").hostname or ""
        if is_loopback(name):
            return True
        if self.public_url:
            return host == urlsplit(self.public_url).netloc
        return not is_loopback(self.host)

    @web.middleware
    async def _known_host(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if not self.host_allowed(request.host):
            log.warning("refused a request for host %r from %s", request.host[:80], request.remote)
            raise web.HTTPMisdirectedRequest(text="unknown host")
        return await handler(request)

    def same_site(self, request: web.Request) -> bool:
        """Does the request's Origin name this site (its Host, or the public URL)?"""
        origin = request.headers.get("Origin")
        if not origin or origin == "null":
            return False
        parts = urlsplit(origin)
        if self.public_url:
            public = urlsplit(self.public_url)
            if (parts.scheme, parts.netloc) == (public.scheme, public.netloc):
                return True
        return parts.scheme in ("http", "https") and parts.netloc == request.host

    def _post_allowed(self, request: web.Request) -> bool:
        """A form post from this site (a browser says where a post comes from; no Origin: not a browser's)."""
        return "Origin" not in request.headers or self.same_site(request)

    def signed_in(self, request: web.Request) -> str | None:
        return self.sessions.name_of(request.cookies.get(COOKIE), self.passphrases.proof)

    def _html(self, text: str, status: int = 200) -> web.Response:
        return web.Response(text=text, content_type="text/html", status=status)

    def _sign_in_response(self, request: web.Request, name: str) -> web.Response:
        """A browser has signed in as `name`: a new session, and a new known-browser token for
        the name (the one it sent, whatever its name, is replaced)."""
        proof = self.passphrases.proof(name)
        session = self.sessions.open(name, proof, address_of(request, self.proxied))
        known = self.gate.known.remember(name, proof, replacing=request.cookies.get(KNOWN_COOKIE))
        response = _see_home()
        for cookie, value, lifetime in (
            (COOKIE, session, self.sessions.lifetime),
            (KNOWN_COOKIE, known, self.gate.known.lifetime),
        ):
            response.set_cookie(
                cookie,
                value,
                max_age=int(lifetime),
                path="/",
                httponly=True,
                samesite="Strict",
                secure=self.secure,
            )
        return response

    # -------------------------------------------------------------- routes

    async def index(self, request: web.Request) -> web.Response:
        code = language_of(request)
        name = self.signed_in(request)
        if name is None:
            return self._html(sign_in_page(code))
        base = self.public_url or ""
        socket_url = f"{self._websocket_url(request)}/{code}"  # the app speaks the page's language
        return self._html(app_page(code, name, f"{base}/static/", f"{base}/page.js", socket_url))

    def _websocket_url(self, request: web.Request) -> str:
        base = self.public_url or f"{'https' if request.secure else 'http'}://{request.host}"
        scheme, rest = base.split(":", 1)
        return ("wss:" if scheme == "https" else "ws:") + rest + "/ws"

    async def sign_in(self, request: web.Request) -> web.Response:
        code = language_of(request)
        if not self._post_allowed(request):
            return self._html(message_page(code, CROSS_SITE), 403)
        form = await request.post()
        name, passphrase = str(form.get("name", "")), str(form.get("passphrase", ""))
        again = form.get("again")
        address = address_of(request, self.proxied)
        known = request.cookies.get(KNOWN_COOKIE)
        outcome = await self.gate.sign_in(name, passphrase, None if again is None else str(again), address, known)
        if outcome.name is not None:
            return self._sign_in_response(request, outcome.name)
        problem = _in_language(code, outcome.problem)
        page = sign_in_page(code, problem, name[:16], outcome.confirm, outcome.show_rules)
        return self._html(page, 200 if outcome.confirm else 403)

    async def sign_out(self, request: web.Request) -> web.Response:
        """End the session, and with it every terminal it has open (`_session_ended`)."""
        if not self._post_allowed(request):
            return self._html(message_page(language_of(request), CROSS_SITE), 403)
        self.sessions.close(request.cookies.get(COOKIE))
        response = _see_home()
        response.del_cookie(COOKIE, path="/")
        return response

    async def session(self, request: web.Request) -> web.Response:
        """Is this browser signed in, and is the server going away? The app page asks once its terminal has
        closed: to offer a sign-in, or to say the server has gone (it was answering while it closed)."""
        response = web.json_response({"signed_in": self.signed_in(request) is not None, "server_gone": self.closing})
        response.headers["Cache-Control"] = "no-store"
        return response

    async def page_script(self, request: web.Request) -> web.Response:
        return web.Response(text=PAGE_SCRIPT, content_type="text/javascript")

    async def invite(self, request: web.Request) -> web.Response:
        code = language_of(request)
        token = request.match_info["token"]
        name = self._invited(token)
        if name is None:
            return self._html(message_page(code, INVITE_GONE), 404)
        return self._html(invite_page(code, name, token))

    def _invited(self, token: str) -> str | None:
        """The name an invite link is for, or None for a used, expired or unknown one (or an unreadable book)."""
        try:
            return self.invites.peek(token)
        except OSError as error:
            log.error("%s", error)
            return None

    async def invite_post(self, request: web.Request) -> web.Response:
        code = language_of(request)
        if not self._post_allowed(request):
            return self._html(message_page(code, CROSS_SITE), 403)
        token = request.match_info["token"]
        form = await request.post()
        passphrase, again = str(form.get("passphrase", "")), str(form.get("again", ""))
        name = self._invited(token)
        if name is None:
            return self._html(message_page(code, INVITE_GONE), 404)
        problem = passphrase_problem(passphrase)
        if problem is None and again != passphrase:
            problem = Later(DIFFERENT)
        if problem is not None:
            return self._html(invite_page(code, name, token, _in_language(code, problem)), 400)
        try:
            name = self.invites.consume(token)
        except OSError as error:
            log.error("%s", error)
            name = None
        if name is None:
            return self._html(message_page(code, INVITE_GONE), 404)
        await asyncio.to_thread(self.names.set_passphrase, name, passphrase)
        spelled = self.passphrases.owner(name) or name
        log.info("%s set a passphrase with an invite, from a browser at %s", spelled, address_of(request, self.proxied))
        return self._sign_in_response(request, spelled)

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        cookie = request.cookies.get(COOKIE, "")
        name = self.sessions.name_of(cookie, self.passphrases.proof)
        if name is None:
            raise web.HTTPUnauthorized(text="sign in first")
        if not self.same_site(request):
            log.warning("refused a websocket for %s from origin %r", name, request.headers.get("Origin"))
            raise web.HTTPForbidden(text="cross-site websocket refused")
        # The page's language, named in the socket's path: a browser may send its websocket another
        # Accept-Language than its page (headless chromium sends en-US whatever the page's locale).
        chosen = request.match_info.get("language")
        code = chosen if chosen in LANGUAGES else language_of(request)
        with speaking(code):
            refusal = self.session_check.refusal(name)
        socket = web.WebSocketResponse(heartbeat=WS_HEARTBEAT, max_msg_size=64 * 1024)
        await socket.prepare(request)
        if refusal is not None:  # said on the page's terminal: a refused handshake would show nothing
            log.info("refused a browser session for %s: %s", name, refusal)
            await socket.send_bytes(f"{LEAVE_SCREEN}{refusal}\r\n".encode())
            await socket.close()
            return socket
        if self.sessions.name_of(cookie, self.passphrases.proof) is None:  # it ended while the socket opened
            await socket.close()
            return socket
        width, height = _int(request.query.get("width"), 80), _int(request.query.get("height"), 24)
        terminal, token = self._open_terminal(socket, name, cookie, code, width, height)
        try:
            await terminal.app.start(width, height)
            if terminal.ended is None:
                await self._pump(terminal)
        except OSError as error:
            log.error("cannot start a browser app for %s: %s", name, error)
        finally:
            self.hub.revoke_token(token)
            await terminal.stop()
            self._unwatch(cookie, terminal)
            self.session_check.closed(name)
            await socket.close()
        return socket

    def _open_terminal(
        self, socket: web.WebSocketResponse, name: str, cookie: str, code: str, width: int, height: int
    ) -> tuple[Terminal, str]:
        """The player's app for this socket (not started yet), watched under its session, and the hub
        token it signs in with. No await in here: the session was checked just before, so its end
        cannot go unseen between the check and the watch."""

        async def close() -> None:
            """The app has ended: if its session did, the page is told why, then the socket closes."""
            if terminal.ended is not None:
                with speaking(code):
                    words = _(terminal.ended.value)
                await socket.send_bytes(f"{LEAVE_SCREEN}{words}\r\n".encode())
            await socket.close()

        token = self.hub.issue_token(name)
        environment = web_environment(self.hub.path, token, code, width, height)
        app = PlayerAppService(
            name,
            environment,
            self.hub.path.parent,
            launcher=self.launcher() if self.launcher is not None else None,
            write_bytes=socket.send_bytes,
            write_str=socket.send_str,
            close=close,
            download_manager=self.downloads,
        )
        terminal = Terminal(app, socket)
        self.session_check.opened(name)
        self._watch(cookie, terminal)
        return terminal, token

    async def _pump(self, terminal: Terminal) -> None:
        """The browser's messages to the app: JSON ["stdin", text], ["resize", {width, height}], ...
        Once the session has ended none goes through (the app is quitting)."""
        socket, app = terminal.socket, terminal.app
        guard = InputGuard()
        async for message in socket:
            if message.type != WSMsgType.TEXT or terminal.ended is not None:
                continue
            try:
                envelope = message.json()
                kind = envelope[0]
                if kind == "stdin":  # cleaned as an SSH client's keys are (a paste stays a paste)
                    await app.send_bytes(guard.clean(SURROGATE.sub("\ufffd", str(envelope[1]))).encode("utf-8"))
                elif kind == "resize":
                    await app.set_terminal_size(int(envelope[1]["width"]), int(envelope[1]["height"]))
                elif kind == "ping":
                    await socket.send_json(["pong", envelope[1]])
                elif kind == "blur":
                    await app.blur()
                elif kind == "focus":
                    await app.focus()
            except (ValueError, TypeError, KeyError, IndexError):
                continue  # not a message of textual.js: ignored, as a terminal ignores noise

    # ------------------------------------------------------ ending sessions

    def revoke(self, name: str, why: Ending, keep: bytes | None = None) -> None:
        """End the browser sessions of `name` but those signed in with the passphrase hash `keep`,
        and so every terminal they have open."""
        self.sessions.end(name, why, keep)

    def _passphrase_changed(self, name: str) -> None:
        """`PassphraseBook.set` (in a worker thread) replaced `name`'s passphrase: on the
        loop, the sessions signed in with the old one end, their terminals with them."""
        assert self._loop is not None

        def revoke() -> None:
            self.revoke(name, Ending.PASSPHRASE_CHANGED, keep=self.passphrases.proof(name))

        self._loop.call_soon_threadsafe(revoke)

    def _session_ended(self, cookie: str, why: Ending) -> None:
        """`Sessions` says a session has ended: so do its terminals."""
        timer = self._expiry.pop(cookie, None)
        if timer is not None:
            timer.cancel()
        for terminal in self.terminals.get(cookie, ()):
            if terminal.end(why):
                log.info("ended a browser terminal of %s: %s", terminal.app.name, why.name.lower().replace("_", " "))

    def _watch(self, cookie: str, terminal: Terminal) -> None:
        self.terminals.setdefault(cookie, set()).add(terminal)
        if cookie not in self._expiry:
            self._expire_later(cookie)

    def _unwatch(self, cookie: str, terminal: Terminal) -> None:
        terminals = self.terminals.get(cookie, set())
        terminals.discard(terminal)
        if not terminals:
            self.terminals.pop(cookie, None)
            timer = self._expiry.pop(cookie, None)
            if timer is not None:
                timer.cancel()

    def _expire_later(self, cookie: str) -> None:
        expires = self.sessions.expires(cookie)
        if expires is not None:
            delay = max(0.0, expires - time.monotonic())
            self._expiry[cookie] = asyncio.get_running_loop().call_later(delay, self._expired, cookie)

    def _expired(self, cookie: str) -> None:
        """A session's timer: `name_of` ends it if it has expired (`_session_ended`), else (the
        timer came a moment early) it is set again."""
        del self._expiry[cookie]
        if self.sessions.name_of(cookie, self.passphrases.proof) is not None:
            self._expire_later(cookie)


@dataclass(eq=False)
class Terminal:
    """One browser tab's app and websocket, kept by the door under its session."""

    app: PlayerAppService
    socket: web.WebSocketResponse
    ended: Ending | None = None
    """Why the door ended it (its session ended), or None."""
    stopping: asyncio.Task[None] | None = None

    def end(self, why: Ending) -> bool:
        """Its session has ended: drop its keys, tell its app to quit (ended within `END_GRACE`
        seconds); its page then gets `why` (see `WebDoor.websocket`). False if it was ended already."""
        if self.ended is not None:
            return False
        self.ended = why
        if self.app.running is not None:  # started, and not stopping yet
            self.stopping = asyncio.create_task(self.app.stop(END_GRACE))
        return True

    async def stop(self) -> None:
        """Stop its app, or wait for the stop `end` began."""
        if self.stopping is not None:
            await self.stopping
        elif self.ended is not None:  # ended while its app was starting
            await self.app.stop(END_GRACE)
        else:
            await self.app.stop()


class SessionCheck(Protocol):
    """How many apps may run: `ssh_server.SessionCounter`, so that both doors share the server's limits."""

    def refusal(self, name: str) -> str | None: ...

    def opened(self, name: str) -> None: ...

    def closed(self, name: str) -> None: ...


class NoLimits:
    """A `SessionCheck` that admits everyone (a door tested alone)."""

    def refusal(self, name: str) -> str | None:
        return None

    def opened(self, name: str) -> None:
        pass

    def closed(self, name: str) -> None:
        pass


def _see_home() -> web.Response:
    """303 to `/` (a response to return, with its cookie: aiohttp's HTTPSeeOther is to be raised)."""
    return web.Response(status=303, headers={"Location": "/"})


def _int(text: str | None, default: int) -> int:
    try:
        return int(text or default)
    except ValueError:
        return default


def _in_language(code: str, problem: Later | None) -> str | None:
    """A problem worded in the page's language."""
    if problem is None:
        return None
    with speaking(code):
        return problem.text()
