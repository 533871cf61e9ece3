"""Teach mode's lesson logic: stepping, narration, rules applied, what changed."""

from __future__ import annotations

from pathlib import Path

import pytest
from loops import bounded

from bsg_desktop.i18n import set_language, tr
from bsg_desktop.scenario import ScenarioError, load_scenario, parse_scenario
from bsg_desktop.teach import DEMO_DIR, Lesson, changes, list_demos

K9 = DEMO_DIR / "k9_rulebook_example.yaml"


def test_k9_lesson_steps_forward_to_the_rulebook_outcome() -> None:
    lesson = Lesson.open(K9)
    assert lesson.at_start and lesson.step_events() == []
    for _ in bounded():
        if not lesson.forward():
            break
        pass
    assert lesson.at_end
    assert sorted(lesson.game.dradis_monitor) == ["raider", "ship"]
    assert not lesson.forward()


def test_back_returns_exactly_to_each_earlier_position() -> None:
    lesson = Lesson.open(K9)
    views = [lesson.game.view(None)]
    for _ in bounded():
        if not lesson.forward():
            break
        views.append(lesson.game.view(None))
    for pos in range(lesson.length - 1, -1, -1):
        assert lesson.back()
        assert lesson.pos == pos
        assert lesson.game.view(None) == views[pos]
    assert not lesson.back()


def test_changed_names_the_board_parts_the_step_touched() -> None:
    lesson = Lesson.open(K9)
    lesson.goto(lesson.length)  # the K8 penalty step: a damage marker and DRADIS change
    assert {"damage", "dradis"} <= set(lesson.changed())
    lesson.goto(2)  # a plain pass changes nothing on the board
    assert "damage" not in lesson.changed() and "dradis" not in lesson.changed()


def test_step_rules_cite_the_rules_the_step_applied() -> None:
    lesson = Lesson.open(K9)
    lesson.goto(5)  # the last pass: the check fails, markers are drawn, K8 strikes
    assert {"K2", "K7", "K8"} <= set(lesson.step_rules())


def test_narration_follows_the_language() -> None:
    lesson = Lesson.open(K9)
    lesson.forward()
    en, hu = lesson.narration("en"), lesson.narration("hu")
    assert en and hu and en != hu
    set_language("hu")
    try:
        assert lesson.narration() == hu
    finally:
        set_language("en")


def test_take_over_gives_an_independent_game() -> None:
    lesson = Lesson.open(K9)
    lesson.goto(1)
    game = lesson.take_over()
    game.apply(game.pending.options[0])
    assert lesson.game.view(None) != game.view(None)
    lesson.forward()  # the lesson is unaffected and goes on with its own step
    assert lesson.pos == 2


def test_changes_of_identical_views_is_empty() -> None:
    lesson = Lesson.open(K9)
    assert changes(lesson.game.view(None), lesson.game.view(None)) == []


def test_list_demos_shows_broken_files_with_their_error(tmp_path: Path) -> None:
    (tmp_path / "good.yaml").write_text(K9.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "bad.yaml").write_text("players: 4\nsteps: [\n", encoding="utf-8")
    demos = {d.path.name: d for d in list_demos(tmp_path)}
    assert demos["good.yaml"].error == "" and "rulebook" in demos["good.yaml"].title("en")
    assert "bad.yaml:" in demos["bad.yaml"].error and "YAML error" in demos["bad.yaml"].error


def test_a_lesson_file_changed_or_mended_is_listed_anew(tmp_path: Path) -> None:
    """Listing again reads only what changed, yet never shows a file as it was."""
    lesson = tmp_path / "mine.yaml"
    lesson.write_text("players: 4\nsteps: [\n", encoding="utf-8")
    first = list_demos(tmp_path)[0]
    assert first.error and list_demos(tmp_path)[0] is first  # unchanged: not read again
    fixed = tmp_path / "fixed.yaml"  # mended and put in place, as the editor saves
    fixed.write_text(K9.read_text(encoding="utf-8"), encoding="utf-8")
    fixed.replace(lesson)
    again = list_demos(tmp_path)[0]
    assert again.error == "" and "rulebook" in again.title("en")
    lesson.unlink()
    assert list_demos(tmp_path) == []


