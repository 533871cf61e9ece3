"""Hungarian in the rulebook's words: the strings a careful reader found translated.

Each row is a text a Hungarian player reads, with the wording it must use and the
literal translation it replaced (see the glossary, docs/glossary-hu.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bsg_desktop.engine import Event, Setup, new_game
from bsg_desktop.i18n import catalog
from bsg_desktop.log import describer_for
from bsg_desktop.rules import rule_texts

ROOT = Path(__file__).resolve().parents[1]

CATALOGUE = [
    ("event.dice_rolled", "titokban dob {count} kockával", "takarás mögött"),
    ("event.crisis_rolled", "titokban dob a kríziskockákkal", "takarás mögött"),
    ("event.demoralized_placed", "demoralizáló jelzőjét felhúzták ({count}/5)", "lett"),
    ("event.demoralized_placed_unused", "a pecsét egy nem használt szegletébe kerül", "lett"),
    ("event.reckless_reclaim", "képességével visszaveszi a kockáit (beszámítanak)",
     "vakmerő:"),
    ("event.reveal_in_brig", "a FOGDÁBAN fedi fel magát: a kártya hatása elvész", "fedte"),
    ("event.second_cylon_card", "'Cylon' hűségkártyát", "Cylon-kártya"),
    ("log.no_cylons", "'Cylon' hűségkártyát", "Cylon-kártya"),
    ("suspicion.undealt", "'Cylon' hűségkártyát", "Cylon-kártya"),
    ("companion.table.check", "{kind}: {total} / {difficulty}", "szakértelempróba"),
    ("companion.page.state_removed", "kikerült a játékból", "kivett"),
    ("ui.status.piles", "megsemmisült Kolóniai Hajók", "elpusztult"),
    ("ui.seat.brig", "FOGDÁBAN", "Fogdában"),
    ("print.screen.brig", "FOGDÁBAN", "Fogdában"),
    ("ui.decision.action_ordered", ": vezetői utasítást kaptál", "Vezetői"),
    ("ui.decision.ordered", ": vezetői utasítást kaptál", "Vezetői"),
    ("ui.undo.unavailable", "Csak a saját utolsó döntésedet vonhatod vissza, amíg",
     "döntésed,"),
    ("ui.new.seed", "Kezdőérték", "seed"),
    ("review.note.vote_cylon", "szavazást kezdeményez, hogy {target} {mode}", "({mode}"),
    ("review.note.vote_human", "szavazást kezdeményez, hogy {target} {mode}", "({mode}"),
    ("log.vote_brig", "a FOGDÁBA kerüljön", "kerüljön a"),
    ("print.guide.calibration_text", "ha nem akkorák", "annyik"),
    ("print.dradis.note_k8", "2 Raider + 1 Kolóniai Hajó", "egy Kolóniai"),
    ("print.monitor.win", "a következő ugrással az emberek győznek", "ugrás győz"),
    ("print.aid.r_vote", "semmit sem vesz vissza", "0-t"),
]


@pytest.mark.parametrize(("key", "better", "now"), CATALOGUE, ids=[r[0] for r in CATALOGUE])
def test_hungarian_string_reads_as_the_rulebook_does(key: str, better: str, now: str) -> None:
    hu = catalog("hu")[key]
    assert better in hu and now not in hu, hu


def test_review_title_keeps_the_winner_lower_case_after_the_colon() -> None:
    from bsg_desktop.i18n import tr

    hu = tr("review.title", "hu", winner=tr("review.winner_humans", "hu"),
            condition="x", turns=3)
    en = tr("review.title", "en", winner=tr("review.winner_cylons", "en"),
            condition="x", turns=3)
    assert hu.startswith("Visszanézés: az emberek nyertek") and en.startswith(
        "Review: the Cylons won")


def test_a6_vote_sentence_says_who_should_go_to_the_brig() -> None:
    g = new_game(Setup(players=4, characters=("laura_roslin", "william_adama", "lee_adama",
                                              "kara_thrace")), 1)
    e = Event("vote_called", "A6", (("seat", 0), ("mode", "brig"), ("target", 1)))
    assert describer_for(g).describe(e, "hu") == (
        "Laura Roslin szavazást kezdeményez, hogy William Adama a FOGDÁBA kerüljön.")
    assert describer_for(g).describe(e, "en") == (
        "Laura Roslin calls a vote to send to the brig: William Adama.")


RULES = [
    ("I1", "léptetik az ugrásjelzőt a pályán", "lépteti a sávot"),
    ("J4", "a távolságjelző a kocka értékének abszolút értékével lép előre",
     "a jelző az abszolút értékével"),
    ("I5", "Az akciólépést", "akció lépés"),
    ("I16", "akciólépést", "akció lépés"),
    ("I3", "A bónusz kivárja azokat a köröket", "Kivár azokon"),
    ("V1", "Ha a Morál növelése akcióban negatív értékű kocka kerül a közösbe",
     "akciójában"),
    ("A9", "'Cylon' hűségkártyát", "Cylon-kártya"),
    ("L1", "'Cylon' hűségkártya", "Cylon-kártya"),
]


@pytest.mark.parametrize(("rid", "better", "now"), RULES, ids=[r[0] for r in RULES])
def test_hungarian_rules_reference_reads_as_the_rulebook_does(rid: str, better: str,
                                                              now: str) -> None:
    hu = rule_texts("hu")[rid]
    assert better in hu and now not in hu, hu


def test_demos_say_haromfos_jatszma_not_3_jatekosos() -> None:
    demos = sorted((ROOT / "scenarios" / "demos").glob("*.yaml"))
    texts = {p.name: p.read_text(encoding="utf-8") for p in demos}
    assert not [n for n, t in texts.items() if "játékosos" in t]
    assert "Háromfős játszma." in texts["x7_cylon_one_demoralizes.yaml"]


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_player_aid_text_ends_inside_its_panel(lang: str) -> None:
    """The turn and the pass rules on the player aid must fit above the panel's bottom
    edge: the Hungarian once ran a line past it, cut off in print."""
    from bsg_desktop.art import aids
    from bsg_desktop.art.shapes import Label
    from bsg_desktop.data import load_components

    d = aids.player_aid_front(load_components(), lang)
    labels = [it for it in d.items if isinstance(it, Label)]
    lowest = max(it.y + 0.3 * it.size_mm for it in labels)  # baseline plus descenders
    assert lowest < aids.CARD_H - aids.FRAME - 1.0, (lang, lowest)


def test_number_key_hint_takes_the_article_of_the_number() -> None:
    from bsg_desktop.i18n import tr

    assert tr("ui.access.key", "hu", key=1) == "Az 1 számbillentyűvel választható."
    assert tr("ui.access.key", "hu", key=2) == "A 2 számbillentyűvel választható."
