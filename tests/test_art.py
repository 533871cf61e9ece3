"""The art layer: one backend-neutral description per component (issue 3)."""

from __future__ import annotations

import math

import pytest

from bsg_desktop.art import board, cards, dice, markers
from bsg_desktop.art.fonts import text_width
from bsg_desktop.art.icons import icon
from bsg_desktop.art.shapes import Circle, Drawing, Group, Label, Rect, labels, walk
from bsg_desktop.data.components import load_components

COMP = load_components()


def test_drawings_are_values_same_input_same_drawing() -> None:
    assert board.galactica_seal(COMP, "hu", "low") == board.galactica_seal(COMP, "hu", "low")
    assert cards.character_front(COMP.characters[0]) == cards.character_front(COMP.characters[0])


def test_board_has_every_named_anchor_inside_its_section() -> None:
    names = {
        *(f"dradis.slot.{i}" for i in range(10)),
        *(f"seal.{c.id}.{part}" for c in COMP.characters for part in ("gold", "black")),
        "seal.centre",
        *(f"damage.{loc.id}" for loc in COMP.damage_locations),
        *(f"jump.{k}" for k in range(COMP.jump_max + 1)),
        *(f"distance.{k}" for k in range(COMP.distance_win + 1)),
    }
    secs = board.sections(COMP)
    found = {}
    for d in secs:
        for name, (x, y) in d.anchors.items():
            assert 0 < x < d.width and 0 < y < d.height, name
            found[name] = (x, y)
    assert set(found) == names
    whole = board.board(COMP)
    assert set(whole.anchors) == names
    assert whole.width == pytest.approx(sum(d.width for d in secs))
    # offsets: the seal starts where the DRADIS monitor ends
    sx, sy = whole.anchor("seal.centre")
    assert (sx - secs[0].width, sy) == pytest.approx(found["seal.centre"])


def test_slots_do_not_overlap_and_tracks_run_in_order() -> None:
    m = board.galactica_monitor(COMP)
    jump = [m.anchor(f"jump.{k}") for k in range(COMP.jump_max + 1)]
    assert [p[0] for p in jump] == sorted(p[0] for p in jump)
    pts = [*(m.anchor(f"distance.{k}") for k in range(COMP.distance_win + 1)), *jump,
           *(m.anchor(f"damage.{loc.id}") for loc in COMP.damage_locations)]
    for i, a in enumerate(pts):
        for b in pts[i + 1:]:
            assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) >= board.SLOT, (a, b)
    d = board.dradis_monitor(COMP)
    slots = [d.anchor(f"dradis.slot.{i}") for i in range(10)]
    for i, a in enumerate(slots):
        for b in slots[i + 1:]:
            assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) >= board.SLOT
    assert board.SLOT > markers.MARKER  # a marker fits its slot


def test_seal_gold_part_is_outside_black_part_for_every_character() -> None:
    seal = board.galactica_seal(COMP)
    cx, cy = seal.anchor("seal.centre")
    for ch in COMP.characters:
        g = math.dist(seal.anchor(f"seal.{ch.id}.gold"), (cx, cy))
        b = math.dist(seal.anchor(f"seal.{ch.id}.black"), (cx, cy))
        assert board.BLACK_R0 < b < board.GOLD_R0 < g < board.SEAL_R
    assert set(labels(seal)) >= {c.short.en for c in COMP.characters}


def _fills(d: Drawing) -> set[str]:
    return {it.style.fill for it in walk(d.items) if isinstance(it, Rect) and it.style.fill}


def test_skill_faces_have_blue_or_red_border_and_signed_values() -> None:
    strong, weak = COMP.skill("strong"), COMP.skill("weak")
    s = dice.skill_face(strong, 4)
    w = dice.skill_face(weak, -2)
    assert "#1f5fbf" in _fills(s) and "#c0392b" in _fills(w)
    assert labels(s) == ["+4"] and labels(w) == ["\u22122"]
    assert (s.width, s.height) == (12.7, 12.7)


