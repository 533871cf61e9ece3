"""The table page read across a room (Debian's Chromium through Playwright): at 1920×1080
everything a sofa reads is at least 24 px (the NOW sentence, the log, the tracks, the
seat panels' names, states and dice, the board's names and titles) and it scales with
the screen; nothing overflows its box in Hungarian, long player names included; a
check's dice are shown face up with their values; a moment stays its reading time; and
a frame that changes only the log leaves the board's drawing alone. Screenshots are
kept as artefacts (``BSG_ARTEFACTS``, else the test's temporary folder).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("playwright")

from loops import random_step  # noqa: E402
from test_companion_browser import BrowserThread, artefacts  # noqa: E402

from bsg_desktop.companion.table import SEAT_WORDS_MM, strings_frame  # noqa: E402
from bsg_desktop.i18n import text  # noqa: E402
from bsg_desktop.present.dice import skill_face  # noqa: E402
from bsg_desktop.present.moments import Moment  # noqa: E402

SOFA_PX = 24.0
# long player names, as long as the name fields allow (32 characters)
NAMES = ("Szentgyörgyvölgyi Erzsébet Anna", "Kökényesi-Haraszthy Gáspár Géza")

# Sizes on the page, in CSS pixels as drawn: the HTML parts' computed type, and for the
# SVG board each text's font size times its on-screen scale (a token's text through its
# <use>), with every text's box and the box it must stay in.
MEASURE = """() => {
  const px = (n) => parseFloat(getComputedStyle(n).fontSize);
  const shown = (sel) => [...document.querySelectorAll(sel)]
    .filter((n) => n.getClientRects().length && n.textContent.trim());
  const html = {};
  for (const [k, sel] of Object.entries({sentence: "#now .sentence", log: "#log li",
      heading: "#log h2", facts: "#facts .row", stakes: "#now .stakes"}))
    html[k] = shown(sel).map(px);
  // the log's lines in sight: its list's visible height in lines of its type
  const list = document.querySelector("#log ol"), li = document.querySelector("#log li");
  const logLines = list && li ? list.clientHeight / parseFloat(getComputedStyle(li).lineHeight)
                              : 0;
  const stakes = document.querySelector("#now .stakes");
  const now = {stakes: stakes ? stakes.textContent : "",
               under: !!stakes && stakes.getBoundingClientRect().top >=
                      document.querySelector("#now .sentence").getBoundingClientRect().bottom,
               color: stakes ? getComputedStyle(stakes).color : "",
               sentenceColor: getComputedStyle(document.querySelector("#now .sentence")).color,
               height: document.querySelector("#now").getBoundingClientRect().height};
  const scale = (m) => Math.hypot(m.a, m.b);
  const svgText = (n, m) => [n.textContent, parseFloat(n.getAttribute("font-size")) * scale(m),
                             parseFloat(n.getAttribute("font-size"))];
  const seats = [];
  for (const g of document.querySelectorAll("#seats g.seat")) {
    const box = g.querySelector("rect").getBoundingClientRect();
    for (const n of g.querySelectorAll("text")) {
      const r = n.getBoundingClientRect();
      seats.push([...svgText(n, n.getScreenCTM()),
                  r.left >= box.left - 1 && r.right <= box.right + 1 &&
                  r.top >= box.top - 1 && r.bottom <= box.bottom + 1]);
    }
  }
  const plates = [];
  for (const u of document.querySelectorAll("#tokens use[data-role=card]")) {
    const first = document.querySelector(u.getAttribute("href")).querySelector("text");
    plates.push(svgText(first, u.getScreenCTM()));
  }
  const slots = [...document.querySelectorAll("#art rect[stroke-dasharray]")]
    .map((r) => r.getBoundingClientRect());
  const board = [...document.querySelectorAll("#art text")].map((n) => {
    // its glyphs' box: the text's box less the font's room above the capitals and below
    // the descenders (a fifth of the size each way)
    const b = n.getBoundingClientRect(), size = svgText(n, n.getScreenCTM())[1];
    const r = {left: b.left, right: b.right, top: b.top + 0.2 * size,
               bottom: b.bottom - 0.2 * size};
    const meets = (s) => r.left < s.right && s.left < r.right &&
                         r.top < s.bottom && s.top < r.bottom;
    const inside = (s) => r.left >= s.left && r.right <= s.right &&
                          r.top >= s.top && r.bottom <= s.bottom;
    // over a slot's edge (a slot's own numeral lies wholly inside it)
    const hit = slots.filter((s) => meets(s) && !inside(s)).length > 0;
    return [...svgText(n, n.getScreenCTM()), hit];
  });
  const over = [...document.querySelectorAll("header, header *, #side, #side *")]
    .filter((n) => !(n instanceof SVGElement) && n.getClientRects().length &&
                   n.scrollWidth > n.clientWidth + 1 && getComputedStyle(n).display !== "inline")
    .map((n) => n.tagName + "." + n.className + ": " + n.textContent.slice(0, 40));
  // what is being decided is never cut; a check's dice stay whole in sight
  const nowBox = document.querySelector("#now"), facts = document.querySelector("#facts");
  const fb = facts.getBoundingClientRect();
  const checkDice = [...document.querySelectorAll("#facts .check .die")]
    .map((d) => d.getBoundingClientRect())
    .map((r) => r.top >= fb.top - 1 && r.bottom <= fb.bottom + 1);
  const whole = {now: nowBox.scrollHeight <= nowBox.clientHeight + 1, checkDice,
                 factsCut: facts.classList.contains("cut"),
                 factsOver: facts.scrollHeight > facts.clientHeight + 1};
  return {html, seats, plates, board, over, logLines, now, whole,
          page: document.documentElement.scrollWidth <= innerWidth};
}"""


def _in_a_check(c: Any, entries: int = 2) -> None:
    """Play on (random choices) until a check holds ``entries`` dice."""
    rng = random.Random(2)
    for _ in range(3000):
        c.play_bots_now()
        g = c.game
        check = g.view(None).check
        if check is not None and len(check.entries) >= entries:
            return
        random_step(c, rng)
    raise AssertionError("no check with dice in it")


def _open(chromium: BrowserThread, url: str, w: int, h: int, paused: bool = False) -> Any:
    """The table page at ``w``×``h``, its seats and tokens drawn; ``paused``: its timers
    on Playwright's clock, paused once it is drawn (a test runs them on at its word)."""
    def go(browser: Any) -> Any:
        page = browser.new_context(viewport={"width": w, "height": h}).new_page()
        if paused:
            page.clock.install()
        page.goto(url)
        page.wait_for_selector("#seats .seat")
        page.wait_for_selector("#tokens use[data-role=card]")
        if paused:
            page.clock.pause_at(page.evaluate("Date.now()") + 1)
        return page
    return chromium.do(go)


