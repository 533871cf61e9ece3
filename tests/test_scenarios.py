"""Scenario files: the shipped demos pass, teach in both languages, cover every rule
group, step forward and back deterministically; the runner reports errors with
file, line and what was expected; the CLI exit codes are 0, 1 and 2.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from bsg_desktop.engine.invariants import violations
from bsg_desktop.rules import rule_ids
from bsg_desktop.scenario import ScenarioError, load_scenario, parse_scenario, run_file

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
DEMOS = sorted((SCENARIOS / "demos").glob("*.yaml"))
# every shipped scenario except scenarios/pending/ (engine disagreements, see its files)
SHIPPED = sorted(p for p in SCENARIOS.rglob("*.yaml") if "pending" not in p.parts)
GROUPS = "WSDTABKJLYVXI"


def _id(p: Path) -> str:
    return p.stem


def test_demos_are_shipped():
    assert len(DEMOS) >= len(GROUPS)


@pytest.mark.parametrize("path", SHIPPED, ids=_id)
def test_shipped_scenario_passes(path):
    status, detail = run_file(path)
    assert (status, detail) == ("PASS", "")


def _bilingual(value, where):
    assert isinstance(value, dict), f"{where}: expected {{en: ..., hu: ...}}"
    for lang in ("en", "hu"):
        text = value.get(lang)
        assert isinstance(text, str) and text.strip(), f"{where}.{lang} is missing"


@pytest.mark.parametrize("path", DEMOS, ids=_id)
def test_demo_teaches_in_english_and_hungarian(path):
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    _bilingual(raw.get("title"), "title")
    _bilingual(raw.get("intro"), "intro")
    steps = raw.get("steps") or []
    assert steps, "a demo has at least one step"
    for i, step in enumerate(steps):
        assert isinstance(step, dict) and "say" in step, f"steps[{i}] has no say"
        _bilingual(step["say"], f"steps[{i}].say")
    assert raw.get("expect"), "a demo checks its point"


@pytest.mark.parametrize("path", DEMOS, ids=_id)
def test_demo_cites_known_rules(path):
    sc = load_scenario(path)
    known = set(rule_ids())
    assert sc.rules, "a demo names the rules it shows"
    assert set(sc.rules) <= known, f"unknown rule ids: {sorted(set(sc.rules) - known)}"
    for rule in sc.expect.get("rules", []) or []:
        assert rule in known


def test_every_rule_group_has_a_demo():
    covered = {r[0] for p in DEMOS for r in load_scenario(p).rules}
    missing = [g for g in GROUPS if g not in covered]
    assert not missing, f"no demo for rule groups {missing}"


def test_k9_rulebook_example_demo_exists():
    k9 = [p for p in DEMOS if "K9" in load_scenario(p).rules]
    assert k9, "the rulebook's own example (K9) must ship as a demo"
    assert run_file(k9[0]) == ("PASS", "")


@pytest.mark.parametrize("path", DEMOS, ids=_id)
def test_demo_steps_forward_and_back_deterministically(path):
    """sc.play(k) (what Back does) equals applying the steps one at a time (Forward)."""
    sc = load_scenario(path)
    g = sc.start()
    assert g.view(None) == sc.play(0).view(None)
    for k, step in enumerate(sc.steps, start=1):
        g.apply(step.choice)
        assert violations(g) == [], f"after step {k}"
        assert g.view(None) == sc.play(k).view(None), f"after step {k}"
    assert g.view(None) == sc.play().view(None)


# ------------------------------------------------------------ runner errors
GOOD = """\
title: {en: "A", hu: "B"}
players: 4
characters: [william_adama, lee_adama, laura_roslin, gaius_baltar]
seed: 1
state:
  loyalty: {0: not_cylon_1, 1: not_cylon_2, 2: not_cylon_3, 3: cylon_one}
  active: 0
  step: action
steps:
  - skip
expect:
  pending: crisis_die
  distance: 0
