"""A user's own characters, built from the shipped ability parts in a cards file.

``docs/examples/saul_tigh.yaml`` adds Saul Tigh ("Hard Line: once per game, reroll
one rolled die") to the shipped game with no code: the Initiative part with
``per: game`` and ``dice: one``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from test_engine_helpers import C_UNREST_6_1, PINNED, of

from bsg_desktop.art import board, cards
from bsg_desktop.art.shapes import labels
from bsg_desktop.bots import make_bot
from bsg_desktop.data import Components, Text, load_components
from bsg_desktop.engine import IllegalChoiceError, Setup, new_game
from bsg_desktop.engine.game import Game

SAUL_FILE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "saul_tigh.yaml"
SAUL = replace(load_components(SAUL_FILE), crisis_dice=PINNED.crisis_dice)
CAST = ("saul_tigh", "gaius_baltar", "laura_roslin", "william_adama")
HUMAN = {0: "not_cylon_1", 1: "not_cylon_2", 2: "not_cylon_3", 3: "not_cylon_4"}


def joined_check(comp: Components, cast: tuple[str, ...], skill: list[int]) -> Game:
    """Seat 0's crisis check (difficulty 6): the others pass, seat 0 joins and rolls."""
    g = new_game(Setup(players=4, characters=cast), 1, comp, overrides={
        "loyalty": HUMAN, "step": "crisis"}, script_skill=skill, script_crisis=[C_UNREST_6_1, 0])
    g.apply("crisis:0")
    while not (g.pending.seat == 0 and g.pending.kind == "join"):
        g.apply(g.pending.options[0] if g.pending.kind != "join" else "pass")
    g.apply("join")
    assert g.pending.kind == "contribute" and g.pending.seat == 0
    return g


def saul_rolled(skill: list[int]) -> Game:
    """Saul's crisis check (difficulty 6): the others pass, Saul joins and rolls."""
    return joined_check(SAUL, CAST, skill)


def test_saul_is_a_sixth_character_from_the_file() -> None:
    ids = [c.id for c in SAUL.characters]
    assert ids[-1] == "saul_tigh" and len(ids) == 6
    saul = SAUL.character("saul_tigh")
    assert saul.name.get("hu") and saul.ability.get("hu") and saul.ability_title.en == "Hard Line"


def test_x2_hard_line_is_offered_per_rolled_die_and_rerolls_only_that_die() -> None:
    g = saul_rolled([-2, -1, -2, -1, 4])
    rolled = [die for die, _kind, _value in g.pending.info_dict()["rolled"]]
    offered = [str(o) for o in g.pending.options if o.verb == "initiative"]
    assert offered == [f"initiative:{die}" for die in rolled]
    before = {d.id: d.value for d in g.players[0].dice}
    ev = g.apply(f"initiative:{rolled[0]}")
    assert of(ev, "initiative") and of(ev, "dice_rolled")[0].get("count") == 1
    after = {d.id: d.value for d in g.players[0].dice}
    assert after[rolled[0]] == 4  # the scripted reroll
    assert all(after[d] == before[d] for d in rolled[1:])
    # spent for the game: no longer offered, and refused if asked for anyway
    assert g.pending.kind == "contribute"
    assert not [o for o in g.pending.options if o.verb == "initiative"]
    with pytest.raises(IllegalChoiceError):
        g.apply(f"initiative:{rolled[1]}")
    for seat in (None, 0, 1, 2, 3):  # every seat, and so every bot, sees it spent
        assert g.view(seat).seats[0].ability_spent


def test_x2_hard_line_stays_spent_on_later_turns() -> None:
    g = saul_rolled([-2, -1, -2, -1, 4])
    g.apply(f"initiative:{g.players[0].dice[0].id}")
    while g.turn < 6 and g.outcome is None:
        d = g.pending
        assert not [o for o in d.options if o.verb == "initiative"]
        g.apply(d.options[0])
    assert g.view(None).seats[0].ability_spent


def test_the_heuristic_bot_uses_hard_line_on_a_bad_roll() -> None:
    g = saul_rolled([-2, -1, -2, -1])
    bot = make_bot("heuristic", 1)
    choice = bot.choose(g.view(0), g.pending)
    assert choice.verb == "initiative" and len(choice.args) == 1
    worst = min(g.pending.info_dict()["rolled"], key=lambda r: r[2])
    assert choice.args[0] == worst[0]
    g.apply(choice)


def test_s2_six_characters_are_dealt_and_played_by_bots() -> None:
    dealt = set()
    for seed in range(12):
        g = new_game(Setup(players=5), seed, SAUL)
        dealt |= {p.character for p in g.players}
        bots = [make_bot("heuristic", seed * 10 + s) for s in range(5)]
        while g.outcome is None and not g.stalled:
            d = g.pending
            g.apply(bots[d.seat].choose(g.view(d.seat), d))
        assert g.outcome is not None
    assert "saul_tigh" in dealt and len(dealt) == 6


