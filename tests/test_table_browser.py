"""The table page in a real browser (Debian's Chromium through Playwright): two pages,
at 1920×1080 and 1280×720, follow a whole hot-seat game live, showing nothing of any
seat's secrets, hand-overs included; then a lesson the window shows. Screenshots are
kept as artefacts (``BSG_ARTEFACTS``, else the test's temporary folder).
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("playwright")

from test_companion_browser import artefacts  # noqa: E402

from bsg_desktop.i18n import text  # noqa: E402
from bsg_desktop.present.moments import Moment  # noqa: E402
from bsg_desktop.present.pace import moment_ms  # noqa: E402

SIZES = [(1920, 1080), (1280, 720)]
# the number of the frame the page shows
SEQ = "document.body.dataset.seq || ''"


def _secrets(g: Any) -> list[str]:
    """Words only a seat may know: the Cylon cards of seats that have not revealed."""
    comp = g.c
    return [text(comp.cylon(card).model) for p in g.players if not p.revealed
            for card in p.loyalty if comp.is_cylon_card(card)]


def test_two_table_pages_follow_a_whole_game_and_a_lesson(chromium, hosted_table,  # type: ignore[no-untyped-def]
                                                           tmp_path) -> None:
    from bsg_desktop.teach import DEMO_DIR, Lesson, list_demos
    from bsg_desktop.ui.table import TableHost

    c, ph = hosted_table(25)  # a whole game of 38 steps, 8 of them hand-overs
    table = TableHost(c, ph)
    table.publish()
    url = table.url()
    assert url.startswith("http://127.0.0.1:") and "/t/" in url
    assert all(ph.url(s).split("#", 1)[1] not in url for s in c.humans)
    out = artefacts(tmp_path)
    pages: list[Any] = []

    def open_pages(browser: Any) -> None:
        for w, h in SIZES:
            page = browser.new_context(viewport={"width": w, "height": h}).new_page()
            page.goto(url)
            page.wait_for_selector("#seats .seat")
            pages.append(page)

    chromium.do(open_pages)

    def caught_up() -> list[str]:
        """Wait until both pages show the frame the game has now; their texts (read once
        they do: the whole page's text is slow to read, its frame number is not)."""
        want = str(table.feed.seq)
        end = time.monotonic() + 10
        while (seqs := chromium.do(lambda _b: [p.evaluate(SEQ) for p in pages])) != \
                [want] * len(pages):
            assert time.monotonic() < end, (want, seqs)
            chromium.do(lambda _b: time.sleep(0.005))
        return chromium.do(lambda _b: [p.inner_text("body") for p in pages])  # type: ignore[no-any-return]

    rng = random.Random(4)
    steps = handovers = 0
    shots = {10, 30}
    while c.game.outcome is None and steps < 2000:
        c.play_bots_now()
        if c.game.outcome is not None:
            break
        texts = caught_up()
        secret = _secrets(c.game)
        assert not any(s in t for s in secret for t in texts), steps
        if c.roll_to_see() is not None:
            c.acknowledge_roll()
        elif c.needs_handover():
            handovers += 1
            c.unlock()  # the window now shows that seat's secrets; the table page never
            texts = caught_up()
            assert not any(s in t for s in secret for t in texts)
        else:
            c.choose(rng.choice(c.game.pending.options))
        steps += 1
        if steps in shots:
            chromium.do(lambda _b, n=steps: [p.screenshot(path=str(out / f"table-{w}x{h}-{n}.png"))
                                             for p, (w, h) in zip(pages, SIZES, strict=True)])
    assert c.game.outcome is not None and handovers > 3
    texts = caught_up()
    assert all(c.game.outcome.rule in t for t in texts)
    chromium.do(lambda _b: [p.screenshot(path=str(out / f"table-{w}x{h}-end.png"))
                            for p, (w, h) in zip(pages, SIZES, strict=True)])

    # no sideways scrolling at either size
    widths = chromium.do(lambda _b: [p.evaluate(
        "document.documentElement.scrollWidth <= window.innerWidth") for p in pages])
    assert widths == [True, True]

    # a teacher shows a lesson: the pages show its title, narration and position
    demo = next(d for d in list_demos(DEMO_DIR) if not d.error)
    le = Lesson.open(demo.path)
    table.show_lesson(le)
    texts = caught_up()
    assert all(le.title() in t and le.narration()[:40] in t for t in texts)
    le.forward()
    table.show_lesson(le)
    texts = caught_up()
    assert all(le.narration()[:40] in t for t in texts)
    chromium.do(lambda _b: [p.screenshot(path=str(out / f"table-{w}x{h}-lesson.png"))
                            for p, (w, h) in zip(pages, SIZES, strict=True)])
    chromium.do(lambda _b: [p.context.close() for p in pages])


def test_the_table_pages_banner_stays_its_reading_time(chromium, hosted_table) -> None:  # type: ignore[no-untyped-def]
    """The frame carries the moment's reading time at the window's pace
    (`present.pace.moment_ms`); the page hides the banner then, not sooner. The page's
    timers run on Playwright's clock, paused before the banner comes, so its time is
    counted exactly instead of waited out."""
    from bsg_desktop.ui.table import TableHost

    c, ph = hosted_table(31)
    c.pace = "fast"  # the shortest reading time
    table = TableHost(c, ph)
    table.publish()
    page = chromium.do(lambda b: b.new_context(viewport={"width": 1280, "height": 720})
                      .new_page())
    chromium.do(lambda _b: page.clock.install())
    chromium.do(lambda _b: page.goto(table.url()))
    chromium.do(lambda _b: page.wait_for_selector("#seats .seat"))
    chromium.do(lambda _b: page.clock.pause_at(page.evaluate("Date.now()") + 1))
    moment = Moment("failed", "Crisis failed",
                    "The crisis Food Shortage fails: the fleet loses one food and "
                    "Lee Adama is demoralized.")
    ms = moment_ms(moment, "fast")
    assert ms >= 2500  # longer than the page's least (MOMENT_MS): the frame's time counts
    table._moment_at += 1
    table._moment = moment
    table.publish()
    assert json.loads(table.frame())["moment"]["ms"] == ms

    def shown(_b: Any) -> list[Any]:
        page.wait_for_selector("#moment:not([hidden])", timeout=5000)
        out = [page.inner_text("#moment")]
        hidden = "document.getElementById('moment').hidden"
        page.clock.run_for(ms - 100)  # still up shortly before its time ...
        out.append(page.evaluate(hidden))
        page.clock.run_for(200)  # ... and gone just after it
        out.append(page.evaluate(hidden))
        page.context.close()
        return out

    text, before, after = chromium.do(shown)
    assert "Crisis failed" in text
    assert not before and after


def test_the_table_page_says_every_decision_kind_in_both_languages(chromium, hosted_table) -> None:  # type: ignore[no-untyped-def]
    """The NOW box names what is decided, for every kind of decision, in English and in
    Hungarian: the decider's own question (its phone's), figures and all, except the jump
    die, whose roll only the Admiral saw; never the bare "X: choose."; and under it, a
    paragraph of its own, what is at stake. Stop hosting is said as such."""
    from test_table_frames import decision_examples

    from bsg_desktop.i18n import speaking, tr
    from bsg_desktop.present.words import decision_parts, player_name
    from bsg_desktop.ui.table import TableHost

    c, ph = hosted_table(31)
    table = TableHost(c, ph)
    table.publish()
    box: dict[str, Any] = {}

    def open_page(browser: Any) -> None:
        box["ctx"] = browser.new_context(viewport={"width": 1280, "height": 720})
        page = box["page"] = box["ctx"].new_page()
        page.goto(table.url())
        page.wait_for_selector("#now .sentence")

    chromium.do(open_page)

    def shown(seq: int) -> tuple[str, str]:
        """The NOW box's question and, its own paragraph, what is at stake."""
        page = box["page"]
        end = time.monotonic() + 10
        while page.evaluate(SEQ) != str(seq):  # the CSP: no eval
            assert time.monotonic() < end, seq
            page.wait_for_timeout(5)
        stakes = page.query_selector("#now .stakes")  # none where nothing is at stake
        return (page.inner_text("#now .sentence"), stakes.inner_text() if stakes else "")

    examples = decision_examples()
    # by table size: the page fetches the board's art once for each size in a row
    order = sorted(examples.items(), key=lambda kv: kv[1].n)  # type: ignore[attr-defined]
    said: dict[tuple[str, str], tuple[str, str]] = {}
    for lang in ("en", "hu"):
        table.set_language(lang)
        for kind, g in order:
            c.game = g  # the table shows the game its controller holds
            table.publish()
            text = chromium.do(lambda _b, n=table.feed.seq: shown(n))
            d = g.pending  # type: ignore[attr-defined]
            with speaking(lang):
                who = player_name(g.c, g.view(None), d.seat)  # type: ignore[attr-defined]
                # the jump die: its public question and what is at stake, without the roll
                phone = decision_parts(g.c, g.view(d.seat))  # type: ignore[attr-defined]
                want = (tr("ui.decision.jump_die_public", player=who) if d.kind == "jump_die"
                        else phone.question, phone.stakes)
                assert text[0] != tr("ui.decision.other", player=who), (lang, kind)
            assert text == want, (lang, kind, text, want)
            said[(lang, kind)] = text
    assert len(said) == 2 * len(examples) and len(examples) >= 22
    assert said[("en", "join")] != said[("hu", "join")]
    # Stop hosting: the page says so (in its language), not that the Wi-Fi dropped
    ph.stop()

    def ended(_b: Any) -> str:
        page = box["page"]
        page.wait_for_selector("#notice:not([hidden])")
        page.wait_for_timeout(300)
        return page.inner_text("#notice")  # type: ignore[no-any-return]

    assert chromium.do(ended) == tr("companion.tablepage.stopped", "hu")
    chromium.do(lambda _b: box["ctx"].close())
