"""The phone page says what a decision puts at stake as its own paragraph (issue 43), in
a real browser (Debian's Chromium through Playwright): under the question, smaller and
in the muted colour, on the decider's phone and, the same public words, on a phone that
waits. Screenshots at 390×844 (and the table page at 1920×1080 in the same moment) are
kept as artefacts (``BSG_ARTEFACTS``, else the test's temporary folder)."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("playwright")

from loops import random_step  # noqa: E402
from test_companion_browser import artefacts  # noqa: E402

CHECK_KINDS = ("join", "contribute", "reroll")

PARTS = """(sel) => {
  const q = document.querySelector(sel + " .sentence");
  const s = document.querySelector(sel + " .stakes");
  const px = (n) => parseFloat(getComputedStyle(n).fontSize);
  return { question: q ? q.textContent : "", stakes: s ? s.textContent : "",
           questionPx: q ? px(q) : 0, stakesPx: s ? px(s) : 0,
           questionColor: q ? getComputedStyle(q).color : "",
           stakesColor: s ? getComputedStyle(s).color : "",
           under: !!q && !!s && s.getBoundingClientRect().top >= q.getBoundingClientRect().bottom,
           inView: !!s && s.getBoundingClientRect().bottom <= innerHeight };
}"""


def _to_a_phones_check(c: Any) -> None:
    """Play on (random choices) until a phone's seat (0 or 1) is asked about a check."""
    rng = random.Random(5)
    for _ in range(3000):
        c.play_bots_now()
        g = c.game
        p = g.pending
        if p.seat in (0, 1) and p.kind in CHECK_KINDS and g.check is not None:
            return
        random_step(c, rng)
    raise AssertionError("no check asked of a phone's seat")


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_phone_says_the_stakes_apart_under_the_question(  # type: ignore[no-untyped-def]
        chromium, hosted_table, tmp_path, lang) -> None:
    from bsg_desktop.i18n import speaking
    from bsg_desktop.present.words import decision_parts
    from bsg_desktop.ui.table import TableHost

    c, ph = hosted_table(31)
    _to_a_phones_check(c)
    g = c.game
    seat = g.pending.seat
    other = 1 - seat
    with speaking(lang):
        said = decision_parts(g.c, g.view(seat))
    assert said.stakes
    table = TableHost(c, ph)
    table.set_language(lang)
    table.publish()
    out = artefacts(tmp_path)

    def run(browser: Any) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for who, sel in ((seat, "#decision"), (other, "#decision")):
            page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            page.goto(ph.url(who))
            page.wait_for_selector(f"{sel} .sentence")
            if lang != "en":
                page.select_option("#lang", lang)
                page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
            page.wait_for_selector(f"{sel} .stakes")
            found[who] = page.evaluate(PARTS, sel)
            page.screenshot(path=str(out / f"phone-stakes-{lang}-390x844-seat{who}.png"))
            page.context.close()
        board = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
        board.goto(table.url())
        board.wait_for_selector("#now .stakes")
        found["table"] = board.evaluate(PARTS, "#now")
        board.screenshot(path=str(out / f"table-stakes-{lang}-1920x1080.png"))
        board.context.close()
        return found

    found = chromium.do(run)
    mine, waiting = found[seat], found[other]
    assert mine["question"] == said.question and mine["stakes"] == said.stakes, mine
    # the waiting phone and the table page: the same stakes, from the public view
    assert waiting["stakes"] == said.stakes and found["table"]["stakes"] == said.stakes
    for part in (mine, waiting, found["table"]):
        assert part["under"] and part["inView"], part
        assert part["stakesPx"] < part["questionPx"], part
        assert part["stakesColor"] != part["questionColor"], part
