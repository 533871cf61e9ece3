"""Every decision says what is at stake (issue 43): a vote names its target and what
reaching the difficulty does (A6), a crisis check what failing costs (K3, K5, K7), and
every other kind what its choice affects, in English and Hungarian, from the public
view only: the decider's screen, a waiting phone and the table page say the same. The
question and its stakes come as two parts (`decision_parts`), which the screens show as
two paragraphs; the one-line form is the two joined."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from bsg_desktop.engine import Choice, Setup, new_game
from bsg_desktop.engine.twins import twin
from bsg_desktop.i18n import speaking, tr
from bsg_desktop.present.words import (
    decision_parts,
    decision_words,
    player_name,
    stakes_words,
)

FOUR = Setup(players=4, characters=("william_adama", "lee_adama", "kara_thrace",
                                    "laura_roslin"))
# every kind the shipped characters meet (salvage is a user character's: no stakes to add,
# its question already says the check failed), with a check's and an action's contribute
# and the join of a vote and of a crisis told apart
WANTED = {"action", "action/ordered", "boost", "contribute/a2", "contribute/a3",
          "contribute/a4", "contribute/a5", "contribute/crisis", "contribute/vote",
          "crisis_die", "crisis_mode", "cylon_damage", "cylon_demoralize", "cylon_steal",
          "give_card", "join/crisis", "join/vote", "jump_die", "jump_penalty", "k8_penalty",
          "reckless", "ordered", "remove_ship", "repair", "reroll", "retrieve", "influence"}


def _key(g) -> str:  # type: ignore[no-untyped-def]
    d = g.pending
    if d.kind in ("contribute", "join"):
        return f"{d.kind}/{g.check.kind}" if g.check is not None else f"{d.kind}/{d.rule.lower()}"
    return "action/ordered" if d.kind == "action" and d.rule == "A8" else d.kind


@lru_cache(maxsize=1)
def examples() -> dict[str, object]:
    """One position per kind of decision, from random games (morale variant in half)."""
    found: dict[str, object] = {}
    for seed in range(400):
        g = new_game(Setup(players=3 + seed % 3, morale_variant=seed % 2 == 1), seed)
        rng = random.Random(seed)
        while g.outcome is None:
            found.setdefault(_key(g), g.copy())
            g.apply(rng.choice(g.pending.options))
        if WANTED <= set(found):
            break
    return found


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_decision_kind_says_what_is_at_stake(lang: str) -> None:
    """Each kind's question comes with its stakes as a part of their own, and the stakes
    are the same words whoever looks: the decider, and the public view the table page
    and the other phones say it from (the jump die's question differs there, its stakes
    do not). The one-line form is the question, then the stakes."""
    found = examples()
    assert WANTED <= set(found), sorted(WANTED - set(found))
    said: dict[str, str] = {}
    with speaking(lang):
        for key in sorted(WANTED):
            g = found[key]
            seat = g.pending.seat  # type: ignore[attr-defined]
            own, public = g.view(seat), g.view(None)  # type: ignore[attr-defined]
            stakes = stakes_words(g.c, own)  # type: ignore[attr-defined]
            assert stakes and "{" not in stakes and "ui.stakes" not in stakes, (key, stakes)
            assert stakes_words(g.c, public) == stakes, key  # type: ignore[attr-defined]
            for view in (own, public):
                parts = decision_parts(g.c, view)  # type: ignore[attr-defined]
                assert parts.stakes == stakes, key
                assert parts.question and stakes not in parts.question, (key, parts)
                assert decision_words(g.c, view) == f"{parts.question} {stakes}", key  # type: ignore[attr-defined]
            said[key] = stakes
    # the kinds say different things: no one catch-all sentence
    assert len(set(said.values())) >= len(said) - 4, said


def _vote(mode: str, target: int):  # type: ignore[no-untyped-def]
    """Seat 0 (William Adama) calls a vote on ``target``; seat 1 (Lee Adama) is asked."""
    g = new_game(FOUR, 1, overrides={"brig": [target]} if mode == "release" else None)
    g.apply(Choice("a6", (mode, target)))
    assert g.pending.kind == "join" and g.pending.seat == 1
    return g


@pytest.mark.parametrize("lang, brig, release", [
    ("en", "Reaching 4 sends Lee Adama to the brig", "Reaching 4 releases"),
    ("hu", "Ha az összeg legalább 4, Lee Adama a FOGDÁBA kerül", "kijöhet a FOGDÁBÓL")])
def test_A6_a_vote_names_its_target_and_what_reaching_the_difficulty_does(
        lang: str, brig: str, release: str) -> None:
    """The issue's case: Lee is asked to join the vote that would send him to the brig;
    the question says so, on his phone and on the table page alike. A release vote says
    whom it frees. Passing in a vote takes back no dice (A7), and the question says that
    too. All of it is in the stakes, the part said under the question."""
    g = _vote("brig", 1)
    with speaking(lang):
        for view in (g.view(1), g.view(None), g.view(2)):
            stakes = decision_parts(g.c, view).stakes
            assert brig in stakes, stakes
            assert tr("ui.stakes.vote_pass") in stakes
        r = _vote("release", 2)
        stakes = decision_parts(r.c, r.view(None)).stakes
        assert release in stakes and player_name(r.c, r.view(None), 2) in stakes, stakes
        # contributing and rerolling say the same stakes
        r.apply(Choice("join"))
        assert r.pending.kind == "contribute"
        assert release in decision_parts(r.c, r.view(1)).stakes


@pytest.mark.parametrize("lang, attack, unrest", [
    ("en", "failing puts 2 damage markers on Galactica (1 of 6 there",
     "failing draws a demoralized marker (2 of 5 are out"),
    ("hu", "ha nem, 2 sebzésjelző kerül a Galacticára (rajta: 1 / 6",
     "ha nem, egy demoralizáló jelzőt kell húzni (kint: 2 / 5")])
def test_K5_K3_a_crisis_check_says_what_failing_costs(lang: str, attack: str,
                                                      unrest: str) -> None:
    """The chosen crisis die's consequence, by its type, and how near it brings the
    Cylons' win, said to whoever joins or contributes: from the public face alone."""
    over = {"damage": ["armory"], "demoralized": ["kara_thrace", "gaius_baltar"]}
    for index, want in ((0, attack), (1, unrest)):
        g = new_game(FOUR, 1, overrides=over, script_crisis=["attack/5/2", "unrest/4/1"])
        g.apply(Choice("skip"))
        g.apply(Choice("crisis", (index,)))
        assert g.pending.kind == "join"
        with speaking(lang):
            stakes = decision_parts(g.c, g.view(None)).stakes
            assert want in stakes, stakes


def test_stakes_tell_nothing_hidden_in_twin_worlds() -> None:
    """Worlds that differ only in what nobody at the table can see (loyalty, piles,
    rolled dice, the unchosen crisis die) say every decision's stakes alike, in the
    decider's view and the public one."""
    rng = random.Random(43)
    for key, g in sorted(examples().items()):
        seat = g.pending.seat  # type: ignore[attr-defined]
        for _ in range(3):
            t = twin(g, None, rng)  # type: ignore[arg-type]
            for lang in ("en", "hu"):
                with speaking(lang):
                    assert decision_parts(t.c, t.view(None)) == \
                        decision_parts(g.c, g.view(None)), key  # type: ignore[attr-defined]
                    assert stakes_words(t.c, t.view(seat)) == \
                        stakes_words(g.c, g.view(seat)), key  # type: ignore[attr-defined]
