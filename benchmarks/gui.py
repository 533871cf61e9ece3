"""GUI benchmark: start -> first painted frame, and scene update time per event.

    QT_QPA_PLATFORM=offscreen python benchmarks/gui.py [--games 3]

Aims: first frame under 1 s (the rule demos are read when the Learn menu first
opens, the interface texts with libyaml's parser, the phone server's libraries when
a game is first hosted); a scene update per applied choice under 4 ms at the 95th
percentile (a quarter of a 60 Hz frame). The start time is taken before Qt and the
app are imported, so it includes what a player waits for. CPU times are printed
beside the wall times: on a busy machine the wall time mostly measures the others.
"""

from __future__ import annotations

import time

T0 = time.perf_counter()
C0 = time.process_time()  # CPU time too: on a busy machine wall time mostly measures the others

import sys  # noqa: E402
from pathlib import Path as _Path  # noqa: E402

# Run as ``python benchmarks/gui.py`` from a checkout: the project root, not this folder,
# comes first on the path.
_HERE = _Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if _Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

import argparse  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    args = ap.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication, QMessageBox

    from bsg_desktop.engine import Setup
    from bsg_desktop.ui.settings import Settings
    from bsg_desktop.ui.window import MainWindow

    app = QApplication.instance() or QApplication([])
    painted: list[float] = []
    cpu: list[float] = []

    class FirstPaint(QObject):
        def eventFilter(self, obj, event):  # type: ignore[no-untyped-def]  # noqa: N802
            if event.type() == QEvent.Type.Paint and not painted:
                painted.append(time.perf_counter())
                cpu.append(time.process_time())
            return False

    with tempfile.TemporaryDirectory() as tmp:
        win = MainWindow(settings=Settings(Path(tmp) / "s.ini"), autosave_path=None,
                         animate=False)
        win.ask_unsaved = lambda: QMessageBox.StandardButton.Discard  # nobody to ask
        win.start_game(Setup(players=4), 1)
        win.controller.unlock()
        spy = FirstPaint()
        win.board_view.viewport().installEventFilter(spy)
        win.resize(1600, 1000)
        win.show()
        while not painted and time.perf_counter() - T0 < 30:
            app.processEvents()
        # offscreen platforms may not send paint events: a grab forces one real paint
        if not painted:
            win.grab()
            painted.append(time.perf_counter())
            cpu.append(time.process_time())
        print(f"start -> first painted frame: {(painted[0] - T0) * 1000:.0f} ms "
              f"(CPU {(cpu[0] - C0) * 1000:.0f} ms)")

        syncs: list[float] = []
        syncs_cpu: list[float] = []  # the same, in CPU time (robust to a busy machine)
        refreshes: list[float] = []
        rng = random.Random(7)
        for game in range(args.games):
            win.start_game(Setup(players=4 + game % 2), 100 + game)
            c = win.controller
            while c.game is not None and c.game.outcome is None:
                c.unlock()
                g = c.game
                choice = rng.choice(g.pending.options)  # type: ignore[union-attr]
                g.apply(choice)  # engine time is not the scene's: apply outside the clock
                view = c.game.view(None)  # type: ignore[union-attr]
                t, tc = time.perf_counter(), time.process_time()
                win.scene.sync(view, animate=False)
                syncs.append(time.perf_counter() - t)
                syncs_cpu.append(time.process_time() - tc)
                t = time.perf_counter()
                win.panel.show_view(view)
                refreshes.append(time.perf_counter() - t)
            c.game_finished.emit()
            if win.game_over_dialog is not None:
                win.game_over_dialog.close()

        def ms(xs: list[float], q: float) -> float:
            return sorted(xs)[min(len(xs) - 1, int(q * len(xs)))] * 1000

        print(f"scene update per event ({len(syncs)} events): mean "
              f"{statistics.mean(syncs) * 1000:.2f} ms, median {ms(syncs, 0.5):.2f} ms, "
              f"p95 {ms(syncs, 0.95):.2f} ms, max {max(syncs) * 1000:.2f} ms "
              f"(CPU: median {ms(syncs_cpu, 0.5):.2f} ms, p95 {ms(syncs_cpu, 0.95):.2f} ms)")
        print(f"decision panel update per event: mean {statistics.mean(refreshes) * 1000:.2f} "
              f"ms, p95 {ms(refreshes, 0.95):.2f} ms")
        t = time.perf_counter()
        for _ in range(5):
            win.board_view.viewport().grab()
        print(f"full board repaint at 1600x1000: {(time.perf_counter() - t) / 5 * 1000:.1f} ms")
        win.close()
        win.deleteLater()
        app.processEvents()


if __name__ == "__main__":
    main()
