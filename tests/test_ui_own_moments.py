"""A seat's own moments and its loyalty in words.

Loyalty is said as what it makes a player ("human", "Cylon (Model Two)"), never as
the card's printed title used as a sentence, in the log, the review, the window and
the phones, in English and Hungarian.
"""

from __future__ import annotations

import random

from bsg_desktop.data import load_components
from bsg_desktop.engine import Event, Game, Setup, new_game
from bsg_desktop.log import describer_for, hand_words, loyalty_words
from bsg_desktop.review import Review

COMP = load_components()


def finished(players: int, seed: int) -> Game:
    """A game played at random to its end."""
    rng = random.Random(seed)
    g = new_game(Setup(players=players), seed)
    while g.outcome is None and not g.stalled:
        assert g.pending is not None
        g.apply(rng.choice(g.pending.options))
    assert g.outcome is not None
    return g


def test_loyalty_is_said_as_human_or_cylon_model_in_both_languages() -> None:
    assert loyalty_words(COMP, "not_cylon_1", "en") == "human"
    assert loyalty_words(COMP, "cylon_two", "en") == "Cylon (Model Two)"
    assert loyalty_words(COMP, "not_cylon_1", "hu") == "ember"
    assert loyalty_words(COMP, "cylon_two", "hu") == "Cylon (Kettes modell)"
    # a hand of human cards is one "human"; a Cylon card is what the hand says
    assert hand_words(COMP, ["not_cylon_1", "not_cylon_2", "not_cylon_3"], "en") == "human"
    assert hand_words(COMP, ["not_cylon_1", "cylon_six"], "en") == "Cylon (Model Six)"
    assert hand_words(COMP, ["not_cylon_1", "cylon_six"], "hu") == "Cylon (Hatos modell)"


def test_log_lines_say_loyalty_in_words() -> None:
    g = new_game(Setup(players=4), 3)
    d = describer_for(g)
    kara = d.player(0, "en")
    reveal = Event("cylon_revealed", "A9", (("seat", 0), ("card", "cylon_two")))
    assert d.describe(reveal, "en") == f"{kara} reveals they are a Cylon (Model Two)!"
    assert d.describe(reveal, "hu") == f"{d.player(0, 'hu')} felfedi magát: Cylon (Kettes modell)!"
    dealt = Event("loyalty_dealt", "L1", (("seat", 0), ("cards", ["not_cylon_1", "not_cylon_2"])),
                  frozenset({0}))
    assert d.describe(dealt, "en") == f"{kara}'s loyalty: human."
    assert d.describe(dealt, "hu") == f"{d.player(0, 'hu')} hűsége: ember."
    for text in (d.describe(reveal, "en"), d.describe(dealt, "en")):
        assert "You are" not in text


def test_the_review_says_who_was_who_in_words() -> None:
    g = finished(5, 4)
    r = Review(g)
    for lang, human in (("en", "human"), ("hu", "ember")):
        lines = r.who_was_who(lang).splitlines()
        assert len(lines) == 5
        for line, p in zip(lines, g.players, strict=True):
            assert line.endswith(hand_words(COMP, list(p.loyalty), lang))
            assert "Cylon" in line or line.endswith(human)
            assert "You are" not in line and "vagy" not in line
