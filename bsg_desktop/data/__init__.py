"""Component data: cards.yaml loaded once, validated, and frozen.

The engine, the window and the printer all read the same objects, so a crafter
who edits cards.yaml sees the change on screen, in the rules and on paper.
"""

from bsg_desktop.data.components import (
    Character,
    Components,
    CrisisDie,
    CrisisFace,
    CrisisType,
    CylonCard,
    DamageLocation,
    SkillDie,
    Text,
    default_cards_path,
    load_components,
    shipped_cards_path,
)

__all__ = [
    "Character",
    "Components",
    "CrisisDie",
    "CrisisFace",
    "CrisisType",
    "CylonCard",
    "DamageLocation",
    "SkillDie",
    "Text",
    "default_cards_path",
    "load_components",
    "shipped_cards_path",
]
