"""Screen fingerprint: proof that a change to how screens are built changed nothing shown.

    QT_QPA_PLATFORM=offscreen python benchmarks/frames.py [--games 6] > frames.txt

Hot-seat games with every seat human are played in a real (offscreen) window, the
choices picked by a seeded generator. After every step the window's frame is
recorded (every text of every widget, the board's items for the keyboard and screen
readers, the moment banner and the sound it asked for) and so is every seat's phone
frame (`companion.frames.state`, the bytes a phone is sent). One line per game gives
the number of frames and a hash over them; the last line the totals. Moving how
screens are built (the presentation layer) must leave this output byte for byte the
same as ``benchmarks/frames.txt``.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

GAMES = [(3, 11, "en"), (4, 12, "en"), (5, 13, "hu"), (3, 14, "hu"), (4, 15, "en"),
         (5, 16, "en"), (3, 17, "en"), (4, 18, "hu"), (5, 19, "en"), (3, 20, "en"),
         (4, 21, "en"), (5, 22, "hu"), (5, 23, "en")]


def _window_frame(w: Any, sounds: list[str]) -> str:
    m = w.moment
    parts = list(w.widget_texts())
    parts += w.board_view.item_texts()
    parts.append(w.board_view.accessibleDescription())
    parts.append(f"moment {m.shown_count} {m.kind} {m.headline.text()} | {m.line.text()}")
    parts.append("sounds " + ",".join(sounds))
    parts.append(f"page {w.stack.currentIndex()}")
    return "\n".join(parts)


def play(w: Any, players: int, seed: int, lang: str, limit: int) -> tuple[int, str]:
    from bsg_desktop.companion import frames
    from bsg_desktop.engine import Setup
    from bsg_desktop.i18n import set_language

    sounds: list[str] = []
    w.sound.play = sounds.append  # type: ignore[method-assign]
    w.set_language(lang)
    w.start_game(Setup(players=players), seed)
    c = w.controller
    rng = random.Random(seed)
    h = hashlib.sha256()
    n = 0

    def record() -> None:
        nonlocal n
        h.update(_window_frame(w, sounds).encode())
        n += 1
        g = c.game
        for seat in range(g.n):
            note = c.rolls.get(seat)
            h.update(frames.dumps(frames.state(w.comp, g, seat, lang, c.can_undo(seat),
                                               note)).encode())
            n += 1

    for _ in range(limit):
        g = c.game
        if g is None or g.outcome is not None:
            break
        record()
        if c.roll_to_see() is not None:
            c.acknowledge_roll()
            continue
        if c.needs_handover():
            c.unlock()
            continue
        c.choose(rng.choice(g.pending.options))
    record()
    set_language("en")
    return n, h.hexdigest()[:20]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=len(GAMES))
    ap.add_argument("--limit", type=int, default=260, help="steps per game at most")
    args = ap.parse_args(argv)
    from PySide6.QtWidgets import QApplication

    from bsg_desktop.ui.settings import Settings
    from bsg_desktop.ui.window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    total = 0
    whole = hashlib.sha256()
    with tempfile.TemporaryDirectory() as tmp:
        s = Settings(Path(tmp) / "s.ini")
        s.set_moments(True)
        w = MainWindow(settings=s, autosave_path=None, bot_delay_ms=0, animate=True)
        w.resize(1280, 720)
        w.show()
        app.processEvents()
        for players, seed, lang in GAMES[: args.games]:
            n, digest = play(w, players, seed, lang, args.limit)
            total += n
            whole.update(digest.encode())
            print(f"{players}p seed {seed} {lang}: frames {n} {digest}")
        w.controller.stop()
    print(f"total frames {total} {whole.hexdigest()[:20]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
