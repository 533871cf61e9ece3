"""Long runs as a user meets them: a live bar on a terminal, clean output elsewhere,
Ctrl+C that keeps what is done, and reports that come with pictures."""

from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PIL import Image

from bsg_desktop import charts, cli

ROOT = Path(__file__).resolve().parents[1]


def _env() -> dict[str, str]:
    return dict(os.environ, QT_QPA_PLATFORM="offscreen", TERM="xterm", COLUMNS="100",
                PYTHONPATH=str(ROOT))


def _start_on_pty(*args: str) -> tuple[subprocess.Popen[bytes], int]:
    """The command with standard error on a pseudo-terminal, as in a terminal window;
    standard output stays a pipe, so the results can be read apart from the bar."""
    master, slave = os.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "bsg_desktop", *args], cwd=ROOT,
                            env=_env(), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=slave, start_new_session=True)
    os.close(slave)
    return proc, master


def _read_until(master: int, pattern: str, seconds: float) -> str:
    """What the terminal showed, up to the first match of ``pattern`` (or the time limit)."""
    seen = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        ready, _, _ = select.select([master], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the other side closed: the command ended
                break
            if not chunk:
                break
            seen += chunk
            if re.search(pattern, seen.decode("utf-8", "replace")):
                break
    return seen.decode("utf-8", "replace")


def test_simulate_on_a_terminal_shows_a_progress_bar() -> None:
    proc, master = _start_on_pty("simulate", "--games", "300", "--players", "3")
    try:
        screen = _read_until(master, r"300/300", 120)
        out, _ = proc.communicate(timeout=120)
    finally:
        os.close(master)
    assert proc.returncode == 0
    assert "300/300" in screen  # done/total
    assert "games/s" in screen  # the rate
    assert "━" in screen  # the bar itself
    assert "300 games, 3 players" in out.decode()  # the results are untouched, on stdout


def test_print_on_a_terminal_counts_its_files(tmp_path: Path) -> None:
    proc, master = _start_on_pty("print", "--out", str(tmp_path), "--exports")
    try:
        screen = _read_until(master, r"8/8", 180)
        out, _ = proc.communicate(timeout=180)
    finally:
        os.close(master)
    assert proc.returncode == 0
    assert "8/8" in screen and "files/s" in screen  # cover, 5 PDFs, README, the exports
    assert "BSG_Express_Start.pdf" in out.decode()  # the written files, on stdout as before


def test_off_a_terminal_nothing_is_drawn_and_json_is_pure() -> None:
    r = subprocess.run([sys.executable, "-m", "bsg_desktop", "simulate", "--games", "20",
                        "--players", "4", "--json"], cwd=ROOT, env=_env(),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    out = json.loads(r.stdout)  # the whole of standard output is one JSON object
    assert out["games"] == 20 and out["partial"] is False


def test_json_on_a_terminal_draws_no_bar() -> None:
    proc, master = _start_on_pty("simulate", "--games", "40", "--players", "3", "--json")
    try:
        out, _ = proc.communicate(timeout=120)
        screen = _read_until(master, r"$^", 1)
    finally:
        os.close(master)
    assert proc.returncode == 0
    assert "games/s" not in screen and "━" not in screen
    assert json.loads(out)["games"] == 40


def _interrupt_when_running(proc: subprocess.Popen[bytes], master: int) -> None:
    """Send Ctrl+C's signal once at least one game is done (the bar says so)."""
    screen = _read_until(master, r"\b[1-9][\d,]*/[\d,]+", 120)
    assert re.search(r"\b[1-9][\d,]*/[\d,]+", screen), screen[-500:]
    proc.send_signal(signal.SIGINT)


def _group_gone(pgid: int, seconds: float = 10) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


def test_ctrl_c_stops_both_workers_and_reports_the_games_so_far() -> None:
    proc, master = _start_on_pty("simulate", "--games", "200000", "--players", "3",
                                 "--jobs", "2", "--no-check")
    try:
        _interrupt_when_running(proc, master)
        out, _ = proc.communicate(timeout=60)
        screen = _read_until(master, r"$^", 1)
    finally:
        os.close(master)
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    text = out.decode()
    assert proc.returncode == 130, text
    assert "Traceback" not in screen and "Traceback" not in text
    m = re.search(r"interrupted: the (\d+) games finished before Ctrl\+C", text)
    assert m and 0 < int(m.group(1)) < 200000, text
    assert f"{m.group(1)} games, 3 players" in text  # the partial results themselves
    assert _group_gone(proc.pid), "a worker process outlived the run"


def test_kill_stops_the_workers_too() -> None:
    proc, master = _start_on_pty("simulate", "--games", "200000", "--players", "3",
                                 "--jobs", "2", "--no-check")
    try:
        screen = _read_until(master, r"\b[1-9][\d,]*/[\d,]+", 120)
        assert re.search(r"\b[1-9][\d,]*/[\d,]+", screen), screen[-500:]
        proc.terminate()  # SIGTERM to the parent alone, as `kill PID` sends it
        out, _ = proc.communicate(timeout=60)
    finally:
        os.close(master)
    assert "interrupted:" in out.decode()
    assert _group_gone(proc.pid), "a worker process outlived the run"


def test_ctrl_c_in_a_league_keeps_the_finished_comparisons() -> None:
    proc, master = _start_on_pty("league", "--games", "200000", "--levels", "random,heuristic",
                                 "--side", "cylons", "--opponents", "stronger", "--json")
    try:
        time.sleep(2)  # --json draws no bar, so give it time to play some games
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=60)
    finally:
        os.close(master)
    assert proc.returncode == 130
    result = json.loads(out)
    assert result["partial"] is True and result["ladder_holds"] is False


def _check_png(path: Path) -> None:
    assert path.is_file(), path
    with Image.open(path) as im:
        assert im.format == "PNG"
        assert im.width >= 400 and im.height >= 250
        colours = im.convert("RGB").getcolors(maxcolors=1 << 16)
        assert colours is None or len(colours) > 20  # drawn on, not a blank canvas


def test_simulate_report_writes_and_links_its_charts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "balance.md"
    assert cli.main(["simulate", "--games", "30", "--report", str(report)]) == 0
    capsys.readouterr()
    text = report.read_text(encoding="utf-8")
    for name in ("winrate", "endings", "length", "tracks"):
        png = tmp_path / f"balance-{name}.png"
        _check_png(png)
        assert f"]({png.name})" in text  # linked relative to the report, so it travels


def test_league_report_has_a_chart_of_the_margins(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "league.md"
    assert cli.main(["league", "--games", "4", "--levels", "random,heuristic",
                     "--report", str(report)]) == 0
    capsys.readouterr()
    _check_png(tmp_path / "league-margins.png")
    assert "heuristic" in report.read_text(encoding="utf-8")


def test_without_matplotlib_the_report_says_how_to_get_charts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    report = tmp_path / "r.md"
    assert cli.main(["simulate", "--games", "5", "--report", str(report)]) == 0
    capsys.readouterr()
    assert charts.INSTALL_HINT in report.read_text(encoding="utf-8")
    assert not list(tmp_path.glob("*.png"))


def test_track_means_start_where_setup_puts_the_tracks(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--games", "10", "--players", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    first = out["mean_tracks_by_turn"][0]
    assert first["games"] == 10
    assert (first["distance"], first["jump"], first["damage"], first["demoralized"]) == (0,) * 4
    assert sum(out["turns_histogram"].values()) == 10