def _caught_up(chromium: BrowserThread, page: Any, seq: int) -> None:
    end = time.monotonic() + 10
    while chromium.do(lambda _b: page.evaluate("document.body.dataset.seq || ''")) != str(seq):
        assert time.monotonic() < end, seq
        chromium.do(lambda _b: page.wait_for_timeout(10))


def _watch(chromium: BrowserThread, table: Any, w: int, h: int) -> Any:
    """The table page open at ``w``×``h`` and showing the table's latest frame."""
    page = _open(chromium, table.url(), w, h)
    _caught_up(chromium, page, table.feed.seq)
    return page


def _table_in_a_check(c: Any, ph: Any, lang: str) -> Any:
    """The table page's host for ``c``, in ``lang``, once a check holds two dice."""
    from bsg_desktop.ui.table import TableHost

    _in_a_check(c)
    table = TableHost(c, ph)
    table.set_language(lang)
    return table


def _across_a_room(chromium: BrowserThread, table: Any, shots: Path, name: str
                   ) -> Iterator[tuple[int, Any]]:
    """The table page at 1920×1080, then at 1280×720, each showing the table's latest
    frame: the width and the page, to measure; then its screenshot in ``shots``
    (``name``-WxH.png), and the page closed."""
    for w, h in ((1920, 1080), (1280, 720)):
        page = _watch(chromium, table, w, h)
        yield w, page
        chromium.do(lambda _b, p=page, w=w, h=h: p.screenshot(
            path=str(shots / f"{name}-{w}x{h}.png")))
        chromium.do(lambda _b, p=page: p.context.close())


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_table_page_reads_across_a_room_and_nothing_overflows(  # type: ignore[no-untyped-def]
        chromium, hosted_table, tmp_path, lang) -> None:
    c, ph = hosted_table(31, NAMES)
    table = _table_in_a_check(c, ph, lang)
    out = artefacts(tmp_path)
    got = {}
    for w, page in _across_a_room(chromium, table, out, f"table-room-{lang}"):
        got[w] = chromium.do(lambda _b, p=page: p.evaluate(MEASURE))
    big, small = got[1920], got[1280]
    # the sofa's parts at 1920×1080
    for part, sizes in big["html"].items():
        assert sizes and min(sizes) >= SOFA_PX - 0.05, (lang, part, sizes)
    seats = big["seats"]
    assert any(NAMES[0] in t or NAMES[0].split()[0] in t for t, *_ in seats), seats
    dice_line = text_of_dice_line(lang)
    assert any(t.startswith(dice_line) for t, *_ in seats), (dice_line, seats)
    assert min(px for _t, px, _mm, _in in seats) >= SOFA_PX, seats
    assert all(inside for *_x, inside in seats), [s for s in seats if not s[3]]
    assert len(big["plates"]) == 3 and min(px for _t, px, _mm in big["plates"]) >= SOFA_PX
    # the board's names and titles (each room's name among them), none over a slot
    comp = c.game.c
    rooms = {text(loc.name, lang) for loc in comp.damage_locations}
    words = [(t, px) for t, px, mm, _hit in big["board"] if mm >= SEAT_WORDS_MM - 0.05]
    assert min(px for _t, px in words) >= SOFA_PX, words
    named = " ".join(t for t, _px in words)
    assert all(all(part in named for part in room.split()) for room in rooms), (rooms, named)
    assert not [(t, hit) for t, _px, _mm, hit in big["board"] if hit]
    # it scales with the screen: two thirds of it at 1280×720
    ratio = min(small["html"]["log"]) / min(big["html"]["log"])
    assert 0.6 < ratio < 0.72, ratio
    for m in (big, small):
        assert m["page"] and not m["over"], m["over"]
        _stakes_apart_and_the_log_kept(m, (lang, "check"))


