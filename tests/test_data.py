"""cards.yaml loads; a broken copy fails with the file, the path inside it and the expectation."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bsg_desktop.data import load_components
from bsg_desktop.data.components import default_cards_path
from bsg_desktop.engine.abilities import check_parts
from bsg_desktop.errors import DataError, UserError

CARDS = default_cards_path()


def test_cards_yaml_loads_frozen() -> None:
    c = load_components(CARDS)
    assert len(c.characters) == 5 and len(c.crisis_dice) == 4
    with pytest.raises(AttributeError):
        c.jump_max = 4  # type: ignore[misc]
    assert load_components(CARDS) is c  # loaded once


def test_k6_disables_index_follows_the_file(tmp_path: Path) -> None:
    """The engine's "is X disabled?" index is made from the locations a file lists."""
    c = load_components(CARDS)
    assert c.disables == {d.id: d.disables for d in c.damage_locations}

    def swap(raw: dict) -> None:  # a crafter's variant: armory and weapons swapped
        for loc in raw["damage_locations"]:
            if loc["id"] == "armory":
                loc["disables"] = "a2"
            elif loc["id"] == "weapons_control":
                loc["disables"] = "pass_retrieve"
    variant = load_components(broken(tmp_path, swap))
    assert variant.disables["armory"] == "a2"
    assert variant.disables["weapons_control"] == "pass_retrieve"
    assert c.disables["armory"] == "pass_retrieve"


def broken(tmp_path: Path, edit: object) -> Path:
    """A copy of cards.yaml with one thing broken by ``edit(raw)``."""
    raw = yaml.safe_load(CARDS.read_text(encoding="utf-8"))
    edit(raw)  # type: ignore[operator]
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    return path


def load_error(path: Path) -> DataError:
    with pytest.raises(DataError) as info:
        load_components(path)
    err = info.value
    assert isinstance(err, UserError)
    assert str(path) in str(err)  # names the file
    assert "\n" not in str(err)  # one line
    return err


def test_wrong_type(tmp_path: Path) -> None:
    def edit(raw: dict) -> None:
        raw["crisis_dice"][2]["faces"][4]["difficulty"] = "six"

    err = load_error(broken(tmp_path, edit))
    assert err.path == "crisis_dice[2].faces[4].difficulty"
    assert "whole number" in err.expected and "'six'" in err.expected


def test_a_character_of_any_id_loads(tmp_path: Path) -> None:
    # abilities are chosen by their part's name, so a character's id may be any id
    def edit(raw: dict) -> None:
        raw["characters"][1]["id"] = "saul_tigh"

    assert "saul_tigh" in [c.id for c in load_components(broken(tmp_path, edit)).characters]


@pytest.mark.parametrize("bad", ["Saul Tigh", "6tigh", "tigh,lee", "tigh ", "tigh:lee",
                                 "tigh\nlee", "x" * 41])
@pytest.mark.parametrize("where", ["characters[1]", "loyalty.cylons[0]", "crisis_dice[0]",
                                   "damage_locations[2]"])
def test_an_id_outside_the_choice_grammar_is_refused_in_one_line(tmp_path: Path, bad: str,
                                                                  where: str) -> None:
    """An id becomes a choice's argument ("demoralize:saul_tigh"), a saved move and a
    phone's tap: one the choice grammar cannot read back made saves that would not load."""
    section, index = where.rstrip("]").split("[")

    def edit(raw: dict) -> None:
        node = raw
        for key in section.split("."):
            node = node[key]
        node[int(index)]["id"] = bad

    err = load_error(broken(tmp_path, edit))
    assert err.path == f"{where}.id"
    assert repr(bad) in err.expected and "saul_tigh" in err.expected


def test_every_id_the_cards_accept_reads_back_as_a_choice_argument() -> None:
    from bsg_desktop.data.components import ID_FORM
    from bsg_desktop.engine.core import Choice

    ids = ["a", "Z", "saul_tigh", "A9", "x" * 40, "not_cylon_12", "a_1_b"]
    ids += [c.id for c in load_components(CARDS).characters]
    for cid in ids:
        assert ID_FORM.fullmatch(cid)
        choice = Choice("demoralize", (cid,))
        assert Choice.parse(str(choice)) == choice


