"""The phone page in a real browser: Debian's Chromium driven by Playwright for Python.

Playwright's sync API runs on a thread of its own (`BrowserThread`); the test's
thread runs Qt's event loop, where the host applies what the pages choose, as
the window would. The scenarios: a 3-seat game with two phone pages and one
computer seat played to the end through the pages, a reload in the middle of a
check, one claim per seat on an insecure origin (a second device
refused, a reload and a move at the table), a malformed message; and the
page at 360×740 and 768×1024 in English and Hungarian (no sideways scrolling,
every control at least 44 px), with screenshots kept as artefacts
(``BSG_ARTEFACTS``, else the test's temporary folder). Every way a page cannot join
or ends (no key, a truncated or wrong key, last game's link, stop hosting, a new
game, moved, at the table again) says why, with no live button; a link on its way
says so, and after a time limit that the table does not answer.
"""

from __future__ import annotations

import os
import queue
import random
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("playwright")

from loops import bounded, next_taps  # noqa: E402
from PySide6.QtCore import QCoreApplication  # noqa: E402
from system_tools import system_tool  # noqa: E402

# Debian's Chromium (or BSG_CHROMIUM): Playwright downloads no browser of its own
CHROMIUM = os.environ.get("BSG_CHROMIUM") or system_tool("chromium", "chromium",
                                                         module_level=True)
STATIC = Path(__file__).resolve().parents[1] / "bsg_desktop" / "companion" / "static"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        # a LAN-like name for loopback: http://table.test is not a secure context
        "--host-resolver-rules=MAP table.test 127.0.0.1"]


class BrowserThread:
    """One Chromium, used only from its own thread; `do` runs a function there while
    the calling thread keeps Qt's loop going."""

    def __init__(self) -> None:
        self.jobs: queue.Queue[Any] = queue.Queue()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.started = threading.Event()
        self.error: BaseException | None = None
        self.thread.start()
        self.started.wait(60)
        if self.error is not None:
            raise self.error

    def _run(self) -> None:
        from playwright.sync_api import sync_playwright

        try:
            pw = sync_playwright().start()
            self.browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        except BaseException as e:  # noqa: BLE001 - reported to the test
            self.error = e
            self.started.set()
            return
        self.started.set()
        for _ in bounded(1_000_000):  # jobs, each waited for: far more than a test sends
            job = self.jobs.get()
            if job is None:
                break
            fn, box, done = job
            try:
                box.append(("ok", fn(self.browser)))
            except BaseException as e:  # noqa: BLE001 - re-raised on the test's thread
                box.append(("error", e))
            done.set()
        self.browser.close()
        pw.stop()

    def do(self, fn: Callable[[Any], Any], timeout: float = 60) -> Any:
        box: list[tuple[str, Any]] = []
        done = threading.Event()
        self.jobs.put((fn, box, done))
        end = time.monotonic() + timeout
        for _ in bounded(1_000_000):  # and by the clock: `timeout` below
            if done.is_set():
                break
            QCoreApplication.processEvents()
            done.wait(0.003)
            if time.monotonic() > end:
                raise TimeoutError("the browser did not finish in time")
        kind, value = box[0]
        if kind == "error":
            raise value
        return value

    def close(self) -> None:
        self.jobs.put(None)
        self.thread.join(20)


@pytest.fixture
def table(hosted_table):  # type: ignore[no-untyped-def]
    """Seats 0 and 1 human (on phones), seat 2 a computer, hosted on loopback."""
    return hosted_table(23)