LOG_KEPT = 4.0  # the log's lines in sight under the NOW box, at least


def _stakes_apart_and_the_log_kept(m: dict[str, Any], case: object) -> None:
    """The NOW box says what is at stake as its own paragraph under the question,
    smaller and in the muted colour, and leaves the log at least ``LOG_KEPT`` lines."""
    now = m["now"]
    assert now["stakes"] and now["under"], (case, now)
    assert max(m["html"]["stakes"]) < min(m["html"]["sentence"]), (case, m["html"])
    assert now["color"] != now["sentenceColor"], (case, now)
    assert m["logLines"] >= LOG_KEPT, (case, m["logLines"], now["height"])


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a_long_vote_leaves_the_log_its_lines(chromium, hosted_table, lang) -> None:  # type: ignore[no-untyped-def]
    """The longest question a table meets, a brig vote on a long-named player (its stakes
    name the target again), at 1920×1080 and 1280×720: the stakes apart, the log kept."""
    from bsg_desktop.engine import Setup, new_game
    from bsg_desktop.i18n import speaking
    from bsg_desktop.present.words import decision_parts
    from bsg_desktop.ui.table import TableHost

    c, ph = hosted_table(31, NAMES)
    g = new_game(Setup(players=3, names=NAMES), 31)
    g.apply(next(o for o in g.pending.options if str(o) == "a6:brig,1"))
    c.game = g  # the table shows the game its controller holds
    table = TableHost(c, ph)
    table.set_language(lang)
    table.publish()
    with speaking(lang):
        said = decision_parts(g.c, g.view(None))
    for w, h in ((1920, 1080), (1280, 720)):
        page = _watch(chromium, table, w, h)
        m = chromium.do(lambda _b, p=page: p.evaluate(MEASURE))
        chromium.do(lambda _b, p=page: p.context.close())
        assert m["now"]["stakes"] == said.stakes and NAMES[1] in said.stakes
        assert min(m["html"]["stakes"]) >= (SOFA_PX if w == 1920 else 16) - 0.05, m["html"]
        _stakes_apart_and_the_log_kept(m, (lang, w))


