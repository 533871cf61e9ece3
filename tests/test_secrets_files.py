"""Files that hold secrets: replays of unfinished games, the save's warning, crash reports."""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

import pytest
from loops import bounded

from bsg_desktop import cli, crash
from bsg_desktop.engine import Game, Setup, new_game
from bsg_desktop.engine.save import save_game

ROOT = Path(__file__).resolve().parents[1]


def _played(players: int, seed: int, steps: int | None) -> Game:
    g = new_game(Setup(players=players), seed)
    rng = random.Random(seed)
    for _ in bounded():
        if g.outcome is not None or (steps is not None and len(g.choices) >= steps):
            break
        g.apply(g.pending.options[rng.randrange(len(g.pending.options))])
    return g


def test_replay_all_refused_before_the_game_is_over(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    g = _played(4, 3, steps=30)
    path = tmp_path / "unfinished.json"
    save_game(g, path)
    assert cli.main(["replay", str(path), "--all"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and "--all" in err
    cards = {c for p in g.players for c in p.loyalty}
    assert not any(c in err for c in cards)
    assert cli.main(["replay", str(path)]) == 0  # the public log is still there
    capsys.readouterr()


def test_replay_all_shows_every_secret_once_the_game_is_over(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    g = _played(4, 3, steps=None)
    path = tmp_path / "finished.json"
    save_game(g, path)
    assert cli.main(["replay", str(path), "--all"]) == 0
    out, _ = capsys.readouterr()
    assert len(out.strip().splitlines()) == len(g.events)


def test_readme_and_save_dialog_say_a_save_holds_every_secret() -> None:
    from bsg_desktop.i18n import tr

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "holds every secret" in readme
    for lang in ("en", "hu"):
        note = tr("ui.save.secrets", lang)
        assert note != "ui.save.secrets" and len(note) > 40


# ------------------------------------------------------------------ crash reports


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's data folder in tmp_path, with and without a running Qt application."""
    home = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    monkeypatch.setenv("APPDATA", str(home))
    monkeypatch.setattr(crash, "_qt_data_dir", lambda: None)
    if sys.platform == "darwin":
        monkeypatch.setenv("HOME", str(tmp_path))
    return home


def _crash(monkeypatch: pytest.MonkeyPatch, capsys) -> str:  # type: ignore[no-untyped-def]
    import bsg_desktop.replay as replay

    def boom(_args: object) -> int:
        raise RuntimeError("a bug")

    monkeypatch.setattr(replay, "run", boom)
    assert cli.main(["replay", "x.json"]) == 1
    err: str = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    return err


@pytest.mark.skipif(not hasattr(os, "symlink") or sys.platform == "win32",
                    reason="symlinks need a POSIX system")
def test_crash_report_in_the_data_folder_never_through_a_planted_link(
        tmp_path: Path, data_home: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    shared = tmp_path / "tmp"
    shared.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(shared))
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    (shared / "bsg-express-crash.txt").symlink_to(victim)  # the old fixed name
    err = _crash(monkeypatch, capsys)
    assert victim.read_text(encoding="utf-8") == "precious"
    [report] = (data_home / crash.ORGANIZATION / crash.APPLICATION / "crash-reports").iterdir()
    assert str(report) in err and "RuntimeError: a bug" in report.read_text(encoding="utf-8")
    assert report.stat().st_mode & 0o077 == 0  # the user's own


@pytest.mark.skipif(not hasattr(os, "symlink") or sys.platform == "win32",
                    reason="symlinks need a POSIX system")
def test_crash_report_file_is_created_exclusively(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    link = tmp_path / "crash-link.txt"
    link.symlink_to(victim)
    with pytest.raises(FileExistsError):
        crash.create_exclusive(link)
    dangling = tmp_path / "crash-dangling.txt"
    dangling.symlink_to(tmp_path / "nowhere.txt")
    with pytest.raises(FileExistsError):
        crash.create_exclusive(dangling)
    assert victim.read_text(encoding="utf-8") == "precious"
    assert not (tmp_path / "nowhere.txt").exists()


def test_crash_reports_keep_the_last_few(tmp_path: Path) -> None:
    made = [crash.write_crash_report(f"report {i}", folder=tmp_path, keep=3) for i in range(7)]
    kept = sorted((tmp_path / "crash-reports").iterdir())
    assert len(kept) == 3 and made[-1] in kept


def test_crash_folder_with_a_window_is_qt_app_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   qapp) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = qapp  # the tests' one QApplication (a bare QCoreApplication would forbid it)
    org, name = app.organizationName(), app.applicationName()
    app.setOrganizationName(crash.ORGANIZATION)  # as ui/command.py names the window's app
    app.setApplicationName(crash.APPLICATION)
    try:
        got = crash.data_dir()
        assert got == crash._qt_data_dir() and str(got).startswith(str(tmp_path))
        if sys.platform.startswith("linux"):
            assert got == crash.platform_data_dir()  # one folder with or without a window
    finally:
        app.setOrganizationName(org)
        app.setApplicationName(name)
