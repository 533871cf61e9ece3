"""Everything a player reads exists in both shipped languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bsg_desktop.i18n import LANGUAGES, catalog, set_language, tr
from bsg_desktop.rules import rule_texts

ENGINE = Path(__file__).resolve().parents[1] / "bsg_desktop" / "engine"


def test_every_interface_key_exists_in_every_language() -> None:
    keys = {lang: set(catalog(lang)) for lang in LANGUAGES}
    for lang, have in keys.items():
        for other, theirs in keys.items():
            assert not theirs - have, f"{lang} lacks {sorted(theirs - have)[:10]} ({other} has)"


def test_every_event_the_engine_emits_has_a_sentence_in_every_language() -> None:
    kinds = set()
    for f in ENGINE.glob("*.py"):
        kinds |= set(re.findall(r'emit\("([a-z_0-9]+)"', f.read_text(encoding="utf-8")))
    assert len(kinds) > 40
    for lang in LANGUAGES:
        missing = sorted(k for k in kinds if f"event.{k}" not in catalog(lang))
        assert not missing, f"{lang}: no sentence for {missing}"


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_placeholders_match_between_languages(lang: str) -> None:
    """A translation must fill the same {fields} as English, or a log line breaks."""
    fields = re.compile(r"{(\w+)}")
    en = catalog("en")
    for key, value in catalog(lang).items():
        assert set(fields.findall(value)) == set(fields.findall(en[key])), key


def test_switching_language_changes_the_text() -> None:
    try:
        set_language("hu")
        hu = tr("action.a5")
        set_language("en")
        assert tr("action.a5") != hu and hu
    finally:
        set_language("en")


def test_rules_reference_exists_in_every_language() -> None:
    ids = list(rule_texts("en"))
    for lang in LANGUAGES:
        assert list(rule_texts(lang)) == ids
