"""The coach's words against the rules: what a newcomer reads must not teach a rule wrong.

Each test reads the coach's text in both languages, as `present.coach.coach_step`
gives it to the panel, and checks the point of the rule it names.
"""

from __future__ import annotations

import pytest

from bsg_desktop.i18n import LANGUAGES
from bsg_desktop.present.coach import WELCOME, coach_step

ADMIRAL = {"en": "Admiral", "hu": "Admirális"}


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_j4_the_welcome_says_the_admirals_die_moves_the_distance(lang: str) -> None:
    """J4: a jump moves the distance marker by the Admiral's die, not by one; "Distance
    counts the jumps" had a newcomer expect 6 jumps where 2 or 3 may do."""
    where = coach_step(WELCOME, "", lang).where
    assert ADMIRAL[lang] in where, where


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_j4_choosing_between_negative_jump_dice_names_them(lang: str) -> None:
    """J4: between two negative dice "the smaller one costs less" reads as −2 (the
    smaller number); the coach says −1 costs less, and moves the fleet less."""
    risks = coach_step("jump_die", "J4", lang).risks
    assert "−1" in risks and "−2" in risks, risks
    assert risks.index("−1") < risks.index("−2")


def test_x4_taking_the_dice_back_uses_recklessness_up() -> None:
    """X4/I19: once per turn. Taking the dice back spends the ability for the turn; the
    English said it "leaves the ability unused", the opposite."""
    risks = coach_step("reckless", "X4", "en").risks
    assert "unused" not in risks and "uses the ability up" in risks, risks


@pytest.mark.parametrize("lang,vote", [("en", "none in a vote"), ("hu", "szavazásnál egyet sem")])
def test_a7_passing_a_vote_takes_back_no_die(lang: str, vote: str) -> None:
    """A7: the join step is asked for votes too, where a pass takes back nothing (D5's
    one die is for crises)."""
    risks = coach_step("join", "D3", lang).risks
    assert vote in risks, risks


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_game_end_step_is_not_labelled_as_a_choices_risks(lang: str) -> None:
    """The step after the game offers no choice: its "risks" are what to do next, and
    "What each choice risks: Next: Review this game…" read as a decision still open."""
    from bsg_desktop.i18n import set_language, tr
    from bsg_desktop.present.coach import FINISHED

    set_language(lang)  # the panel's labels are in the language of the moment
    try:
        step = coach_step(FINISHED)
        assert step.risks_label() == tr("coach.panel.next") != tr("coach.panel.risks")
        assert tr("coach.panel.risks") not in step.plain()
        assert not step.risks.startswith(("Next:", "Tovább:")), step.risks
    finally:
        set_language("en")


def test_t0_the_action_question_cites_the_turns_action_step_not_a1() -> None:
    """T0 step 2: one action, or none. The question "choose an action (or skip it)"
    cited A1, which a newcomer who followed the link read as "Character action: the
    ACTION printed on the character card" - one action of nine, not the choice."""
    from bsg_desktop.engine import Setup, new_game
    from bsg_desktop.rules import rule_text

    g = new_game(Setup(players=4), 1000)
    d = g.pending
    assert d.kind == "action" and d.rule == "T0"
    step = coach_step("action", d.rule, "en")
    assert step.rules[0] == ("T0", rule_text("T0", "en"))
    assert "one action, or none" in step.rules[0][1]


def test_t0_hungarian_names_the_action_akcio_as_the_question_does() -> None:
    """T0 step 2 is "Akció végrehajtása" in the rulebook, and the question says "válassz
    akciót"; the coach's "A cselekedeted" under it gave one thing two names. Only the
    character action keeps the rulebook's "Karakterfüggő cselekedet" (A1)."""
    import re

    from bsg_desktop.i18n import catalog

    noun = re.compile(r"cselekedet(?!t)")  # "cselekedtet" (makes someone act) is a verb
    odd = {key: words for key, words in catalog("hu").items()
           if noun.search(words.replace("Karakterfüggő cselekedet", ""))}
    assert odd == {}