def test_unknown_ability_part(tmp_path: Path) -> None:
    def edit(raw: dict) -> None:
        raw["characters"][1]["part"]["name"] = "teleport"

    path = broken(tmp_path, edit)
    with pytest.raises(DataError) as info:
        check_parts(load_components(path))
    err = info.value
    assert str(path) in str(err) and err.path == "characters[lee_adama].part.name"
    assert "teleport" in err.expected and "initiative" in err.expected


def test_ability_parameter_out_of_range(tmp_path: Path) -> None:
    def edit(raw: dict) -> None:
        raw["characters"][1]["part"]["per"] = "week"

    with pytest.raises(DataError) as info:
        check_parts(load_components(broken(tmp_path, edit)))
    assert info.value.path == "characters[lee_adama].part.per"
    assert "turn, game" in info.value.expected and "'week'" in info.value.expected


def test_unknown_choice(tmp_path: Path) -> None:
    def edit(raw: dict) -> None:
        raw["loyalty"]["cylons"][0]["effect"] = "explode"

    err = load_error(broken(tmp_path, edit))
    assert err.path == "loyalty.cylons[0].effect" and "demoralize" in err.expected


def test_missing_field(tmp_path: Path) -> None:
    def edit(raw: dict) -> None:
        del raw["damage_locations"][3]["disables"]

    err = load_error(broken(tmp_path, edit))
    assert err.path == "damage_locations[3].disables" and err.expected == "missing field"


def test_missing_translation(tmp_path: Path) -> None:
    def edit(raw: dict) -> None:
        del raw["characters"][0]["ability"]["hu"]

    err = load_error(broken(tmp_path, edit))
    assert err.path == "characters[0].ability.hu"


def test_wrong_count(tmp_path: Path) -> None:
    def edit(raw: dict) -> None:
        raw["dradis"]["raiders"] = 15 - raw["dradis"]["colonial_ships"]  # one too many

    err = load_error(broken(tmp_path, edit))
    assert err.path == "dradis" and "14" in err.expected


def test_c2_a_cards_file_has_a_character_for_every_seat(tmp_path: Path) -> None:
    def edit(raw: dict) -> None:
        del raw["characters"][4]

    err = load_error(broken(tmp_path, edit))
    assert err.path == "characters" and "at least 5" in err.expected


def test_s3_ranks_are_any_whole_numbers_each_once(tmp_path: Path) -> None:
    def spread(raw: dict) -> None:
        for i, ch in enumerate(raw["characters"]):
            ch["rank"] = 10 * (i + 1)

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert [c.rank for c in load_components(broken(tmp_path / "a", spread)).characters] == [
        10, 20, 30, 40, 50]

    def twice(raw: dict) -> None:
        raw["characters"][1]["rank"] = raw["characters"][0]["rank"]

    assert load_error(broken(tmp_path / "b", twice)).path == "characters"


def test_k3_the_morale_limit_is_the_rulebooks_fifth_marker() -> None:
    assert load_components().morale_limit == 5


def test_yaml_syntax_error(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    text = CARDS.read_text(encoding="utf-8").replace("format: 1", "format: [1", 1)
    path.write_text(text, encoding="utf-8")
    err = load_error(path)
    assert "YAML error" in err.expected and err.path.startswith("line ")


def test_not_a_mapping(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text("- just\n- a list\n", encoding="utf-8")
    err = load_error(path)
    assert "mapping" in err.expected


def test_missing_file(tmp_path: Path) -> None:
    err = load_error(tmp_path / "nowhere.yaml")
    assert "not found" in err.expected


def test_a_name_longer_than_any_frame_can_hold_is_refused(tmp_path: Path) -> None:
    """Names are said on every phone's fixed-size frame: a cards file's name is capped
    (`NAME_CHARS`) and a longer one is refused with its path."""
    from bsg_desktop.data.components import NAME_CHARS

    def long_name(raw: dict) -> None:
        raw["characters"][0]["name"]["hu"] = "Á" * (NAME_CHARS + 1)

    err = load_error(broken(tmp_path, long_name))
    assert "characters[0].name.hu" in str(err) and f"at most {NAME_CHARS}" in str(err)

    def at_cap(raw: dict) -> None:
        raw["characters"][0]["name"]["hu"] = "Á" * NAME_CHARS

    at_cap_name = load_components(broken(tmp_path, at_cap)).characters[0].name
    assert at_cap_name.get("hu") == "Á" * NAME_CHARS
