"""The game log in plain language, built from events through the translation layer.

One function turns an event into a sentence; the window's log panel, the
``replay`` command and the teacher's narration all use it, so the words a player
reads always match what the engine did.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bsg_desktop.data import Components, load_components
from bsg_desktop.engine.core import Event
from bsg_desktop.i18n import language, text, tr


def _signed(v: int) -> str:
    return f"+{v}" if v > 0 else ("−" + str(-v) if v < 0 else "0")


# Private events worded to the seat they were shown to ("You rolled: …"); a spectator
# reading every secret after the game (``replay --all``) reads them in the third person.
_SECOND_PERSON = frozenset({"roll_result", "loyalty_seen", "crisis_roll_result",
                            "damage_drawn", "jump_roll_result"})


def loyalty_words(comp: Components, card: str, lang: str | None = None) -> str:
    """One loyalty card as what it makes its holder: "human", "Cylon (Model Two)"."""
    if comp.is_cylon_card(card):
        return tr("log.loyalty_cylon", lang, model=text(comp.cylon(card).model, lang))
    return tr("log.loyalty_human", lang)


def condition_words(comp: Components, condition: str, lang: str | None = None) -> str:
    """How a game ended (``Outcome.condition``), with the cards' own numbers: the
    distance the humans had to reach (tracks.distance_win) is the cards file's."""
    return tr(f"log.condition_{condition}", lang, distance=comp.distance_win)


def hand_words(comp: Components, cards: list[str], lang: str | None = None) -> str:
    """A seat's loyalty cards as what they make it: every Cylon card it holds (a
    second one makes no second Cylon of it), else "human" once, however many."""
    cylons = [loyalty_words(comp, c, lang) for c in cards if comp.is_cylon_card(c)]
    return ", ".join(cylons) if cylons else tr("log.loyalty_human", lang)


class Describer:
    """Knows the table (who sits where) so events can name players and components.

    ``spectator``: the reader is nobody at the table, so a private event names its
    seat instead of saying "you".
    """

    def __init__(self, characters: Sequence[str], names: Sequence[str] = (),
                 components: Components | None = None, spectator: bool = False) -> None:
        self.c = components or load_components()
        self.characters = list(characters)
        self.names = list(names)
        self.spectator = spectator

    def player(self, seat: Any, lang: str) -> str:
        if not isinstance(seat, int) or not 0 <= seat < len(self.characters):
            return "?"
        char = text(self.c.character(self.characters[seat]).name, lang)
        name = self.names[seat] if seat < len(self.names) else ""
        return f"{name} ({char})" if name else char

    def card(self, card: str, lang: str) -> str:
        """A loyalty card by what it makes its holder: "human" or "Cylon (Model Two)"
        (the card's printed title is an address to its holder, not a name for it)."""
        return loyalty_words(self.c, card, lang)

    def hand(self, cards: Any, lang: str) -> str:
        """A seat's loyalty cards by what they make it: its Cylon cards, else human."""
        return hand_words(self.c, [str(x) for x in cards], lang)

    def face(self, code: str, lang: str) -> str:
        parts = code.split("/")
        name = text(self.c.crisis_type(parts[0]).name, lang)
        jump = tr("log.jump_icon", lang) if len(parts) > 3 else ""
        return tr("log.face", lang, type=name, difficulty=parts[1], consequence=parts[2],
                  jump=jump).strip()

    def fields(self, e: Event, lang: str) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in e.data:
            if k in ("seat", "target", "caller", "admiral"):
                out[k] = self.player(v, lang)
            elif k == "character":
                out[k] = text(self.c.character(v).name, lang)
            elif k == "location":
                out[k] = text(self.c.damage(v).name, lang)
            elif k == "locations":
                out[k] = ", ".join(text(self.c.damage(x).name, lang) for x in v)
            elif k == "marker":
                out[k] = text(self.c.raider_name if v == "raider" else self.c.ship_name, lang)
            elif k == "kind" and v in ("strong", "weak"):
                out[k] = text(self.c.skill(v).name, lang)
            elif k == "face":
                out[k] = self.face(v, lang)
            elif k == "faces":
                out[k] = "; ".join(self.face(x, lang) for x in v)
            elif k == "type":
                out[k] = text(self.c.crisis_type(v).name, lang)
            elif k == "card":
                out[k] = self.card(v, lang)
            elif k == "cards":
                out[k] = self.hand(v, lang)
            elif k == "values":
                out[k] = ", ".join(f"{text(self.c.skill(kd).name, lang)} {_signed(val)}"
                                   for _, kd, val in v)
            elif k == "dice":
                out[k] = " ".join(_signed(val) for _, _, val in v)
            elif k == "action":
                out[k] = tr(f"action.{v}", lang)
            elif k == "mode":
                out[k] = tr(f"log.vote_{v}", lang)
            elif k == "winner":
                out[k] = tr(f"log.winner_{v}", lang)
            elif k == "condition":
                out[k] = condition_words(self.c, v, lang)
            elif k in ("value", "strong", "weak"):  # a die's value, signed like every roll
                out[k] = _signed(v)
            elif k == "success":
                out[k] = tr("log.success" if v else "log.failure", lang)
            elif k == "forced":
                out[k] = tr("log.forced", lang) if v else ""
            elif k == "cylons":
                out[k] = (", ".join(self.player(s, lang) for s in v) if v
                          else tr("log.no_cylons", lang))
            else:
                out[k] = v
        seat = e.get("seat")
        if e.rule.startswith("X") and isinstance(seat, int) and 0 <= seat < len(self.characters):
            out.update(self.ability_fields(seat, lang))
        return out

    def ability_fields(self, seat: int, lang: str) -> dict[str, str]:
        """A character's ability in its own words, for the lines its part writes: the
        ability's title, the character's short name and the part's parameters
        (``part_value`` …), so a user's character is named, not the shipped one whose
        part it borrows."""
        ch = self.c.character(self.characters[seat])
        out = {"ability": text(ch.ability_title, lang), "owner": text(ch.short, lang)}
        for key, value in ch.part:
            whole = isinstance(value, int) and not isinstance(value, bool)
            out[f"part_{key}"] = _signed(value) if whole else str(value)
        return out

    def key(self, e: Event) -> str:
        """The sentence for ``e``: one per kind, and a second where the data change what
        the sentence must say (one die is not "1 dice"; an absent character's marker
        demoralizes nobody)."""
        kind = e.kind
        if kind == "dice_rolled" and e.get("count") == 1:
            return "event.dice_rolled_one"
        if kind == "order_retrieve" and e.get("count") in (0, 1):
            # A8 says two, but only the spent dice there are can come back
            return ("event.order_retrieve_none", "event.order_retrieve_one")[e.get("count")]
        if kind == "demoralized_placed":
            if e.get("seat") is None:
                return "event.demoralized_placed_unused"  # K3
            if e.get("revealed"):
                return "event.demoralized_placed_revealed"  # K4, Y1
        if self.spectator and kind in _SECOND_PERSON:
            return f"event.{kind}_spectator"
        return f"event.{kind}"

    def describe(self, e: Event, lang: str | None = None) -> str:
        lang = lang or language()
        words = " ".join(tr(self.key(e), lang, **self.fields(e, lang)).split())
        return words.replace(" .", ".").replace(" ,", ",")


def describer_for(game: Any, spectator: bool = False) -> Describer:
    return Describer([p.character for p in game.players], [p.name for p in game.players],
                     game.c, spectator)
