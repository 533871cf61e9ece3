"""Claims confirmed at the table, in Chromium: the phone shows a code, the host lets it in.

The page at 390×844 on http://table.test (not a secure context), as a player's phone
opens it: it shows a four-digit code and the words to show it to the host, with no
name, card, hand or decision of the seat; the invite dialog (offscreen Qt, on the
test's thread) shows the same code beside the seat, and its "Let this phone in"
brings the seat's decision to the page. A second device that opened the link first
(a photographed code) is refused from the dialog: it says so and holds nothing of
the seat, while the owner's page, told that another phone waits, asks again by
itself and is let in. Screenshots go to ``BSG_ARTEFACTS`` (else the test's folder).
"""

from __future__ import annotations

import time
from typing import Any

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("playwright")

from test_companion_browser import ENDED, BrowserThread, artefacts  # noqa: E402

from bsg_desktop.i18n import set_language, tr  # noqa: E402

PHONE = {"width": 390, "height": 844}
# what the page holds of the seat: nothing at all until it is let in
HOLDS = """() => ({
  who: document.querySelector('#who').textContent,
  state: state !== null, cards: Object.keys(cardFaces).length,
  sections: ['decision', 'secrets', 'table', 'log'].map(
      (id) => document.getElementById(id).textContent).join(''),
  live: [...document.querySelectorAll('button, select')]
      .filter((b) => !b.disabled && b.offsetParent !== null).map((b) => b.id),
  code: document.querySelector('#claim .code') ?
      document.querySelector('#claim .code').textContent : '',
  claim: document.querySelector('#claim').hidden ? '' :
      document.querySelector('#claim').innerText,
  lang: document.documentElement.lang,
})"""


def dialog(c: Any, ph: Any, qtbot: Any) -> Any:
    from bsg_desktop.ui.invite import InviteDialog

    dlg = InviteDialog(c.game.c, ph, addresses=["127.0.0.1"], port=0)
    qtbot.addWidget(dlg)
    dlg.resize(760, 640)
    dlg.show()
    return dlg


def wait_until(chromium: BrowserThread, test: Any, seconds: float = 10) -> None:
    end = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < end, "timed out"
        chromium.do(lambda _b: time.sleep(0.01))


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_phone_shows_a_code_and_the_host_lets_it_in(chromium, hosted_table, qtbot,
                                                        lang, tmp_path) -> None:  # type: ignore[no-untyped-def]
    c, ph = hosted_table(23, confirm=False)
    folder = artefacts(tmp_path)
    set_language(lang)  # the table speaks it, and so the seats' pages at first
    try:
        ph.host.set_language(0, lang)
        ph.publish()
        dlg = dialog(c, ph, qtbot)
        url = ph.url(0).replace("127.0.0.1", "table.test")
        box: dict[str, Any] = {}

        def ask(browser: Any) -> dict[str, Any]:
            ctx = box["ctx"] = browser.new_context(viewport=PHONE)
            page = box["page"] = ctx.new_page()
            page.goto(url)
            page.wait_for_selector("#claim .code")
            page.screenshot(path=str(folder / f"phone-claim-{lang}-390x844.png"))
            return page.evaluate(HOLDS)  # type: ignore[no-any-return]

        asked = chromium.do(ask)
        qtbot.waitUntil(lambda: dlg.confirm_buttons[0].isVisible())
        assert asked["code"] == ph.waiting[0] == dlg.claims[0][2].text()
        assert asked["lang"] == lang
        assert tr("companion.page.pending_title", lang).upper() in asked["claim"].upper()
        assert tr("companion.page.pending_device", lang) in asked["claim"]
        # nothing of the seat: not its name, not a frame, not a card face, no button
        assert asked["who"] == "BSG: Express" and not asked["state"] and not asked["cards"]
        assert asked["sections"] == "" and asked["live"] == []
        assert not ph.claimed(0) and 0 not in c.phones
        dlg.grab().save(str(folder / f"invite-claim-{lang}.png"))
        dlg.confirm_buttons[0].click()

        def decided(_b: Any) -> dict[str, Any]:
            page = box["page"]
            page.wait_for_selector("#decision [data-choice]")
            page.screenshot(path=str(folder / f"phone-claim-{lang}-let-in.png"))
            return page.evaluate(HOLDS)  # type: ignore[no-any-return]

        after = chromium.do(decided)
        assert after["state"] and after["claim"] == "" and after["who"] != "BSG: Express"
        assert ph.claimed(0) and 0 in c.phones
        chromium.do(lambda _b: box["ctx"].close())
    finally:
        set_language("en")


