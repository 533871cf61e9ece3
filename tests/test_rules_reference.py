"""The Hungarian rules reference mirrors the English one rule for rule.

The log cites rule ids and the F1 / hover help looks them up in the player's
language, so every English rule id must exist in rules.hu.md, in the same order,
with a real (non-empty, translated) text.
"""

from __future__ import annotations

import re
from pathlib import Path

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
