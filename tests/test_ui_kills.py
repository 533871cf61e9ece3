"""Nothing lost to a kill: a hot-seat game (3 humans, 2 computers) runs in a subprocess
that is killed (kill -9 or SIGTERM) after a random number of decisions, again and
again; each time the autosave must hold the decision the game was waiting for, and
the next start's Continue must come back at exactly that decision."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bsg_desktop.ui.controller import GameController, save_summary

CHILD = Path(__file__).with_name("kill_child.py")
ROOT = CHILD.parent.parent

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")


def _state(path: Path) -> str:
    g, _kinds = GameController.read(path)
    p = g.pending
    if p is None:
        return f"S {len(g.choices)} - over 0"
    return f"S {len(g.choices)} {p.seat} {p.kind} {len(p.options)}"


def _kills(home: Path, mode: str, wanted: int, seed: int) -> int:
    """Kill the child ``wanted`` times at random moments; check each kill; how many
    kills landed in a game in progress (a finished game starts a new one)."""
    rng = random.Random(seed)
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    autosave = home / "autosave.json"
    expected: str | None = None  # what Continue must come back at
    kills = 0
    game_seed = seed
    while kills < wanted:
        sig = rng.choice([signal.SIGKILL, signal.SIGTERM])
        before = save_summary(autosave) if expected is not None else None
        proc = subprocess.Popen([sys.executable, str(CHILD), str(home), mode, str(game_seed)],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                env=env, cwd=ROOT)
        assert proc.stdout is not None
        lines: list[str] = []
        target = rng.randint(1, 25)
        seen = 0
        titled = mode != "window" or expected is None  # Continue says its title first
        for line in proc.stdout:
            lines.append(line.rstrip("\n"))
            titled = titled or line.startswith("T ")
            if line.startswith("S ") and titled:
                seen += 1
            if seen >= target or line.startswith("END"):
                break
        time.sleep(rng.random() * 0.02)
        proc.send_signal(sig)
        lines += proc.stdout.read().splitlines()
        rc = proc.wait(timeout=60)
        states = [x for x in lines if x.startswith("S ")]
        if expected is not None:
            # the first thing a continued game says is where Continue brought it back
            assert states[0] == expected, (mode, lines[:3])
            if mode == "window":
                _check_title(home, lines, before, int(expected.split()[1]))
        if "END" in lines:
            # a finished game: start over with a new one, this run is not a kill
            for p in (autosave, home / "mine.bsgx.json"):
                p.unlink(missing_ok=True)
            expected = None
            game_seed += 1
            continue
        got = _state(autosave)
        last = states[-1]
        if sig == signal.SIGTERM:
            assert rc == 0, (rc, lines[-3:])
            assert got == last  # handled between events: the last decision is saved
        else:
            assert rc == -signal.SIGKILL
            n_got, n_last = int(got.split()[1]), int(last.split()[1])
            # killed after the autosave's write, before its line was printed at most
            assert n_got in (n_last, n_last + 1), (got, last)
            if n_got == n_last:
                assert got == last
        expected = got
        kills += 1
    return kills


def _check_title(home: Path, lines: list[str], before: dict | None, n: int) -> None:
    """A continued game that has a file of the user's goes on under it: its name in the
    title, marked changed only when the game holds moves the file does not."""
    title, modified = next(x for x in lines if x.startswith("T "))[2:].rsplit("|", 1)
    mine = home / "mine.bsgx.json"
    if before is not None and before["path"] and mine.exists():
        assert mine.name in title and "unsaved" not in title, title
        held = len(json.loads(mine.read_text(encoding="utf-8"))["choices"])
        assert modified == str(int(held != n)), (title, held, n)
    else:
        assert "unsaved game" in title, title


def test_kill_9_and_sigterm_in_the_window_continue_at_the_same_decision(tmp_path: Path) -> None:
    assert _kills(tmp_path, "window", 8, seed=11) == 8


def test_kill_9_and_sigterm_of_the_controller_continue_at_the_same_decision(
        tmp_path: Path) -> None:
    assert _kills(tmp_path, "controller", 14, seed=5) == 14
