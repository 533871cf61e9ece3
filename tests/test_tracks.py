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
        tracks.Track(22.0, ((0, 1, 2, 3), (4, 5, 6))), 138.5)
    # where the printed board has always had them (the checked-in PDFs are unchanged)
    assert [m.anchor(f"jump.{k}") for k in range(4)] == [
        (15.0, 154.5), (40.0, 154.5), (65.0, 154.5), (90.0, 154.5)]
    assert m.anchor("distance.0") == (15.0, 186.5) and m.anchor("distance.4") == (27.5, 210.5)
    assert m.anchor("distance.6") == (77.5, 210.5)
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


def _position(comp: object, distance: int, jump_track: int):  # type: ignore[no-untyped-def]
    from bsg_desktop.engine import Setup, new_game

    return new_game(Setup(players=4), 1, comp, overrides={  # type: ignore[arg-type]
        "distance": distance, "jump_track": jump_track, "loyalty": {
            0: "not_cylon_1", 1: "not_cylon_2", 2: "not_cylon_3", 3: "not_cylon_4"}})


def test_w1_the_heuristic_bot_values_a_winning_jump_at_the_cards_distance() -> None:
    """A jump icon on the last jump step wins only from distance_win (W1, J6): from
    distance 6 it wins the shipped game and not the long one, whose 8 it does win."""
    from bsg_desktop.bots.heuristic import HeuristicBot, Situation
    from bsg_desktop.data import CrisisFace

    face = CrisisFace("unrest", 4, 1, True)
    long = load_components(LONG_FILE)

    def cost(comp: object, distance: int) -> float:
        g = _position(comp, distance, comp.jump_max - 1)  # type: ignore[attr-defined]
        view = g.view(0)
        return HeuristicBot.face_cost(view, Situation(view), face, 0.0)

    assert cost(COMP, 6) < -4  # this jump wins the shipped game
    assert cost(long, 6) > -1  # not the long one: two more steps of distance to go
    assert cost(long, 8) < -4


def test_w1_the_value_model_reads_the_distance_from_the_cards() -> None:
    """The strong bot's position value: distance as a share of distance_win, and "at the
    winning distance with the jump ready" at the cards' own distance."""
    from bsg_desktop.bots.value import FEATURES, features

    long = load_components(LONG_FILE)
    at = {name: i for i, name in enumerate(FEATURES)}
    shipped6 = features(_position(COMP, 6, 2))
    long6, long8 = features(_position(long, 6, 3)), features(_position(long, 8, 3))
    assert shipped6[at["distance"]] == 1.0 and long6[at["distance"]] == 0.75
    assert long8[at["distance"]] == 1.0
    assert shipped6[at["dist6_track2"]] == 1.0 and long6[at["dist6_track2"]] == 0.0
    assert long8[at["dist6_track2"]] == 1.0


def test_c1_texts_say_the_cards_track_lengths_in_both_languages() -> None:
    """The rules reference (C1, W1, J6, T0, L1), the end of the game and the board's
    description for a screen reader follow cards.yaml, not the shipped 3 and 6."""
    from bsg_desktop.log import condition_words
    from bsg_desktop.present.words import board_words
    from bsg_desktop.rules import rule_text

    comp = dataclasses.replace(COMP, jump_max=4, distance_win=8, distance_loyalty=5)
    en = {r: rule_text(r, "en", comp) for r in ("C1", "W1", "J6", "T0", "L1")}
    assert "distance track (0–8+)" in en["C1"] and "distance 8 or more" in en["W1"]
    assert "reached distance 8 when it jumps" in en["J6"]
    assert "distance reaches 5" in en["T0"] and "distance reaches 5 or more" in en["L1"]
    hu = {r: rule_text(r, "hu", comp) for r in ("C1", "W1", "J6", "T0", "L1")}
    assert "(0–8+)" in hu["C1"] and "legalább 8" in hu["W1"] and "legalább 8" in hu["J6"]
    assert "legalább 5" in hu["T0"] and "legalább 5" in hu["L1"]
    for lang in ("en", "hu"):
        assert not any("6" in t for t in (rule_text("W1", lang, comp),
                                          rule_text("J6", lang, comp)))
        assert "8" in condition_words(comp, "jump", lang)
    g = _position(comp, 2, 1)
    line = board_words(comp, g.view(None))
    assert "FTL jump track 1 of 4; distance 2 (goal 8)." in line


def test_a_lesson_made_on_a_long_board_says_so_and_is_refused_on_the_shipped_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """File → Save as lesson writes the tracks of the game it was cut from; a shipped
    demo whose story needs the shipped board says so too; each is refused with one line
    on cards whose tracks differ."""
    import yaml

    from bsg_desktop.bots import make_bot
    from bsg_desktop.engine import Setup, new_game
    from bsg_desktop.lessons import make_lesson
    from bsg_desktop.scenario import ScenarioError, load_scenario, parse_scenario

    monkeypatch.setenv("BSG_CARDS", str(LONG_FILE))
    long = load_components()
    g = new_game(Setup(players=4), 3, long)
    bots = [make_bot("heuristic", s) for s in range(4)]
    while g.outcome is None:  # a lesson is cut from a game that is over
        g.apply(bots[g.pending.seat].choose(g.view(g.pending.seat), g.pending))
    made = make_lesson(g, 20, 6)
    assert yaml.safe_load(made.text)["tracks"] == {
        "jump_max": 4, "distance_win": 8, "distance_loyalty": 4}
    parse_scenario(made.text, "<lesson>").start()  # plays on the board it was made on
    demo = Path(__file__).resolve().parent.parent / "scenarios" / "demos" / \
        "w1_humans_win_jump_from_six.yaml"
    with pytest.raises(ScenarioError) as info:
        load_scenario(demo)
    assert "\n" not in str(info.value) and "distance_win 6" in str(info.value)
    monkeypatch.delenv("BSG_CARDS")
    with pytest.raises(ScenarioError) as info:
        parse_scenario(made.text, "<lesson>")
    line = str(info.value)
    assert "\n" not in line and "built for a board with jump_max 4, distance_win 8" in line
    assert load_scenario(demo).play().outcome is not None  # the shipped board: it plays