def test_k3_the_fifth_marker_ends_the_game_with_six_characters() -> None:
    g = new_game(Setup(players=4, characters=CAST), 1, SAUL, overrides={"loyalty": HUMAN})
    assert len(g.demoralized_pile) == 6
    for _ in range(4):
        g.place_demoralized("K3")
    assert g.outcome is None and len(g.demoralized_pile) == 2
    g.place_demoralized("K3")
    assert g.outcome is not None and g.outcome.condition == "morale"
    assert len(g.demoralized_pile) == 1  # one marker still in the pile: the 5th ended it


def test_saul_is_drawn_on_the_seal_and_printed_as_a_card() -> None:
    seal = board.galactica_seal(SAUL)
    assert "seal.saul_tigh.gold" in seal.anchors and "seal.saul_tigh.black" in seal.anchors
    front = cards.character_front(SAUL.character("saul_tigh"), "hu")
    words = " ".join(labels(front))
    assert "Tigh" in words and "Kemény kéz" in words


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    root = SAUL_FILE.parents[2]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run([sys.executable, "-m", "bsg_desktop", *args], capture_output=True,
                          text=True, cwd=root, env=env, timeout=300)


def test_simulate_tells_how_a_variant_shifts_the_balance() -> None:
    r = _cli("simulate", "--cards", str(SAUL_FILE), "--games", "40", "--players", "5",
             "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    lo, hi = out["human_win_rate_shift_95"]
    shift = out["human_win_rate_shift"]
    assert lo <= shift <= hi and lo < hi
    assert out["shipped"]["games"] == out["games"] == 40
    assert shift == pytest.approx(out["human_win_rate"] - out["shipped"]["human_win_rate"],
                                  abs=1e-3)


def test_a_bad_ability_in_a_users_file_is_one_clear_line(tmp_path: Path) -> None:
    bad = tmp_path / "mine.yaml"
    bad.write_text(SAUL_FILE.read_text(encoding="utf-8").replace("per: game", "per: week"),
                   encoding="utf-8")
    r = _cli("simulate", "--cards", str(bad), "--games", "1")
    assert r.returncode == 2
    line = r.stderr.strip()
    assert "\n" not in line and "characters[saul_tigh].part.per" in line and "week" in line


@pytest.mark.parametrize("level", ["heuristic", "strong"])
def test_bots_play_by_the_games_own_cards_not_the_shipped_ones(level: str) -> None:
    """A game built with a user's components (not through --cards or BSG_CARDS): the bots
    read Saul Tigh from the view's components, so the strong bot's sampled worlds deal
    him too instead of failing on a character the shipped cards do not have."""
    cast = ("saul_tigh", "gaius_baltar", "laura_roslin")
    opts = {"worlds": 2} if level == "strong" else {}
    for seed in range(2):
        g = new_game(Setup(players=3, characters=cast), seed, load_components(SAUL_FILE))
        bots = [make_bot(level, seed * 10 + s, **opts) for s in range(3)]
        while g.outcome is None and not g.stalled:
            d = g.pending
            g.apply(bots[d.seat].choose(g.view(d.seat), d))
        assert g.outcome is not None
        assert g.view(0).components is g.c


def test_no_bot_module_keeps_the_shipped_cards_of_its_own() -> None:
    """Bots see the game only through the view; a module-level copy of the cards would
    be the shipped game's, whatever game the bot is in."""
    bots_dir = Path(__file__).resolve().parent.parent / "bsg_desktop" / "bots"
    for module in bots_dir.glob("*.py"):
        assert "load_components" not in module.read_text(encoding="utf-8"), module.name


def test_x2_the_log_names_sauls_own_ability_not_the_shipped_one_it_borrows() -> None:
    from bsg_desktop.log import describer_for

    g = saul_rolled([-2, -1, -2, -1, 4])
    rolled = [die for die, _kind, _value in g.pending.info_dict()["rolled"]]
    ev = of(g.apply(f"initiative:{rolled[0]}"), "initiative")[0]
    d = describer_for(g)
    assert "Hard Line" in d.describe(ev, "en") and "Initiative" not in d.describe(ev, "en")
    assert "Kemény kéz" in d.describe(ev, "hu") and "Kezdeményezés" not in d.describe(ev, "hu")


def test_x1_a_users_command_part_is_told_with_its_owner_and_its_own_values() -> None:
    """Saul Tigh with the Command part (−2 counts as −1 on any check): the log line says
    his ability, his turn and his values, not William Adama's −1 as 0."""
    from bsg_desktop.engine.core import Event
    from bsg_desktop.log import Describer

    saul = SAUL.character("saul_tigh")
    tigh = replace(saul, ability_title=Text.of({**saul.ability_title.as_dict(),
                                                               "en": "Hard Line"}),
                   part=(("name", "command"), ("value", -2), ("counts_as", -1),
                         ("checks", "any")))
    comp = replace(SAUL, characters=tuple(tigh if c.id == "saul_tigh" else c
                                          for c in SAUL.characters))
    d = Describer(CAST, components=comp)
    line = d.describe(Event("command_applies", "X1", (("seat", 0), ("count", 1))), "en")
    assert line == "Hard Line: a contributed −2 counts as −1 on Tigh's turn."
    hu = d.describe(Event("command_applies", "X1", (("seat", 0), ("count", 1))), "hu")
    assert "Tigh" in hu and "−2" in hu and "−1" in hu and "Adama" not in hu


TYROL_FILE = SAUL_FILE.parent / "galen_tyrol.yaml"
TYROL = replace(load_components(TYROL_FILE), crisis_dice=PINNED.crisis_dice)
TYROL_CAST = ("galen_tyrol", "gaius_baltar", "laura_roslin", "william_adama")


def tyrol_check(skill: list[int]) -> Game:
    """Tyrol's crisis check (difficulty 6): the others pass, Tyrol joins and contributes
    every die he rolled."""
    g = joined_check(TYROL, TYROL_CAST, skill)
    rolled = sorted(die for die, _kind, _value in g.pending.info_dict()["rolled"])
    g.apply("contribute:" + ",".join(map(str, rolled)))
    return g


def test_salvage_after_a_failed_check_takes_back_one_spent_die_of_the_chosen_kind() -> None:
    """The Salvage part, one file (engine/abilities/salvage.py) with its texts: after the
    check fails and its dice are spent, Tyrol may take one back; his lines cite his own
    rule line (X11), which the rules reference writes from his card."""
    from bsg_desktop.log import describer_for
    from bsg_desktop.present.handover import hand_over_needed
    from bsg_desktop.rules import rule_sections, rule_text

    g = tyrol_check([-2, -1, -2, -1, 1])
    assert g.check is None or g.check.success is False
    assert g.pending.seat == 0 and g.pending.kind == "salvage"
    assert [str(o) for o in g.pending.options] == ["salvage:strong", "salvage:weak", "keep"]
    assert not hand_over_needed("salvage")  # spent dice are public: the shared screen asks
    spent = len(g.players[0].spent_dice)
    events = g.apply("salvage:weak")
    assert len(g.players[0].spent_dice) == spent - 1
    back = of(events, "die_retrieved")
    assert back and back[0].get("kind") == "weak" and back[0].rule == "X11"
    line = describer_for(g).describe(of(events, "salvaged")[0], "en")
    assert "Salvage" in line and "Tyrol" in line
    assert "Galen Tyrol — Salvage" in rule_text("X11", "en", TYROL)
    assert "Galen Tyrol — Mentés" in rule_text("X11", "hu", TYROL)
    assert "X11" in dict(rule_sections("en", TYROL))["X. Cards"]


def test_salvage_is_not_offered_after_a_check_that_succeeded() -> None:
    g = tyrol_check([4, 4, 3, 1, 1])  # 13 of 6: the check succeeds
    assert g.pending.kind != "salvage"


def test_salvage_is_played_by_every_driver_s_bots_and_its_saves_replay(tmp_path: Path) -> None:
    """simulate with the strong bots plays the file; a saved game with Tyrol loads."""
    from bsg_desktop.engine.save import load_game, save_game

    out = subprocess.run([sys.executable, "-m", "bsg_desktop", "simulate", "--cards",
                          str(TYROL_FILE), "--games", "1", "--players", "5", "--bots", "strong",
                          "--worlds", "2", "--json"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["errors"] == 0
    g = tyrol_check([-2, -1, -2, -1, 1])
    g.apply("salvage:strong")
    save_game(g, tmp_path / "tyrol.json")
    os.environ["BSG_CARDS"] = str(TYROL_FILE)  # a save is read with the cards in play
    try:
        again = load_game(tmp_path / "tyrol.json")
    finally:
        os.environ.pop("BSG_CARDS", None)
    assert again.choices == g.choices


def test_a_users_character_cites_its_own_rule_line_not_the_part_it_borrows() -> None:
    g = saul_rolled([-2, -1, -2, -1, 4])
    rolled = [die for die, _kind, _value in g.pending.info_dict()["rolled"]]
    assert g.pending.options and any(o.verb == "initiative" for o in g.pending.options)
    ev = of(g.apply(f"initiative:{rolled[0]}"), "initiative")[0]
    assert ev.rule == "X11" and SAUL.character("saul_tigh").rule == "X11"
    assert load_components().character("lee_adama").rule == "X2"
