"""The coach: what a newcomer reads the first time each kind of decision comes up.

Qt-free, like the rest of `present`: the window's coach panel (`ui.coach`) shows a
`CoachStep`, and a test can read every step without a window. Each step says what the
decision does, what each option risks, the rules that ask it (with their text, from
the rules reference the program ships) and where on the board to look.

Texts live in the ``coach.*`` catalogues (English and Hungarian), one topic per kind of
decision. A decision kind reaches its topic through `TOPICS`, not by its own name, so
several kinds can share one topic and a renamed kind changes only this table.
"""

from __future__ import annotations

from dataclasses import dataclass

from bsg_desktop.i18n import language, tr
from bsg_desktop.rules import rule_text

# decision kind (``Decision.kind``) -> coach topic (the ``coach.<topic>.*`` texts)
TOPICS: dict[str, str] = {
    "action": "action",
    "join": "join",
    "contribute": "contribute_check",  # to an action: see `topic_for`
    "reroll": "reroll",
    "retrieve": "retrieve",
    "remove_ship": "remove_ship",
    "repair": "repair",
    "boost": "boost",
    "ordered": "ordered",
    "crisis_mode": "crisis_mode",
    "crisis_die": "crisis_die",
    "k8_penalty": "k8_penalty",
    "jump_die": "jump_die",
    "jump_penalty": "jump_penalty",
    "give_card": "give_card",
    "cylon_demoralize": "cylon_demoralize",
    "cylon_damage": "cylon_damage",
    "cylon_steal": "cylon_steal",
    # the characters' parts (engine/abilities), keyed by what the part does
    "reckless": "reckless",
    "influence": "influence",
    "salvage": "salvage",
}
WELCOME = "welcome"  # the step before the first decision: the goal and the screen
FINISHED = "finished"  # the step after the game's end: what to do next

# rules each topic rests on besides the one the decision names (shown after it)
MORE_RULES: dict[str, tuple[str, ...]] = {
    WELCOME: ("W1", "W2"),
    FINISHED: ("W1", "W2"),
    "action": ("I5",),
    "join": ("K2", "D5"),
    "contribute_check": ("K2", "D10"),
    "contribute_action": ("D10",),
    "retrieve": ("T1",),
    "remove_ship": ("K8",),
    "repair": ("K6",),
    "boost": ("K4",),
    "crisis_die": ("C10", "J1"),
    "k8_penalty": ("W2",),
    "jump_die": ("W1",),
    "jump_penalty": ("W2",),
}
# the actions whose dice a "contribute" decision may be asking for (A2-A5)
ACTION_RULES = frozenset({"A2", "A3", "A4", "A5"})


def topic_for(kind: str, rule: str = "") -> str | None:
    """The coach topic of a decision; None for a kind the coach has no words for."""
    if kind == "contribute" and rule in ACTION_RULES:
        return "contribute_action"
    return TOPICS.get(kind)


@dataclass(frozen=True)
class CoachStep:
    """One explanation, in the current language."""

    topic: str
    title: str
    what: str
    risks: str
    where: str
    rules: tuple[tuple[str, str], ...]  # (rule id, its text)

    def plain(self) -> str:
        """The whole step as plain text (a screen reader's description of the panel)."""
        parts = [self.title, self.what, tr("coach.panel.risks") + " " + self.risks,
                 tr("coach.panel.where") + " " + self.where]
        parts += [tr("coach.panel.rule", rule=r) + " " + t for r, t in self.rules]
        return "\n".join(parts)


def coach_step(topic: str, rule: str = "", lang: str | None = None) -> CoachStep:
    """The step for ``topic``; ``rule`` is the rule the decision names (shown first)."""
    lang = lang or language()
    ids = ([rule] if rule else []) + [r for r in MORE_RULES.get(topic, ()) if r != rule]
    return CoachStep(
        topic,
        tr(f"coach.{topic}.title", lang),
        tr(f"coach.{topic}.what", lang),
        tr(f"coach.{topic}.risks", lang),
        tr(f"coach.{topic}.where", lang),
        tuple((r, rule_text(r, lang)) for r in ids if rule_text(r, lang)))


def all_topics() -> list[str]:
    """Every topic the coach can show, the welcome first."""
    seen: list[str] = [WELCOME]
    for t in [*TOPICS.values(), "contribute_action", FINISHED]:
        if t not in seen:
            seen.append(t)
    return seen


class CoachMemory:
    """Which topics each seat has already been shown in this game: a topic is explained
    the first time its seat meets it, and then left alone."""

    def __init__(self) -> None:
        self.seen: dict[int, set[str]] = {}

    def first_time(self, seat: int, topic: str) -> bool:
        """True (and remembered) the first time ``seat`` meets ``topic``."""
        mine = self.seen.setdefault(seat, set())
        if topic in mine:
            return False
        mine.add(topic)
        return True

    def forget(self) -> None:
        self.seen.clear()