def test_an_illegal_step_is_reported_with_file_and_line() -> None:
    sc = parse_scenario("players: 4\nsteps:\n  - skip\n  - bogus\n", "teacher.yaml")
    lesson = Lesson(sc)
    assert lesson.forward()
    with pytest.raises(ScenarioError, match=r"teacher\.yaml:4: step 2 \(bogus\)"):
        lesson.forward()
    assert lesson.pos == 1


def test_every_shipped_demo_runs_forward_and_back() -> None:
    for entry in list_demos():
        assert entry.error == "", entry.error
        lesson = Lesson(load_scenario(entry.path))
        start = lesson.game.view(None)
        for _ in bounded():
            if not lesson.forward():
                break
            pass
        lesson.goto(0)
        assert lesson.game.view(None) == start


def test_every_shipped_demo_sits_in_exactly_one_chapter_in_learning_order() -> None:
    from bsg_desktop.teach import course

    chapters = course()
    assert [c.id for c in chapters] == ["setup", "actions", "checks", "crises", "jump",
                                        "cylons", "characters", "variant"]
    assert [c.number for c in chapters] == list(range(1, 9))
    placed = [d.path.stem for c in chapters for d in c.lessons]
    assert sorted(placed) == sorted(d.path.stem for d in list_demos())
    assert len(placed) == len(set(placed))
    assert placed[0] == "s1_start_position"  # the starting position comes first
    # a chapter's lessons show the rules of that chapter's part of the rulebook
    letters = {"actions": "A", "crises": "K", "characters": "X", "variant": "V"}
    for c in chapters:
        if c.id in letters:
            assert all(any(r.startswith(letters[c.id]) for r in d.rules) for d in c.lessons)


def test_a_course_that_does_not_match_its_demos_says_how_in_one_line(tmp_path: Path) -> None:
    import json

    from bsg_desktop.teach import CourseError, course

    (tmp_path / "a.yaml").write_text((DEMO_DIR / "a2_destroy_raiders.yaml").read_text("utf-8"),
                                     encoding="utf-8")
    (tmp_path / "course.json").write_text(json.dumps(
        {"chapters": [{"id": "actions", "lessons": ["a", "gone"]}]}), encoding="utf-8")
    with pytest.raises(CourseError) as info:
        course(tmp_path)
    assert "no such demo: gone" in str(info.value) and "\n" not in str(info.value)
    (tmp_path / "course.json").write_text("{", encoding="utf-8")
    with pytest.raises(CourseError):
        course(tmp_path)


def test_a_teachers_own_lessons_are_a_chapter_of_their_own(tmp_path: Path) -> None:
    from bsg_desktop.teach import MINE, course

    (tmp_path / "mine.yaml").write_text((DEMO_DIR / "a3_repair.yaml").read_text("utf-8"),
                                        encoding="utf-8")
    chapters = course(mine=tmp_path)
    assert chapters[-1].id == MINE and chapters[-1].number == 9
    assert [d.path for d in chapters[-1].lessons] == [tmp_path / "mine.yaml"]
    assert chapters[-1].title("en") == "My lessons"


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_learn_list_prints_the_course_in_the_chosen_language(lang: str) -> None:
    import subprocess
    import sys

    from bsg_desktop.teach import course

    out = subprocess.run([sys.executable, "-m", "bsg_desktop", "learn", "--list", "--lang",
                          lang], capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    for chapter in course():
        heading = lines.index(tr("teach.course.chapter", lang, number=chapter.number,
                                 title=chapter.title(lang)))
        for i, lesson in enumerate(chapter.lessons):
            line = lines[heading + 1 + i]
            assert line.strip().startswith(chapter.numbered(i, lang))
            assert lesson.title(lang) in line and ", ".join(lesson.rules) in line
