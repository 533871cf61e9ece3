"""The command line as a user runs it: `python -m bsg_desktop ...` in a subprocess."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from loops import bounded

from bsg_desktop.engine import Setup, new_game
from bsg_desktop.engine.save import save_game

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run([sys.executable, "-m", "bsg_desktop", *args], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=120)


def test_simulate_json_keys() -> None:
    r = run("simulate", "--games", "5", "--players", "3", "--seed", "11", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    for key in ("games", "players", "seed", "human_wins", "cylon_wins", "wins_by_condition",
                "mean_turns", "mean_decisions", "invariant_violations", "errors", "seconds",
                "games_per_second"):
        assert key in out, key
    assert set(out["wins_by_condition"]) == {"jump", "raiders", "damage", "morale"}
    assert (out["games"], out["players"], out["seed"]) == (5, 3, 11)
    assert out["human_wins"] + out["cylon_wins"] == 5
    assert sum(out["wins_by_condition"].values()) == 5
    assert out["invariant_violations"] == 0 and out["errors"] == 0


def test_simulate_is_deterministic_and_variant_runs() -> None:
    a = json.loads(run("simulate", "--games", "4", "--seed", "3", "--json",
                       "--variant", "morale").stdout)
    b = json.loads(run("simulate", "--games", "4", "--seed", "3", "--json",
                       "--variant", "morale").stdout)
    for key in ("human_wins", "wins_by_condition", "mean_turns", "mean_decisions"):
        assert a[key] == b[key]


@pytest.mark.parametrize("args", [
    ("simulate", "--players", "6"),
    ("simulate", "--games", "zero"),
    ("simulate", "--games", "0"),
    ("simulate", "--variant", "chaos"),
    ("simulate", "--bogus"),
    ("replay",),
])
def test_wrong_flags_exit_2_with_one_line(args: tuple[str, ...]) -> None:
    r = run(*args)
    assert r.returncode == 2
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "error" in lines[0], r.stderr
    assert "Traceback" not in r.stderr


def test_replay_prints_the_log(tmp_path: Path) -> None:
    g = new_game(Setup(players=4), 9)
    rng = random.Random(9)
    for _ in bounded():
        if g.outcome is not None:
            break
        g.apply(g.pending.options[rng.randrange(len(g.pending.options))])
    path = tmp_path / "game.json"
    save_game(g, path)
    r = run("replay", str(path), "--rules")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    public = [e for e in g.events if e.to is None]
    assert len(lines) == len(public)
    assert lines[0].startswith("[S1]") and lines[-1].startswith("[W")


def test_replay_of_a_broken_save_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{\"format\": ", encoding="utf-8")
    r = run("replay", str(path))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1
    assert "truncated" in r.stderr


@pytest.mark.parametrize("content", [bytes(range(256)) * 4, b'{"format": '],
                         ids=["binary", "truncated"])
def test_screenshot_of_a_bad_save_to_open_exits_2_as_replay_does(
        tmp_path: Path, content: bytes) -> None:
    bad = tmp_path / "bad.bsgx.json"
    bad.write_bytes(content)
    shot = tmp_path / "never.png"
    r = run("play", "--open", str(bad), "--screenshot", str(shot))
    assert r.returncode == 2 and r.stdout == "" and not shot.exists()
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    # the very line any command gives for that file
    assert r.stderr == run("replay", str(bad)).stderr.replace("replay:", "play:", 1)


def test_screenshot_with_open_pictures_that_saved_game(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("PySide6")
    from bsg_desktop.ui.command import screenshot
    from bsg_desktop.ui.window import MainWindow

    g = new_game(Setup(players=5), 77)
    rng = random.Random(1)
    for _ in range(30):
        g.apply(g.pending.options[rng.randrange(len(g.pending.options))])
    save = tmp_path / "kept.bsgx.json"
    save_game(g, save)
    pictured: list[tuple[int, int, list[str]]] = []
    grab = MainWindow.grab

    def look(win: MainWindow, *a: object) -> object:
        shown = win.controller.game
        assert shown is not None
        pictured.append((shown.setup.players, shown.seed, [str(c) for c in shown.choices]))
        return grab(win, *a)

    monkeypatch.setattr(MainWindow, "grab", look)
    screenshot(str(tmp_path / "kept.png"), seed=3, players=3, steps=40, size=(800, 500),
               open_file=str(save))
    assert pictured == [(5, 77, [str(c) for c in g.choices])]  # not a random 3-seat game
    assert (tmp_path / "kept.png").stat().st_size > 0


def test_a_command_whose_dependency_is_missing_is_listed_and_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import importlib

    from bsg_desktop import cli

    real = importlib.import_module

    def without_reportlab(name: str, *a: object) -> object:
        if name == "bsg_desktop.printing.command":
            raise ModuleNotFoundError("No module named 'reportlab'", name="reportlab")
        return real(name, *a)

    monkeypatch.setattr(importlib, "import_module", without_reportlab)
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    listed = " ".join(capsys.readouterr().out.split())  # argparse wraps the help
    assert "print" in listed and "needs reportlab" in listed
    assert cli.main(["print", "--out", "somewhere"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "needs reportlab" in err[0] and "-m pip install reportlab" in err[0]


def test_a_broken_cards_file_in_the_environment_does_not_stop_uninstall(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from bsg_desktop.cli import main

    broken = tmp_path / "cards.yaml"
    broken.write_text("characters: [unclosed\n", encoding="utf-8")
    monkeypatch.setenv("BSG_CARDS", str(broken))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert main(["install-desktop", "--uninstall"]) == 0
    assert capsys.readouterr().out.startswith("nothing to remove")
    # a command that reads the cards still refuses the same file, in one line
    assert main(["replay", str(tmp_path / "none.json")]) == 2
    assert "cards" in capsys.readouterr().err.lower()


@pytest.mark.parametrize("args", [
    ("simulate", "--games", "2", "--players", "3", "--report", "/"),
    ("simulate", "--games", "2", "--players", "3", "--report", "."),
    ("league", "--games", "2", "--report", "."),
    ("simulate", "--games", "2", "--players", "3", "--report", "no/such/folder/r.md"),
    ("play", "--screenshot", "/"),
])
def test_an_output_path_that_is_a_folder_is_refused_before_any_game(
        args: tuple[str, ...], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from bsg_desktop import sim
    from bsg_desktop.cli import main

    def no_games(*_a: object, **_k: object) -> object:
        raise AssertionError("a game was played before the output path was checked")

    monkeypatch.setattr(sim, "simulate", no_games)
    with pytest.raises(SystemExit) as info:
        main(list(args))
    assert info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and ("--report" in err[0] or "--screenshot" in err[0]), err
