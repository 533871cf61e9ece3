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
    fields = re.compile(r"{(?:[Aa]z:)?(\w+)}")  # {az:x}: x after its Hungarian article
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


def test_article_follows_the_sound_of_the_next_word() -> None:
    from bsg_desktop.i18n import article

    cases = {"az": ["Admirális", "ismeretlen DRADIS kapcsolat", "alacsony szakértelem", "Ő",
                    "„Egyes”", 1, 5, 50, 500, 1000, 1999, 5000, "1.", "A5", "I13", "X1", "S3"],
             "a": ["Raider", "báziscsillagtámadás", "magas szakértelem", "Kolóniai Hajó", 2, 3,
                   10, 15, 100, 2000, "−2", "+3", "3.", "K8", "D5", "T0", "B3"]}
    for want, words in cases.items():
        for w in words:
            assert article(w) == want, w


def test_templates_ask_for_the_article_instead_of_a_z() -> None:
    assert tr("ui.choice.jump_die", "hu", kind="alacsony szakértelem", value="+1") == \
        "Az alacsony szakértelem kocka: +1"
    assert tr("ui.choice.jump_die", "hu", kind="magas szakértelem", value="−2") == \
        "A magas szakértelem kocka: −2"
    assert tr("event.jump_track_advanced", "hu", track=1) == "Az ugrásjelző az 1. mezőre lép."
    assert tr("event.jump_track_advanced", "hu", track=2) == "Az ugrásjelző a 2. mezőre lép."
    assert tr("ui.choice.jump_die", "en", kind="weak", value="+1") == "The weak die: +1"
    for lang in LANGUAGES:
        for key, value in catalog(lang).items():
            assert "a(z)" not in value.lower(), key


def test_negative_totals_are_written_with_a_true_minus() -> None:
    """A check's total reads as the dice print their values (−2), not with a hyphen."""
    assert tr("ui.status.check", "en", total=-7, difficulty=4) == "Skill check: total \u22127 of 4"
    assert "\u22126" in tr("event.check_result", "hu", total=-6, difficulty=3, success="x")
    assert tr("ui.status.check", "en", total=5, difficulty=4) == "Skill check: total 5 of 4"


def test_a_key_twice_in_one_catalogue_file_is_refused(tmp_path: Path) -> None:
    """PyYAML keeps the last of two equal keys; the program's own catalogues are read
    as strictly as a user's files, so an edited copy cannot silently win or lose."""
    from bsg_desktop.i18n import read_catalog

    one = tmp_path / "print.hu.yaml"
    one.write_text('a.b: "egy"\nc.d: "kettő"\na.b: "három"\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"print.hu.yaml: line 3: duplicate key 'a.b'"):
        read_catalog([one])


def test_a_key_in_two_catalogue_files_is_refused(tmp_path: Path) -> None:
    from bsg_desktop.i18n import read_catalog

    first, second = tmp_path / "log.hu.yaml", tmp_path / "ui.hu.yaml"
    first.write_text('a.b: "egy"\n', encoding="utf-8")
    second.write_text('a.b: "kettő"\n', encoding="utf-8")
    assert read_catalog([first]) == {"a.b": "egy"}
    with pytest.raises(ValueError, match="ui.hu.yaml: key 'a.b' is already defined"):
        read_catalog([first, second])


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_shipped_catalogues_define_every_key_once(lang: str) -> None:
    from bsg_desktop.i18n import catalog_files, read_catalog

    files = catalog_files(lang)
    assert len(files) > 5 and read_catalog(files)["print.hint.start"]
