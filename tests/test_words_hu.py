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
    ("event.demoralized_placed", "{character} demoralizált lett ({count}/5 demoralizáló jelző "
     "kint)", "felhúzták"),
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
    ("review.note.vote_cylon", "szavazást kezdeményez {target} {mode};", "hogy {target}"),
    ("review.note.vote_human", "szavazást kezdeményez {target} {mode};", "hogy {target}"),
    ("log.vote_brig", "FOGDÁBA küldéséről", "kerüljön"),
    ("print.guide.calibration_text", "ha nem akkorák", "annyik"),
    ("print.dradis.note_k8", "2 Raider + 1 Kolóniai Hajó", "egy Kolóniai"),
    ("print.monitor.win", "a következő ugrással az emberek győznek", "ugrás győz"),
    ("print.aid.r_vote", "semmit sem vesz vissza", "0-t"),
    # A native reading (issue 46): the log
    ("event.order_accepted", "{seat} a kapott cselekvési lehetőséggel él.", "követi"),
    ("log.forced", "kényszerből", "nincs aktív"),
    ("log.loyalty_cylon", "{model} Cylon", "modell"),
    ("event.released_from_brig", "Kiengedik a FOGDÁBÓL", "kiszabadul"),
    ("log.vote_release", "FOGDÁBÓL való kiengedéséről", "kiszabadul"),
    ("event.loyalty_card_passed", "hátlappal felfelé átad egy hűségkártyát {target} játékosnak",
     "lefordítva"),
    # the window
    ("ui.choice.stop", "Nem dobok újra", "Megállok"),
    ("ui.decision.reroll", "vagy nem dobsz újra?", "megállsz"),
    ("ui.choice.keep", "Nem veszem vissza", "Marad így"),
    ("ui.choice.group_a6", "Szavazás: FOGDÁBA küldés vagy kiengedés…", "FOGDÁRÓL"),
    ("ui.choice.a6_release", "Szavazás: {target} kiengedése a FOGDÁBÓL", "kiszabadul"),
    ("ui.choice.a6_brig", "Szavazás: {target} FOGDÁBA küldése", "kerüljön"),
    ("review.panel.no_marks", "szavazást FOGDÁBA küldésről vagy kiengedésről", "FOGDÁRÓL"),
    ("ui.new.morale", "Morálváltozat: a lelkesítő beszéd fordítva is elsülhet", "visszafelé"),
    # the phone and the invite dialog
    ("companion.page.title", "BSG: Express — játékos", "hely"),
    ("companion.page.closed", "Ez a telefon már nem kapja ennek a játékosnak a lépéseit.",
     "hely"),
    ("companion.page.taken_over", "egy másik böngészőfülön", "hely"),
    ("companion.page.log", "Játéknapló", "naplód"),
    ("ui.phones.hosting", "Telefonos játék", "Kiszolgálás"),
    ("ui.invite.stop", "Telefonos játék leállítása", "Kiszolgálás"),
    ("ui.new.seat", "{n}. játékos", "hely"),
    # the printed pack
    ("print.rank", "{rank}. a ranglétrán", "{rank}. rang\""),
    ("print.cylon_model", "{model} Cylon", "modell"),
    ("print.guide.c.tracks", "távolságjelző", "Távolság jelző"),
    ("print.guide.b.tools", "sniccer", "szikevágó"),
    ("print.guide.o.calibrate", "A négyzeteket tartsd a kocka egyik süllyesztett lapjához",
     "ragaszd"),
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
        "Laura Roslin szavazást kezdeményez William Adama FOGDÁBA küldéséről.")
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
    # A native reading (issue 46)
    ("I19", "A „körönként egyszer” azt jelenti: játékkörönként egyszer", "egyszer jelent"),
    ("I12", "értékekkel érkezik", "szállít"),
    ("I16", "akkor is fel kell kínálni, ha csak egy lehetőség van", "fel kell tenni"),
    ("C9", "1 távolságjelző", "Távolság jelző"),
    ("C3", "Hatos Cylon", "modell"),
    ("D11", "aktív, közösbe adott, elhasznált", "beadott"),
    ("X3", "levehetsz egy közösbe adott kockát", "beadott"),
    ("I23", "akit a saját akciója alatt kiengednek a FOGDÁBÓL", "kiszabadul"),
    ("I24", "(kiengedik a FOGDÁBÓL)", "kiszabadul"),
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


