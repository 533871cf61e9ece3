"""The Hungarian rules reference mirrors the English one rule for rule.

The log cites rule ids and the F1 / hover help looks them up in the player's
language, so every English rule id must exist in rules.hu.md, in the same order,
with a real (non-empty, translated) text.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bsg_desktop.rules import rule_texts

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


def test_english_reference_is_the_rules_file_word_for_word() -> None:
    path = shared_file("rules", "bsg-express-rules.md")
    if path is None:
        pytest.skip("no shared rules file beside the clone")
    assert (_RULES / "rules.en.md").read_text(encoding="utf-8") == \
        path.read_text(encoding="utf-8")


def test_rule_lines_parse_whole() -> None:
    """Every rule line of the file reaches the reference, continuation lines included."""
    text = (_RULES / "rules.en.md").read_text(encoding="utf-8")
    assert list(rule_texts("en")) == _ids(text)
    assert rule_texts("en")["T0"].endswith("Then the player to the left is active.")
