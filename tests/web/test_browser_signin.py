"""The sign-in page as a player meets it in a browser: refusals in plain words, sign-out, reloads."""

from __future__ import annotations

from playwright.async_api import Browser

from codex_tui.games.codex.rules import Phase
from codex_tui.i18n.text import _
from codex_tui.server.languages import speaking
from codex_tui.server.serve import GameServer
from codex_tui.server.web_pages import NAME_RULES
from codex_tui.server.web_signin import WRONG, Ending
from tests.server.harness import SEED, WAIT, choose_setup_by_keys, create_table_by_keys, wait_until
from tests.web.conftest import PASSPHRASE, BrowserTerminal, only_table, open_page, sign_in, submit, web_url


def english(message: str) -> str:
    with speaking("en"):
        return _(message)


async def post_form(tab: BrowserTerminal, name: str, passphrase: str) -> None:
    await tab.page.fill("input[name=name]", name)
    await tab.page.fill("input[name=passphrase]", passphrase)
    await submit(tab.page)


async def test_refused_names_and_passphrases_are_told_in_words_on_the_page(
    server: GameServer, playwright_browser: Browser, pages: list[BrowserTerminal]
) -> None:
    bea = await open_page(playwright_browser, pages, "bea")
    await sign_in(bea, web_url(server), "bea")
    other = await open_page(playwright_browser, pages, "other")
    await other.page.goto(web_url(server))

    await post_form(other, "josé", PASSPHRASE)  # not a player name: the rules for names
    assert english(NAME_RULES) in await other.page.inner_text(".rules")
    assert not await other.page.locator("#terminal").count()

    await post_form(other, "bea", "not her passphrase")  # bea's name, a wrong passphrase
    assert await other.page.inner_text("[role=alert]") == english(WRONG)
    assert not await other.page.locator(".rules").count()
    assert not await other.page.locator("#terminal").count()
    assert bea.received and "you are bea" in await bea.read()  # bea herself plays on


async def test_a_reload_keeps_the_player_signed_in_and_seated_and_sign_out_ends_it(
    server: GameServer, playwright_browser: Browser, pages: list[BrowserTerminal]
) -> None:
    bea = await open_page(playwright_browser, pages, "bea")
    await sign_in(bea, web_url(server), "bea")
    await create_table_by_keys(bea, ["bot:random"], seed=SEED)
    await choose_setup_by_keys(bea)
    table = only_table(server)
    await wait_until(lambda: table.game is not None and table.game.phase is not Phase.SETUP, what="set-up")

    await bea.page.reload()  # a new app for the same cookie: the lobby, her seat kept
    await bea.wait_for("(your seat)")
    await bea.focus()
    await bea.press("enter")
    await bea.wait_for("Your hand")
    assert len(bea.sockets) == 2  # the page's first websocket, then the reloaded page's

    await submit(bea.page, "#bar button")  # sign out
    assert await bea.page.locator("input[name=passphrase]").count() == 1
    await bea.page.reload()
    assert await bea.page.locator("input[name=passphrase]").count() == 1  # still signed out
    assert not await bea.page.locator("#terminal").count()


async def test_signing_out_in_one_tab_ends_the_other_tab_s_game_and_offers_a_sign_in(
    server: GameServer, playwright_browser: Browser, pages: list[BrowserTerminal]
) -> None:
    bea = await open_page(playwright_browser, pages, "bea")
    await sign_in(bea, web_url(server), "bea")
    other = BrowserTerminal(await bea.page.context.new_page(), "bea-other-tab")  # the same browser: one cookie
    pages.append(other)
    await other.page.goto(web_url(server))
    await other.wait_for("you are bea")

    await submit(other.page, "#bar button")  # sign out in the other tab

    await bea.wait_for(english(Ending.SIGNED_OUT.value))  # said on the terminal, in the page's language
    offer = bea.page.locator(".ended a.signed-out")
    await offer.wait_for(state="visible", timeout=WAIT * 1000)
    assert await offer.inner_text() == english("Sign in")
    assert not await bea.page.locator(".ended a.signed-in").is_visible()
    await wait_until(lambda: not server.web or not server.web.apps, what="both apps to end")
    async with bea.page.expect_navigation(timeout=WAIT * 1000):
        await offer.click()
    assert await bea.page.locator("input[name=passphrase]").count() == 1


async def test_a_server_that_goes_away_is_said_on_the_page_with_a_way_back(
    server: GameServer, playwright_browser: Browser, pages: list[BrowserTerminal]
) -> None:
    bea = await open_page(playwright_browser, pages, "bea")
    await sign_in(bea, web_url(server), "bea")
    await server.close()  # as a kill -9 would: the terminal's socket closes and nothing answers
    gone = bea.page.locator(".ended p.server-gone")
    await gone.wait_for(state="visible", timeout=WAIT * 1000)
    told = "The server has gone away (stopped or restarting). Your games are kept: connect again once it is back."
    assert await gone.inner_text() == english(told)
    assert await bea.page.locator(".ended a.server-gone").inner_text() == english("Connect again")
    assert not await bea.page.locator(".ended p.signed-in").is_visible()  # not "The session has ended."
