"""Advice on request: the strong player's choice for a seat, from that seat's view only."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from bsg_desktop.advice import Advice, advise
from bsg_desktop.bots import make_bot
from bsg_desktop.engine import Setup, new_game
from bsg_desktop.engine.game import Game
from bsg_desktop.engine.save import save_game
from bsg_desktop.engine.twins import twin

WORLDS = 3  # enough to exercise the look-ahead; the answer's quality is the bots' tests'


def played(players: int, seed: int, steps: int) -> Game:
    """A game that heuristic players have played ``steps`` decisions into."""
    g = new_game(Setup(players=players), seed)
    bots = [make_bot("heuristic", seed * 10 + s) for s in range(players)]
    for _ in range(steps):
        if g.outcome is not None:
            break
        d = g.pending
        g.apply(bots[d.seat].choose(g.view(d.seat), d))
    return g


def test_advice_is_the_same_in_worlds_that_differ_only_in_what_the_seat_cannot_see() -> None:
    """Twins redraw every hidden fact (others' loyalty, rolled dice, pile orders, the
    generator): the advice, computed from the seat's view alone, cannot change."""
    rng = random.Random(7)
    compared = kinds = 0
    seen: set[str] = set()
    for players, seed, steps in ((3, 1, 25), (4, 2, 40), (5, 3, 55), (4, 4, 90), (3, 5, 120)):
        g = played(players, seed, steps)
        if g.outcome is not None:
            continue
        d = g.pending
        mine = advise(g.view(d.seat), d, worlds=WORLDS)
        for _ in range(2):
            t = twin(g, d.seat, rng)
            assert t.view(d.seat) == g.view(d.seat)
            assert advise(t.view(d.seat), t.pending, worlds=WORLDS) == mine
            compared += 1
        kinds += d.kind not in seen
        seen.add(d.kind)
        assert mine.choice in d.options
    assert compared >= 6 and kinds >= 2, (compared, seen)


def test_advice_is_asked_of_the_deciding_seat_only() -> None:
    g = played(4, 2, 10)
    other = (g.pending.seat + 1) % 4
    with pytest.raises(ValueError):
        advise(g.view(other), g.pending, worlds=WORLDS)


def test_an_overruled_rule_of_thumb_says_what_it_gains() -> None:
    from bsg_desktop.advice import reason_words
    from bsg_desktop.engine import Choice
    from bsg_desktop.i18n import set_language

    better = Advice(Choice("a5"), False, True, True, 0.62, Choice("a2"), 0.51, 12)
    set_language("en")
    line = reason_words(better, "Launch Vipers", "Repair")
    assert "62%" in line and "51%" in line and "Repair" in line and "humans" in line
    set_language("hu")
    assert "62%" in reason_words(better, "x", "y") and "emberek" in reason_words(better, "x", "y")
    set_language("en")


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_hint_prints_a_legal_choice_and_a_reason_for_a_saved_game(tmp_path: Path,
                                                                   lang: str) -> None:
    from bsg_desktop.i18n import set_language, tr
    from bsg_desktop.present.words import choice_words

    g = played(4, 2, 40)
    path = tmp_path / "game.json"
    save_game(g, path)
    out = subprocess.run([sys.executable, "-m", "bsg_desktop", "hint", str(path), "--lang", lang],
                         capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == 3 and out.stderr == ""
    set_language(lang)
    try:
        view = g.view(g.pending.seat)
        legal = {tr("advice.pick", choice=choice_words(g.c, view, o)) for o in g.pending.options}
        assert lines[1] in legal
        assert lines[2].startswith(tr("advice.reason_rule_of_thumb")[:5])
    finally:
        set_language("en")


def test_hint_refuses_a_seat_that_is_not_deciding_in_one_line(tmp_path: Path) -> None:
    g = played(3, 1, 5)
    path = tmp_path / "game.json"
    save_game(g, path)
    idle = (g.pending.seat + 1) % 3 + 1
    out = subprocess.run([sys.executable, "-m", "bsg_desktop", "hint", str(path), "--seat",
                          str(idle)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and "decides" in out.stderr


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_advice_names_the_dice_to_contribute_by_their_faces(lang: str) -> None:
    """D7: the advice for a contribute decision says which rolled dice to give, as the
    player sees them (value and kind), never the engine's "contribute:1,2,3"."""
    from bsg_desktop.art.dice import signed
    from bsg_desktop.i18n import set_language, text, tr
    from bsg_desktop.present.words import choice_words

    set_language(lang)
    try:
        g = new_game(Setup(players=4), 2)
        bots = [make_bot("heuristic", 20 + s) for s in range(4)]
        for _ in range(400):
            d = g.pending
            if d.kind == "contribute" and len(d.options) > 2:
                break
            g.apply(bots[d.seat].choose(g.view(d.seat), d))
        view = g.view(d.seat)
        faces = {die: (kind, value) for die, kind, value in view.info_dict()["rolled"]}
        for option in d.options:
            words = choice_words(g.c, view, option)
            assert words.startswith(tr("ui.choice.contribute", dice="").strip()), words
            for die in option.args:
                kind, value = faces[die]
                assert f"{signed(value)} ({text(g.c.skill(kind).name)})" in words, words
            assert words.count("(") == len(option.args), words
    finally:
        set_language("en")


def test_k1_advice_on_the_crisis_die_says_choose_once_in_hungarian() -> None:
    """K1: the crisis die's button said "Ezt választom: …" ("I choose this"), so the
    Hungarian advice read "Egy jó játékos ezt választaná: Ezt választom: …"."""
    from bsg_desktop.i18n import set_language, tr
    from bsg_desktop.present.words import choice_words

    set_language("hu")
    try:
        g = new_game(Setup(players=4), 1000)
        for _ in range(20):
            if g.pending.kind == "crisis_die":
                break
            g.apply(g.pending.options[0])
        d = g.pending
        assert d.kind == "crisis_die"
        view = g.view(d.seat)
        for option in d.options:
            said = tr("advice.pick", choice=choice_words(g.c, view, option))
            assert said.lower().count("választ") == 1, said
    finally:
        set_language("en")