def text_of_dice_line(lang: str) -> str:
    """The seat panel's dice line, up to its first count ("Dice:", "Kockák:")."""
    from bsg_desktop.i18n import tr

    return tr("ui.seat.dice", lang, active=0, contributed=0, spent=0).split(" ")[0]


def test_a_checks_dice_are_shown_with_their_values(chromium, hosted_table) -> None:  # type: ignore[no-untyped-def]
    """Every die in the check, face up, named by its value and its player (a check's
    entries are public); the seats' active dice stay blank."""
    from bsg_desktop.ui.table import TableHost

    c, ph = hosted_table(31)
    _in_a_check(c, 2)
    table = TableHost(c, ph)
    table.publish()
    page = _watch(chromium, table, 1920, 1080)
    shown = chromium.do(lambda _b: page.evaluate("""() => [...document.querySelectorAll(
        "#facts .check-dice .die")].map((d) => [d.getAttribute("aria-label"),
        !!d.querySelector("svg"), d.getBoundingClientRect().height])"""))
    g = c.game
    comp, check = g.c, g.view(None).check
    want = [skill_face(comp, kind, value).label for _s, _d, kind, value, _c in check.entries]
    assert len(shown) == len(want) >= 2
    for (label, drawn, height), face in zip(shown, want, strict=True):
        assert label.endswith(": " + face) and drawn and height >= 48, (label, face)
    chromium.do(lambda _b: page.context.close())


def test_a_moment_stays_in_sight_its_reading_time(chromium, hosted_table) -> None:  # type: ignore[no-untyped-def]
    """The banner is fully shown two seconds after it came (it faded out after 0.9 s).
    Two seconds on the page's own clocks, set instead of waited out: its timers on
    Playwright's clock, paused before the banner comes, and its fade (a CSS animation)
    held at two seconds."""
    from bsg_desktop.ui.table import TableHost

    c, ph = hosted_table(31)
    table = TableHost(c, ph)
    table.publish()
    page = _open(chromium, table.url(), 1280, 720, paused=True)
    table._moment_at += 1
    table._moment = Moment("failed", "Crisis failed", "The fleet loses one food.")
    table.publish()
    chromium.do(lambda _b: page.wait_for_selector("#moment:not([hidden])", timeout=5000))

    def at_two_seconds(_b: Any) -> dict[str, Any]:
        page.clock.run_for(2000)  # the page's timers: whatever hides the banner by then
        return page.evaluate("""() => {
          const box = document.getElementById("moment");
          const a = box.getAnimations()[0];
          if (box.hidden || !a) return {gone: true};
          a.pause();
          a.currentTime = 2000;
          return {at: a.currentTime, ms: a.effect.getComputedTiming().duration,
                  opacity: +getComputedStyle(box).opacity};
        }""")

    seen = chromium.do(at_two_seconds)
    assert seen.get("at", 0) == 2000 and seen["ms"] >= 2500, seen
    assert seen["opacity"] > 0.95, seen  # not yet fading out (that starts at 92 %)
    chromium.do(lambda _b: page.context.close())


