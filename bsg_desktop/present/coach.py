"""The coach: what a newcomer reads the first time each kind of decision comes up.

Qt-free, like the rest of `present`: the window's coach panel (`ui.coach`) shows a
`CoachStep`, and a test can read every step without a window. Each step says what the
decision does, what each option risks, the rules that ask it (with their text, from
the rules reference the program ships) and where on the board to look.

Texts live in the ``coach.*`` catalogues (English and Hungarian), one topic per kind of
decision. A decision kind reaches its topic through `TOPICS`, not by its own name, so
several kinds can share one topic and a renamed kind changes only this table.

Some things happen to a player without a decision: a Cylon reveals, the Admiral goes
to the brig and the title (with the jump die) moves on, a demoralized marker lands,
everyone is dealt a new loyalty card at distance 4, the game puts in dice that were
the only legal choice. The coach explains each of those once per game, the first time
it happens (`news_for`), from the public record only: whatever screen shows the coach
(the deciding seat's own, or the shared one) may show them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bsg_desktop.engine import Event
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

# public record kind -> coach topic of an event: what happened without a decision
EVENT_TOPICS: dict[str, str] = {
    "cylon_revealed": "ev_revealed",
    "reveal_in_brig": "ev_revealed",  # a reveal from the brig is a reveal (A9)
    "sent_to_brig": "ev_brig",
    "admiral_changed": "ev_admiral",  # A6 or I4: the Admiral card moves on (I13)
    "demoralized_placed": "ev_demoralized",
    "loyalty_round": "ev_sleeper",  # L1: every player's new loyalty card
}
FORCED = "ev_forced"  # dice the game put in as the only legal choice (`present.rolls`)
EVENTS = frozenset({*EVENT_TOPICS.values(), FORCED})
TABLE = -1  # the `CoachMemory` seat of events: explained once per game, to the table

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
    # events: the rule the record names comes first, then these
    "ev_revealed": ("A9", "Y2", "Y3", "Y4", "Y6", "I4"),
    "ev_brig": ("A6", "B1", "B2", "B3"),
    "ev_admiral": ("I13", "A6", "I4", "J4"),
    "ev_demoralized": ("K4", "A4", "W2"),
    "ev_sleeper": ("L1", "I7", "A9"),
    FORCED: ("D7", "D8", "Y3", "A5"),
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
    # what happened since the last step without a decision, explained the first time
    news: tuple[CoachStep, ...] = field(default=())

    @property
    def event(self) -> bool:
        """Something that happened, not a decision: its "risks" say what it changes."""
        return self.topic in EVENTS

    def risks_label(self) -> str:
        """The label before ``risks``: an event's changes, the game end's next moves
        (it offers no choice whose risks to weigh), else the risks."""
        if self.event:
            return tr("coach.panel.changes")
        if self.topic == FINISHED:
            return tr("coach.panel.next")
        return tr("coach.panel.risks")

    def plain(self) -> str:
        """The whole step as plain text (a screen reader's description of the panel):
        what just happened first, then the decision."""
        parts = [tr("coach.panel.news", title=n.title) + "\n" + n.plain() for n in self.news]
        parts += [self.title, self.what, self.risks_label() + " " + self.risks,
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


def news_for(events: Sequence[Event], forced: bool = False) -> list[tuple[str, str]]:
    """The event topics in one move's ``events``, each once, with the rule the record
    names: ``[(topic, rule)]`` in the order they happened. ``forced``: the game put
    dice in for a human player (a roll note: public, `present.rolls`).

    Only public events count (``to is None``): a seat's own new loyalty card is
    explained through the public ``loyalty_round``, the same words for every seat and
    every card, so the coach tells the shared screen nothing a secret decides."""
    out: dict[str, str] = {}
    for e in events:
        topic = EVENT_TOPICS.get(e.kind)
        if e.to is None and topic is not None and topic not in out:
            out[topic] = e.rule
    if forced:
        out[FORCED] = "D7"
    return list(out.items())


def with_news(step: CoachStep | None, news: Sequence[CoachStep]) -> CoachStep | None:
    """``step`` with what just happened on top; with no step, the latest event is the
    step and the earlier ones on top of it (the panel reads in the order they came)."""
    if step is None:
        if not news:
            return None
        step, news = news[-1], news[:-1]
    return CoachStep(step.topic, step.title, step.what, step.risks, step.where, step.rules,
                     tuple(news))


def all_topics() -> list[str]:
    """Every topic the coach can show, the welcome first."""
    seen: list[str] = [WELCOME]
    for t in [*TOPICS.values(), "contribute_action", *EVENT_TOPICS.values(), FORCED,
              FINISHED]:
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
