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

import numpy as np
import pytest
from tells import COMP, DECKS, SHIFTS, case, deck_of, ink_mask, show_through

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
    assert {(dx, dy) for dx, dy, _ in found} == set(SHIFTS)
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


@pytest.mark.parametrize(("layout", "paper"), [("duplex", "a3"), ("duplex", "a4"),
                                               ("fold", "a4")])
def test_C3_loyalty_backs_turned_half_a_degree_show_no_offset_at_their_edge(
        layout: str, paper: str) -> None:
    """A back printed 0.5° turned lands off its cut by an amount that depends on its place
    on the sheet; nothing near its edge may show that amount."""
    found = case(layout, "color", paper, shifts=((0.0, 0.0), (0.5, 0.5)),
                 rotations=(-0.5, 0.5))
    for key, decks in found.items():
        assert len(decks["loyalty"]) == 1, (layout, paper, key, decks["loyalty"])


@pytest.mark.parametrize("ink", ["color", "low"])
def test_C3_loyalty_back_is_flat_colour_near_every_edge(ink: str) -> None:
    """Frameless: the back's own colour alone within LOYALTY_BACK_CLEAR of the cut."""
    back = card_art.loyalty_back("hu", ink)
    grey = ink_mask(back)                      # 1 mm cells that carry ink over white
    k = round(card_art.LOYALTY_BACK_CLEAR) - 1   # whole 1 mm cells from the corner: a mm spare
    assert k >= 10
    band = grey.copy()
    band[k:-k, k:-k] = grey[0, 0]
    assert (band == grey[0, 0]).all(), np.argwhere(band != grey[0, 0])[:8].tolist()
    assert not grey.all() or ink == "color"    # the motif inside is there (low ink)


@pytest.mark.parametrize("ink", ["color", "low"])
def test_c6_c8_marker_backs_turned_half_a_degree_in_duplex_show_no_offset(ink: str) -> None:
    """The DRADIS, demoralized and damage backs are frameless, their icon and words
    `BACK_CLEAR` inside the cut: a duplex sheet printed turned lands every back off its
    cut by a different amount, which a frame near the edge showed (10 look-alike groups
    of DRADIS backs at 0.5°)."""
    found = case("duplex", ink, "a4", shifts=((0.0, 0.0),), rotations=(-0.5, 0.5))
    for key, decks in found.items():
        for deck in ("dradis", "demoralized", "damage"):
            assert len(decks[deck]) == 1, (ink, key, deck, decks[deck])
