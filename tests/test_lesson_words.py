"""The course read as a newcomer reads it: what the first lesson must tell."""

from __future__ import annotations

import pytest

from bsg_desktop.i18n import LANGUAGES
from bsg_desktop.teach import Lesson, course


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_w1_w2_the_course_opens_with_what_each_side_plays_for(lang: str) -> None:
    """The first lesson of chapter 1 is a newcomer's first page of the rules: before
    retrieval and crisis dice it says how the humans (W1) and the Cylons (W2) win."""
    first = course()[0].lessons[0]
    lesson = Lesson.open(first.path)
    intro = lesson.narration(lang)
    assert "(W1)" in intro and "(W2)" in intro, intro
    assert {"W1", "W2"} <= set(lesson.step_rules())  # their texts are on the panel


def test_k1_no_lesson_names_a_crisis_die_by_a_letter_the_screen_does_not_show() -> None:
    """K1: the lesson shows the two crisis dice by their faces; "Lee picks Unrest from
    die D" named a letter that is only in the scenario file's comments."""
    import re

    letters = {"en": re.compile(r"\bdie [A-D]\b"), "hu": re.compile(r"\b[A-D] kocka")}
    found = []
    for chapter in course():
        for entry in chapter.lessons:
            lesson = Lesson.open(entry.path)
            for pos in range(lesson.length + 1):
                lesson.goto(pos)
                for lang, pattern in letters.items():
                    if pattern.search(lesson.narration(lang)):
                        found.append((entry.path.stem, pos, lang))
    assert found == []
