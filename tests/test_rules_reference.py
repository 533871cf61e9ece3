"""The Hungarian rules reference mirrors the English one rule for rule.

The log cites rule ids and the F1 / hover help looks them up in the player's
language, so every English rule id must exist in rules.hu.md, in the same order,
with a real (non-empty, translated) text.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from bsg_desktop.data import load_components, shipped_cards_path
from bsg_desktop.printing.rulebook import rule_blocks
from bsg_desktop.rules import rule_sections, rule_text, rule_texts, rules_markdown

_RULES = Path(__file__).resolve().parent.parent / "bsg_desktop" / "rules"


def test_hungarian_file_is_shipped() -> None:
    assert (_RULES / "rules.hu.md").is_file()


def test_same_rule_ids_in_same_order() -> None:
    en = rule_texts("en")
    hu = rule_texts("hu")
    assert en, "the English rules reference parsed to nothing"
    assert list(hu) == list(en)


def test_same_section_headings_order() -> None:
    def sections(lang: str) -> list[str]:
        text = (_RULES / f"rules.{lang}.md").read_text(encoding="utf-8")
        return re.findall(r"^## ([A-Z])\.", text, flags=re.MULTILINE)

    assert sections("hu") == sections("en")


def test_no_hungarian_rule_is_empty() -> None:
    empty = [rid for rid, text in rule_texts("hu").items() if not text.strip()]
    assert not empty


def test_hungarian_texts_are_translated() -> None:
    en = rule_texts("en")
    hu = rule_texts("hu")
    identical = [rid for rid in en if hu.get(rid, "").strip() == en[rid].strip()]
    assert len(identical) < 0.1 * len(en), identical


def test_hungarian_uses_hungarian_accents() -> None:
    text = " ".join(rule_texts("hu").values())
    for letter in "áéíóöőúüű":
        assert letter in text, letter


def shared_file(*parts: str) -> Path | None:
    """A file of the project's shared folder, kept beside the clone (or its worktree)."""
    root = _RULES.parent.parent
    for base in (root.parent, root.parent.parent):
        path = base.joinpath("shared", *parts)
        if path.is_file():
            return path
    return None


def _ids(text: str) -> list[str]:
    return re.findall(r"^- ([A-Z]\d+) ", text, flags=re.MULTILINE)


def test_every_rule_and_reading_is_in_both_languages() -> None:
    """T0 and I1–I22 included: the reference players read is the whole rules file."""
    en, hu = rule_texts("en"), rule_texts("hu")
    for rid in ("T0", "T1", "I1", "I13", "I22", "K8", "X10"):
        assert rid in en and rid in hu, rid
    path = shared_file("rules", "bsg-express-rules.md")
    if path is None:
        pytest.skip("no shared rules file beside the clone")
    ids = _ids(path.read_text(encoding="utf-8"))
    assert ids and "T0" in ids and "I22" in ids
    missing = {lang: [r for r in ids if r not in texts] for lang, texts in
               (("en", en), ("hu", hu))}
    assert missing == {"en": [], "hu": []}


# Readings the reference states beyond the shared rules file: the engine follows them
# and players must be able to read them (docs/readings.md says why each was chosen).
ADDED_READINGS = ("I23", "I24")


def _without(text: str, ids: tuple[str, ...]) -> str:
    """``text`` minus the rule lines (and their continuation lines) of ``ids``."""
    out: list[str] = []
    skipping = False
    for line in text.splitlines(keepends=True):
        m = re.match(r"^- ([A-Z]\d+) ", line)
        if m:
            skipping = m.group(1) in ids
        elif not line.startswith("  "):
            skipping = False
        if not skipping:
            out.append(line)
    return "".join(out)


def test_english_reference_is_the_rules_file_word_for_word() -> None:
    """The shared rules file, word for word, plus the added readings at the end of
    section I; nothing of the file is reworded or dropped."""
    path = shared_file("rules", "bsg-express-rules.md")
    if path is None:
        pytest.skip("no shared rules file beside the clone")
    # as players read it: the shipped cards' numbers in place of the file's placeholders
    ours = rules_markdown("en", load_components(shipped_cards_path()))
    shared = path.read_text(encoding="utf-8")
    added = tuple(r for r in ADDED_READINGS if r not in _ids(shared))
    assert _without(ours, added) == shared
    assert _ids(ours)[len(_ids(shared)):] == list(added)  # after the file's last rule


def test_i23_i24_added_readings_are_in_both_languages_at_the_end_of_section_i() -> None:
    for lang in ("en", "hu"):
        texts = rule_texts(lang)
        assert list(texts)[-2:] == ["I23", "I24"], lang
        sections = dict(rule_sections(lang))
        heading = next(h for h in sections if h.startswith("I."))
        assert sections[heading][-2:] == ("I23", "I24")
    en = rule_texts("en")
    assert "crisis step" in en["I23"] and "ordered player" in en["I23"]
    assert "keeps it when someone becomes eligible" in en["I24"]
    hu = rule_texts("hu")
    assert "krízis lépésében" in hu["I23"] and "megtartja" in hu["I24"]


def test_i23_i24_readings_are_in_docs_readings() -> None:
    text = (_RULES.parent.parent / "docs" / "readings.md").read_text(encoding="utf-8")
    assert "- I23: B3 is judged when the turn reaches its crisis step" in text
    assert "- I24: the title moves only when its holder" in text


def test_rule_lines_parse_whole() -> None:
    """Every rule line of the file reaches the reference, continuation lines included."""
    text = (_RULES / "rules.en.md").read_text(encoding="utf-8")
    assert list(rule_texts("en")) == _ids(text)
    assert rule_texts("en")["T0"].endswith("Then the player to the left is active.")


@pytest.mark.parametrize("jump_max", [3, 4])
def test_c1_j2_t0_rule_texts_give_the_jump_track_length_of_the_cards(jump_max: int) -> None:
    """tracks.jump_max is one line of data: C1's track, T0's jump step and J2's jump
    say the cards' length in both languages, on screen and in the printed rulebook."""
    comp = dataclasses.replace(load_components(shipped_cards_path()), jump_max=jump_max)
    en = {r: rule_text(r, "en", comp) for r in ("C1", "T0", "J2")}
    hu = {r: rule_text(r, "hu", comp) for r in ("C1", "T0", "J2")}
    assert f"jump track (0–{jump_max})" in en["C1"]
    assert f"track reached {jump_max} (J2–J6)" in en["T0"]
    assert f"When the jump track reaches {jump_max} the fleet jumps" in en["J2"]
    assert f"ugrást jelző pályával (0–{jump_max})" in hu["C1"]
    assert f"elérte a pálya utolsó ({jump_max}.) mezőjét (J2–J6)" in hu["T0"]
    assert f"eléri a pálya utolsó ({jump_max}.) mezőjét, a flotta azonnal" in hu["J2"]
    for lang in ("en", "hu"):
        text = rules_markdown(lang, comp)
        assert "{" not in text and "}" not in text, lang  # every placeholder filled in
        printed = " ".join(getattr(b, "text", "") for b in rule_blocks(lang, comp))
        assert (f"reaches {jump_max} the fleet" if lang == "en"
                else f"utolsó ({jump_max}.) mezőjét, a flotta") in printed