"""


def _write(tmp_path, text, name="s.yaml"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_runner_passes_a_good_file(tmp_path):
    assert run_file(_write(tmp_path, GOOD)) == ("PASS", "")


def test_yaml_error_reports_file_and_line(tmp_path):
    bad = GOOD.replace("seed: 1", "seed: [1")
    p = _write(tmp_path, bad)
    status, detail = run_file(p)
    assert status == "ERROR"
    assert detail.startswith(f"{p}:")
    assert "YAML error" in detail
    line = int(detail[len(str(p)) + 1:].split(":", 1)[0])
    assert 4 <= line <= 6  # at or just after the broken line 4


def test_unknown_top_key_reports_its_line(tmp_path):
    p = _write(tmp_path, GOOD.replace("seed: 1\n", "seed: 1\ncolour: red\n"))
    status, detail = run_file(p)
    assert status == "ERROR"
    assert detail.startswith(f"{p}:5: colour: unknown key; expected one of title")


def test_unknown_expectation_reports_its_line(tmp_path):
    p = _write(tmp_path, GOOD.replace("  distance: 0\n", "  distanse: 0\n"))
    status, detail = run_file(p)
    assert status == "ERROR"
    assert detail.startswith(f"{p}:13: expect.distanse: unknown expectation")


def test_wrong_type_value_is_an_error(tmp_path):
    p = _write(tmp_path, GOOD.replace("players: 4", "players: 7"))
    assert run_file(p) == ("ERROR", f"{p}:2: players: expected 3, 4 or 5, got 7")


def test_wrong_characters_are_reported_at_their_own_line(tmp_path):
    p = _write(tmp_path, GOOD.replace("gaius_baltar]", "lee_adama]"))
    status, detail = run_file(p)
    assert status == "ERROR"
    assert detail.startswith(f"{p}:3: characters: expected 4 different ids from: william_adama")


def test_unknown_state_override_is_an_error(tmp_path):
    p = _write(tmp_path, GOOD.replace("  active: 0\n", "  actve: 0\n"))
    status, detail = run_file(p)
    assert status == "ERROR"
    assert detail.startswith(f"{p}:6: state: unknown override 'actve'")


def test_bad_skill_die_value_is_an_error(tmp_path):
    p = _write(tmp_path, GOOD.replace("seed: 1\n", "seed: 1\ndice: {skill: [5]}\n"))
    status, detail = run_file(p)
    assert status == "ERROR"
    assert "dice.skill[0]: expected a skill die value (-2, -1, 1, 2, 3, 4), got 5" in detail


def test_illegal_step_fails_with_line_and_legal_choices(tmp_path):
    p = _write(tmp_path, GOOD.replace("  - skip\n", "  - join\n"))
    status, detail = run_file(p)
    assert status == "FAIL"
    assert detail.startswith(f"{p}:10: step 1 (join): join is not a legal choice now; legal: skip")
    assert detail.endswith("is applied on its own and is not a step)")


def test_wrong_expected_value_fails_with_expected_and_actual(tmp_path):
    p = _write(tmp_path, GOOD.replace("  distance: 0", "  distance: 5"))
    assert run_file(p) == ("FAIL", "expected distance 5, got 0")


def test_missing_event_fails_in_words(tmp_path):
    p = _write(tmp_path, GOOD + "  events: [fleet_jumped]\n")
    status, detail = run_file(p)
    assert status == "FAIL"
    assert detail.startswith("expected event 'fleet_jumped' (in order)")


def test_uncited_rule_fails_in_words(tmp_path):
    p = _write(tmp_path, GOOD + "  rules: [W1]\n")
    assert run_file(p) == ("FAIL", "expected rule W1 to be applied, but no event cites it")


def test_missing_file_is_an_error(tmp_path):
    status, detail = run_file(tmp_path / "nope.yaml")
    assert status == "ERROR" and detail.endswith("nope.yaml: no such file")


def test_parse_error_is_a_scenario_error_not_a_traceback():
    with pytest.raises(ScenarioError, match=r"^x\.yaml:1: steps: expected a list"):
        parse_scenario("steps: 3\n", "x.yaml")


# ------------------------------------------------------------------- CLI
def _cli(*files):
    return subprocess.run([sys.executable, "-m", "bsg_desktop", "scenario", *map(str, files)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_cli_exit_codes(tmp_path):
    good = _write(tmp_path, GOOD, "good.yaml")
    failing = _write(tmp_path, GOOD.replace("  distance: 0", "  distance: 5"), "fail.yaml")
    invalid = _write(tmp_path, GOOD.replace("players: 4", "players: 7"), "bad.yaml")

    r = _cli(good, *DEMOS[:2])
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.splitlines()[0] == f"PASS {good}"

    r = _cli(good, failing)
    assert r.returncode == 1
    assert f"FAIL {failing}: expected distance 5, got 0" in r.stdout

    r = _cli(good, failing, invalid)
    assert r.returncode == 2
    assert f"ERROR {invalid}" in r.stdout
    assert "players: expected 3, 4 or 5" in r.stdout
    assert "Traceback" not in r.stdout + r.stderr


RULES_QUESTION = """\
players: 4
characters: [william_adama, lee_adama, laura_roslin, gaius_baltar]
seed: 1
state:
  loyalty: {0: not_cylon_1, 1: not_cylon_2, 2: not_cylon_3, 3: not_cylon_4}
  loyalty_box: [cylon_two, cylon_three, cylon_six]
  dradis_monitor: [raider, raider]
  dradis_pile: [ship, ship]
  damage_pile: [armory, press_room]
  active: 0
  step: crisis