# --------------------------------------------------------------- a native reading (issue 46)


def _every_hungarian_text() -> list[tuple[str, str]]:
    from test_glossary_hu import hungarian_texts

    return list(hungarian_texts())


# One choice each, made everywhere a Hungarian player reads (the catalogues, the rules
# reference, the cards, the demos): the word used, the pattern it replaced.
ONE_WORD = [
    ("sniccer", r"szikevágó"),
    ("közösbe adott", r"(?<!\w)beadott"),
    ("távolságjelző", r"Távolság jelző"),
    ("Hatos Cylon", r"(?<!\w)modell(?!\w)"),
    ("kiengedik a FOGDÁBÓL", r"kiszabadul"),
    ("Nem dobok újra", r"(?<!\w)[Mm]egáll(?:ok|sz|\.|,|:)"),
    ("hátlappal felfelé", r"lefordítva átad|adj át lefordítva"),
]


@pytest.mark.parametrize(("use", "old"), ONE_WORD, ids=[r[0] for r in ONE_WORD])
def test_one_word_is_used_everywhere_not_the_one_it_replaced(use: str, old: str) -> None:
    import re

    texts = _every_hungarian_text()
    assert any(use in t for _w, t in texts), use
    found = [f"{w}: {t}" for w, t in texts if re.search(old, t)]
    assert not found, "\n".join(found)


def test_the_phone_and_the_invite_say_jatekos_not_hely() -> None:
    """A player's page is a player's, not a "seat" ("hely", "a helyed")."""
    import re

    hu = catalog("hu")
    keys = [k for k in hu if k.startswith(("companion.page.", "ui.invite.", "ui.phones."))
            or k == "ui.new.seat"]
    found = [f"{k}: {hu[k]}" for k in keys if re.search(r"(?<!\w)hely(?!ett|szín)", hu[k])]
    assert not found, "\n".join(found)
    assert not [k for k in keys if "Kiszolgál" in hu[k] or "kiszolgál" in hu[k]]


def test_I7_loyalty_round_does_not_promise_revealed_cylons_a_card() -> None:
    en, hu = catalog("en")["event.loyalty_round"], catalog("hu")["event.loyalty_round"]
    assert "everyone receives another loyalty card." not in en
    assert "but the revealed Cylons" in en and "while the loyalty deck lasts" in en
    assert "mindenki kap még egy hűségkártyát." not in hu
    assert "a felfedett Cylonok kivételével" in hu and "amíg van lap a hűségpakliban" in hu


def test_crisis_names_are_capitalised_one_way() -> None:
    from bsg_desktop.data import load_components
    from bsg_desktop.i18n import text

    comp = load_components()
    names = [text(comp.crisis_type(t).name, "hu") for t in ("unrest", "attack", "dradis")]
    assert names == ["nyugtalanság", "báziscsillagtámadás", "ismeretlen DRADIS kapcsolat"]


def test_rules_reference_section_i_is_named_as_interpretations() -> None:
    from bsg_desktop.rules import rule_sections

    headings = [h for h, _ids in rule_sections("hu")]
    assert "I. Szabályértelmezések: ahol a szabálykönyv hallgat vagy kétértelmű" in headings
    assert not [h for h in headings if h.startswith("I. Olvasatok")]


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_calibration_does_not_ask_to_stick_plain_paper_squares(lang: str) -> None:
    """The calibration page is plain paper: its squares are held against a die, and
    the stickers come from the sticker sheet printed at the chosen size."""
    cat = catalog(lang)
    for key in ("print.guide.o.calibrate", "print.guide.calibration_text"):
        assert "Stick" not in cat[key] and "ragaszd" not in cat[key], cat[key]