def test_a_frame_that_changes_only_the_log_leaves_the_board_drawn(  # type: ignore[no-untyped-def]
        chromium, hosted_table) -> None:
    """The page draws each part only when it changed: a new log line appends one line,
    and the board, the seat panels, the NOW box and the tracks stay the very nodes they
    were; a move redraws the board."""
    from bsg_desktop.ui.table import TableHost

    c, ph = hosted_table(31)
    table = TableHost(c, ph)
    table.publish()
    page = _watch(chromium, table, 1920, 1080)
    mark = """() => {
      for (const n of document.querySelectorAll("#seats g, #tokens use, #now *, #facts *, #log li"))
        n.__kept = true;
      return [{...window.redraws}, document.querySelectorAll("#log li").length];
    }"""
    kept = """() => ({
      seats: [...document.querySelectorAll("#seats g")].every((n) => n.__kept),
      tokens: [...document.querySelectorAll("#tokens use")].every((n) => n.__kept),
      now: [...document.querySelectorAll("#now *")].every((n) => n.__kept),
      facts: [...document.querySelectorAll("#facts *")].every((n) => n.__kept),
      log: [...document.querySelectorAll("#log li")].map((n) => !!n.__kept),
      redraws: {...window.redraws}})"""
    before, lines = chromium.do(lambda _b: page.evaluate(mark))
    content = json.loads(table.frame())
    del content["seq"]
    content["log"] = [*content["log"], "One more line of the log."]
    server = ph.server
    server.publish_table(table.feed.frame(content), strings_frame(table.feed.lang))
    _caught_up(chromium, page, table.feed.seq)
    after = chromium.do(lambda _b: page.evaluate(kept))
    assert after["seats"] and after["tokens"] and after["now"] and after["facts"], after
    assert after["log"] == [True] * lines + [False], after["log"]
    redraws = after["redraws"]
    assert redraws["log"] == before["log"] + 1
    assert all(redraws[k] == before[k] for k in ("board", "now", "facts", "items")), \
        (before, redraws)
    # a move that changes the board: the board is drawn again
    board = json.loads(table.frame())["board"]
    for _ in range(50):
        c.choose(c.game.pending.options[0])
        c.play_bots_now()
        table.publish()
        if json.loads(table.frame())["board"] != board:
            break
    _caught_up(chromium, page, table.feed.seq)
    moved = chromium.do(lambda _b: page.evaluate("({...window.redraws})"))
    assert moved["board"] > redraws["board"]
    chromium.do(lambda _b: page.context.close())


def test_a_long_log_keeps_its_newest_line_in_sight(chromium, hosted_table) -> None:  # type: ignore[no-untyped-def]
    """The page scrolls its log to the newest line once everything else is drawn (one
    layout for the scroll and the facts' cut): with more lines than the list shows, the
    last line is whole in sight, and still is after a frame that adds one more."""
    from bsg_desktop.ui.table import TableHost

    c, ph = hosted_table(31)
    table = TableHost(c, ph)
    table.publish()
    page = _watch(chromium, table, 1920, 1080)
    sight = """() => {
      const list = document.querySelector("#log ol"), last = list.lastElementChild;
      const l = list.getBoundingClientRect(), r = last.getBoundingClientRect();
      return {overflows: list.scrollHeight > list.clientHeight + 1, text: last.textContent,
              whole: r.top >= l.top - 1 && r.bottom <= l.bottom + 1};
    }"""
    content = json.loads(table.frame())
    del content["seq"]
    for n in (60, 61):
        content["log"] = [f"Line {i} of a long game's log." for i in range(n)]
        ph.server.publish_table(table.feed.frame(content), strings_frame(table.feed.lang))
        _caught_up(chromium, page, table.feed.seq)
        got = chromium.do(lambda _b: page.evaluate(sight))
        assert got == {"overflows": True, "text": f"Line {n - 1} of a long game's log.",
                       "whole": True}, (n, got)
    chromium.do(lambda _b: page.context.close())