dice:
  crisis: ["dradis/4/2/jump", "attack/4/1/jump"]
steps: [crisis:0, pass, pass, pass, pass]
expect:
  pending: k8_penalty
  dradis_drawn: [ship]
  dradis_pile: {size: 11}
  damage_pile: {size: 6, top: [armory, press_room]}
  demoralized_pile: {size: 5}
  loyalty_deck: {size: 4}
  loyalty_box: [cylon_six, cylon_three, cylon_two, not_cylon_8]
  check_total: 0
  event_count: {passed: 4, dradis_placed: 1, ship_destroyed: 1}
  event_data:
    - {kind: crisis_chosen, face: dradis/4/2/jump}
    - {kind: dradis_placed, rule: K7, marker: ship, raiders: 2, ships: 1}
  dice_by_kind: {0: {strong: {active: 2}, weak: {active: 2, spent: 0}}}
  offered: ["penalty:damage", "penalty:demoralize"]
  not_offered: [a5, "penalty:none"]
"""


def test_expect_states_piles_loyalty_totals_counts_data_kinds_and_options(tmp_path):
    assert run_file(_write(tmp_path, RULES_QUESTION)) == ("PASS", "")
    deck = load_scenario(_write(tmp_path, RULES_QUESTION)).start().loyalty_deck
    assert "cylon_one" in deck  # the one Cylon card not fixed in the box


@pytest.mark.parametrize(("change", "problem"), [
    ("dradis_drawn: [ship]", "expected dradis_drawn ['ship', 'ship'], got ['ship']"),
    ("dradis_pile: {size: 11}", "expected dradis_pile to hold 3, got 11"),
    ("damage_pile: {size: 6, top: [armory, press_room]}",
     "expected the top of damage_pile to be ['press_room'], got ['armory']"),
    ("check_total: 0", "expected check_total 2, got 0"),
    ("event_count: {passed: 4, dradis_placed: 1, ship_destroyed: 1}",
     "expected 3 'passed' event(s), got 4"),
    ("    - {kind: dradis_placed, rule: K7, marker: ship, raiders: 2, ships: 1}",
     "expected an event {'kind': 'dradis_placed', 'marker': 'raider'} (in order)"),
    ("dice_by_kind: {0: {strong: {active: 2}, weak: {active: 2, spent: 0}}}",
     "expected seat 0 to have 1 spent weak dice, got 0"),
    ('not_offered: [a5, "penalty:none"]', "expected penalty:damage not to be offered"),
])
def test_expect_new_keys_fail_in_words(tmp_path, change, problem):
    wrong = {
        "dradis_drawn: [ship]": "dradis_drawn: [ship, ship]",
        "dradis_pile: {size: 11}": "dradis_pile: {size: 3}",
        "damage_pile: {size: 6, top: [armory, press_room]}": "damage_pile: {top: [press_room]}",
        "check_total: 0": "check_total: 2",
        "event_count: {passed: 4, dradis_placed: 1, ship_destroyed: 1}":
            "event_count: {passed: 3}",
        "    - {kind: dradis_placed, rule: K7, marker: ship, raiders: 2, ships: 1}":
            "    - {kind: dradis_placed, marker: raider}",
        "dice_by_kind: {0: {strong: {active: 2}, weak: {active: 2, spent: 0}}}":
            "dice_by_kind: {0: {weak: {spent: 1}}}",
        'not_offered: [a5, "penalty:none"]': 'not_offered: ["penalty:damage"]',
    }[change]
    status, detail = run_file(_write(tmp_path, RULES_QUESTION.replace(change, wrong)))
    assert status == "FAIL" and detail.startswith(problem), detail


@pytest.mark.parametrize(("text", "message"), [
    ("  loyalty_box: [cylon_one]\n", "loyalty_box: this game leaves 3 Cylon card(s) in the box"),
    ("  loyalty_box: [not_cylon_5, cylon_two, cylon_three]\n", "loyalty_box: expected Cylon"),
])
def test_state_loyalty_box_is_checked(tmp_path, text, message):
    bad = RULES_QUESTION.replace("  loyalty_box: [cylon_two, cylon_three, cylon_six]\n", text)
    status, detail = run_file(_write(tmp_path, bad))
    assert status == "ERROR" and message in detail, detail


def test_bad_new_expectation_values_are_errors_with_lines(tmp_path):
    for change, words in (("check_total: 0", "check_total: many"),
                          ("dradis_pile: {size: 11}", "dradis_pile: {height: 2}"),
                          ('not_offered: [a5, "penalty:none"]', "not_offered: [3]")):
        p = _write(tmp_path, RULES_QUESTION.replace(change, words))
        status, detail = run_file(p)
        assert status == "ERROR" and detail.startswith(f"{p}:"), detail


ORDER_DATA = """\
players: 4
characters: [william_adama, lee_adama, laura_roslin, gaius_baltar]
seed: 1
state:
  loyalty: {0: not_cylon_1, 1: not_cylon_2, 2: not_cylon_3, 3: not_cylon_4}
  active: 0
  step: action