def test_forced_pass_reads_kenyszerbol_passzol() -> None:
    g = new_game(Setup(players=4, characters=("laura_roslin", "william_adama", "lee_adama",
                                              "kara_thrace")), 1)
    forced = Event("passed", "D4", (("seat", 0), ("forced", True)))
    free = Event("passed", "D5", (("seat", 0), ("forced", False)))
    assert describer_for(g).describe(forced, "hu") == "Laura Roslin kényszerből passzol."
    assert describer_for(g).describe(free, "hu") == "Laura Roslin passzol."


def test_release_vote_and_release_read_with_the_rulebooks_verb() -> None:
    g = new_game(Setup(players=4, characters=("laura_roslin", "william_adama", "lee_adama",
                                              "kara_thrace")), 1)
    d = describer_for(g)
    vote = Event("vote_called", "A6", (("seat", 0), ("mode", "release"), ("target", 1)))
    out = Event("released_from_brig", "A6", (("target", 1),))
    assert d.describe(vote, "hu") == (
        "Laura Roslin szavazást kezdeményez William Adama FOGDÁBÓL való kiengedéséről.")
    assert d.describe(out, "hu") == "Kiengedik a FOGDÁBÓL: William Adama."


def test_demoralized_player_reads_demoralizalt_lett() -> None:
    g = new_game(Setup(players=4, characters=("laura_roslin", "william_adama", "lee_adama",
                                              "kara_thrace")), 1)
    e = Event("demoralized_placed", "K3",
              (("character", "lee_adama"), ("seat", 2), ("count", 2)))
    assert describer_for(g).describe(e, "hu") == (
        "Lee Adama demoralizált lett (2/5 demoralizáló jelző kint).")


@pytest.mark.parametrize(("kind", "hu", "en"), [
    ("reckless", "Nem veszem vissza", "Keep as is"),
    ("influence", "Nem veszek le kockát", "Remove none"),
])
def test_keep_reads_as_the_question_it_answers(kind: str, hu: str, en: str) -> None:
    """Kara is asked whether to take her dice back, Roslin whether to remove one: the
    same "keep" answers both, in the words of each question."""
    from types import SimpleNamespace

    from bsg_desktop.data import load_components
    from bsg_desktop.engine import Choice
    from bsg_desktop.i18n import speaking
    from bsg_desktop.present.words import choice_words

    view = SimpleNamespace(pending_kind=kind, pending_seat=None, info_dict=dict, check=None)
    for lang, want in (("hu", hu), ("en", en)):
        with speaking(lang):
            assert choice_words(load_components(), view, Choice("keep")) == want


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_j4_the_admirals_question_names_a_named_player_without_a_second_bracket(
        lang: str) -> None:
    """J4's questions to the Admiral. A player who gave a name is said "Eve (William
    Adama)", so "{player} (Admiral):" read "Eve (William Adama) (Admiral):", two
    brackets in a row; no sentence puts a bracket straight after a player (an order's
    "to Eve (William Adama) (put in a strong die)" did too)."""
    from bsg_desktop.i18n import tr
    from bsg_desktop.present.words import player_name

    g = new_game(Setup(players=3, names=("Eve",)), 1)
    view = g.view(None)
    who = player_name(g.c, view, 0)
    assert who.endswith(")")  # the character said after the name, in brackets
    for key in ("jump_die", "jump_die_public", "jump_penalty", "jump_penalty_public"):
        said = tr(f"ui.decision.{key}", lang, player=who, strong=3, weak=-1, points=2)
        assert said.startswith(who) and ") (" not in said, said
    # nor any sentence that names a player, as an order's target does
    crowded = [k for k, v in catalog(lang).items()
               if any(f"{{{who}}} (" in v for who in ("player", "target", "seat", "who"))]
    assert crowded == []
