"""Track lengths as data (rule C1; cards.yaml ``tracks``): the board draws every length the
cards check accepts, in rows of slots a printed marker fits, on paper and on the screen;
the check refuses the rest with one line naming the limit; the texts, the bots and the
demos read the lengths of the cards in play.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from bsg_desktop.art import board, markers, tracks
from bsg_desktop.art.shapes import Label, walk
from bsg_desktop.data import load_components
from bsg_desktop.errors import DataError
from bsg_desktop.present.layout import SCREEN

COMP = load_components()
LONG_FILE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "long_game.yaml"


def _lengths() -> list[tuple[int, int, int]]:
    """For every jump track the check accepts: the shortest, the shipped, the long game's
    and the longest distance track beside it, with the loyalty slot at 4 and at the end."""
    out = []
    for jump in range(2, 11):
        longest = tracks.longest_distance(jump, 4)
        for dist in sorted({1, 3, 6, 8, longest} & set(range(1, longest + 1))):
            for loyalty in sorted({min(4, dist), dist}):
                if tracks.paper_plan(jump, dist, loyalty) is not None:
                    out.append((jump, dist, loyalty))
    return out


def _slots(m: board.Drawing, comp: board.Components, jump: float, dist: float,
           room: float) -> list[tuple[str, float, float, float]]:
    """(name, x, y, size) of every slot on the monitor."""
    out = [(f"jump.{k}", *m.anchor(f"jump.{k}"), jump) for k in range(comp.jump_max + 1)]
    out += [(f"distance.{k}", *m.anchor(f"distance.{k}"), dist)
            for k in range(comp.distance_win + 1)]
    out += [(f"damage.{loc.id}", *m.anchor(f"damage.{loc.id}"), room)
            for loc in comp.damage_locations]
    return out


def _inside_and_apart(m: board.Drawing, slots: list[tuple[str, float, float, float]]) -> None:
    for name, x, y, s in slots:
        assert 1.5 <= x - s / 2 and x + s / 2 <= m.width - 1.5, name
        assert 1.5 <= y - s / 2 and y + s / 2 <= board.BOARD_H - 1.5, name
    for i, (a, ax, ay, asz) in enumerate(slots):
        for b, bx, by, bsz in slots[i + 1:]:
            apart = max(abs(ax - bx) - (asz + bsz) / 2, abs(ay - by) - (asz + bsz) / 2)
            assert apart >= 1.0, (a, b)


def _in_reading_order(m: board.Drawing, name: str, count: int) -> None:
    """Slot k+1 follows slot k: to its right on the same row, or on a lower row."""
    pts = [m.anchor(f"{name}.{k}") for k in range(count)]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        assert (y1 == y0 and x1 > x0) or y1 > y0, (name, (x0, y0), (x1, y1))


@pytest.mark.parametrize(("jump_max", "distance_win", "distance_loyalty"), _lengths())
def test_c1_every_track_length_the_cards_accept_is_drawn_inside_the_monitor(
        jump_max: int, distance_win: int, distance_loyalty: int) -> None:
    """On paper every slot holds a printed marker (at least 20 mm) and stays inside the
    panel's frame, on the screen too (smaller slots where the screen's large type needs
    the room), no slot touches another or a room's, each track reads left to right and
    row under row, and every word lies inside the section."""
    comp = dataclasses.replace(COMP, jump_max=jump_max, distance_win=distance_win,
                               distance_loyalty=distance_loyalty)
    plan = tracks.paper_plan(jump_max, distance_win, distance_loyalty)
    assert plan is not None
    paper = board.galactica_monitor(comp, "hu")
    room = tracks.PAPER_SLOT_MIN if plan.compact else board.SLOT
    slots = _slots(paper, comp, plan.jump.slot, plan.distance.slot, room)
    assert min(s for *_, s in slots) >= markers.MARKER
    _inside_and_apart(paper, slots)
    screen = board.galactica_monitor(comp, "hu", screen=SCREEN)
    jump, dist = board.screen_tracks(comp, SCREEN)
    assert jump.slot >= board.SCREEN_SLOT_MIN and dist.slot >= board.SCREEN_SLOT_MIN
    _inside_and_apart(screen, _slots(screen, comp, jump.slot, dist.slot,
                                     board._screen_row(comp) - 1.2))
    for m in (paper, screen):
        _in_reading_order(m, "jump", jump_max + 1)
        _in_reading_order(m, "distance", distance_win + 1)
        for item in walk(m.items):
            if isinstance(item, Label):
                assert 0 <= item.y <= board.BOARD_H, item.text


def test_c1_the_shipped_monitor_keeps_its_layout() -> None:
    """The shipped 0-3 and 0-6+: one row of four jump slots, the distance track four and
    three, full 22 mm slots, the rooms in two columns."""
    m = board.galactica_monitor(COMP)
    assert tracks.paper_plan(3, 6, 4) == tracks.PaperPlan(
        False, tracks.Track(22.0, ((0, 1, 2, 3),), True),
        tracks.Track(22.0, ((0, 1, 2, 3), (4, 5, 6))), 137.5)
    assert len({m.anchor(f"jump.{k}")[1] for k in range(4)}) == 1
    xs = [m.anchor(f"damage.{loc.id}")[0] for loc in COMP.damage_locations]
    assert len(set(xs)) == 2


def test_c1_the_long_game_wraps_its_tracks_within_the_monitor() -> None:
    """docs/examples/long_game.yaml (jump 0-4, distance 0-8+): the jump track wraps its
    fifth slot onto a second row, the distance track runs 0-3, 4-6 (the loyalty slot
    first, its reminder in the margin) and 7-8+, the rooms in three columns."""
    comp = load_components(LONG_FILE)
    assert (comp.jump_max, comp.distance_win, comp.distance_loyalty) == (4, 8, 4)
    plan = tracks.paper_plan(4, 8, 4)
    assert plan is not None and plan.compact and plan.jump.slot == plan.distance.slot == 22.0
    assert plan.jump.rows == ((0, 1, 2, 3), (4,))
    assert plan.distance.rows == ((0, 1, 2, 3), (4, 5, 6), (7, 8))
    words = [i.text for i in walk(board.galactica_monitor(comp).items) if isinstance(i, Label)]
    assert "8+" in words and "6+" not in words and "4" in words


def _cards(tmp_path: Path, tracks_yaml: str) -> Path:
    path = tmp_path / f"cards{len(list(tmp_path.iterdir()))}.yaml"  # loads are cached by path
    path.write_text(f"format: 1\nbase: shipped\ntracks: {tracks_yaml}\n", encoding="utf-8")
    return path


def test_c1_the_cards_refuse_tracks_the_board_cannot_draw(tmp_path: Path) -> None:
    """One line, naming the limit in the file's own terms; the longest the check
    accepts is drawn (above), one more is refused."""
    ok = _cards(tmp_path, "{jump_max: 4, distance_win: 9, distance_loyalty: 4}")
    assert load_components(ok).distance_win == 9
    bad = _cards(tmp_path, "{jump_max: 4, distance_win: 10, distance_loyalty: 4}")
    with pytest.raises(DataError) as info:
        load_components(bad)
    line = str(info.value)
    assert "\n" not in line and "tracks.distance_win" in line
    assert "with jump_max 4, distance_win can be at most 9" in line
    out = subprocess.run([sys.executable, "-m", "bsg_desktop", "simulate", "--cards", str(bad),
                          "--games", "1"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "distance_win can be at most 9" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_c1_cards_yaml_has_no_unread_track_field() -> None:
    """Every field under ``tracks`` is read (distance_max_shown was not: the last slot
    is distance_win, written "8+")."""
    raw = (Path(__file__).resolve().parent.parent / "cards.yaml").read_text(encoding="utf-8")
    section = raw.split("\ntracks:\n", 1)[1]
    keys = [ln.split(":")[0].strip() for ln in section.splitlines()
            if ln.startswith("  ") and ":" in ln]
    assert keys == ["jump_max", "distance_win", "distance_loyalty"]
    assert {f.name for f in dataclasses.fields(COMP)} >= set(keys)