def test_a_device_before_the_owner_is_refused_and_gets_nothing(chromium, hosted_table,
                                                               qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    c, ph = hosted_table(23, confirm=False)
    folder = artefacts(tmp_path)
    dlg = dialog(c, ph, qtbot)
    url = ph.url(0).replace("127.0.0.1", "table.test")
    box: dict[str, Any] = {}

    def spy_first(browser: Any) -> dict[str, Any]:
        # someone photographed the code and opens it before the seat's player
        box["spy_ctx"] = browser.new_context(viewport=PHONE)
        spy = box["spy"] = box["spy_ctx"].new_page()
        spy.goto(url)
        spy.wait_for_selector("#claim .code")
        # the owner comes second: told that another phone waits, and trying again
        box["owner_ctx"] = browser.new_context(viewport=PHONE)
        owner = box["owner"] = box["owner_ctx"].new_page()
        owner.clock.install()  # its wait before asking again, run on at the test's word
        owner.goto(url)
        owner.wait_for_selector("#ending[data-kind=busy]:not([hidden])")
        owner.screenshot(path=str(folder / "phone-claim-busy.png"))
        return {"spy": spy.evaluate(HOLDS), "owner": owner.evaluate(ENDED),
                "owner_holds": owner.evaluate(HOLDS)}

    first = chromium.do(spy_first)
    qtbot.waitUntil(lambda: dlg.refuse_buttons[0].isVisible())
    spy_code = first["spy"]["code"]
    assert spy_code == ph.waiting[0] == dlg.claims[0][2].text()
    assert first["owner"]["words"] == [["en", tr("companion.page.busy_device", "en")]]
    assert first["owner"]["live"] == [] and not first["owner_holds"]["state"]
    assert ph.notice == ("ui.phones.refused", 0)  # the table heard a second device ask
    # the host sees a code no player at the table shows, and refuses it
    dlg.refuse_buttons[0].click()

    def refused(_b: Any) -> dict[str, Any]:
        spy = box["spy"]
        spy.wait_for_selector("#ending[data-kind=declined]:not([hidden])")
        spy.screenshot(path=str(folder / "phone-claim-declined.png"))
        return {"ended": spy.evaluate(ENDED), "holds": spy.evaluate(HOLDS)}

    spy = chromium.do(refused)
    assert spy["ended"]["words"] == [["en", tr("companion.page.declined_device", "en")]]
    assert spy["ended"]["live"] == [] and spy["ended"]["main"].strip() == \
        tr("companion.page.declined_device", "en")
    holds = spy["holds"]
    assert not holds["state"] and not holds["cards"] and holds["sections"] == ""
    assert holds["who"] == "BSG: Express" and holds["claim"] == ""
    assert not ph.claimed(0) and 0 not in ph.waiting

    def owner_asks(_b: Any) -> dict[str, Any]:
        owner = box["owner"]
        owner.clock.run_for(6_000)  # the page's own try again
        owner.wait_for_selector("#claim .code")
        return owner.evaluate(HOLDS)  # type: ignore[no-any-return]

    owner = chromium.do(owner_asks)
    qtbot.waitUntil(lambda: dlg.confirm_buttons[0].isVisible())
    assert owner["code"] == ph.waiting[0] != spy_code
    dlg.confirm_buttons[0].click()

    def owner_plays(_b: Any) -> str:
        page = box["owner"]
        page.clock.run_for(100)
        page.wait_for_selector("#decision [data-choice]")
        return page.inner_text("#who")  # type: ignore[no-any-return]

    who = chromium.do(owner_plays)
    assert who != "BSG: Express" and ph.claimed(0)
    # the refused page never got anything after all
    assert chromium.do(lambda _b: box["spy"].evaluate("state === null && ended"))
    wait_until(chromium, lambda: 0 in c.phones)
    chromium.do(lambda _b: (box["spy_ctx"].close(), box["owner_ctx"].close()))
