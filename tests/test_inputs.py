"""Bad input gets one clear line, in bounded time and memory: one regression test per
finding of the input fuzzing (issue 16). Everything runs in-process through the
same loaders and the same `cli.main` a user meets."""

from __future__ import annotations

import json
import os
import pickle
import time
import tracemalloc
from pathlib import Path

import pytest
from loops import bounded

from bsg_desktop import cli
from bsg_desktop.data import load_components
from bsg_desktop.data.components import default_cards_path
from bsg_desktop.engine import Choice, Setup, new_game
from bsg_desktop.engine.save import from_json, load_game, parse_save, to_json
from bsg_desktop.engine.setup import READERS
from bsg_desktop.errors import DataError, IllegalChoiceError, SaveError, UserError
from bsg_desktop.inputs import MAX_DEPTH, json_depth
from bsg_desktop.scenario import ScenarioError, load_scenario, parse_scenario, run_file

GOOD = """\
players: 4
characters: [william_adama, lee_adama, laura_roslin, gaius_baltar]
seed: 1
state:
  loyalty: {0: not_cylon_1, 1: not_cylon_2, 2: not_cylon_3, 3: cylon_one}
  step: action
steps:
  - skip
expect:
  pending: crisis_die
  distance: 0
"""


def scenario_error(text: str) -> str:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "s.yaml").start()
    message = str(info.value)
    assert "\n" not in message and message.startswith("s.yaml:")
    return message


def with_expect(extra: str) -> str:
    return GOOD + "".join(f"  {line}\n" for line in extra.splitlines())


def test_good_file_still_passes(tmp_path: Path) -> None:
    p = tmp_path / "good.yaml"
    p.write_text(GOOD, encoding="utf-8")
    assert run_file(p) == ("PASS", "")


# ---------------------------------------------------------------- scenario YAML
def test_alias_expansion_is_refused_at_once() -> None:
    laughs = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
        for p, c in zip("abcdefgh", "bcdefghi", strict=True))
    start = time.perf_counter()
    assert "anchors (&a) are not allowed" in scenario_error(laughs)
    assert time.perf_counter() - start < 1


def test_an_alias_without_its_own_anchor_is_refused() -> None:
    assert "s.yaml:1: aliases (*x) are not allowed" in scenario_error("players: *x\n")


def test_duplicate_key_is_an_error_with_its_line() -> None:
    text = GOOD.replace("seed: 1\n", "seed: 1\nseed: 2\n")
    assert scenario_error(text) == "s.yaml:4: seed: duplicate key 'seed'"


def test_unhashable_key_is_an_error() -> None:
    assert "a key must be a plain text or number" in scenario_error("{[1]: 2}\n")


def test_deep_nesting_is_an_error() -> None:
    assert f"nested deeper than {MAX_DEPTH} levels" in scenario_error(
        "steps: " + "[" * 5000 + "]" * 5000 + "\n")


def test_a_number_of_5000_digits_is_an_error() -> None:
    assert "is too long" in scenario_error("seed: " + "9" * 5000 + "\n")


def test_players_must_be_a_whole_number() -> None:
    assert "players: expected 3, 4 or 5, got 4.0" in scenario_error(
        GOOD.replace("players: 4", "players: 4.0"))


@pytest.mark.parametrize(("extra", "expected"), [
    ("dice: {0: 5}", "expect.dice.0: expected a mapping of die states"),
    ("loyalty_count: {9: 1}", "expect.loyalty_count.9: expected a seat number from 0 to 3"),
    ("events: 5", "expect.events: expected a list of event kinds, got 5"),
    ("admiral: 7", "expect.admiral: expected a seat number from 0 to 3, got 7"),
    ("brig: [1, 4]", "expect.brig[1]: expected a seat number from 0 to 3, got 4"),
    ("winner: human", "expect.winner: expected one of humans, cylons, null"),
    ("raiders: many", "expect.raiders: expected a whole number"),
    ("damage: [bridge]", "expect.damage[0]: expected one of weapons_control"),
    ("rules: [Q99]", "expect.rules[0]: expected a rule id"),
])
def test_wrongly_typed_expectation_is_an_error(extra: str, expected: str) -> None:
    assert expected in scenario_error(with_expect(extra))


def test_misspelled_die_state_is_an_error() -> None:
    message = scenario_error(with_expect("dice: {1: {activ: 99}}"))
    assert message.startswith("s.yaml:12: expect.dice.1.activ: unknown die state 'activ'")


