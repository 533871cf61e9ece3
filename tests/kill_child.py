"""A hot-seat game that plays itself until it is killed (the kill tests' subprocess).

``python3 tests/kill_child.py HOME MODE SEED``: MODE ``window`` runs the main window
offscreen (Continue through the start screen's path, SIGTERM through the window's
handler); ``controller`` drives the game controller alone (much faster to start). The
human seats pick random choices; computer seats think with no delay. After every
autosave one line ``S choices seat kind options`` is printed and flushed, so the
parent knows the latest decision the autosave must hold. ``T title|modified`` tells
the window's title after Continue; ``END`` a finished game.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication, QTimer  # noqa: E402

from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.ui.controller import COMPUTER, HUMAN, GameController  # noqa: E402
from bsg_desktop.ui.terminate import install_terminate_handler  # noqa: E402

KINDS = [HUMAN, COMPUTER, HUMAN, COMPUTER, HUMAN]
USER_FILE = "mine.bsgx.json"


def state(c: GameController) -> str:
    g = c.game
    assert g is not None
    p = g.pending
    if p is None:
        return f"S {len(g.choices)} - over 0"
    return f"S {len(g.choices)} {p.seat} {p.kind} {len(p.options)}"


def main() -> int:
    home, mode, seed = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    rng = random.Random(seed)
    autosave = home / "autosave.json"
    if mode == "window":
        from PySide6.QtWidgets import QApplication

        from bsg_desktop.ui.settings import Settings
        from bsg_desktop.ui.window import MainWindow

        app = QApplication(sys.argv[:1])
        win = MainWindow(settings=Settings(home / "settings.ini"), autosave_path=autosave)
        c = win.controller
        install_terminate_handler(win, win.terminate)
    else:
        app = QCoreApplication(sys.argv[:1])
        c = GameController(autosave_path=autosave)
        install_terminate_handler(c, app.quit)
    c.bot_delay_ms = 0
    plain = c.autosave

    def autosave_and_say(sync: bool = True) -> None:
        plain(sync=sync)
        if c.game is not None:
            print(state(c), flush=True)

    c.autosave = autosave_and_say  # type: ignore[method-assign]
    if autosave.exists():
        if mode == "window":
            win.offer_resume()
            assert win.resume_autosave()
            print(f"T {win.windowTitle()}|{int(win.isWindowModified())}", flush=True)
        else:
            c.load(autosave)
    elif mode == "window":
        win.start_game(Setup(players=5), seed, KINDS)
    else:
        c.start(Setup(players=5), seed, KINDS)

    def play() -> None:
        g = c.game
        if g is None or g.pending is None or g.outcome is not None:
            return
        if c.is_human(g.pending.seat):
            c.unlock()
            choice = rng.choice(g.pending.options)
            if mode == "window":
                win.choose(str(choice))
                if not win.path and len(g.choices) >= 3 and rng.random() < 0.2:
                    win.save_to(home / USER_FILE)  # Ctrl+S now and then: a game with a file
            else:
                c.choose(choice)

    def over() -> None:
        print("END", flush=True)
        app.quit()

    c.game_finished.connect(over)
    if c.game is not None and c.game.outcome is not None:  # killed as the game ended
        QTimer.singleShot(0, over)
    c.decision_pending.connect(lambda: QTimer.singleShot(0, play))
    QTimer.singleShot(0, play)
    code = int(app.exec())
    if mode == "window":
        win.terminating = True  # a finished game would ask to be saved; nobody is there
        win.close()
    else:
        c.stop()
    return code


if __name__ == "__main__":
    sys.exit(main())
