"""Long runs as a user meets them: a live bar on a terminal, clean output elsewhere,
Ctrl+C that keeps what is done, and reports that come with pictures."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from loops import bounded
from PIL import Image

from bsg_desktop import charts, cli

ROOT = Path(__file__).resolve().parents[1]


def _env() -> dict[str, str]:
    return dict(os.environ, QT_QPA_PLATFORM="offscreen", TERM="xterm", COLUMNS="100",
                PYTHONPATH=str(ROOT))


def _default_sigint() -> None:
    """Ctrl+C as a terminal delivers it: an ignored SIGINT is inherited, and a test
    before this one in the same pytest process may have left it ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Terminal:
    """A pseudo-terminal on the command's standard error, read all the time by a thread
    (a terminal nobody reads fills up and blocks the writer, as a real one would not)."""

    def __init__(self, *args: str) -> None:
        master, slave = os.openpty()
        self.master = master
        self.proc = subprocess.Popen([sys.executable, "-m", "bsg_desktop", *args], cwd=ROOT,
                                     env=_env(), stdin=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=slave,
                                     start_new_session=True, preexec_fn=_default_sigint)
        os.close(slave)
        self._seen = b""
        self._lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        for _ in bounded():
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # the command ended and closed its side
                return
            if not chunk:
                return
            with self._lock:
                self._seen += chunk

    @property
    def screen(self) -> str:
        with self._lock:
            return self._seen.decode("utf-8", "replace")

    def wait_for(self, pattern: str, seconds: float) -> bool:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if re.search(pattern, self.screen):
                return True
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        return bool(re.search(pattern, self.screen))

    def finish(self, seconds: float) -> str:
        """Wait for the command to end; its standard output."""
        try:
            out, _ = self.proc.communicate(timeout=seconds)
        finally:
            if self.proc.poll() is None:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
            self._reader.join(5)
            os.close(self.master)
        return out.decode()


RUNNING = r"\b[1-9][\d,]*/[\d,]+"  # the bar once at least one game is done


def test_simulate_on_a_terminal_shows_a_progress_bar() -> None:
    term = Terminal("simulate", "--games", "300", "--players", "3")
    out = term.finish(180)
    assert term.proc.returncode == 0
    assert "300/300" in term.screen  # done/total
    assert "games/s" in term.screen  # the rate
    assert "━" in term.screen  # the bar itself
    assert "300 games, 3 players" in out  # the results are untouched, on stdout


def test_print_on_a_terminal_counts_its_files(tmp_path: Path) -> None:
    term = Terminal("print", "--out", str(tmp_path), "--exports")
    out = term.finish(180)
    assert term.proc.returncode == 0
    assert "8/8" in term.screen and "files/s" in term.screen  # cover, 5 PDFs, README, exports
    assert "BSG_Express_Start.pdf" in out  # the written files, on stdout as before


def test_off_a_terminal_nothing_is_drawn_and_json_is_pure() -> None:
    r = subprocess.run([sys.executable, "-m", "bsg_desktop", "simulate", "--games", "20",
                        "--players", "4", "--json"], cwd=ROOT, env=_env(),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    out = json.loads(r.stdout)  # the whole of standard output is one JSON object
    assert out["games"] == 20 and out["partial"] is False


def test_json_on_a_terminal_draws_no_bar() -> None:
    term = Terminal("simulate", "--games", "40", "--players", "3", "--json")
    out = term.finish(120)
    assert term.proc.returncode == 0
    assert "games/s" not in term.screen and "━" not in term.screen
    assert json.loads(out)["games"] == 40


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
    term = Terminal("simulate", "--games", "200000", "--players", "3", "--jobs", "2",
                    "--no-check")
    assert term.wait_for(RUNNING, 120), term.screen[-500:]
    term.proc.send_signal(signal.SIGINT)  # what Ctrl+C sends
    out = term.finish(120)
    assert term.proc.returncode == 130, out
    assert "Traceback" not in term.screen and "Traceback" not in out
    m = re.search(r"interrupted: the (\d+) games finished before Ctrl\+C", out)
    assert m and 0 < int(m.group(1)) < 200000, out
    assert f"{m.group(1)} games, 3 players" in out  # the partial results themselves
    assert _group_gone(term.proc.pid), "a worker process outlived the run"


def test_kill_stops_the_workers_too() -> None:
    term = Terminal("simulate", "--games", "200000", "--players", "3", "--jobs", "2",
                    "--no-check")
    assert term.wait_for(RUNNING, 120), term.screen[-500:]
    term.proc.terminate()  # SIGTERM to the parent alone, as `kill PID` sends it
    out = term.finish(120)
    assert "interrupted:" in out
    assert _group_gone(term.proc.pid), "a worker process outlived the run"


def test_ctrl_c_in_a_league_keeps_the_finished_comparisons() -> None:
    term = Terminal("league", "--games", "200000", "--levels", "random,heuristic",
                    "--side", "cylons", "--opponents", "stronger", "--json")
    time.sleep(2)  # --json draws no bar, so give it time to play some games
    term.proc.send_signal(signal.SIGINT)
    out = term.finish(120)
    assert term.proc.returncode == 130
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
