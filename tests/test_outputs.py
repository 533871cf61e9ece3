"""Output files on a full disk (issue #46, 5): ``--screenshot`` over an existing PNG and
``--report`` over an existing report (its Markdown and four charts) leave the old files
exactly as they were, say so in one line, and leave no temp file behind.

The full disk is simulated two ways, neither of them a real one: a file size limit
(RLIMIT_FSIZE) on the command's process, which makes the kernel refuse a write past it
whichever code writes (Qt's PNG writer, matplotlib, Python's own files), and a write
that raises ENOSPC, patched in the test's own process.
"""

from __future__ import annotations

import errno
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bsg_desktop import outputs
from bsg_desktop.cli import main

ROOT = Path(__file__).resolve().parents[1]
CHARTS = ("winrate", "endings", "length", "tracks")


def limited(*args: str, max_bytes: int) -> subprocess.CompletedProcess[str]:
    """The command in a process that may write no file past ``max_bytes``."""

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a refused write, not a killed process
        resource.setrlimit(resource.RLIMIT_FSIZE, (max_bytes, max_bytes))

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run([sys.executable, "-m", "bsg_desktop", *args], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=300, preexec_fn=limit)


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def report_args(path: Path, seed: int) -> list[str]:
    return ["simulate", "--games", "1", "--bots", "random", "--seed", str(seed),
            "--report", str(path)]


@pytest.fixture()
def old_report(tmp_path: Path) -> Path:
    """A report written by an earlier run: the Markdown and its four charts."""
    report = tmp_path / "r.md"
    assert main(report_args(report, 1)) == 0
    assert sorted(files(tmp_path)) == sorted(["r.md", *(f"r-{c}.png" for c in CHARTS)])
    return report


def test_a_report_on_a_full_disk_leaves_the_old_report_whole(old_report: Path) -> None:
    before = files(old_report.parent)
    r = limited(*report_args(old_report, 2), max_bytes=10_000)  # each chart is ~20 kB
    assert r.returncode == 2, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "--report: cannot write" in lines[0] and \
        "File too large" in lines[0], r.stderr
    assert files(old_report.parent) == before  # no chart cut short, no mix, no temp file


def test_a_screenshot_on_a_full_disk_leaves_the_old_picture_whole(tmp_path: Path) -> None:
    shot = tmp_path / "s.png"
    old = b"\x89PNG\r\n\x1a\n" + b"an earlier picture" * 10
    shot.write_bytes(old)
    r = limited("play", "--screenshot", str(shot), "--steps", "0", "--size", "640x400",
                max_bytes=len(old) + 1000)  # the new picture is far larger
    assert r.returncode == 2, r.stderr
    assert r.stderr.strip().splitlines() == [
        f"bsg-express play: error: cannot write {shot}: File too large"]
    assert files(tmp_path) == {"s.png": old}


def test_no_space_left_midway_through_a_report_keeps_every_old_file(
        old_report: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    before = files(old_report.parent)
    real_write = os.write
    written: list[int] = []

    def write(fd: int, data: bytes) -> int:
        if len(written) == 2:  # two charts went down; the disk is full at the third
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written.append(fd)
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", write)
    assert main(report_args(old_report, 2)) == 2
    monkeypatch.undo()
    err = capsys.readouterr().err
    assert err == (f"bsg-express simulate: error: --report: cannot write "
                   f"{old_report.parent / 'r-length.png'}: No space left on device\n")
    assert files(old_report.parent) == before


def test_a_report_that_is_written_replaces_every_file_and_keeps_the_mode(
        old_report: Path) -> None:
    before = files(old_report.parent)
    old_report.chmod(0o640)
    assert main(report_args(old_report, 2)) == 0
    after = files(old_report.parent)
    assert sorted(after) == sorted(before) and after["r.md"] != before["r.md"]  # seed 2
    assert not any(name.startswith(".") for name in after)  # no temp file left
    assert old_report.stat().st_mode & 0o777 == 0o640
    assert (old_report.parent / "r-winrate.png").stat().st_mode & 0o777 == \
        0o666 & ~_umask()


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def test_an_output_set_left_by_an_error_removes_its_temp_files(tmp_path: Path) -> None:
    target = tmp_path / "a.txt"
    target.write_bytes(b"old")
    with pytest.raises(KeyError), outputs.Outputs("--report") as out:
        out.add(target, b"new")
        out.add(tmp_path / "b.txt", b"new b")
        raise KeyError("a bug halfway through")
    assert files(tmp_path) == {"a.txt": b"old"}


def test_a_fifo_beside_a_report_is_refused_not_replaced(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "r-winrate.png")
    with pytest.raises(outputs.UserError, match="not a regular file"), \
            outputs.Outputs("--report") as out:
        out.add(tmp_path / "r-winrate.png", b"png")
    assert (tmp_path / "r-winrate.png").is_fifo() and len(files_or_fifos(tmp_path)) == 1


def files_or_fifos(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())