# Every text the page shows, as drawn: [where, CSS px, text]. HTML: each visible text
# node's computed size. SVG: the font size times the text's on-screen scale, the board's
# art and seat panels through their own transforms, a token's picture through its <use>
# (its picture lies in <defs>, so the scale is the <use>'s times the picture's own).
EVERY_TEXT = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const n = t.parentElement;
    if (!t.textContent.trim() || n instanceof SVGElement ||
        n.closest("[hidden], .visually-hidden") || !n.getClientRects().length) continue;
    const where = n.closest("[id]");
    out.push([`${where ? where.id : ""} ${n.tagName.toLowerCase()}.${n.className}`,
              parseFloat(getComputedStyle(n).fontSize), t.textContent.trim()]);
  }
  const scale = (m) => Math.hypot(m.a, m.b);
  for (const n of document.querySelectorAll("#art text, #seats text"))
    out.push([n.closest("#art") ? "art" : "seat",
              parseFloat(n.getAttribute("font-size")) * scale(n.getScreenCTM()), n.textContent]);
  const own = (n, top) => {  // the picture's own transforms, from its <g> down to n
    let m = new DOMMatrix();
    for (let p = n; p && p !== top.parentNode; p = p.parentNode) {
      const list = p.transform && p.transform.baseVal;
      if (list && list.numberOfItems)
        m = DOMMatrix.fromMatrix(list.consolidate().matrix).multiply(m);
    }
    return m;
  };
  for (const u of document.querySelectorAll("#tokens use")) {
    const look = document.querySelector(u.getAttribute("href"));
    const m = DOMMatrix.fromMatrix(u.getScreenCTM());
    for (const n of look.querySelectorAll("text"))
      out.push(["token " + u.dataset.role,
                parseFloat(n.getAttribute("font-size")) * scale(m.multiply(own(n, look))),
                n.textContent]);
  }
  return out;
}"""

# Not reading matter, each for its reason (everything else the page shows is):
# - a marker's own caption ("Raider", "DISTANCE", a room's or a character's name on its
#   marker), as printed on the token at a marker's size: its icon and its slot say what
#   it is (the room's name beside the damage slot, the character's name on the seal
#   part, the track's title), and the side column says the counts in words;
# - a rule's reference code beside the decision ("D3"): for looking the rule up, and a
#   click opens the rule's name and text in the page's full type.
MARKER_ROLES = {"raider", "ship", "drawn", "damage", "demoralized", "jump", "distance"}


def test_a_move_rewords_only_the_board_items_that_changed(  # type: ignore[no-untyped-def]
        chromium, hosted_table) -> None:
    """The board's cards and tokens in words (the screen reader's list) follow every
    frame, but a frame that changes one item's words changes that line only: the other
    lines stay the nodes they were, and a shorter list loses its last lines."""
    from bsg_desktop.ui.table import TableHost

    c, ph = hosted_table(33)
    table = TableHost(c, ph)
    table.publish()
    page = _watch(chromium, table, 1920, 1080)
    mark = """() => {
      for (const n of document.querySelectorAll("#items li")) n.__kept = true;
      return document.querySelectorAll("#items li").length;
    }"""
    read = """() => [...document.querySelectorAll("#items li")]
      .map((n) => [n.textContent, !!n.__kept])"""
    lines = chromium.do(lambda _b: page.evaluate(mark))
    content = json.loads(table.frame())
    del content["seq"]
    items = content["items"]
    assert len(items) == lines > 2
    content["items"] = [*items[:1], {**items[1], "name": "A token with new words."},
                        *items[2:-1]]
    ph.server.publish_table(table.feed.frame(content), strings_frame(table.feed.lang))
    _caught_up(chromium, page, table.feed.seq)
    shown = chromium.do(lambda _b: page.evaluate(read))
    assert [words for words, _kept in shown] == [it["name"] for it in content["items"]]
    assert [kept for _words, kept in shown] == [True] * (lines - 1), shown
    chromium.do(lambda _b: page.context.close())


def _decoration(where: str) -> bool:
    return where.startswith("token ") and where.split()[1] in MARKER_ROLES or \
        where.endswith("button.rule-code")


# five players at the name cap (`engine.setup.NAME_CHARS`), Hungarian's long words
CAP_NAMES = ("Szentgyörgyvölgyi Erzsébet Annaa", "Kökényesi-Haraszthy Gáspár Gézaa",
             "Öszödi-Vértesaljai Zsófia Rékaaa", "Hódmezővásárhelyi Kristóf Bencee",
             "Mezőkövesdi-Szabó Brigitta Ágota")


def _with_damage(table: Any, ph: Any, rooms: int) -> int:
    """Publish the table's frame as if the first ``rooms`` rooms were damaged (its notes
    only: the board's art is the same); the frame's number."""
    from bsg_desktop.companion.table import board_notes
    from bsg_desktop.i18n import speaking

    content = json.loads(table.frame())
    del content["seq"]
    g = table.controller.game
    view = g.view(None)
    view = view._replace(damage=tuple(loc.id for loc in g.c.damage_locations[:rooms]))
    with speaking(table.feed.lang):
        content["notes"] = board_notes(g.c, view)
    ph.server.publish_table(table.feed.frame(content), strings_frame(table.feed.lang))
    return table.feed.seq


@pytest.mark.parametrize("lang, players", [("en", 3), ("hu", 5)])
def test_every_text_on_the_table_page_reads_from_a_sofa(  # type: ignore[no-untyped-def]
        chromium, hosted_table, tmp_path, lang, players) -> None:
    """At 1920×1080 every text the table page shows, its board's art, seat panels and
    tokens included, is at least 24 px (but the decoration listed in `_decoration`), two
    thirds of that at 1280×720; with five seats in Hungarian and names at the cap no
    seat's words leave their panel and nothing overflows."""
    from bsg_desktop.engine import Setup
    from bsg_desktop.engine.setup import NAME_CHARS

    names = CAP_NAMES[:players]
    assert all(NAME_CHARS - 1 <= len(n) <= NAME_CHARS for n in names)
    c, ph = hosted_table(31, setup=Setup(players=players, names=names))
    table = _table_in_a_check(c, ph, lang)
    out = artefacts(tmp_path)
    least = {}
    for w, page in _across_a_room(chromium, table, out, f"table-sofa-{lang}-{players}p"):
        _caught_up(chromium, page, _with_damage(table, ph, 2))
        texts = chromium.do(lambda _b, p=page: p.evaluate(EVERY_TEXT))
        fit = chromium.do(lambda _b, p=page: p.evaluate(MEASURE))
        read = [(where, px, t) for where, px, t in texts if not _decoration(where)]
        # a damaged room's effect, left out of the board's art, is said in the side column
        effects = [t for where, _px, t in read if where == "facts div.row damage"]
        assert len(effects) == 2 and all(e.endswith(".") for e in effects), effects
        # the board's own words, the seats' and the tokens' are among them
        assert {"art", "seat", "token card", "token die"} <= {r[0] for r in read}, read
        least[w] = min(px for _w, px, _t in read)
        if w == 1920:
            small = [r for r in read if r[1] < SOFA_PX - 0.05]
            assert not small, small
        assert all(inside for *_x, inside in fit["seats"]), \
            [s for s in fit["seats"] if not s[3]]
        assert fit["page"] and not fit["over"], fit["over"]
        # the NOW box whole, the check's dice whole above the facts that give way (a cut
        # facts card fades out at its foot instead of slicing a line)
        whole = fit["whole"]
        assert whole["now"] and whole["checkDice"] and all(whole["checkDice"]), whole
        assert whole["factsCut"] == whole["factsOver"], whole
    assert 0.6 < least[1280] / least[1920] < 0.72, least