steps: ["a8:1,weak", retrieve2]
expect:
  event_data:
    - {event: order_issued, rule: A8, data: {seat: 0, target: 1, kind: WANT}}
"""


def test_event_data_tests_a_data_key_named_kind(tmp_path):
    """``{event: …, data: {kind: …}}`` reaches the event's own ``kind`` (the die's kind
    for an order); the short form would clash with the event kind."""
    assert run_file(_write(tmp_path, ORDER_DATA.replace("WANT", "weak"))) == ("PASS", "")
    status, detail = run_file(_write(tmp_path, ORDER_DATA.replace("WANT", "strong")))
    assert status == "FAIL" and "'kind': 'strong'" in detail and "order_issued" in detail


@pytest.mark.parametrize(("entry", "problem"), [
    ("{event: order_issued, kind: weak}", "unknown key beside event"),
    ("{event: order_isued}", "order_isued"),
    ("{event: order_issued, data: [kind]}", "data: expected {<data key>: <value>"),
    ("{event: order_issued, data: {kind: {x: 1}}}", "expected a data key with a plain value"),
])
def test_event_data_long_form_mistakes_are_errors(tmp_path, entry, problem):
    text = ORDER_DATA.replace("{event: order_issued, rule: A8, data: {seat: 0, target: 1, "
                              "kind: WANT}}", entry)
    status, detail = run_file(_write(tmp_path, text))
    assert status == "ERROR" and problem in detail, detail
