"""simulate --bots / --report and league: specs, JSON, tables, and what bots are handed."""

from __future__ import annotations

import argparse
import json

import pytest

from bsg_desktop import cli, league
from bsg_desktop.engine import PlayerView
from bsg_desktop.sim import Tally, parse_spec, play_game


def test_parse_spec() -> None:
    assert parse_spec("heuristic") == {"humans": "heuristic", "cylons": "heuristic"}
    assert parse_spec("humans=strong,cylons=random") == {"humans": "strong", "cylons": "random"}
    for bad in ("humans=strong", "people=random,cylons=random", "wizard"):
        with pytest.raises(argparse.ArgumentTypeError):
            parse_spec(bad)


def test_simulate_json_names_the_bots(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["simulate", "--games", "3", "--players", "3", "--bots",
                     "humans=heuristic,cylons=random", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["bots"] == "humans=heuristic,cylons=random"
    assert out["games"] == 3 and out["errors"] == 0 and out["invariant_violations"] == 0
    lo, hi = out["human_win_rate_95"]
    assert 0 <= lo <= out["human_win_rate"] <= hi <= 1


def test_unknown_level_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        cli.main(["simulate", "--bots", "wizard"])
    assert e.value.code == 2
    assert "unknown bot level" in capsys.readouterr().err


def test_bots_are_handed_only_their_own_view(monkeypatch: pytest.MonkeyPatch) -> None:
    from bsg_desktop.bots.heuristic import HeuristicBot

    seen = []
    original = HeuristicBot.choose

    def spy(self, view, decision):
        assert isinstance(view, PlayerView)
        assert view.seat == decision.seat
        assert view.all_loyalty == ()  # the game is not over while a bot decides
        seen.append(view.seat)
        return original(self, view, decision)

    monkeypatch.setattr(HeuristicBot, "choose", spy)
    play_game(4, 3, False, True, Tally(), spec={"humans": "heuristic", "cylons": "heuristic"})
    assert len(set(seen)) == 4


def test_strong_bots_are_handed_only_their_own_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """The strong bot gets a frozen view and the decision, nothing else (no Game)."""
    from bsg_desktop.bots.strong import StrongBot
    from bsg_desktop.engine import Decision

    seen = []
    original = StrongBot.choose

    def spy(self, *args, **kwargs):
        assert not kwargs and len(args) == 2
        view, decision = args
        assert isinstance(view, PlayerView) and isinstance(decision, Decision)
        assert view.seat == decision.seat and view.all_loyalty == ()
        seen.append(view.seat)
        return original(self, view, decision)

    monkeypatch.setattr(StrongBot, "choose", spy)
    play_game(4, 5, False, False, Tally(), spec={"humans": "strong", "cylons": "strong"},
              worlds=1)
    assert len(set(seen)) == 4


def test_report_writes_balance_tables(tmp_path) -> None:
    path = tmp_path / "balance.md"
    code = cli.main(["simulate", "--games", "2", "--bots", "heuristic", "--report", str(path)])
    text = path.read_text(encoding="utf-8")
    assert code == 0
    assert "| 3 |" in text and "| 4 |" in text and "| 5 |" in text
    assert "95% interval" in text and "morale" in text


def test_league_prints_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["league", "--games", "4", "--levels", "random,heuristic", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert len(out["rows"]) == 4
    for r in out["rows"]:
        assert r["ci"][0] <= r["win_rate"] <= r["ci"][1]
        assert r["margin_ci"][0] <= r["margin_ci"][1]
    assert league.LADDER == ("random", "heuristic", "strong")


def test_league_rejects_unknown_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["league", "--games", "2", "--levels", "random,wizard"]) == 2


def test_league_rejects_a_level_named_twice(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["league", "--games", "2", "--levels", "random,heuristic,random"]) == 2
    err = capsys.readouterr().err
    assert "each level once" in err and "Traceback" not in err


def _without_timing(text: str) -> dict:
    out = json.loads(text)
    for k in ("seconds", "games_per_second"):
        out.pop(k)
    return out


def test_jobs_give_the_same_results_as_one_process(capsys: pytest.CaptureFixture[str]) -> None:
    """Every game is fixed by its seed, so splitting a run over processes changes nothing."""
    argv = ["simulate", "--games", "6", "--players", "5", "--bots", "heuristic", "--seed", "31",
            "--json"]
    assert cli.main(argv) == 0
    one = _without_timing(capsys.readouterr().out)
    assert cli.main([*argv, "--jobs", "2"]) == 0
    two = _without_timing(capsys.readouterr().out)
    assert one == two
    assert one["games"] == 6


def test_league_can_compare_one_side_against_the_stronger_level(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["league", "--games", "3", "--levels", "random,heuristic", "--side",
                     "cylons", "--opponents", "stronger", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert [(r["side"], r["opponent"]) for r in out["rows"]] == [("cylons", "heuristic")]
    assert out["side"] == "cylons"