def test_unknown_event_in_no_events_is_an_error() -> None:
    message = scenario_error(with_expect("no_events: [fleet_jumpd]"))
    assert "expect.no_events[0]: expected an event kind" in message
    assert "'fleet_jumpd'" in message


def test_known_events_are_accepted() -> None:
    sc = parse_scenario(with_expect("no_events: [fleet_jumped]\nevents: [game_started]"))
    assert sc.expect["no_events"] == ["fleet_jumped"]


def test_seat_outside_the_game_in_state_is_an_error() -> None:
    assert "s.yaml:6: state: active: expected a seat number from 0 to 3, got 9" in \
        scenario_error(GOOD.replace("  step: action", "  active: 9\n  step: action"))


@pytest.mark.parametrize("override", [
    "dradis_monitor: [[]]", "damage: [{a: 1}]", "demoralized_pile: [[x]]", "jump_bonus: 1",
    "dice: {0: {strong: {active: 1000000000}}}", "dice: {'²': {}}", "step: [action]",
])
def test_bad_override_is_a_state_error(override: str) -> None:
    assert ": state: " in scenario_error(GOOD.replace("  step: action", f"  {override}"))


def test_one_bad_file_does_not_stop_the_run(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "a_bad.yaml"
    bad.write_text(with_expect("events: 5"), encoding="utf-8")
    good = tmp_path / "b_good.yaml"
    good.write_text(GOOD, encoding="utf-8")
    assert cli.main(["scenario", str(bad), str(good)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"ERROR {bad}"
    assert out[1].startswith(f"  {bad}:") and "expect.events" in out[1]
    assert out[2] == f"PASS {good}"


# --------------------------------------------------------------------- choices
@pytest.mark.parametrize("text", ["a1:²", "a1:1²", "contribute:" + "9" * 30, "x" * 300, "é"])
def test_bad_choice_text_is_an_illegal_choice(text: str) -> None:
    with pytest.raises(IllegalChoiceError):
        Choice.parse(text)


def test_bad_choice_text_through_apply_is_an_illegal_choice() -> None:
    g = new_game(Setup(players=4), 1)
    with pytest.raises(IllegalChoiceError):
        g.apply("a1:²")


# ----------------------------------------------------------------------- saves
def save_data(**changes: object) -> dict[str, object]:
    data = to_json(new_game(Setup(players=4), 1))
    data.update(changes)
    return data


def save_error(text: str) -> str:
    with pytest.raises(SaveError) as info:
        from_json(parse_save(text, "g.json"), "g.json")
    message = str(info.value)
    assert "\n" not in message and message.startswith("g.json")
    return message


def test_deep_json_save_is_refused_before_parsing() -> None:
    text = "[" * 100_000 + "]" * 100_000
    assert json_depth(text) == 100_000
    assert "nested deeper than" in save_error(text)


def test_json_depth_ignores_brackets_in_strings() -> None:
    assert json_depth('{"a": "[[[[{{{{", "b": ["\\"]]]"]}') == 2


def test_a_number_of_5000_digits_in_a_save_is_refused() -> None:
    text = json.dumps(save_data()).replace('"seed": 1', '"seed": ' + "1" * 5000)
    assert "is too long" in save_error(text)


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_non_finite_numbers_in_a_save_are_refused(constant: str) -> None:
    text = json.dumps(save_data()).replace('"seed": 1', f'"seed": {constant}')
    assert "not finite" in save_error(text)


@pytest.mark.parametrize("overrides", [
    {"dradis_monitor": [[]]}, {"damage": [{}]}, {"loyalty": {"0": [[]]}},
    {"dice": {"0": {"strong": {"active": [1]}}}}, {"brig": [[0]]}, {"step": {}},
])
def test_unhashable_override_values_are_refused(overrides: dict[str, object]) -> None:
    assert "g.json: " in save_error(json.dumps(save_data(overrides=overrides)))


def test_a_dice_count_of_1e9_is_refused_without_allocating() -> None:
    text = json.dumps(save_data(overrides={"dice": {"0": {"strong": {"active": 10 ** 9}}}}))
    assert len(text) < 400
    tracemalloc.start()
    start = time.perf_counter()
    try:
        assert "expected a count from 0 to 2" in save_error(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert time.perf_counter() - start < 1 and peak < 20_000_000


def test_too_many_choices_are_refused_before_replaying() -> None:
    assert "more than" in save_error(json.dumps(save_data(choices=["skip"] * 200_001)))


def test_a_bool_is_not_a_scripted_die() -> None:
    assert "whole numbers" in save_error(json.dumps(save_data(script_skill=[True])))


# ---------------------------------------------------------------- special files
def message_of(loader, path: Path) -> str:
    start = time.perf_counter()
    with pytest.raises(UserError) as info:
        loader(path)
    assert time.perf_counter() - start < 2
    return str(info.value)


@pytest.mark.parametrize("loader", [load_game, load_scenario])
def test_a_fifo_is_refused_without_blocking(tmp_path: Path, loader) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert "not a regular file" in message_of(loader, fifo)


@pytest.mark.parametrize("loader", [load_game, load_scenario])
def test_dev_zero_is_refused(loader) -> None:
    assert "not a regular file" in message_of(loader, Path("/dev/zero"))


@pytest.mark.parametrize("loader", [load_game, load_scenario])
def test_a_folder_is_refused(tmp_path: Path, loader) -> None:
    assert "is a folder" in message_of(loader, tmp_path)


def test_an_oversized_file_is_refused_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(50_000_000)  # sparse: costs no disk, and is never read
    assert "too large" in message_of(load_game, big)


def test_replay_of_a_fifo_exits_2(tmp_path: Path, capsys) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert cli.main(["replay", str(fifo)]) == 2
    assert "not a regular file" in capsys.readouterr().err


# ------------------------------------------------------------------- cards.yaml
CARDS_TEXT = default_cards_path().read_text(encoding="utf-8")


def cards_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def cards_error(tmp_path: Path, text: str) -> str:
    path = cards_file(tmp_path, text)
    with pytest.raises(DataError) as info:
        load_components(path)
    message = str(info.value)
    assert "\n" not in message and message.startswith(str(path))
    return message


def test_c3_a_cylon_card_is_known_by_its_faction_not_its_id(tmp_path: Path) -> None:
    comp = load_components(cards_file(tmp_path, CARDS_TEXT.replace("cylon_one", "boomer")))
    assert comp.is_cylon_card("boomer") and "boomer" in comp.loyalty_ids
    g = new_game(Setup(players=4), 1, comp, overrides={"loyalty": {"0": "boomer"}})
    assert g.players[0].is_cylon and g.view(0).is_cylon
    assert "a9:boomer" in {str(c) for c in legal_after_retrieval(g)}


def legal_after_retrieval(g) -> tuple[Choice, ...]:
    for _ in bounded():
        if g.pending.kind == "action":
            break
        g.apply(g.pending.options[0])
    return g.pending.options


def test_c3_the_faction_field_is_required_and_checked(tmp_path: Path) -> None:
    once = CARDS_TEXT.replace("      faction: cylon\n", "", 1)
    assert "loyalty.cylons[0].faction: missing field" in cards_error(tmp_path, once)
    human = CARDS_TEXT.replace("      faction: cylon\n", "      faction: human\n", 1)
    assert "loyalty.cylons[0].faction: expected one of cylon" in cards_error(tmp_path, human)


def test_a_cylon_card_may_not_take_a_not_cylon_id(tmp_path: Path) -> None:
    text = CARDS_TEXT.replace("id: cylon_two", "id: not_cylon_1")
    assert "loyalty.cylons[1].id: duplicate id 'not_cylon_1'" in cards_error(tmp_path, text)


def test_duplicate_card_ids_are_refused(tmp_path: Path) -> None:
    text = CARDS_TEXT.replace("id: cylon_two", "id: cylon_one")
    assert "loyalty.cylons[1].id: duplicate id 'cylon_one'" in cards_error(tmp_path, text)


def test_a_duplicate_key_in_cards_yaml_is_refused(tmp_path: Path) -> None:
    text = CARDS_TEXT.replace("  jump_max:", "  jump_max: 3\n  jump_max:", 1)
    assert "tracks.jump_max: duplicate key 'jump_max'" in cards_error(tmp_path, text)


def test_a_huge_number_in_cards_yaml_is_one_line(tmp_path: Path) -> None:
    text = CARDS_TEXT.replace("count: 8", "count: " + "8" * 5000, 1)
    assert "is too long" in cards_error(tmp_path, text)


def test_deep_nesting_in_cards_yaml_is_one_line(tmp_path: Path) -> None:
    text = CARDS_TEXT + "extra: " + "[" * 100_000 + "]" * 100_000 + "\n"
    assert "nested deeper than" in cards_error(tmp_path, text)


def test_anchors_in_cards_yaml_are_refused(tmp_path: Path) -> None:
    text = CARDS_TEXT.replace("count: 8", "count: &n 8", 1)
    assert "anchors (&n) are not allowed" in cards_error(tmp_path, text)


def test_a_cards_error_survives_a_worker_process() -> None:
    err = DataError("cards.yaml", "tracks.jump_max", "expected a whole number")
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is DataError and str(back) == str(err) and back.path == err.path


# ------------------------------------------------------------------------- CLI
def exit_code(argv: list[str]) -> int:
    try:
        return cli.main(argv)
    except SystemExit as e:  # argparse refuses a flag by exiting 2 with one line
        return int(e.code or 0)


@pytest.mark.parametrize("command", ["simulate", "league"])
@pytest.mark.parametrize("budget", ["nan", "inf", "-inf", "1e308", "0", "-1", "x"])
def test_a_budget_that_never_ends_is_refused(command: str, budget: str, capsys) -> None:
    assert exit_code([command, "--games", "1", "--budget", budget]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--budget" in err


@pytest.mark.parametrize("flags", [["--worlds", "10" * 20], ["--worlds", "1000000"],
                                   ["--jobs", "100000"], ["--jobs", "0"]])
def test_unbounded_work_flags_are_refused(flags: list[str], capsys) -> None:
    assert exit_code(["simulate", "--games", "1", *flags]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_an_invalid_cards_file_with_jobs_is_refused_before_any_worker(tmp_path: Path,
                                                                      capsys) -> None:
    bad = cards_file(tmp_path, "format: 1\n")
    start = time.perf_counter()
    assert exit_code(["simulate", "--games", "4", "--jobs", "2", "--cards", str(bad)]) == 2
    assert time.perf_counter() - start < 5
    assert "characters: missing field" in capsys.readouterr().err


def test_jobs_help_says_when_results_differ(capsys) -> None:
    for command in ("simulate", "league"):
        assert exit_code([command, "--help"]) == 0
        assert "differ between runs" in " ".join(capsys.readouterr().out.split())


def test_demo_step_without_demo_is_an_error(capsys) -> None:
    assert exit_code(["play", "--demo-step", "3", "--screenshot", "never.png"]) == 2
    assert "--demo-step needs --demo" in capsys.readouterr().err
    assert not Path("never.png").exists()


def test_a_control_character_in_yaml_is_an_error_with_its_line() -> None:
    assert scenario_error("players: 4\nseed: \x07\n") == (
        "s.yaml:2: YAML error: character U+0007 is not allowed (a control character or "
        "binary data)")


# ------------------------------------------------------------ atomic writes
def test_a_killed_save_leaves_no_temp_file_for_long(tmp_path: Path) -> None:
    from bsg_desktop.engine.save import save_game

    target = tmp_path / "game.json"
    stale = tmp_path / ".game.json.k1ll3d.tmp"
    stale.write_bytes(b"x" * 100_000)  # what a kill mid-write leaves behind
    os.utime(stale, (0, 0))
    fresh = tmp_path / ".game.json.wr1t1ng.tmp"  # another write in progress right now
    fresh.write_bytes(b"y")
    other = tmp_path / ".notes.txt.abc.tmp"  # not ours: never touched
    other.write_bytes(b"z")
    os.utime(other, (0, 0))
    save_game(new_game(Setup(players=3), 1), target)
    assert target.exists() and not stale.exists()
    assert fresh.exists() and other.exists()


def test_reading_yaml_keeps_nothing_of_the_file_once_read() -> None:
    """A long session reads many files (cards, lessons, fuzzing): none may stay held."""
    from bsg_desktop import inputs

    text = "\n".join(f"key{i}: value {i}" for i in range(200))
    for _ in range(20):
        assert inputs.load_yaml(text)["key7"] == "value 7"
    assert len(inputs._scalars.constructed_objects) == 0


NESTED = ([[]], [{}], {"0": [[]]}, {"0": {"strong": [[]]}}, [["x"]])


@pytest.mark.parametrize("key", sorted(READERS))
@pytest.mark.parametrize("value", NESTED, ids=repr)
def test_a_nested_value_in_any_override_of_a_save_is_one_line(key: str, value: object) -> None:
    text = json.dumps(save_data(overrides={key: value}))
    assert key in save_error(text)


def test_a_list_inside_loyalty_box_in_a_scenario_is_one_line() -> None:
    assert "loyalty_box" in scenario_error(GOOD.replace("  step: action\n",
                                                         "  step: action\n  loyalty_box: [[]]\n"))