def test_crisis_face_layout_follows_c10() -> None:
    size = 20.0
    for die in COMP.crisis_dice:
        for face in die.faces:
            d = dice.crisis_face(die, face, size)
            texts = {it.text: it for it in walk(d.items) if isinstance(it, Label)}
            diff, cons = texts[str(face.difficulty)], texts[str(face.consequence)]
            if face.difficulty != face.consequence:
                assert diff.x < size / 2 and diff.y < size / 2       # upper left
                assert cons.x < size / 2 and cons.y > size / 2       # lower left
            dots = [c for c in walk(d.items) if isinstance(c, Circle)
                    and c.cx > size / 2 and c.cy < size / 2]
            assert bool(dots) == die.four_player                   # dot upper right
            groups = [g for g in d.items if isinstance(g, Group)]
            lower_right = [g for g in groups if g.dx > size / 2 and g.dy > size / 2]
            assert bool(lower_right) == face.jump                  # crosshair lower right


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_card_texts_fit_inside_the_card(lang: str) -> None:
    for _, front, back in cards.all_cards(COMP, lang):
        for d in (front, back):
            assert (d.width, d.height) == (63.5, 88.9)
            for it in walk(d.items):
                if isinstance(it, Label):
                    assert text_width(it.text, it.size_mm, it.bold) <= d.width - 2 * cards.FRAME
    for _, face, back in markers.all_markers(COMP, lang):
        for d in (face, back):
            for it in walk(d.items):
                if isinstance(it, Label):
                    assert text_width(it.text, it.size_mm, it.bold) <= d.width - 1.5, it.text


def test_brig_side_says_in_the_brig_in_each_language() -> None:
    ch = COMP.character("kara_thrace")
    assert "IN THE BRIG" in labels(cards.character_brig(ch, "en"))
    assert "FOGDÁBAN" in labels(cards.character_brig(ch, "hu"))
    assert " ".join(labels(cards.character_brig(ch, "hu"))).count("fogdában") >= 1


def test_low_ink_has_no_large_coloured_fill() -> None:
    def big_ink_area(d: Drawing) -> float:
        return sum(it.w * it.h for it in walk(d.items) if isinstance(it, Rect)
                   and it.style.fill not in (None, "#ffffff"))
    for d in (*board.sections(COMP, "en", "low"), cards.loyalty_back("en", "low"),
              cards.character_front(COMP.characters[0], "en", "low")):
        assert big_ink_area(d) < 0.05 * d.width * d.height
        assert d.background is None
    assert big_ink_area(cards.loyalty_back("en", "color")) > 0.5 * cards.CARD_W * cards.CARD_H


def test_icons_are_known_by_name() -> None:
    g = icon("crosshair", 5, 6, 10, "#000000")
    assert (g.dx, g.dy, g.scale) == (5, 6, 10)
    with pytest.raises(ValueError, match="unknown icon"):
        icon("cylon_logo", 0, 0, 1, "#000000")




def _ink_box(it: Label) -> tuple[float, float, float, float]:
    """x0, y0, x1, y1 of a label's ink: cap height above the baseline, descender below."""
    w = text_width(it.text, it.size_mm, it.bold)
    x0 = {"start": it.x, "middle": it.x - w / 2, "end": it.x - w}[it.anchor]
    return x0, it.y - 0.76 * it.size_mm, x0 + w, it.y + 0.24 * it.size_mm


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_damage_marker_words_stay_inside_the_frame_and_off_the_fold_edge(lang: str) -> None:
    """The longest room texts (Hungarian) ran past the marker's frame: the last line of
    Fegyvervezérlés crossed its bottom line, and 'kezdeményezése' reached the fold edge's
    clear zone, where a misfold shows it on the back."""
    inner = markers.EDGE_FRAME + 0.125 + 0.2           # the frame line and a hair of air
    for loc in COMP.damage_locations:
        face = markers.damage(loc, lang)
        for it in walk(face.items):
            if isinstance(it, Label):
                x0, y0, x1, y1 = _ink_box(it)
                where = f"{loc.id}: {it.text!r}"
                assert x0 >= inner - 1e-6, where
                assert x1 <= markers.MARKER - markers.CLEAR + 1e-6, where
                assert y0 >= inner - 1e-6, where
                assert y1 <= markers.MARKER - inner + 1e-6, where
