"""Languages are data: the list is the locale folder's contents, card and scenario texts
map a language to its words, and adding a language is its files, not code.

``qps`` (tests/pseudo.py) is added here as a maintainer would add a language, and the
program reads it everywhere; files written for English and Hungarian alone still load.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

import pytest
import yaml
from pseudo import QPS, install, plain_words, pseudo

from bsg_desktop import i18n
from bsg_desktop.data import Text, load_components
from bsg_desktop.data.components import read_components, shipped_cards_path
from bsg_desktop.errors import DataError
from bsg_desktop.resources import package_path


@pytest.fixture
def qps(monkeypatch, tmp_path):  # type: ignore[no-untyped-def]
    yield from install(monkeypatch, tmp_path)


def test_the_languages_are_the_locale_folders_files(tmp_path: Path) -> None:
    assert i18n.find_languages() == {"en": "English", "hu": "Magyar"} == i18n.LANGUAGES
    folder = tmp_path / "locale"
    shutil.copytree(package_path("locale"), folder)
    (folder / "de.yaml").write_text('language.name: "Deutsch"\n', encoding="utf-8")
    (folder / "ui.de.yaml").write_text('ui.menu.file: "Spiel"\n', encoding="utf-8")
    assert i18n.find_languages(folder) == {"en": "English", "de": "Deutsch", "hu": "Magyar"}


def test_a_text_is_a_mapping_that_falls_back_to_english() -> None:
    t = Text.of({"hu": "Igen", "en": "Yes"})
    assert t == Text.of({"en": "Yes", "hu": "Igen"}) and hash(t) == hash(Text.of(t.as_dict()))
    assert (t.en, t.get("hu"), t.get("de")) == ("Yes", "Igen", "Yes")
    with pytest.raises(ValueError, match="'en'"):
        Text.of({"hu": "Igen"})


def test_an_added_language_is_read_everywhere(qps: Path) -> None:
    """Its catalogue, its rules file and its card texts: no code names it."""
    from bsg_desktop.printing.command import add_arguments
    from bsg_desktop.rules import rule_text

    assert QPS in i18n.LANGUAGES and i18n.language() == QPS
    assert i18n.tr("ui.menu.file") == pseudo(i18n.tr("ui.menu.file", "en"))
    comp = load_components()
    adama = comp.characters[0]
    assert i18n.text(adama.name) == pseudo(adama.name.en, 32) != adama.name.en
    shipped = load_components(shipped_cards_path()).characters[0]
    assert adama.name.get("hu") == shipped.name.get("hu")
    assert rule_text("K8", QPS).startswith(pseudo(rule_text("K8", "en"))[:20])
    assert not plain_words(rule_text("K8", QPS))
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert f"en|hu|{QPS}" in parser.format_help()  # --lang names the list


def test_an_older_cards_file_reads_english_in_a_language_it_lacks(qps: Path) -> None:
    """The shipped cards (English and Hungarian) while ``qps`` exists: they load, and a
    ``qps`` reader sees their English."""
    comp = read_components(shipped_cards_path())
    assert i18n.text(comp.characters[0].name, QPS) == comp.characters[0].name.en


def test_a_language_a_file_uses_must_be_given_for_each_of_its_texts(qps: Path,
                                                                    tmp_path: Path) -> None:
    raw = yaml.safe_load(qps.read_text(encoding="utf-8"))
    del raw["characters"][2]["brig"][QPS]
    broken = tmp_path / "broken.yaml"
    broken.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    with pytest.raises(DataError) as err:
        read_components(broken)
    assert err.value.path == f"characters[2].brig.{QPS}"


def test_a_lesson_in_an_added_language(qps: Path, tmp_path: Path) -> None:
    from bsg_desktop.scenario import load_scenario

    path = tmp_path / "lesson.yaml"
    path.write_text("title: {en: A turn, qps: '[Á ţúŕñ]'}\nintro: {en: Hello, hu: Szia}\n"
                    "players: 3\nsteps: []\n", encoding="utf-8")
    sc = load_scenario(path)
    assert sc.title is not None and sc.intro is not None
    assert (sc.title.get(QPS), sc.title.get("hu")) == ("[Á ţúŕñ]", "A turn")
    assert (sc.intro.get(QPS), sc.intro.get("hu")) == ("Hello", "Szia")


def test_numbers_are_written_as_each_language_writes_them() -> None:
    from bsg_desktop.printing.guide import calibration_blocks
    from bsg_desktop.printing.pack import checked_in_packs

    assert (i18n.number(12.7, "en"), i18n.number(12.7, "hu")) == ("12.7", "12,7")
    para = calibration_blocks(load_components(), "hu", "color", 12.7)[1]
    assert "11,7; 12,2; 12,7; 13,2; 13,7" in para.text  # type: ignore[attr-defined]
    assert list(checked_in_packs()) == ["a4-en", "letter-en", "a4-hu"]
