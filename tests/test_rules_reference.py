"""The Hungarian rules reference mirrors the English one rule for rule.

The log cites rule ids and the F1 / hover help looks them up in the player's
language, so every English rule id must exist in rules.hu.md, in the same order,
with a real (non-empty, translated) text.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bsg_desktop.rules import rule_sections, rule_texts

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
    ours = (_RULES / "rules.en.md").read_text(encoding="utf-8")
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
