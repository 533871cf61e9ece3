"""What one frame costs a page's renderer, each page replayed alone on identical frames.

    python benchmarks/page_frames.py [--taps 120] [--seed 3] [--rounds 3] [--other DIR]

First one 5-player game is played in Chromium as `benchmarks/companion.py` plays it
(the program's window hosting in a process of its own, five 360×740 phone pages, a
1920×1080 table page), and every frame each page is handed is kept (the phones'
opened, the table page's as sent). Then the frames are replayed into fresh pages,
one page at a time with nothing else running: the page's pages are served from a
folder (``bsg_desktop/companion/static``), its socket is a stand-in that never
connects, and each frame is handed to the page's own message handler and followed by
its animation frame. Printed per frame: the renderer's main-thread time (Chromium's
``TaskDuration``: script, style, layout, paint and the rest) and, of it, layout and
style, for the five phone seats together and for the table page.

Where `benchmarks/companion.py` measures a tap with every page and the table sharing
the cores, this measures the pages' own work, and so a change to them:
``--other DIR`` (an edited copy of the static folder) is replayed alternately with
this tree's, ``--rounds`` times, on the same frames, and the medians are printed side
by side.
"""

from __future__ import annotations

import argparse
import json
import mimetypes
import random
import statistics
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import companion  # noqa: E402  (the game in Chromium: its table process, TAP, Chromium)

STATIC = HERE.parent / "bsg_desktop" / "companion" / "static"

# Keeps every message the page's handler is given, from here on.
KEEP_PHONE = """() => { window.__kept = []; const r = window.receive;
  window.receive = function (msg) { window.__kept.push(JSON.stringify(msg)); return r(msg); }; }"""
KEEP_TABLE = """() => { window.__kept = []; const r = onMessage;
  ws.onmessage = (ev) => { window.__kept.push(ev.data); return r(ev); }; }"""
# What the page had before: its texts and art (and a phone's card faces, a table
# page's first frame and board art), as the messages that gave them.
HAD_PHONE = """() => [JSON.stringify({type: "art", faces: art}),
  JSON.stringify({type: "cards", faces: cardFaces}),
  JSON.stringify({type: "strings", strings, lang: state.lang,
                  languages: Object.fromEntries([...document.querySelectorAll("#lang option")]
                                                .map((o) => [o.value, o.textContent]))})]"""
HAD_TABLE = """() => ({msgs: [JSON.stringify({type: "strings", strings,
                                           lang: document.documentElement.lang}),
                              JSON.stringify({type: "art", faces: art}), JSON.stringify(state)],
                       board: JSON.stringify(boardArt), name: artName})"""

# A socket that never connects: the page draws only what it is handed.
NO_SOCKET = """(() => { class Quiet { constructor() { this.readyState = 0; }
  send() {} close() {} }
  Quiet.CONNECTING = 0; Quiet.OPEN = 1; Quiet.CLOSING = 2; Quiet.CLOSED = 3;
  window.WebSocket = Quiet; })();"""
REPLAY = """async ([hand, had, frames]) => {
  const give = hand === "phone" ? (m) => receive(JSON.parse(m)) : (m) => onMessage({data: m});
  const next = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  for (const m of had) give(m);
  await next(); await new Promise((r) => setTimeout(r, 300)); await next();
  for (const m of frames) { give(m); await next(); }
}"""


def record(taps: int, seed: int) -> dict[str, Any]:
    """One game: every frame each phone page and the table page was handed."""
    from playwright.sync_api import sync_playwright

    rnd = random.Random(seed)
    table = companion.Table(seed)
    urls = table.wait(lambda: table.urls)
    out: dict[str, Any] = {"phones": []}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=companion.CHROMIUM, args=companion.ARGS)
        pages = [companion.open_phone(browser, url) for url in urls]
        tpage = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
        tpage.goto(table.table_url + "/")
        tpage.wait_for_function("() => document.querySelector('#seats .seat') && boardArt")
        had = [p.evaluate(HAD_PHONE) for p in pages]
        out["table"] = tpage.evaluate(HAD_TABLE)
        for p in pages:
            p.evaluate(KEEP_PHONE)
        tpage.evaluate(KEEP_TABLE)
        report = table.wait(lambda: table.reports[-1] if table.reports else None)
        for _ in range(taps):
            if report["over"]:
                break
            companion.caught_up(pages, report["seq"])
            report = table.reports[-1]
            pages[report["pending"]].evaluate(companion.TAP, rnd.randrange(1, 2**31 - 1))
            report = table.after(report["choices"])
        companion.caught_up(pages, report["seq"])
        tpage.wait_for_function(f"() => document.body.dataset.seq >= {report['table']}")
        for s, p in enumerate(pages):
            kept = [m for m in p.evaluate("window.__kept")
                    if json.loads(m).get("type") == "state"]
            out["phones"].append({"key": urls[s].split("#", 1)[1], "had": had[s],
                                  "frames": kept})
        out["table"]["frames"] = [m for m in tpage.evaluate("window.__kept")
                                  if json.loads(m).get("type") == "table"]
        browser.close()
    table.close()
    return out


