"""The pace of computer moves a person watches: from a computer's release to the next
human decision, at each Settings -> Pace.

    QT_QPA_PLATFORM=offscreen python benchmarks/pace.py [--stretches 8] [--players 3]

A solo game (seat 0 human, the others heuristic computers, the window's own release
hold of 350 ms) is played in a real offscreen window with motion on; the human answers
at once with a seeded random choice. A *stretch* is the computer moves between two
human decisions: it is timed from the first computer answer applied (its release) to
the moment the next human decision is pending. Its visible changes are the parts of
the public board its computer moves changed (`present.pace.visible_changes`); a
moment's banner counts as one more. The same games are played at every pace, so the
figures differ by the pace alone.

Aim: normal about 0.8 s per visible change, never less than a banner's reading time
after a moment; the instant row (no pace, as the tests run) is for comparison.
``held/change`` is what the schedule asked (`GameController.bot_hold`, summed over a
stretch's answers after its first); the rest of ``s/change`` is the window's own work
per move (a busy machine shows it).
"""

from __future__ import annotations

import sys
from pathlib import Path as _Path

# Run as ``python benchmarks/pace.py`` from a checkout: the project root first on the path.
_HERE = _Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if _Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

import argparse  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402


def run(pace: str, players: int, stretches: int, seed: int) -> dict[str, Any]:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from bsg_desktop.engine import Setup
    from bsg_desktop.present.moments import pick_moment
    from bsg_desktop.present.pace import visible_changes
    from bsg_desktop.ui.controller import COMPUTER, HUMAN
    from bsg_desktop.ui.settings import Settings
    from bsg_desktop.ui.window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    rng = random.Random(seed)
    # (seconds, computer moves, visible changes, seconds the schedule held the answers)
    done: list[tuple[float, int, int, float]] = []
    # the stretch so far, the public view before the next move and who decides it
    state: dict[str, Any] = {"first": None, "moves": 0, "changes": 0, "view": None,
                             "seat": None, "held": 0.0, "hold": 0.0}
    with tempfile.TemporaryDirectory() as tmp:
        win = MainWindow(settings=Settings(Path(tmp) / "s.ini"), autosave_path=None,
                         bot_delay_ms=350, animate=True, pace=pace)
        win.ask_unsaved = lambda: QMessageBox.StandardButton.Discard  # nobody to ask
        win.resize(1280, 720)
        win.show()
        c = win.controller
        c.bot_level = "heuristic"

        def applied(events: list[Any]) -> None:
            g = c.game
            assert g is not None
            after = g.view(None)
            before, state["view"] = state["view"], after
            hold, state["hold"] = state["hold"], c.bot_hold()  # the next answer's hold
            if state["seat"] not in c.bots or before is None:
                return
            if state["first"] is None:
                state["first"] = time.perf_counter()  # the stretch's first release
            else:
                state["held"] += hold  # this answer was held so long after the last move
            state["moves"] += 1
            state["changes"] += visible_changes(before, after) + (pick_moment(events) is not None)

        def pending() -> None:
            g = c.game
            state["seat"] = c.pending_seat
            if g is None or g.outcome is not None or not c.is_human(c.pending_seat):
                return
            if state["first"] is not None:
                done.append((time.perf_counter() - state["first"], state["moves"],
                             state["changes"], state["held"]))
                state.update(first=None, moves=0, changes=0, held=0.0)
            decision = g.pending

            def answer() -> None:
                if c.game is g and g.pending is decision:
                    c.choose(rng.choice(decision.options))
            QTimer.singleShot(0, answer)  # the human answers at once

        def finished() -> None:
            state.update(first=None, moves=0, changes=0, view=None, held=0.0)
            if win.game_over_dialog is not None:
                win.game_over_dialog.close()
            QTimer.singleShot(0, lambda: new_game(c.generation + seed))

        def new_game(game_seed: int) -> None:
            win.start_game(Setup(players=players), game_seed, [HUMAN] + [COMPUTER] * (players - 1))
            state["view"] = c.game.view(None) if c.game is not None else None
            pending()

        c.events_applied.connect(applied)
        c.decision_pending.connect(pending)
        c.game_finished.connect(finished)
        new_game(seed)
        limit = time.perf_counter() + 60 * 15
        while len(done) < stretches and time.perf_counter() < limit:
            app.processEvents()
            time.sleep(0.002)
        c.stop()
        win.close()
    secs = [d[0] for d in done[:stretches]]
    changes = sum(d[2] for d in done[:stretches])
    held = sum(d[3] for d in done[:stretches])
    return {"pace": pace, "stretches": len(secs), "moves": sum(d[1] for d in done[:stretches]),
            "changes": changes, "mean": statistics.mean(secs) if secs else 0.0,
            "median": statistics.median(secs) if secs else 0.0, "max": max(secs, default=0.0),
            "per_change": sum(secs) / changes if changes else 0.0,
            "held_per_change": held / changes if changes else 0.0}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stretches", type=int, default=8, help="stretches timed per pace")
    ap.add_argument("--players", type=int, default=3, choices=(3, 4, 5))
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--paces", nargs="+", default=["instant", "fast", "normal", "slow"])
    a = ap.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.pop("BSG_EXPRESS_PACE", None)  # each row names its pace itself
    print(f"solo game, {a.players} players (1 human, {a.players - 1} heuristic computers), "
          f"release hold 350 ms, {a.stretches} stretches per pace")
    print(f"{'pace':>8} {'stretches':>9} {'computer moves':>14} {'visible changes':>15} "
          f"{'release->human s: mean':>22} {'median':>6} {'max':>6} {'s/change':>8} "
          f"{'held/change':>11}")
    for pace in a.paces:
        r = run(pace, a.players, a.stretches, a.seed)
        print(f"{r['pace']:>8} {r['stretches']:>9} {r['moves']:>14} {r['changes']:>15} "
              f"{r['mean']:>22.2f} {r['median']:>6.2f} {r['max']:>6.2f} {r['per_change']:>8.2f} "
              f"{r['held_per_change']:>11.2f}",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
