"""The few HTML pages of the browser front door, in the player's language.

Small and self-contained: no external asset, no inline script (the door's
Content-Security-Policy allows none), every value escaped. The app page is
textual-serve's own (`templates/app_index.html`) without its web font link (the
same font is served from `/static/fonts`) or its inline script, with a sign-out
bar, and a bar for when the terminal has closed that offers to sign in again
once the session has ended (`PAGE_SCRIPT`, served as `/page.js`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape

from codex_tui.i18n import LANGUAGES
from codex_tui.i18n.text import _
from codex_tui.protocol import names
from codex_tui.protocol.passphrase_rules import MIN_LENGTH
from codex_tui.server.languages import speaking

NAME_RULES = names.NAME_RULES
"""The rules for names, the same words as the SSH banner and docs/ssh.md (one text, one rule for both doors)."""

STYLE = """
body { font-family: system-ui, sans-serif; background: #0c181f; color: #e8eef2; margin: 0; }
main { max-width: 28em; margin: 4em auto; padding: 1.5em 2em; background: #12232d; border-radius: 6px; }
h1 { font-size: 1.4em; margin-top: 0; }
label { display: block; margin-top: 1em; }
input { width: 100%; box-sizing: border-box; padding: .5em; margin-top: .3em; font-size: 1em; }
button { margin-top: 1.5em; padding: .6em 1.4em; font-size: 1em; background: #5e0ba7; color: #fff; border: 0;
  border-radius: 4px; cursor: pointer; }
.problem { background: #5c1d1d; padding: .6em .8em; border-radius: 4px; }
.rules, .hint { color: #b8c4cc; font-size: .95em; }
.rules { white-space: pre-line; }
a { color: #8fc7ff; }
"""


def _page(title: str, body: str, code: str) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(code)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
        f"<body><main>{body}</main></body></html>\n"
    )


def _field(label: str, name: str, kind: str, value: str = "", extra: str = "") -> str:
    return f'<label>{escape(label)}<input type="{kind}" name="{name}" value="{escape(value)}" required{extra}></label>'


def _problem(problem: str | None, show_rules: bool) -> str:
    parts = []
    if problem:
        parts.append(f'<p class="problem" role="alert">{escape(problem)}</p>')
    if show_rules:
        rules = _(NAME_RULES)
        parts.append(f'<p class="rules">{escape(rules)}</p>')
    return "".join(parts)


def sign_in_page(
    code: str, problem: str | None = None, name: str = "", confirm: bool = False, show_rules: bool = False
) -> str:
    """The sign-in form; `confirm` adds the second passphrase field (claiming a free name)."""
    with speaking(code):
        fields = [
            _field(_("Player name"), "name", "text", name, ' maxlength="16" autocomplete="username" autofocus'),
            _field(_("Passphrase"), "passphrase", "password", "", ' autocomplete="current-password"'),
        ]
        if confirm:
            fields.append(_field(_("Passphrase again"), "again", "password", "", ' autocomplete="new-password"'))
        hint = _(
            "A new name is yours once you choose a passphrase for it ({n} characters or more). "
            "Players who come over SSH set their browser passphrase in the lobby (key p)."
        ).format(n=MIN_LENGTH)
        title, submit = _("codex-tui: sign in"), _("Sign in")
        body = (
            f"<h1>{escape(title)}</h1>"
            + _problem(problem, show_rules)
            + '<form method="post" action="/sign-in">'
            + "".join(fields)
            + f'<button type="submit">{escape(submit)}</button></form>'
            + f'<p class="hint">{escape(hint)}</p>'
        )
        return _page(title, body, code)


def invite_page(code: str, name: str, token: str, problem: str | None = None) -> str:
    """The page of an invite link: choose the passphrase of `name`."""
    with speaking(code):
        choose = _("Choose a passphrase ({n} characters or more) to play as {name}.").format(n=MIN_LENGTH, name=name)
        welcome, play = _("Welcome, {name}").format(name=name), _("Play")
        body = (
            f"<h1>{escape(welcome)}</h1>"
            + _problem(problem, False)
            + f"<p>{escape(choose)}</p>"
            + f'<form method="post" action="/invite/{escape(token)}">'
            + _field(_("Passphrase"), "passphrase", "password", "", ' autocomplete="new-password" autofocus')
            + _field(_("Passphrase again"), "again", "password", "", ' autocomplete="new-password"')
            + f'<button type="submit">{escape(play)}</button></form>'
        )
        return _page(_("codex-tui: invitation"), body, code)


def message_page(code: str, message: str, fields: Mapping[str, object] | None = None) -> str:
    """A page with one sentence (a used invite, a refused request) and a way back."""
    with speaking(code):
        text = _(message).format(**(fields or {}))
        back = _("Back to the sign-in page")
        body = f'<p>{escape(text)}</p><p><a href="/">{escape(back)}</a></p>'
        return _page("codex-tui", body, code)


APP_STYLE = """
@font-face { font-family: 'Roboto Mono'; src: url('{static}fonts/RobotoMono-VariableFont_wght.ttf'); }
body { background: #0c181f; margin: 0; overflow: hidden; font-family: system-ui, sans-serif; }
#bar { height: 28px; display: flex; align-items: center; justify-content: flex-end; gap: 1em; padding: 0 1em;
  color: #b8c4cc; font-size: 14px; }
#bar button { background: none; color: #b8c4cc; border: 1px solid #3a4a55; border-radius: 3px; cursor: pointer; }
body .textual-terminal { width: 100vw; height: calc(100vh - 28px); opacity: 0; transition: opacity .3s; }
body.-first-byte .textual-terminal { opacity: 1; }
.ended { display: none; position: fixed; left: 0; right: 0; bottom: 0; align-items: center; justify-content: center;
  gap: 1em; padding: .5em; color: #e8eef2; background: #12232d; z-index: 10; }
body.-closed .ended { display: flex; }
.ended p { margin: 0; }
.ended a { padding: .5em 1.4em; background: #5e0ba7; color: #fff; text-decoration: none; }
.signed-out, .server-gone, body.-signed-out .signed-in, body.-server-gone .signed-in { display: none; }
body.-signed-out .signed-out, body.-server-gone .server-gone { display: block; }
body.-signed-out #bar { visibility: hidden; }
"""

PAGE_SCRIPT = """\
// The app page's script: once the terminal's websocket has closed (textual.js marks the
// body `-closed`), ask whether this browser is still signed in; if not (signed out, a new
// passphrase, expired), the bar at the bottom offers to sign in rather than to start again;
// if the server does not answer (stopped, killed, restarting), or answers that it is closing, the bar
// says it has gone.
new MutationObserver((changes, observer) => {
  if (!document.body.classList.contains("-closed")) return;
  observer.disconnect();
  fetch("/session", {cache: "no-store"})
    .then((response) => response.json())
    .then((session) => {
      if (session.server_gone) document.body.classList.add("-server-gone");
      else if (!session.signed_in) document.body.classList.add("-signed-out");
    })
    .catch(() => document.body.classList.add("-server-gone"));
}).observe(document.body, {attributes: true, attributeFilter: ["class"]});
"""
"""Loaded with `defer`: it runs once the body is there, before textual.js connects (on `load`)."""


def app_page(code: str, name: str, static_url: str, script_url: str, websocket_url: str, font_size: int = 16) -> str:
    """The terminal page: textual-serve's `textual.js` connects to `websocket_url` and draws the app;
    `script_url`: where `PAGE_SCRIPT` is served."""
    with speaking(code):
        style = APP_STYLE.replace("{static}", static_url)
        who = _("Signed in as {name}").format(name=name)
        ended, again, sign_out = _("The session has ended."), _("Start again"), _("Sign out")
        signed_out, sign_in = _("You are signed out."), _("Sign in")
        gone = _(
            "The server has gone away (stopped or restarting). Your games are kept: connect again once it is back."
        )
        connect = _("Connect again")
        return (
            f'<!DOCTYPE html>\n<html lang="{escape(code)}"><head><meta charset="utf-8">'
            f"<title>codex-tui · {escape(name)}</title>"
            f'<link rel="stylesheet" href="{escape(static_url)}css/xterm.css">'
            f'<script src="{escape(static_url)}js/textual.js"></script>'
            f'<script src="{escape(script_url)}" defer></script><style>{style}</style></head><body>'
            f'<div id="bar"><span>{escape(who)}</span><form method="post" action="/sign-out">'
            f'<button type="submit">{escape(sign_out)}</button></form></div>'
            f'<div class="ended"><p class="signed-in">{escape(ended)}</p>'
            f'<p class="signed-out">{escape(signed_out)}</p><a class="signed-in" href="/">{escape(again)}</a>'
            f'<a class="signed-out" href="/">{escape(sign_in)}</a>'
            f'<p class="server-gone">{escape(gone)}</p><a class="server-gone" href="/">{escape(connect)}</a></div>'
            f'<div id="terminal" class="textual-terminal" data-session-websocket-url="{escape(websocket_url)}"'
            f' data-font-size="{int(font_size)}"></div></body></html>\n'
        )


def accepted_language(header: str | None, offered: Iterable[str] = LANGUAGES) -> str | None:
    """The language of an Accept-Language header we speak, by the browser's preference; None if none."""
    choices: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")[:32]):
        tag, _sep, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        base = tag.strip().lower().split("-")[0]
        if base in offered and weight > 0:
            choices.append((-weight, index, base))
    return min(choices)[2] if choices else None