def replay(browser: Any, folder: Path, hand: str, had: list[str], frames: list[str],
           fragment: str = "", board: tuple[str, str] = ("", "")) -> dict[str, float]:
    """``frames`` replayed into a fresh page served from ``folder``: per frame, the
    renderer main thread's time and, of it, layout and style (ms)."""
    size = {"width": 360, "height": 740} if hand == "phone" else {"width": 1920, "height": 1080}
    ctx = browser.new_context(viewport=size)
    page = ctx.new_page()
    start = "index.html" if hand == "phone" else "table.html"

    def serve(route: Any, _request: Any = None) -> None:
        path = route.request.url.split("page.test/", 1)[1].split("#")[0].split("?")[0]
        if board[0] and path == board[0]:  # the table page's board art, as it was sent
            route.fulfill(body=board[1], content_type="application/json")
            return
        f = folder / (path or start)
        if f.is_file():
            route.fulfill(body=f.read_bytes(),
                          content_type=mimetypes.guess_type(f.name)[0] or "text/plain")
        else:
            route.fulfill(status=404, body="")

    page.route("http://page.test/**", serve)
    page.add_init_script(NO_SOCKET)
    page.goto(f"http://page.test/{start}" + (f"#{fragment}" if fragment else ""))
    cdp = ctx.new_cdp_session(page)
    cdp.send("Performance.enable")

    def metrics() -> dict[str, float]:
        return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}

    page.evaluate(REPLAY, [hand, had, []])  # the texts and art first, not counted
    before = metrics()
    page.evaluate(REPLAY, [hand, [], frames])
    after = metrics()
    ctx.close()
    n = max(1, len(frames))
    return {k: (after[k] - before[k]) * 1000 / n
            for k in ("TaskDuration", "LayoutDuration", "RecalcStyleDuration")}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--taps", type=int, default=120, help="taps in the recorded game")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=3, help="replays of each folder")
    ap.add_argument("--other", type=Path, help="a second static folder to compare")
    args = ap.parse_args()
    if not Path(companion.CHROMIUM).exists():
        print(f"no Chromium at {companion.CHROMIUM}: nothing measured")
        return 0
    if args.other is not None and not (args.other / "app.js").is_file():
        ap.error(f"--other: no app.js in {args.other}")
    game = record(args.taps, args.seed)
    folders = [STATIC] + ([args.other] if args.other else [])
    got: dict[tuple[Path, str], list[dict[str, float]]] = {}
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=companion.CHROMIUM, args=companion.ARGS)
        for _ in range(args.rounds):
            for folder in folders:  # alternating: the machine's load moves both alike
                for seat in game["phones"]:
                    got.setdefault((folder, "phone"), []).append(replay(
                        browser, folder, "phone", seat["had"], seat["frames"], seat["key"]))
                tb = game["table"]
                got.setdefault((folder, "table"), []).append(replay(
                    browser, folder, "table", tb["msgs"], tb["frames"],
                    board=(tb["name"], tb["board"])))
        browser.close()
    frames = {"phone": sum(len(s["frames"]) for s in game["phones"]),
              "table": len(game["table"]["frames"])}
    for folder in folders:
        for hand, label in (("phone", "the five phone pages (360x740)"),
                            ("table", "the table page (1920x1080)")):
            rows = got[(folder, hand)]

            def med(key: str, rows: list[dict[str, float]] = rows) -> float:
                return statistics.median(r[key] for r in rows)

            print(f"{folder}: {label}, {frames[hand]} frames x {args.rounds} rounds: "
                  f"main thread {med('TaskDuration'):.2f} ms a frame, of it layout "
                  f"{med('LayoutDuration'):.2f} ms and style {med('RecalcStyleDuration'):.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