def artefacts(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("BSG_ARTEFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# The game played through two phone pages (seat 0 and 1; seat 2 a computer)
GAME_SEED = 12
# One step of a player on the page: press an enabled option, or pick dice and contribute.
STEP = """(seed) => {
  const rnd = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
  if (document.querySelector('#decision .outcome')) return 'over';
  const opts = [...document.querySelectorAll('#decision [data-choice]:not(:disabled)')];
  const dice = [...document.querySelectorAll('#decision button[data-die]:not(:disabled)')];
  if (!opts.length && !dice.length) return 'wait';
  if (dice.length && (rnd() < 0.7 || !opts.length)) {
    const go = document.querySelector('#contribute');
    for (const d of dice) {
      d.click();
      if (!go || !go.isConnected) return 'die';
      if (!go.disabled && rnd() < 0.6) { go.click(); return 'contribute'; }
    }
    if (go && !go.disabled) { go.click(); return 'contribute'; }
    return 'dice';
  }
  opts[Math.floor(rnd() * opts.length)].click();
  return 'option';
}"""


def test_a_game_played_to_the_end_through_two_phone_pages(chromium, hosted_table) -> None:  # type: ignore[no-untyped-def]
    """Seat 0 and seat 1 play at random on their pages (`STEP`), the computer seat at the
    table, to the game's end. The taps follow from the seed alone (a page with nothing
    to tap takes none), so the game is the same every run: a short one (47 moves; the
    seed 23 of the other tests makes 166 here), whose first check still comes to a
    phone, for the reload in its middle."""
    c, ph = hosted_table(GAME_SEED)
    urls = [ph.url(0), ph.url(1)]
    state: dict[str, Any] = {}

    def open_pages(browser: Any) -> None:
        state["contexts"] = [browser.new_context(viewport={"width": 360, "height": 740})
                             for _ in urls]
        state["pages"] = [ctx.new_page() for ctx in state["contexts"]]
        for page, url in zip(state["pages"], urls, strict=True):
            page.goto(url)
            page.wait_for_selector("#table .sentence")

    chromium.do(open_pages)
    assert c.phones == {0, 1} and not c.needs_handover()
    taps = GAME_SEED * 2 + 1
    steps = reloaded = 0
    started = time.monotonic()
    while c.game.outcome is None and steps < 3000:
        seat = c.pending_seat
        if seat not in (0, 1):
            chromium.do(lambda _b: time.sleep(0.005))  # the computer seat thinks
            continue
        page_seat = seat
        if not reloaded and c.game.check is not None and c.game.pending.kind in ("join",
                                                                                 "contribute"):
            # the phone reloads in the middle of a check: it comes back to the same question
            before = c.game.pending
            chromium.do(lambda _b, s=page_seat: (state["pages"][s].reload(),
                                                 state["pages"][s].wait_for_selector(
                                                     "#decision [data-choice], "
                                                     "#decision [data-die]")))
            assert c.game.pending is before and c.game.check is not None
            reloaded += 1
        result = chromium.do(lambda _b, s=page_seat, n=taps: state["pages"][s].evaluate(
            STEP, n))
        if result == "wait":
            chromium.do(lambda _b: time.sleep(0.01))
        else:  # the next tap's dice
            taps = next_taps(taps)
        steps += 1
        assert time.monotonic() - started < 90, "the game did not end in time"
    assert c.game.outcome is not None and reloaded == 1
    texts = chromium.do(lambda _b: [p.wait_for_selector("#decision .outcome").inner_text()
                                    for p in state["pages"]])
    assert all(texts)
    chromium.do(lambda _b: [ctx.close() for ctx in state["contexts"]])


def test_a_claimed_seat_is_refused_to_another_device_on_an_insecure_origin(chromium, table) -> None:  # type: ignore[no-untyped-def]
    """On http://table.test (not a secure context: no WebCrypto), the first browser
    claims seat 0; a second one with the same link gets none of its frames and the
    table is told; the first plays on, reloads and reconnects; moved at the table,
    its session ends."""
    c, ph = table
    url = ph.url(0).replace("127.0.0.1", "table.test")
    state: dict[str, Any] = {}

    def claim(browser: Any) -> dict[str, Any]:
        a, b = browser.new_context(), browser.new_context()
        first = a.new_page()
        first.goto(url)
        first.wait_for_selector("#decision [data-choice]")
        out: dict[str, Any] = {"secure": first.evaluate("window.isSecureContext"),
                               "who": first.inner_text("#who")}
        spy = b.new_page()
        spy.goto(url)
        spy.wait_for_selector("#ending[data-kind=refused]:not([hidden])")
        out["spy_banner"] = spy.inner_text("#ending")
        out["spy_main"] = spy.inner_text("main")
        out["spy_who"] = spy.inner_text("#who")
        out["spy_state"] = spy.evaluate("state === null && Object.keys(cardFaces).length === 0")
        first.wait_for_timeout(300)
        out["first_banner"] = first.evaluate("document.querySelector('#banner').hidden")
        first.reload()
        first.wait_for_selector("#decision [data-choice]")
        out["reloaded_who"] = first.inner_text("#who")
        state["first"], state["contexts"] = first, (a, b)
        return out

    out = chromium.do(claim)
    assert out["secure"] is False
    assert out["who"] != "BSG: Express" and out["reloaded_who"] == out["who"]
    assert "another phone" in out["spy_banner"]
    # the spy's page says why, and nothing else
    assert out["spy_who"] == "BSG: Express" and out["spy_state"]
    assert out["spy_main"].strip() == out["spy_banner"].strip()
    assert out["first_banner"]  # the claimed phone was not disturbed
    QCoreApplication.processEvents()
    assert ph.notice == ("ui.phones.refused", 0) and 0 in ph.connected
    # the claimed phone still plays: its choice reaches the game
    before = len(c.game.choices)
    chromium.do(lambda _b: state["first"].click("#decision [data-choice]"))
    end = time.monotonic() + 10
    while len(c.game.choices) == before and time.monotonic() < end:
        chromium.do(lambda _b: time.sleep(0.01))
    assert len(c.game.choices) > before
    # moved at the table: the old phone is told at once and its session ends
    ph.move_phone(0)
    text = chromium.do(lambda _b: (state["first"].wait_for_selector("body.offline"),
                                   state["first"].inner_text("#ending"))[1])
    assert "moved to another phone" in text
    assert chromium.do(lambda _b: state["first"].evaluate("ended && ws === null"))
    chromium.do(lambda _b: [ctx.close() for ctx in state["contexts"]])


def test_a_malformed_message_gets_an_error_and_the_page_plays_on(chromium, table) -> None:  # type: ignore[no-untyped-def]
    c, ph = table
    url = ph.url(0)
    choices = len(c.game.choices)

    def malformed(browser: Any) -> str:
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector("#decision [data-choice]")
        page.evaluate("ws.send(seal('{not json')); send({type: 'choose', "
                      "seq: state.seq, choice: 'a9:nothing'})")
        page.wait_for_selector("#banner.bad:not([hidden])")
        text = page.inner_text("#banner")
        page.close()
        return text

    text = chromium.do(malformed)
    assert text and "companion.error" not in text
    assert len(c.game.choices) == choices and 0 in c.phones


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_page_fits_a_phone_and_a_tablet(chromium, table, lang, tmp_path) -> None:  # type: ignore[no-untyped-def]
    c, ph = table
    url = ph.url(0)
    folder = artefacts(tmp_path)

    def shoot(browser: Any) -> list[dict[str, Any]]:
        out = []
        ctx = browser.new_context()  # one device: the seat's claim holds for both sizes
        for w, h in ((360, 740), (768, 1024)):
            page = ctx.new_page()
            page.set_viewport_size({"width": w, "height": h})
            page.goto(url)
            page.wait_for_selector("#decision [data-choice]")
            if lang != "en":
                page.select_option("#lang", lang)
                page.wait_for_selector(f"html[lang={lang}] #decision [data-choice]")
            page.screenshot(path=str(folder / f"phone-{lang}-{w}x{h}.png"))
            out.append(page.evaluate("""() => ({
                width: document.documentElement.scrollWidth,
                small: [...document.querySelectorAll('button, select')]
                    .filter(b => b.offsetParent !== null)
                    .map(b => b.getBoundingClientRect())
                    .filter(r => r.width < 44 || r.height < 44).length,
                hide: document.querySelector('#hide').textContent,
                text: document.body.textContent})"""))
            page.click("#hide")
            covered = page.evaluate("!document.querySelector('#cover').hidden")
            page.screenshot(path=str(folder / f"phone-{lang}-{w}x{h}-hidden.png"))
            out[-1]["covered"] = covered
            out[-1]["w"] = w
            page.close()
        ctx.close()
        return out

    for shot in chromium.do(shoot):
        assert shot["width"] <= shot["w"], shot["w"]   # nothing scrolls sideways
        assert shot["small"] == 0                        # every control is >= 44 px
        assert shot["covered"]
        assert shot["hide"] == ("Hide" if lang == "en" else "Elrejtés")
        assert ("Your loyalty" in shot["text"]) == (lang == "en")


def test_the_page_shows_each_characters_emblem_by_their_name(chromium, table, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The seat's own emblem in the header and every seat's beside its name on the table,
    as pictures of the same art the window and the print draw (the art catalog)."""
    c, ph = table
    url = ph.url(0)
    folder = artefacts(tmp_path)

    def look(browser: Any) -> dict[str, Any]:
        page = browser.new_page()
        page.set_viewport_size({"width": 360, "height": 740})
        page.goto(url)
        page.wait_for_selector("#decision [data-choice]")
        page.wait_for_selector("#table .seat .emblem img")
        page.screenshot(path=str(folder / "phone-emblems-360x740.png"), full_page=True)
        got = page.evaluate("""() => {
            const ok = (img) => !!img && img.complete && img.naturalWidth > 0
                && img.getBoundingClientRect().width >= 20;
            return {
                header: ok(document.querySelector('header #emblem img')),
                seats: [...document.querySelectorAll('#table .seat')].map(
                    s => ok(s.querySelector('.emblem img'))),
                srcs: [...document.querySelectorAll('#table .seat .emblem img')].map(
                    i => i.src)};
        }""")
        page.close()
        return got

    got = chromium.do(look)
    view = c.game.view(0)
    assert got["header"]
    assert got["seats"] == [True] * len(view.seats)
    # each character's own picture: as many different pictures as characters
    assert len(set(got["srcs"])) == len({sv.character for sv in view.seats})


class RecordingProxy:
    """A TCP relay on loopback that keeps every byte both ways: what anyone on the
    network would capture between the phone and the table."""

    def __init__(self, port: int) -> None:
        import socket

        self.target = port
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.up = bytearray()    # phone -> table
        self.down = bytearray()  # table -> phone
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        import socket

        while True:
            try:
                phone, _ = self.server.accept()
            except OSError:
                return
            table = socket.create_connection(("127.0.0.1", self.target))
            for a, b, into in ((phone, table, self.up), (table, phone, self.down)):
                threading.Thread(target=self._pipe, args=(a, b, into), daemon=True).start()

    def _pipe(self, src: Any, dst: Any, into: bytearray) -> None:
        try:
            while data := src.recv(65536):
                with self.lock:
                    into.extend(data)
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.close()
                except OSError:
                    pass

    def close(self) -> None:
        self.server.close()


def test_the_captured_traffic_holds_no_secret_in_plain_text(chromium, table) -> None:  # type: ignore[no-untyped-def]
    """A phone plays a decision through a relay; the bytes captured hold no
    key, no device secret, no card id and no loyalty words, and the server declined
    the browser's offer of per-message compression."""
    from bsg_desktop.present.words import card_words

    c, ph = table
    proxy = RecordingProxy(ph.server.port)
    url = ph.url(0).replace(f"127.0.0.1:{ph.server.port}", f"table.test:{proxy.port}")

    def play(browser: Any) -> tuple[str, bool]:
        ctx = browser.new_context()
        page = ctx.new_page()
        page.goto(url)
        page.wait_for_selector("#decision [data-choice]")
        seq = page.evaluate("state.seq")
        page.click("#decision [data-choice]")
        page.wait_for_function("(seq) => state.seq > seq", arg=seq, timeout=10_000)
        played = page.evaluate("state.seq") > seq  # the next frame came
        page.select_option("#lang", "hu")
        page.wait_for_selector("html[lang=hu]")
        page.click("#reveal")  # loyalty waits behind its tap
        loyalty = page.inner_text("#secrets")
        ctx.close()
        return loyalty, played

    try:
        loyalty, played = chromium.do(play)
    finally:
        proxy.close()
    with proxy.lock:
        up, down = bytes(proxy.up), bytes(proxy.down)
    assert b"Upgrade: websocket" in up and b"permessage-deflate" in up  # the browser offers
    answer = down[down.index(b"HTTP/1.1 101"):]
    head = answer[:answer.index(b"\r\n\r\n")]
    assert b"Sec-WebSocket-Extensions" not in head  # and the server declines
    from bsg_desktop.i18n import speaking

    g = c.game
    with speaking("hu"):
        mine = card_words(g.c, g.players[0].loyalty[0])
    assert played and len(c.game.choices) > 0
    assert mine in loyalty  # the page did show the card: the words crossed the wire sealed
    sockets = answer[len(head):]  # the WebSocket's own bytes, after the upgrade
    words = set()
    for lang in ("en", "hu"):
        with speaking(lang):
            words |= {card_words(g.c, card) for card in g.c.loyalty_ids}
    # "human" is a common word (a colour's name in the page's style sheet, served to
    # every seat alike): it tells nothing; the card ids and the Cylon words are checked
    static = b"".join(f.read_bytes() for f in STATIC.iterdir() if f.is_file())
    words = {w for w in words if w.encode() not in static}
    secrets = [ph.host.fragment(0).encode(), ph.host.devices[0].encode(),
               *(card.encode() for card in g.c.loyalty_ids),
               *(w.encode() for w in words)]
    for blob in (up, down):
        for secret in secrets:
            assert secret not in blob, secret
    for word in (b"Cylon", b"cylon", b"loyalty", b"Starbuck", b"state"):
        assert word not in sockets and word not in up[up.index(b"\r\n\r\n"):], word


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_phone_says_a_new_loyalty_card_to_its_seat(chromium, table, lang, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """L1 on a phone: the seat's page shows what its new card made it, in its language,
    at the loyalty's tap; the other seat's page shows nothing of it."""
    from bsg_desktop.engine import Event

    c, ph = table
    folder = artefacts(tmp_path)
    g = c.game
    card = next(x for x in g.c.loyalty_ids if g.c.is_cylon_card(x))
    human = next(x for x in g.c.loyalty_ids if not g.c.is_cylon_card(x))

    def look(browser: Any) -> list[str]:
        out = []
        for seat in (0, 1):
            ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale=lang)
            page = ctx.new_page()
            page.goto(ph.url(seat))
            page.wait_for_selector("#table .sentence")
            if seat == 0:
                page.click("#own button")  # behind the loyalty's tap, as the cards are
                page.wait_for_selector("#own:not(.sealed) h2")
                page.screenshot(path=str(folder / f"phone-own-{lang}.png"))
                out.append(page.inner_text("#own"))
            else:
                out.append(page.inner_text("#decision"))
            ctx.close()
        return out

    ph.host.langs[0] = ph.host.langs[1] = lang
    chromium.do(lambda _b: None)
    for seat in (0, 1):
        c.set_on_phone(seat)
    c.own[0] = Event("loyalty_dealt", "L1", (("seat", 0), ("cards", [human, card])),
                     frozenset({0}))
    ph.publish()
    mine, theirs = chromium.do(look)
    headline = "You are now a Cylon" if lang == "en" else "Mostantól Cylon vagy"
    assert headline.upper() in mine.upper()  # the page's headings are in capitals
    assert headline.upper() not in theirs.upper()


# What an ended page shows: its ending card's words and language(s), and every control
# that is still live (none may be).
ENDED = """() => ({
  kind: document.querySelector('#ending').dataset.kind || '',
  shown: !document.querySelector('#ending').hidden,
  words: [...document.querySelectorAll('#ending p')].map((p) => [p.lang, p.textContent]),
  live: [...document.querySelectorAll('button, select')]
    .filter((b) => !b.disabled && b.offsetParent !== null).map((b) => b.id || b.textContent),
  main: document.querySelector('main').innerText,
})"""


def _words(key: str, langs: tuple[str, ...] = ("en", "hu")) -> list[list[str]]:
    from bsg_desktop.i18n import tr

    return [[lang, tr(key, lang)] for lang in langs]


def _ended(page: Any, kind: str) -> dict[str, Any]:
    page.wait_for_selector(f"#ending[data-kind={kind}]:not([hidden])")
    return page.evaluate(ENDED)  # type: ignore[no-any-return]


def test_a_page_that_cannot_join_or_ended_says_why(chromium, table, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """No key, a truncated key and a wrong key say so in both languages (the page cannot
    know the seat's); a seat played at the table again and one moved to another phone
    say so in the seat's own language, by their own endings, and no button stays live,
    not even 12 s after a tap that was on its way; the old link of a seat played at the
    table says so too."""
    c, ph = table
    folder = artefacts(tmp_path)
    url0, url1 = ph.url(0), ph.url(1)
    base, key = url0.split("#", 1)
    ph.host.set_language(0, "hu")
    ph.publish()
    out: dict[str, Any] = {}

    def cannot_join(browser: Any) -> None:
        ctx = browser.new_context(viewport={"width": 360, "height": 740})
        for name, url in (("none", base), ("short", base + "#" + key[:-5]),
                          ("wrong", base + "#" + key[:-4] + ("abcd" if not key.endswith(
                              "abcd") else "efgh"))):
            page = ctx.new_page()
            page.goto(url)
            out[name] = _ended(page, "wrong" if name == "wrong" else "incomplete")
            page.screenshot(path=str(folder / f"phone-ending-{name}.png"))
            page.close()
        ctx.close()

    chromium.do(cannot_join)
    for name, kind in (("none", "incomplete"), ("short", "incomplete"), ("wrong", "wrong")):
        seen = out[name]
        assert seen["words"] == _words(f"companion.ending.{kind}"), name
        assert seen["live"] == [] and "BSG" not in seen["main"].replace(
            seen["words"][0][1], ""), name
    assert "ask the host for a new code" in out["wrong"]["words"][0][1]
    assert ph.connected == set() and not ph.claimed(0)

    def join(browser: Any) -> None:
        out["ctx"] = ctx = browser.new_context(viewport={"width": 360, "height": 740})
        out["pages"] = [ctx.new_page(), ctx.new_page()]
        for page, url in zip(out["pages"], (url0, url1), strict=True):
            page.goto(url)
            page.wait_for_selector("#table .sentence")
        out["pages"][0].wait_for_selector("html[lang=hu]")

    chromium.do(join)
    # seat 0 taps, and before its tap is answered, it is played at the table again
    seat0 = out["pages"][0]
    chromium.do(lambda _b: seat0.evaluate("""() => {
        const b = document.querySelector('#decision [data-choice]');
        if (b) { ws.send = () => {}; b.click(); } }"""))  # the tap goes nowhere
    ph.to_table(0)
    at_table = chromium.do(lambda _b: _ended(seat0, "at_table"))
    chromium.do(lambda _b: seat0.screenshot(path=str(folder / "phone-ending-at_table.png")))
    ph.move_phone(1)
    moved = chromium.do(lambda _b: _ended(out["pages"][1], "moved"))
    # twelve seconds on, the tap that never arrived re-enables nothing
    chromium.do(lambda _b: seat0.evaluate("notDelivered()"))
    later = chromium.do(lambda _b: seat0.evaluate(ENDED))

    def old_link(browser: Any) -> dict[str, Any]:
        page = out["ctx"].new_page()
        page.goto(url0)
        seen = _ended(page, "at_table")
        out["ctx"].close()
        return seen

    reopened = chromium.do(old_link)
    assert at_table["words"] == _words("companion.page.at_table_device", ("hu",))
    assert moved["words"] == _words("companion.page.moved_device", ("en",))
    assert reopened["words"] == at_table["words"]
    for seen in (at_table, moved, later, reopened):
        assert seen["live"] == [] and seen["shown"], seen
        assert seen["main"].strip() == "\n\n".join(w for _l, w in seen["words"]).strip()
    assert later == at_table


def test_stop_hosting_a_new_game_and_an_old_link_each_say_their_ending(chromium, table) -> None:  # type: ignore[no-untyped-def]
    from bsg_desktop.engine import Setup
    from bsg_desktop.ui.controller import COMPUTER, HUMAN

    c, ph = table
    out: dict[str, Any] = {}

    def open_seat(browser: Any, url: str) -> None:
        # a device of its own each time: a server on a new port is a new origin
        out["ctx"] = browser.new_context(viewport={"width": 360, "height": 740})
        page = out["page"] = out["ctx"].new_page()
        page.goto(url)
        page.wait_for_selector("#decision .sentence")

    chromium.do(lambda b: open_seat(b, ph.url(0)))
    ph.stop()
    stopped = chromium.do(lambda _b: _ended(out["page"], "stopped"))
    ph.start("127.0.0.1", 0)  # the same game: seat 0's claim holds, seat 1 is free
    chromium.do(lambda b: open_seat(b, ph.url(1)))
    old = ph.url(0)
    c.start(Setup(players=3), 24, [HUMAN, HUMAN, COMPUTER])
    new_game = chromium.do(lambda _b: _ended(out["page"], "new_game"))
    ph.start("127.0.0.1", 0)
    stale = ph.url(0).split("#")[0] + "#" + old.split("#")[1]  # last game's link

    def visit(_b: Any) -> dict[str, Any]:
        page = out["ctx"].new_page()
        page.goto(stale)
        seen = _ended(page, "wrong")
        out["ctx"].close()
        return seen

    wrong = chromium.do(visit)
    assert stopped["words"] == _words("companion.ending.stopped", ("en",))
    assert new_game["words"] == _words("companion.ending.new_game", ("en",))
    assert wrong["words"] == _words("companion.ending.wrong")
    for seen in (stopped, new_game, wrong):
        assert seen["live"] == [], seen


def test_a_link_on_its_way_says_so_and_then_that_the_table_does_not_answer(chromium, table) -> None:  # type: ignore[no-untyped-def]
    c, ph = table

    def silent(browser: Any) -> list[dict[str, Any]]:
        ctx = browser.new_context()
        page = ctx.new_page()
        page.clock.install()
        page.route_web_socket("**/ws", lambda _ws: None)  # a table that never answers
        page.goto(ph.url(0))
        seen = [_ended(page, "checking")]
        page.clock.run_for(11_000)
        seen.append(_ended(page, "no_answer"))
        ctx.close()
        return seen

    checking, no_answer = chromium.do(silent)
    assert checking["words"] == _words("companion.ending.checking")
    assert no_answer["words"] == _words("companion.ending.no_answer")


def test_landscape_shows_the_first_option_and_one_die_waits(chromium, table, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """At 740×360 a decision under a "Your roll" note shows its first option; a turn
    that comes before any tap does not try to buzz (no console error); a contribute of
    one die selects on the first tap, as the hint says, and the Contribute button puts
    it in."""
    from bsg_desktop.i18n import tr

    c, ph = table
    folder = artefacts(tmp_path)
    box: dict[str, Any] = {"errors": []}
    ph.host.set_language(0, "hu")  # the longer words
    ph.publish()

    def open_page(browser: Any) -> None:
        ctx = box["ctx"] = browser.new_context(viewport={"width": 740, "height": 360},
                                               has_touch=True)
        page = box["page"] = ctx.new_page()
        page.on("console", lambda m: box["errors"].append(m.text) if m.type == "error" else None)
        page.goto(ph.url(0))
        page.wait_for_selector("html[lang=hu] #table .sentence")

    chromium.do(open_page)
    rng = random.Random(1)
    found: dict[str, Any] = {}
    for _ in bounded(800):
        c.play_bots_now()
        g = c.game
        assert g.outcome is None
        p = g.pending
        if p.seat == 0 and c.rolls.get(0) is not None:  # a decision under a roll note
            n = len(found.setdefault("rolled", []))
            found["rolled"].append(chromium.do(lambda _b: _first_option(box)))
            chromium.do(lambda _b, n=n: box["page"].screenshot(
                path=str(folder / f"phone-740x360-rolled-{n}.png")))
        if p.seat == 0 and p.kind == "contribute" and all(
                len(o.args) == 1 for o in p.options if o.verb == "contribute"):
            found["single"] = len(g.choices)
            break
        c.choose(rng.choice(p.options))
    assert "rolled" in found and "single" in found
    for seen in found["rolled"]:
        assert seen["rolled"] and seen["head"] <= seen["first_top"], seen
        assert seen["first_bottom"] <= seen["height"], seen  # the first option is in view
    assert box["errors"] == []

    def one_die(_b: Any) -> dict[str, Any]:
        page = box["page"]
        page.wait_for_selector("#decision button[data-die]")
        page.tap("#decision button[data-die]")
        page.wait_for_timeout(300)
        return page.evaluate("""() => ({
            pressed: document.querySelector('#decision button[data-die]')
                .getAttribute('aria-pressed'),
            go: !!document.querySelector('#contribute') &&
                !document.querySelector('#contribute').disabled,
            hint: document.querySelector('#decision .muted').textContent})""")

    tapped = chromium.do(one_die)
    assert len(c.game.choices) == found["single"]  # the first tap committed nothing
    assert tapped == {"pressed": "true", "go": True, "hint": tr("companion.page.select", "hu")}
    chromium.do(lambda _b: box["page"].tap("#contribute"))
    for _ in bounded(500):
        if len(c.game.choices) > found["single"]:
            break
        chromium.do(lambda _b: time.sleep(0.01))
    assert len(c.game.choices) > found["single"]
    chromium.do(lambda _b: box["ctx"].close())


def _first_option(box: dict[str, Any]) -> dict[str, Any]:
    """Where the page shows the decision's first option, once it shows the decision."""
    page = box["page"]
    page.wait_for_selector("#decision #rolled")
    page.wait_for_selector("#decision .options button:not(:disabled), "
                           "#decision button[data-die]:not(:disabled)")
    # the arrival's scroll, in the page's next animation frame: two frames on, it is done
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => "
                  "requestAnimationFrame(r)))")
    return page.evaluate("""() => {
        const first = document.querySelector(
            '#decision .options button, #decision .dice button, #decision button.face');
        const r = first.getBoundingClientRect();
        return {first_top: r.top, first_bottom: r.bottom, height: window.innerHeight,
                head: document.querySelector('header').getBoundingClientRect().bottom,
                rolled: !!document.querySelector('#rolled')}; }""")
