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
