"""The table page draws the window's board (Debian's Chromium through Playwright): at
1920×1080 and 1280×720 two pages follow a hot-seat game live, and after every step
each token the layout places (`present.layout.BoardLayout`, the window's own
placement) is drawn on the page with its centre within 0.6 mm (at the page's scale)
of where the layout says, inside the board, and nothing else is drawn. The board's
art is fetched once, under its content's hash. Screenshots are kept as artefacts
(``BSG_ARTEFACTS``, else the test's temporary folder).
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

from bsg_desktop.companion.table import board_state  # noqa: E402
from bsg_desktop.i18n import language  # noqa: E402

SIZES = [(1920, 1080), (1280, 720)]
TOLERANCE_MM = 0.6

# Where the page drew each token, in page pixels, and the board's scale and origin.
DRAWN = """() => {
  const svg = document.getElementById("boardsvg");
  const vb = svg.viewBox.baseVal, r = svg.getBoundingClientRect();
  const k = Math.min(r.width / vb.width, r.height / vb.height);
  const ox = r.left + (r.width - vb.width * k) / 2 - vb.x * k;
  const oy = r.top + (r.height - vb.height * k) / 2 - vb.y * k;
  const out = {};
  for (const u of document.querySelectorAll("#tokens use")) {
    const b = u.getBoundingClientRect();
    out[u.dataset.key] = [b.left + b.width / 2, b.top + b.height / 2, b.left, b.top,
                          b.right, b.bottom, u.getAttribute("href")];
  }
  return {k, ox, oy, tokens: out, art: document.querySelector("#art").childElementCount,
          seq: document.body.dataset.seq || ""};
}"""


def test_the_table_page_draws_each_token_where_the_windows_layout_puts_it(  # type: ignore[no-untyped-def]
        chromium, hosted_table, tmp_path) -> None:
    from bsg_desktop.ui.table import TableHost

    c, ph = hosted_table(23)
    table = TableHost(c, ph)
    table.publish()
    url = table.url()
    out = artefacts(tmp_path)
    pages: list[Any] = []

    def open_pages(browser: Any) -> None:
        for w, h in SIZES:
            page = browser.new_context(viewport={"width": w, "height": h}).new_page()
            page.goto(url)
            pages.append(page)

    chromium.do(open_pages)

    def check(step: int) -> int:
        """Wait until both pages drew the game's board now; compare every token."""
        g = c.game
        table.publish()
        want = json.loads(table.frame())["board"]  # what the pages were sent
        tokens = {t["key"]: t for t in want["tokens"]}
        assert len(tokens) == len(want["tokens"])  # one token a key, as in the window
        size = table_layout_size(g)
        end = time.monotonic() + 10
        while True:
            drawn = chromium.do(lambda _b: [p.evaluate(DRAWN) for p in pages])
            seqs = [d["seq"] for d in drawn]
            if all(s == str(table.feed.seq) for s in seqs) and \
                    all(set(d["tokens"]) == set(tokens) and d["art"] for d in drawn):
                break
            assert time.monotonic() < end, (step, seqs, table.feed.seq)
            chromium.do(lambda _b: time.sleep(0.01))
        for d, (w, h) in zip(drawn, SIZES, strict=True):
            k, ox, oy = d["k"], d["ox"], d["oy"]
            assert k > 1.0, (w, h, k)  # the board fills the page, it is not a thumbnail
            for key, t in tokens.items():
                cx, cy, left, top, right, bottom, href = d["tokens"][key]
                assert href.startswith("#look-"), (key, href)
                ex, ey = ox + t["x"] * k, oy + t["y"] * k
                assert abs(cx - ex) <= TOLERANCE_MM * k and abs(cy - ey) <= TOLERANCE_MM * k, \
                    (w, h, step, key, t, (cx - ex) / k, (cy - ey) / k)
                slack = TOLERANCE_MM * k
                assert ox - slack <= left and right <= ox + size[0] * k + slack and \
                    oy - slack <= top and bottom <= oy + size[1] * k + slack, (w, h, key)
        return len(tokens)

    rng = random.Random(5)
    steps = placed = 0
    shots = {1, 25, 70}
    while c.game.outcome is None and steps < 90:
        c.play_bots_now()
        if c.game.outcome is not None:
            break
        placed += check(steps)
        if c.roll_to_see() is not None:
            c.acknowledge_roll()
        elif c.needs_handover():
            c.unlock()  # the window shows that seat's dice; the table page never
            placed += check(steps)
        else:
            c.choose(rng.choice(c.game.pending.options))
        steps += 1
        if steps in shots:
            chromium.do(lambda _b, n=steps: [p.screenshot(path=str(out / f"board-{w}x{h}-{n}.png"))
                                             for p, (w, h) in zip(pages, SIZES, strict=True)])
    assert steps >= 40 and placed > 40 * 20, (steps, placed)  # both pages, every step
    # the art went out under one hashed name, and is cached by the browser for good
    name = board_state(c.game.c, c.game.view(None), language())["art"]
    head = chromium.do(lambda _b: pages[0].evaluate(
        "async (n) => { const r = await fetch(n); return r.headers.get('cache-control'); }",
        name))
    assert "immutable" in head
    chromium.do(lambda _b: [p.context.close() for p in pages])


def table_layout_size(g: Any) -> tuple[float, float]:
    from bsg_desktop.companion.table import layout_for

    lay = layout_for(g.c, g.n, language())
    return lay.width_mm, lay.height_mm
