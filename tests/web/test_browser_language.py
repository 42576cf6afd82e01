"""A browser's language (its Accept-Language) is the pages' and the app's: Chinese, wide characters and all."""

from __future__ import annotations

import re

from playwright.async_api import Browser

from codex_tui.i18n.text import _
from codex_tui.server.languages import speaking
from codex_tui.server.serve import GameServer
from tests.web.conftest import BrowserTerminal, open_page, sign_in, web_url

HAN = re.compile(r"[\u4e00-\u9fff]")


async def test_a_chinese_browser_gets_chinese_pages_and_a_chinese_lobby(
    server: GameServer, playwright_browser: Browser, pages: list[BrowserTerminal]
) -> None:
    mei = await open_page(playwright_browser, pages, "mei", language="zh-CN")
    await mei.page.goto(web_url(server))
    assert await mei.page.get_attribute("html", "lang") == "zh"

    def chinese_lobby(text: str) -> bool:
        return "mei" in text and HAN.search(text) is not None

    lobby = await sign_in(mei, web_url(server), "mei", lobby=chinese_lobby)
    assert "you are mei" not in lobby
    with speaking("zh"):
        signed_in = _("Signed in as {name}").format(name="mei")
    assert signed_in in await mei.page.inner_text("#bar")
