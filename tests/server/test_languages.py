"""Each SSH player reads the game in their own language: their client's, or the one they chose."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from pathlib import Path

import pytest

from codex_tui.client.hub_client import HubClient
from codex_tui.core import registry
from codex_tui.i18n import language, set_language
from codex_tui.i18n.choice import LANGUAGE_VARIABLE
from codex_tui.protocol.messages import OPEN, CreateRequest
from codex_tui.server.languages import LanguageBook, client_language, client_locale, speaking
from codex_tui.server.player_apps import app_environment
from codex_tui.server.pty_bridge import Exec, PtyApp
from codex_tui.server.serve import GameServer
from codex_tui.server.store import Store
from tests.server.harness import SEED, WAIT, Terminal, connect, start_server, stored_languages, wait_until
from tests.server.vt import Screen

FRENCH = "fr_FR.UTF-8"
CHINESE = "zh_CN.UTF-8"


def test_only_the_client_locale_reaches_the_app() -> None:
    sent = {"LANG": CHINESE, "LC_TIME": "de_DE.UTF-8", "LD_PRELOAD": "/tmp/evil.so", "PATH": "/tmp", "TZ": "UTC"}
    assert client_locale(sent) == {"LANG": CHINESE, "LC_TIME": "de_DE.UTF-8"}
    env = app_environment(Path("/srv/hub.sock"), "token", "xterm", sent)
    assert env[LANGUAGE_VARIABLE] == "zh"
    assert env["LANG"] == env["LC_ALL"] == "C.UTF-8"  # the server may lack the client's locale
    assert "LD_PRELOAD" not in env and env["PATH"] != "/tmp" and "TZ" not in env


def test_the_locale_variables_decide_in_posix_order() -> None:
    assert client_language({"LANG": CHINESE, "LC_ALL": FRENCH}) == "fr"
    assert client_language({"LANG": "de_DE.UTF-8"}) is None  # a language we lack: English
    assert client_language({"LC_ALL": "C", "LANG": FRENCH}) is None  # C is English
    assert client_language({"LANG": "fr_FR.UTF-8\x1b[2J"}) is None  # not a locale name
    assert LANGUAGE_VARIABLE not in app_environment(Path("/h"), "t", "xterm", {"LANG": "de_DE.UTF-8"})


def test_a_chosen_language_beats_the_client_and_outlives_the_server(tmp_path: Path, store: Store) -> None:
    book = LanguageBook(store)
    assert book.language_for("ada", "fr") == "fr"
    assert book.language_for("ada", None) == "en"
    assert book.language_for("ada", "xx") == "en"
    book.choose("ada", "zh")
    store.close()
    again = Store(tmp_path)  # the server started again
    try:
        assert LanguageBook(again).language_for("ada", "fr") == "zh"
        assert LanguageBook(again).language_for("bo", "fr") == "fr"
    finally:
        again.close()
    assert stored_languages(tmp_path) == {"ada": "zh"}


def test_an_unreadable_languages_file_is_kept_and_logged(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "languages.json"  # a file of before the database, to import
    path.write_text("{not json")
    with caplog.at_level(logging.WARNING):
        store = Store(tmp_path)
    try:
        assert "languages.json: cannot be read" in caplog.text
        assert LanguageBook(store).language_for("ada", "fr") == "fr"
    finally:
        store.close()
    assert path.read_text() == "{not json"  # left as it is, for its host to mend


def test_speaking_words_a_message_in_a_language_then_goes_back() -> None:
    set_language("en")
    with speaking("fr"):
        assert language() == "fr"
    assert language() == "en"


async def connect_in(terminals: list[Terminal], port: int, name: str, locale: str | None, title: str) -> Terminal:
    """`name`'s SSH session with LANG=`locale` sent, once the lobby's title (`title`) shows."""
    terminal = await connect(port, name, env={"LANG": locale} if locale else None)
    terminals.append(terminal)
    await terminal.wait_for(title)
    return terminal


def codex_table(others: tuple[str, ...]) -> CreateRequest:
    module = registry.game_named("codex-naturalis")
    return CreateRequest(module.name, others, module.variant_to_dict(module.default_variant()), SEED)


async def test_two_players_at_one_table_each_read_their_own_language(
    server: GameServer, terminals: list[Terminal]
) -> None:
    ada = await connect_in(terminals, server.port, "ada", FRENCH, "vous êtes ada · Français")
    bo = await connect_in(terminals, server.port, "bo", CHINESE, "你是 bo · 中文")
    await server.room.create("ada", codex_table((OPEN,)))
    await ada.wait_for("en attente de 1 joueur")  # the lobby's row, in each one's words
    await bo.wait_for("等待 1 名玩家")
    await ada.press("enter")  # back to her seat: the waiting room
    await ada.wait_for("Place 1\u00a0: ada (vous)")
    await ada.wait_for("Place 2\u00a0: (libre)")
    await bo.press("enter")  # takes the open seat: the game starts
    await wait_until(lambda: next(iter(server.room.tables.values())).game is not None, what="the game")
    await bo.wait_for(lambda text: "你是 bo" not in text)  # at the table
    await bo.press("?")  # the help: the game's own rows in his words too, not only the shell's
    help_text = await bo.wait_for("放置卡牌")
    assert "Placing a card" not in help_text
    await bo.press("escape")
    await bo.wait_for(lambda text: "放置卡牌" not in text)
    since = len(ada.received)
    await bo.press("q")  # back to the lobby: his seat waits for him
    await bo.wait_for("（你的座位）")
    await ada.wait_for_output("bo a quitté la table\u00a0; sa place l’attend", since)
    assert "离开" not in ada.text() and "quitté" not in bo.text()
    assert "(your seat)" not in bo.text() and "waiting for" not in ada.text()


async def test_the_language_chosen_in_the_lobby_shows_at_once_and_is_remembered(
    tmp_path: Path, terminals: list[Terminal]
) -> None:
    server = await start_server(tmp_path / "data")
    try:
        ada = await connect_in(terminals, server.port, "ada", FRENCH, "vous êtes ada")
        await ada.press("l")
        await ada.wait_for("Langue de vos écrans")
        await ada.press("down", "enter")  # the list opens on the language in use: the next is Chinese
        await ada.wait_for(lambda text: "你是 ada · 中文" in text and "新建牌桌" in text)  # the key bar too
        assert "Langue" not in ada.text()
        await server.room.create("cy", codex_table((OPEN,)))  # the lobby still follows the server
        await ada.wait_for("等待 1 名玩家")
        await wait_until(lambda: stored_languages(tmp_path / "data") == {"ada": "zh"}, what="the choice saved")
        await ada.close()
        again = await connect_in(terminals, server.port, "ada", FRENCH, "你是 ada")  # the choice beats LANG
        await again.close()
        english = await connect_in(terminals, server.port, "bo", None, "you are bo · English")
        await english.wait_for("New table")  # no LANG sent, no choice made: English
    finally:
        await server.close()
    assert stored_languages(tmp_path / "data") == {"ada": "zh"}


async def test_join_behind_openssh_takes_the_player_locale_not_the_game_account_settings(tmp_path: Path) -> None:
    config = tmp_path / "config"
    (config / "codex-tui").mkdir(parents=True)
    (config / "codex-tui" / "settings.json").write_text('{"language": "fr"}')  # the game account's own
    server = await start_server(tmp_path / "data", ssh=False)
    screen = Screen(90, 28)
    ended = asyncio.Event()
    env = {"PATH": os.environ["PATH"], "TERM": "xterm-256color", "LANG": CHINESE, "XDG_CONFIG_HOME": str(config)}
    app = PtyApp(
        Exec([sys.executable, "-m", "codex_tui", "join", "--hub", str(server.hub.path), "--name", "ada"]),
        env,
        (90, 28),
        on_output=screen.feed,
        on_exit=ended.set,
    )
    try:
        await app.start()
        await wait_until(lambda: "你是 ada" in screen.text(), what="ada's lobby in Chinese")
        assert "你是 ada · 中文" in screen.text(), screen.text()
        app.write_input(b"q")
        await asyncio.wait_for(ended.wait(), WAIT)
    finally:
        await app.stop()
        await server.close()


async def test_the_hub_words_each_player_s_notices_in_their_language(server: GameServer) -> None:
    ada = await HubClient.connect(server.hub.path, name="ada", language="fr")
    bo = await HubClient.connect(server.hub.path, name="bo", language="zh")
    assert (await ada.receive_type("welcome"))["lang"] == "fr"
    assert (await bo.receive_type("welcome"))["lang"] == "zh"
    for client in (ada, bo):
        client.send({"t": "join", "table": 9})
    assert (await ada.receive_type("notice"))["text"] == "la table 9 n’existe plus"
    assert (await bo.receive_type("notice"))["text"] == "9 号桌已不存在"
    assert language() == "en"  # the hub's own language is untouched
    bo.send({"t": "language", "lang": "fr"})
    bo.send({"t": "join", "table": 9})
    assert (await bo.receive_type("notice"))["text"] == "la table 9 n’existe plus"
    assert LanguageBook(server.store).language_for("bo", "zh") == "fr"
    bo.send({"t": "language", "lang": "klingon"})  # not a language of ours: the app is dropped
    with pytest.raises(ConnectionError):
        await bo.receive_type("nothing", timeout=WAIT)
