"""A shown die: its picture and its words, built once for every screen.

The window's panel (the rolled dice to pick, a roll the game put in), a lesson's
picture of the dice a step picks from, and a phone's frame all show a skill die the
same way: the face drawing (`art.dice`), the key the phone page finds that drawing
under, the short label ("Strong +3") and the words a screen reader says
("Strong die showing +3"). A crisis die's face likewise has one drawing and key.
"""

from __future__ import annotations

from dataclasses import dataclass

from bsg_desktop.art import dice as dice_art
from bsg_desktop.art.shapes import Drawing
from bsg_desktop.data.components import Components, CrisisDie, CrisisFace
from bsg_desktop.i18n import text, tr

SKILL_MM = 12.7   # a skill face's drawing size
CRISIS_MM = 20.0  # a crisis face's drawing size


def skill_key(kind: str, value: int) -> str:
    return f"skill/{kind}/{value}"


def crisis_key(die_id: str, code: str) -> str:
    return f"crisis/{die_id}/{code}"


@dataclass(frozen=True)
class SkillFace:
    """A skill die of ``kind`` showing ``value``, as every screen shows it."""

    kind: str
    value: int
    key: str     # the picture's key in the phone page's art catalogue
    label: str   # "Strong +3"
    words: str   # "Strong die showing +3" (tooltips, screen readers)


def skill_face(comp: Components, kind: str, value: int) -> SkillFace:
    """The face's words in the current language (`i18n.speaking` sets it)."""
    name = text(comp.skill(kind).name)
    signed = dice_art.signed(value)
    return SkillFace(kind, value, skill_key(kind, value), f"{name} {signed}",
                     tr("ui.access.die", kind=name, value=signed))


def skill_drawing(comp: Components, face: SkillFace) -> Drawing:
    return dice_art.skill_face(comp.skill(face.kind), face.value, SKILL_MM)


def crisis_die(comp: Components, dice_ids: tuple[object, ...] | list[object], k: int
               ) -> CrisisDie:
    """The crisis die that rolled face ``k`` of a decision (its ``dice`` info), the
    first die where the decision does not say."""
    return next((d for d in comp.crisis_dice if k < len(dice_ids) and d.id == dice_ids[k]),
                comp.crisis_dice[0])


def crisis_drawing(die: CrisisDie, face: CrisisFace) -> Drawing:
    return dice_art.crisis_face(die, face, CRISIS_MM)
