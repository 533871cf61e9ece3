"""A rule code opens its name and text on the phone page and on the table page (issue
43), in a real browser (Debian's Chromium through Playwright, one browser for both
pages): a tap or click on the code under the question shows the rule's section and its
words, a second closes them; the keyboard does the same (focus, Enter); the words are
in the page's language, and they come with the frame (no request is made for them)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("playwright")

from test_companion_browser import artefacts  # noqa: E402

from bsg_desktop.rules import rule_heading, rule_text  # noqa: E402

OPENED = """(sel) => {
  const b = document.querySelector(sel + ' .rule-code');
  const words = document.querySelector(sel + ' .rule-text');
  return { code: b.textContent, expanded: b.getAttribute('aria-expanded'),
           shown: !!words && !words.hidden && words.offsetHeight > 0,
           text: words ? words.innerText : '' };
}"""


def _check_code(page: Any, sel: str, rule: str, lang: str, shot: Any) -> dict[str, Any]:
    """Click the code open and shut, then open it with the keyboard: what it showed."""
    page.wait_for_selector(f"{sel} .rule-code")
    closed = page.evaluate(OPENED, sel)
    page.click(f"{sel} .rule-code")
    clicked = page.evaluate(OPENED, sel)
    shot(page)
    page.click(f"{sel} .rule-code")
    shut = page.evaluate(OPENED, sel)
    page.focus(f"{sel} .rule-code")
    page.keyboard.press("Enter")
    keyed = page.evaluate(OPENED, sel)
    return {"closed": closed, "clicked": clicked, "shut": shut, "keyed": keyed}


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a_rule_code_opens_its_text_on_the_phone_and_the_table_page(  # type: ignore[no-untyped-def]
        chromium, hosted_table, lang, tmp_path) -> None:
    from bsg_desktop.ui.table import TableHost

    c, ph = hosted_table(23)
    table = TableHost(c, ph)
    table.set_language(lang)
    table.publish()
    assert c.pending_seat == 0
    rule = c.game.pending.rule
    out = artefacts(tmp_path)
    requests: list[str] = []

    def run(browser: Any) -> dict[str, Any]:
        found: dict[str, Any] = {}
        phone = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
        phone.on("request", lambda r: requests.append(r.url))
        phone.goto(ph.url(0))
        phone.wait_for_selector("#decision .sentence")
        if lang != "en":
            phone.select_option("#lang", lang)
            phone.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
        before = len(requests)
        found["phone"] = _check_code(phone, "#decision", rule, lang, lambda p: p.screenshot(
            path=str(out / f"rule-code-phone-{lang}.png"), full_page=True))
        found["phone_requests"] = requests[before:]
        board = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        board.goto(table.url())
        board.wait_for_selector("#now .sentence")
        found["table"] = _check_code(board, "#now", rule, lang, lambda p: p.screenshot(
            path=str(out / f"rule-code-table-{lang}.png")))
        # the next frame redraws the sentence: a code left open stays open
        board.evaluate("() => { state = { ...state, seq: state.seq + 1 }; render(); }")
        found["table_redrawn"] = board.evaluate(OPENED, "#now")
        phone.context.close()
        board.context.close()
        return found

    found = chromium.do(run)
    text = rule_text(rule, lang)
    name = rule_heading(rule, lang)
    assert text and name
    for page in ("phone", "table"):
        seen = found[page]
        assert seen["closed"]["code"] == rule and seen["closed"]["expanded"] == "false"
        assert not seen["closed"]["shown"], (page, "the text waits for a tap")
        assert seen["clicked"]["shown"] and seen["clicked"]["expanded"] == "true", page
        assert name in seen["clicked"]["text"] and text in seen["clicked"]["text"], \
            (page, seen["clicked"]["text"])
        assert not seen["shut"]["shown"], (page, "a second tap closes it")
        assert seen["keyed"]["shown"], (page, "Enter on the focused code opens it")
    assert found["table_redrawn"]["shown"]
    assert found["phone_requests"] == [], "the words come with the frame"
