"""The presentation layer works out each fact of a screen once, without Qt.

A die the game put in for a player is found once (`present.rolls.forced_rolls`, kept
by the controller for the move as ``forced``); the banner, the sound, the panel and
the phone all read that record, so they agree even when a forced die comes in the
same batch as a contribution the deciding player chose.
"""

from __future__ import annotations

from bsg_desktop.data import load_components
from bsg_desktop.engine import Choice, Event
from bsg_desktop.i18n import speaking, tr
from bsg_desktop.present.dice import skill_face
from bsg_desktop.present.moments import moment_for, sound_for
from bsg_desktop.present.rolls import RollNote, forced_rolls, roll_sentence


def _batch() -> tuple[Choice, list[Event]]:
    """Seat 0 contributes the die it picked; then seat 1, with one legal contribution
    left, has its die rolled and put in by the game (D7), all in one batch."""
    chosen = Event("dice_contributed", "D9", (("seat", 0), ("dice", ((3, "strong", 2),))))
    roll = Event("dice_rolled", "D7", (("seat", 1),))
    private = Event("dice_rolled", "D7", (("seat", 1), ("values", (-1,))), frozenset({1}))
    forced = Event("dice_contributed", "D9", (("seat", 1), ("dice", ((7, "strong", -1),))))
    return Choice("contribute", ("3",)), [chosen, roll, private, forced]


def test_a_forced_die_after_a_chosen_contribution_is_one_fact_for_banner_sound_and_panel(
        ) -> None:
    choice, events = _batch()
    forced = forced_rolls(0, choice, events)
    assert forced == {1: RollNote(1, ((7, "strong", -1),), True)}
    # the sound of the roll is heard although the move's verb was a contribution
    assert sound_for(events, forced) == "roll"
    # the banner shows it on seat 1's own screen, with the forced die's log line ...
    lines = {id(e): f"line {i}" for i, e in enumerate(events)}
    m = moment_for(events, forced, 1, lambda e: lines[id(e)])
    assert m is not None and (m.kind, m.headline, m.line) == ("roll", tr("ui.moment.roll"),
                                                               "line 3")
    # ... and never as "Your roll" on the chooser's screen or the public one
    assert moment_for(events, forced, 0, str) is None
    assert moment_for(events, forced, None, str) is None
    # nothing hidden plays a part
    public = [e for e in events if e.to is None]
    assert forced_rolls(0, choice, public) == forced
    assert sound_for(public, forced) == sound_for(events, forced)


def test_a_chosen_contribution_alone_makes_no_roll() -> None:
    choice, events = _batch()
    forced = forced_rolls(0, choice, events[:1])
    assert forced == {} and sound_for(events[:1], forced) is None
    assert moment_for(events[:1], forced, 0, str) is None


def test_one_die_face_for_every_screen() -> None:
    comp = load_components()
    with speaking("hu"):
        face = skill_face(comp, "weak", -1)
        note = RollNote(0, ((1, "weak", -1),), True)
        assert face.key == "skill/weak/-1"
        assert face.label.endswith("−1") and face.words == tr("ui.access.die", kind=face.label[:-3],
                                                             value="−1")
        assert face.label[:-3] in roll_sentence(comp, note)
