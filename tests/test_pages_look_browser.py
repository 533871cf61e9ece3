"""The pages as players see them (Debian's Chromium through Playwright): what whole games
played through phone pages, with a table page watching, showed to be unclear or broken.

The phone page:
- its header says whose phone it is: the seat's name whole at 360 and 390 px in English
  and Hungarian beside the Board and Hide buttons (the language is chosen under the page);
- a neighbour's glance finds no loyalty: not in the log, not in a new card's "You are now
  a Cylon", not in a hidden Cylon's "Reveal" option, all behind "Tap to see your loyalty";
- a game's end comes before the last roll the game put in;
- on a landscape phone the claim's code and an ending take the page's width.

The table page:
- its log keeps its newest line in sight when the window changes size, and fades its top
  only where a line is cut;
- dice the game put in are said to the room, not as "your roll", and leave the check's
  dice in sight at 1280×720;
- the board on a phone keeps the table page's header to a line or two.

Screenshots are kept as artefacts (``BSG_ARTEFACTS``, else the test's temporary folder).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("playwright")

from test_companion_browser import artefacts  # noqa: E402

# names as a table writes them: the header shows "Name (Character)"
NAMES = ("Dóra", "Kökényesi Gáspár")

HEADER = """() => {
  const h1 = document.querySelector('header h1');
  const head = document.querySelector('header').getBoundingClientRect();
  const lang = document.querySelector('#lang');
  // how many of the heading's characters lie inside its box: a line the clamp cuts off
  // lies below it (and the ellipsis covers at most the last few of the last line)
  const box = h1.getBoundingClientRect(), text = h1.firstChild, range = document.createRange();
  let shown = 0;
  for (; text && shown < text.length; shown++) {
    range.setStart(text, shown);
    range.setEnd(text, shown + 1);
    const r = range.getBoundingClientRect();
    if (r.bottom > box.bottom + 1 || r.right > box.right + 1) break;
  }
  return {name: h1.textContent, shown, header: head.height,
          width: document.documentElement.scrollWidth,
          langInHeader: !!lang.closest('header'),
          langLabel: lang.labels.length ? lang.labels[0].textContent : '',
          langShown: lang.getClientRects().length > 0};
}"""


def seat_pages(browser: Any, urls: list[str], lang: str, ready: str,
               size: tuple[int, int]) -> Iterator[tuple[int, Any]]:
    """Each seat's page in turn, in one context of ``size``: switched to ``lang`` by its
    own menu, handed over once ``ready`` (a selector) shows in that language, and
    closed when the caller is done with it."""
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    for seat, url in enumerate(urls):
        page = ctx.new_page()
        page.goto(url)
        page.wait_for_selector(ready)
        if lang != "en":
            page.select_option("#lang", lang)
            page.wait_for_selector(f"html[lang={lang}] {ready}")
        yield seat, page
        page.close()
    ctx.close()


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_phone_header_shows_the_seats_whole_name(chromium, hosted_table, tmp_path,  # type: ignore[no-untyped-def]
                                                      lang) -> None:
    from bsg_desktop.ui.table import TableHost

    c, ph = hosted_table(23, names=NAMES)
    table = TableHost(c, ph)  # a table page to show: the header's Board button too
    table.publish()
    out = artefacts(tmp_path)

    def look(browser: Any) -> list[dict[str, Any]]:
        got = []
        urls = [ph.url(0), ph.url(1)]
        for seat, page in seat_pages(browser, urls, lang, "#table .sentence", (360, 740)):
            page.wait_for_selector("#boardbtn:not([hidden])")
            for w, h in ((360, 740), (390, 844)):
                page.set_viewport_size({"width": w, "height": h})
                page.screenshot(path=str(out / f"phone-header-{lang}-seat{seat}-{w}x{h}.png"))
                got.append({"seat": seat, "w": w, **page.evaluate(HEADER)})
            page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
            page.screenshot(path=str(out / f"phone-header-{lang}-seat{seat}-foot.png"))
        return got

    shots = chromium.do(look)
    words = {"en": "Language", "hu": "Nyelv"}[lang]
    for s in shots:
        assert s["name"].startswith(NAMES[s["seat"]] + " ("), s
        # the player's name whole, with room to spare past it (an ellipsis covers a few)
        assert s["shown"] >= len(NAMES[s["seat"]]) + 4, s
        if s["seat"] == 0:  # a short name with its character: nothing cut off
            assert s["shown"] == len(s["name"]), s
        assert s["header"] < 0.1 * 740 and s["width"] <= s["w"], s  # the header stays small
        assert not s["langInHeader"] and s["langShown"], s
        assert s["langLabel"] == words, s


def test_the_table_pages_log_keeps_its_newest_line_in_sight_when_resized(  # type: ignore[no-untyped-def]
        chromium, hosted_table, tmp_path) -> None:
    import random

    from loops import random_step

    from bsg_desktop.ui.table import TableHost

    c, ph = hosted_table(31)
    rng = random.Random(3)
    for _ in range(400):  # a log longer than the table page's list holds
        c.play_bots_now()
        if len(c.game.events) > 40 or c.game.outcome is not None:
            break
        random_step(c, rng)
    table = TableHost(c, ph)
    table.publish()
    out = artefacts(tmp_path)
    newest = """() => {
      const list = document.querySelector('#log ol'), last = list.lastElementChild;
      const l = list.getBoundingClientRect(), r = last.getBoundingClientRect();
      return {inSight: r.top >= l.top - 1 && r.bottom <= l.bottom + 1,
              scrolls: list.scrollHeight > list.clientHeight + 1};
    }"""

    def look(browser: Any) -> list[dict[str, Any]]:
        page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        page.goto(table.url())
        page.wait_for_selector("#log li")
        got = [page.evaluate(newest)]
        for w, h in ((1920, 1080), (1280, 720), (1920, 1080)):  # full screen, and back
            page.set_viewport_size({"width": w, "height": h})
            page.wait_for_timeout(200)
            page.screenshot(path=str(out / f"table-log-resized-{w}x{h}.png"))
            got.append(page.evaluate(newest))
        page.context.close()
        return got

    got = chromium.do(look)
    assert all(g["scrolls"] for g in got), got  # the log is longer than its list
    assert all(g["inSight"] for g in got), got


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_phones_log_keeps_the_seats_loyalty_behind_its_tap(  # type: ignore[no-untyped-def]
        chromium, hosted_table, tmp_path, lang) -> None:
    """A neighbour's glance at a phone finds no loyalty: the seat's own loyalty card was
    said in the page's log for anyone to read ("Dóra's loyalty: Cylon (Model Two)"),
    while the page keeps it behind "Tap to see your loyalty"."""
    from bsg_desktop.i18n import speaking
    from bsg_desktop.present.words import card_words

    c, ph = hosted_table(23, names=NAMES)
    comp = c.game.c
    out = artefacts(tmp_path)

    def look(browser: Any) -> list[dict[str, Any]]:
        got = []
        for seat, page in seat_pages(browser, [ph.url(0), ph.url(1)], lang, "#log li",
                                     (390, 844)):
            page.evaluate("document.querySelector('#log').scrollIntoView()")
            page.screenshot(path=str(out / f"phone-log-loyalty-{lang}-seat{seat}.png"))
            # all but the decision (whose options a Cylon's reveal is one of)
            glance = "\n".join(page.inner_text(sel) for sel in ("header", "#secrets",
                                                                "#table", "#log"))
            page.click("#reveal")
            page.wait_for_selector("#loyalty")
            got.append({"seat": seat, "glance": glance, "tapped": page.inner_text("#secrets"),
                        "log": page.inner_text("#log")})
        return got

    for g in chromium.do(look):
        with speaking(lang):
            cards = [card_words(comp, card) for card in c.game.players[g["seat"]].loyalty]
        assert cards and all(w in g["tapped"] for w in cards), (cards, g["tapped"])
        seen = [g["glance"][max(0, i - 80):i + 40] for w in cards
                for i in [g["glance"].find(w)] if i >= 0]
        assert not seen, seen
        assert "[S6]" in g["log"], g["log"]  # the deal itself is still in the log


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_table_page_says_a_forced_roll_in_the_third_person(  # type: ignore[no-untyped-def]
        chromium, hosted_table, tmp_path, lang) -> None:
    """Dice the game put in for a seat are shown on the shared screen: said to the room
    ("Bob's roll: rolled −1 (strong); …"), not as "your roll … You rolled", which on a TV
    across the room speaks to nobody (the window says that to the seat's own player); and
    at 1280×720 the note leaves the check's dice whole in sight."""
    import random

    from loops import random_step

    from bsg_desktop.i18n import speaking
    from bsg_desktop.present.words import player_name
    from bsg_desktop.ui.table import TableHost

    c, ph = hosted_table(31)
    rng = random.Random(5)
    for _ in range(3000):
        c.play_bots_now()
        if c.forced or c.game.outcome is not None:
            break
        random_step(c, rng)
    assert c.forced, "no roll the game put in"
    seat = min(c.forced)
    with speaking(lang):
        who = player_name(c.game.c, c.game.view(None), seat)
    table = TableHost(c, ph)
    table.set_language(lang)
    shot = str(artefacts(tmp_path) / f"table-forced-roll-{lang}.png")

    def look(browser: Any) -> str:
        page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        page.goto(table.url())
        page.wait_for_selector("#now .roll")
        page.screenshot(path=shot)
        said = page.inner_text("#now .roll")
        # the check's dice stay whole in sight under a roll note (the facts card gives
        # way to NOW, and its dice are what the room follows)
        whole = page.evaluate("""() => {
          const fb = document.querySelector('#facts').getBoundingClientRect();
          const dice = [...document.querySelectorAll('#facts .check .die')];
          return dice.length > 0 && dice.map((d) => d.getBoundingClientRect())
            .every((r) => r.top >= fb.top - 1 && r.bottom <= fb.bottom + 1);
        }""")
        page.context.close()
        return said, whole

    said, whole = chromium.do(look)
    assert whole
    second_person = {"en": ("your roll", "You rolled", "your only"),
                     "hu": ("a dobásod", "Ezt dobtad", "választásod")}[lang]
    assert not any(w in said for w in second_person), said
    assert said.count(who) >= 1, (who, said)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_phone_says_the_game_is_over_before_a_last_roll(  # type: ignore[no-untyped-def]
        chromium, hosted_table, tmp_path, lang) -> None:
    """A game that ends on dice the game put in for a seat: its phone says first how the
    game ended and whether the seat won, in the first screenful of a landscape phone,
    and the roll under it (the roll note stood first and pushed the end out of sight)."""
    import random

    from loops import random_step

    from bsg_desktop.present.rolls import RollNote

    c, ph = hosted_table(23)
    rng = random.Random(7)
    for _ in range(5000):
        c.play_bots_now()
        if c.game.outcome is not None:
            break
        random_step(c, rng)
    assert c.game.outcome is not None
    die = next(d for d in c.game.players[0].dice)
    c.rolls[0] = RollNote(0, ((die.id, die.kind, -1),), True)  # the last move's roll
    ph.host.langs[0] = lang
    ph.publish()
    shot = str(artefacts(tmp_path) / f"phone-end-after-roll-{lang}-740x360.png")

    def look(browser: Any) -> dict[str, Any]:
        page = browser.new_context(viewport={"width": 740, "height": 360}).new_page()
        page.goto(ph.url(0))
        page.wait_for_selector("#decision .outcome")
        page.wait_for_selector("#rolled")
        page.screenshot(path=shot)
        got = page.evaluate("""() => {
          const top = (s) => document.querySelector(s).getBoundingClientRect();
          return {outcome: top('#decision .outcome').top, verdict: top('#verdict').bottom,
                  rolled: top('#rolled').top, height: innerHeight};
        }""")
        page.context.close()
        return got

    got = chromium.do(look)
    assert got["outcome"] < got["rolled"], got  # the end first, the roll under it
    assert got["verdict"] <= got["height"], got  # won or lost: in the first screenful


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a_new_loyalty_card_waits_behind_the_loyalty_tap(  # type: ignore[no-untyped-def]
        chromium, hosted_table, tmp_path, lang) -> None:
    """L1 on a phone: "You are now a Cylon" in a red box, in plain sight on the decision
    card, told a neighbour's glance what the page keeps behind "Tap to see your loyalty".
    The page says a new card came, in a box the same for every card, and shows what it
    made the seat at the tap."""
    from bsg_desktop.engine import Event

    c, ph = hosted_table(23)
    g = c.game
    card = next(x for x in g.c.loyalty_ids if g.c.is_cylon_card(x))
    human = next(x for x in g.c.loyalty_ids if not g.c.is_cylon_card(x))
    ph.host.langs[0] = lang
    c.own[0] = Event("loyalty_dealt", "L1", (("seat", 0), ("cards", [human, card])),
                     frozenset({0}))
    ph.publish()
    out = artefacts(tmp_path)

    def look(browser: Any) -> dict[str, Any]:
        page = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
        page.goto(ph.url(0))
        page.wait_for_selector("#own")
        page.screenshot(path=str(out / f"phone-own-glance-{lang}.png"))
        glance = {"text": page.inner_text("body"),
                  "border": page.evaluate(
                      "getComputedStyle(document.querySelector('#own')).borderTopColor")}
        tapped = {"text": ""}
        if page.query_selector("#own button"):
            page.click("#own button")
            page.wait_for_selector("#own.cylon")
            page.screenshot(path=str(out / f"phone-own-tapped-{lang}.png"))
            tapped = {"text": page.inner_text("#own"), "loyalty": page.inner_text("#secrets")}
        page.context.close()
        return {"glance": glance, "tapped": tapped}

    got = chromium.do(look)
    headline = {"en": "You are now a Cylon", "hu": "Mostantól Cylon vagy"}[lang]
    assert headline.upper() not in got["glance"]["text"].upper(), got["glance"]
    assert got["glance"]["border"] != "rgb(179, 38, 30)", got["glance"]  # not the Cylon red
    assert headline.upper() in got["tapped"]["text"].upper(), got["tapped"]


def test_the_table_pages_log_fades_only_a_line_it_cuts(chromium, hosted_table,  # type: ignore[no-untyped-def]
                                                        tmp_path) -> None:
    """The log's top fades out a line cut under its heading; a log that fits (the start
    of a game) showed its first line faded all the same, greyed out as if struck."""
    import random

    from loops import random_step

    from bsg_desktop.ui.table import TableHost

    c, ph = hosted_table(31)
    table = TableHost(c, ph)
    table.publish()
    out = artefacts(tmp_path)
    fade = """() => { const list = document.querySelector('#log ol');
      const mask = getComputedStyle(list).webkitMaskImage || getComputedStyle(list).maskImage;
      return {faded: mask !== 'none', cut: list.scrollHeight > list.clientHeight + 1}; }"""

    def look(browser: Any, name: str) -> dict[str, Any]:
        page = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
        page.goto(table.url())
        page.wait_for_selector("#log li")
        page.wait_for_function(f"document.body.dataset.seq === '{table.feed.seq}'")
        page.screenshot(path=str(out / f"table-log-fade-{name}.png"))
        got = page.evaluate(fade)
        page.context.close()
        return got

    start = chromium.do(lambda b: look(b, "start"))
    assert not start["cut"] and not start["faded"], start
    rng = random.Random(3)
    for _ in range(400):  # a log longer than the list holds
        c.play_bots_now()
        if len(c.game.events) > 60 or c.game.outcome is not None:
            break
        random_step(c, rng)
    table.publish()
    later = chromium.do(lambda b: look(b, "later"))
    assert later["cut"] and later["faded"], later


def test_a_landscape_phone_says_its_code_and_its_ending_across_the_page(  # type: ignore[no-untyped-def]
        chromium, hosted_table, tmp_path) -> None:
    """On a landscape phone (740×360) the page lays its sections in two columns; the
    claim's code and an ending are the page's only words, and stood in the left column
    with the right one empty. They take the page's whole width."""
    c, ph = hosted_table(23, confirm=False)
    out = artefacts(tmp_path)
    width = """(sel) => { const main = document.querySelector('main');
      const pad = parseFloat(getComputedStyle(main).paddingLeft) * 2;
      return document.querySelector(sel).getBoundingClientRect().width /
             (main.clientWidth - pad); }"""
    state: dict[str, Any] = {}

    def claim(browser: Any) -> float:
        page = browser.new_context(viewport={"width": 740, "height": 360}).new_page()
        page.goto(ph.url(0))
        page.wait_for_selector("#claim .code")
        page.screenshot(path=str(out / "phone-claim-740x360.png"))
        state["page"] = page
        return float(page.evaluate(width, "#claim"))

    code_share = chromium.do(claim)
    ph.confirm(0, ph.waiting[0])
    chromium.do(lambda _b: state["page"].wait_for_selector("#table .sentence"))
    ph.stop()

    def ended(_b: Any) -> float:
        page = state["page"]
        page.wait_for_selector("#ending[data-kind=stopped]")
        page.screenshot(path=str(out / "phone-stopped-740x360.png"))
        share = float(page.evaluate(width, "#ending"))
        page.context.close()
        return share

    end_share = chromium.do(ended)
    assert code_share > 0.95 and end_share > 0.95, (code_share, end_share)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_board_on_a_phone_keeps_its_header_small(chromium, hosted_table, tmp_path,  # type: ignore[no-untyped-def]
                                                      lang) -> None:
    """The board on a phone (the table page in its seat's page, 360 px wide): the table
    page's title, its 'no secrets' mark and the turn took four lines of the phone's
    height. Narrow, the title gives way (the seat's own page names the game)."""
    from bsg_desktop.ui.table import TableHost

    c, ph = hosted_table(23, names=NAMES)
    table = TableHost(c, ph)
    table.set_language(lang)
    shot = str(artefacts(tmp_path) / f"phone-board-{lang}-360x740.png")

    def look(browser: Any) -> dict[str, Any]:
        page = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
        page.goto(ph.url(0))
        page.wait_for_selector("#table .sentence")
        if lang != "en":
            page.select_option("#lang", lang)
            page.wait_for_selector(f"html[lang={lang}] #table .sentence")
        page.click("#boardbtn")
        frame = page.frame_locator("#boardframe")
        frame.locator("#log li").first.wait_for()
        frame.locator("#seats .seat").first.wait_for()
        page.screenshot(path=shot)
        got = frame.locator("body").evaluate("""() => {
          const head = document.querySelector('header').getBoundingClientRect();
          const turn = document.querySelector('#turn');
          return {header: head.height, height: innerHeight,
                  turn: turn.getClientRects().length > 0 && turn.textContent.length > 0,
                  log: document.querySelector('#log li').getBoundingClientRect().bottom};
        }""")
        page.context.close()
        return got

    got = chromium.do(look)
    assert got["turn"], got  # whose turn it is, still said
    assert got["header"] < 0.1 * got["height"], got
    assert got["log"] <= got["height"] + 1, got  # the log's lines in the frame


def test_a_cylons_reveal_waits_behind_the_loyalty_tap(chromium, hosted_table,  # type: ignore[no-untyped-def]
                                                       tmp_path) -> None:
    """A hidden Cylon's action decision offers "Reveal: Cylon (Model Two)": shown among
    the options, it told a neighbour's glance at every one of that player's turns what
    the page keeps behind "Tap to see your loyalty". It is offered once the loyalty is
    shown, and then chosen as any option."""
    from bsg_desktop.present.words import card_words

    c, ph = hosted_table(23, names=NAMES)
    g = c.game
    seat = c.pending_seat
    assert seat == 0 and g.pending.kind == "action"
    reveal = [str(o) for o in g.view(seat).options if o.verb == "a9"]
    assert reveal, "seat 0 holds no Cylon card here"
    out = artefacts(tmp_path)

    def look(browser: Any) -> dict[str, Any]:
        page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        page.goto(ph.url(seat))
        page.wait_for_selector("#decision [data-choice]")
        page.screenshot(path=str(out / "phone-reveal-glance.png"), full_page=True)
        glance = {"choices": page.eval_on_selector_all(
                      "#decision [data-choice]", "(bs) => bs.map((b) => b.dataset.choice)"),
                  "text": page.inner_text("#decision")}
        page.click("#reveal")
        page.wait_for_selector("#loyalty")
        page.wait_for_selector(f"#decision [data-choice='{reveal[0]}']")
        page.screenshot(path=str(out / "phone-reveal-tapped.png"), full_page=True)
        page.click(f"#decision [data-choice='{reveal[0]}']")
        page.context.close()
        return glance

    glance = chromium.do(look)
    assert not set(reveal) & set(glance["choices"]), glance["choices"]
    card = card_words(g.c, reveal[0].split(":", 1)[1])  # "Cylon (Model Two)"
    assert card not in glance["text"], glance["text"]
    end = time.monotonic() + 10
    while not g.players[seat].revealed and time.monotonic() < end:
        chromium.do(lambda _b: time.sleep(0.02))
    assert g.players[seat].revealed, "the reveal, chosen once shown, did not act"
