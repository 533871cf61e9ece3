"""No hidden piece tells its kind from the back, however the sheet was misprinted.

For each layout × ink × paper below, every sheet holding a loyalty card, a DRADIS,
demoralized or damage marker is rendered, and every such piece's back is cut where
it lands when the back is out of register (duplex) or folded off its line (fold) by
±0.5, ±1, ±1.5 or ±2 mm in x, in y or in both (`tells.SHIFTS`). The backs of one
deck must then look alike (`tells.alike`: ±1 px and a little colour for
anti-aliasing): one group per deck at every shift.

The suite checks a representative subset (`CASES`): both layouts in both inks on A4,
and each of Letter and A3 in both layouts, inks alternating; benchmarks/tells.py runs
the whole 2 × 2 × 3 matrix and prints the groups it finds.
"""

from __future__ import annotations

import pytest
from tells import COMP, DECKS, SHIFTS, case, deck_of, show_through

from bsg_desktop.art import cards as card_art

CASES = [
    ("fold", "color", "a4"), ("fold", "low", "a4"),
    ("duplex", "color", "a4"), ("duplex", "low", "a4"),
    ("fold", "low", "letter"), ("duplex", "color", "letter"),
    ("fold", "color", "a3"), ("duplex", "low", "a3"),
]


@pytest.mark.parametrize(("layout", "ink", "paper"), CASES)
def test_C3_C6_C7_C8_hidden_backs_look_alike_under_every_misregistration(
        layout: str, ink: str, paper: str) -> None:
    found = case(layout, ink, paper)
    assert set(found) == set(SHIFTS)
    for shift, decks in found.items():
        assert set(decks) == set(DECKS), (layout, ink, paper, shift)   # every deck printed
        split = {deck: groups for deck, groups in decks.items() if len(groups) != 1}
        assert not split, (layout, ink, paper, shift, split)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_C3_loyalty_fronts_show_the_same_ink_through_a_white_back(lang: str) -> None:
    fronts = [(cid, front) for cid, front, _ in card_art.all_cards(COMP, lang, "low")
              if deck_of(cid) == "loyalty"]
    assert {cid.startswith("cylon_") for cid, _ in fronts} == {True, False}
    for cid, differs in show_through(fronts):
        assert differs <= 0.01, (lang, cid, f"{differs:.1%} of the card's ink differs")
