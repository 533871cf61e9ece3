"""What a phone is sent: one seat's state frame, built from that seat's view alone.

A frame is a function of ``game.view(seat)``, the seat's own log (`visible_log`),
the table's names (public), the seat's language, two numbers the host keeps and
the seat's own roll the game contributed for it (`present.rolls.RollNote`, public dice):
nothing else of the game is read here, so a frame can carry no more than the view
already allows that seat to know (D1, K1, S6). The bytes are canonical JSON
(sorted keys, no spaces), so equal content is equal bytes: the host sends a frame
only when it changed, and a test compares worlds byte for byte.

The page does no game logic: every sentence, die and button label comes from the
presentation layer (`bsg_desktop.present`) through the translation layer, and every
legal choice comes from the decision's own options (the page only sends back the
text of one of them). This module only lays those out as JSON.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, NamedTuple

from bsg_desktop.art import cards as card_art
from bsg_desktop.art.emblems import emblem_drawing
from bsg_desktop.art.palette import palette
from bsg_desktop.art.svg import to_svg
from bsg_desktop.data.components import Components
from bsg_desktop.engine import CONTRIBUTED, Event, PlayerView, visible_log
from bsg_desktop.i18n import LANGUAGES, catalog, language, speaking, text, tr
from bsg_desktop.log import Describer, condition_words
from bsg_desktop.present import dice as present_dice
from bsg_desktop.present.dice import crisis_key
from bsg_desktop.present.log import LogWords
from bsg_desktop.present.moments import OwnMoment, loyalty_moment, verdict
from bsg_desktop.present.rolls import RollNote, roll_sentence
from bsg_desktop.present.words import (
    DecisionWords,
    card_words,
    choice_words,
    decision_parts,
    face_words,
    hand_words,
    player_name,
)
from bsg_desktop.rules import rule_note


class SeatFrame(NamedTuple):
    """What a seat's page is handed (`server.CompanionServer.publish_all`): its newest
    state frame, its page texts and their language, and the card faces ("": none)."""

    state: str
    strings: str
    lang: str
    cards: str = ""


LOG_LINES = 60  # the newest lines of the seat's log a frame carries


def dumps(obj: Any) -> str:
    """Canonical JSON: the same content always gives the same text."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@lru_cache(maxsize=2)
def art_catalog(comp: Components) -> str:
    """Every die face the page may show, as SVG by key (``skill/strong/3``,
    ``crisis/<die>/<face code>``), and every character's emblem (`emblem_key`): the
    components, no game, so one fixed document."""
    out: dict[str, str] = {}
    for kind in ("strong", "weak"):
        die = comp.skill(kind)
        for value in sorted(set(die.faces)):
            face = present_dice.skill_face(comp, kind, value)
            out[face.key] = to_svg(present_dice.skill_drawing(comp, face))
    for cdie in comp.crisis_dice:
        for cface in cdie.faces:
            out[crisis_key(cdie.id, cface.code())] = to_svg(present_dice.crisis_drawing(cdie,
                                                                                      cface))
    human = palette("color").human
    for ch in comp.characters:
        out[emblem_key(ch.id)] = to_svg(emblem_drawing(ch.emblem, "#ffffff", disc=human))
    return dumps({"type": "art", "faces": out})


def emblem_key(character: str) -> str:
    """The art catalog's key of a character's emblem (public: the seat's character is)."""
    return f"emblem/{character}"


@lru_cache(maxsize=64)
def card_svg(comp: Components, card: str, lang: str) -> str:
    """A loyalty card's face as SVG."""
    d = (card_art.cylon_front(comp, comp.cylon(card), lang) if comp.is_cylon_card(card)
         else card_art.not_cylon_front(comp, lang))
    return to_svg(d, card_words(comp, card))


def card_key(comp: Components, card: str) -> str:
    """The face's key in `cards_frame`: every "not a Cylon" card shares one face."""
    return f"loyalty/{card}" if comp.is_cylon_card(card) else "loyalty/not_cylon"


@lru_cache(maxsize=4)
def cards_frame(comp: Components, lang: str) -> str:
    """Every loyalty card's face in ``lang``, as SVG by `card_key`: sent to every seat
    alike, so neither its bytes nor its size tell which card a seat holds."""
    faces: dict[str, str] = {}
    for card in comp.loyalty_ids:
        faces.setdefault(card_key(comp, card), card_svg(comp, card, lang))
    return dumps({"type": "cards", "lang": lang, "faces": faces})


def page_strings(lang: str) -> dict[str, str]:
    """The page's own texts (``companion.page.*``) in ``lang``, keys without the prefix."""
    if lang not in LANGUAGES:
        lang = "en"
    prefix = "companion.page."
    en = catalog("en")
    keys = [k for k in en if k.startswith(prefix)]
    return {k[len(prefix):]: tr(k, lang) for k in sorted(keys)}


@lru_cache(maxsize=4)
def strings_frame(lang: str) -> str:
    """The page's texts in ``lang``: the same for every seat and every move."""
    return dumps({"type": "strings", "lang": lang, "strings": page_strings(lang),
                  "languages": dict(LANGUAGES)})


def _face(comp: Components, kind: str, value: int) -> dict[str, str]:
    """A skill die showing ``value``: its picture's key and its words (``Strong +3``)."""
    face = present_dice.skill_face(comp, kind, value)
    return {"art": face.key, "label": face.label}


def _die(comp: Components, d: Any) -> dict[str, Any]:
    """One die as the seat may see it (a value only where the view has one)."""
    out: dict[str, Any] = {"id": d.id, "kind": d.kind, "state": d.state,
                           "label": text(comp.skill(d.kind).name)}
    if d.value is not None:
        out["value"] = d.value
        out.update(_face(comp, d.kind, d.value))
    return out


def _table(comp: Components, view: PlayerView) -> dict[str, Any]:
    """The compact public summary, from the parts of the view every seat shares."""
    seats = []
    for sv in view.seats:
        tags = []
        if sv.admiral:
            tags.append(tr("companion.tag.admiral"))
        if sv.in_brig:
            tags.append(tr("companion.tag.brig"))
        if sv.revealed:
            tags.append(tr("companion.tag.revealed"))
        if sv.demoralized:
            tags.append(tr("companion.tag.demoralized"))
        seats.append({
            "seat": sv.seat, "name": player_name(comp, view, sv.seat), "tags": tags,
            "art": emblem_key(sv.character),
            "active": sv.seat == view.active, "deciding": sv.seat == view.pending_seat,
            "dice": tr("companion.seat.dice", active=sv.count("active"),
                       spent=sv.count("spent"), contributed=sv.count(CONTRIBUTED)),
        })
    check = None
    if view.check is not None:
        ch = view.check
        check = {
            "text": tr("companion.table.check", kind=tr(f"companion.check.{ch.kind}"),
                       total=ch.total, difficulty=ch.difficulty),
            "dice": [{**_face(comp, kind, value), "who": player_name(comp, view, seat),
                      "short": _short(comp, view, seat), "counts": counts}
                     for seat, _die_id, kind, value, counts in ch.entries],
        }
    crisis = None
    if view.crisis is not None:
        src = view.crisis_source
        crisis = {"text": face_words(comp, view.crisis),
                  "art": crisis_key(src, view.crisis.code()) if src != "cylon" else ""}
    ships = sum(1 for m in view.dradis_monitor if m == "ship")
    return {
        "turn": tr("ui.status.turn", turn=view.turn,
                   player=player_name(comp, view, view.active)),
        "jump": tr("companion.table.jump", track=view.jump_track, jump_max=comp.jump_max,
                   distance=view.distance, distance_win=comp.distance_win),
        "dradis": tr("companion.table.dradis", raiders=len(view.dradis_monitor) - ships,
                     ships=ships, destroyed=view.dradis_destroyed),
        "damage": [text(comp.damage(x).name) for x in view.damage],
        "demoralized": [text(comp.character(x).name) for x in view.demoralized],
        "jump_bonus": tr("ui.status.jump_bonus") if view.jump_bonus else "",
        "crisis": crisis, "check": check, "seats": seats,
    }


def _decision(comp: Components, view: PlayerView) -> dict[str, Any] | None:
    """The seat's own pending decision: the sentence, and every option with its label."""
    if view.pending_seat is None or view.pending_seat != view.seat or not view.options:
        return None
    info = view.info_dict()
    options = [{"choice": str(o), "label": choice_words(comp, view, o)} for o in view.options]
    said = decision_parts(comp, view)
    out: dict[str, Any] = {"kind": view.pending_kind, "rule": view.pending_rule,
                           "rule_note": rule_note(view.pending_rule or "", language(), comp),
                           "sentence": said.question, "stakes": said.stakes,
                           "options": options}
    rolled = info.get("rolled") or []
    contribute = [o for o in view.options if o.verb == "contribute"]
    if contribute and rolled:
        out["dice"] = [{"id": die_id, **_face(comp, kind, value)}
                       for die_id, kind, value in rolled]
        out["sets"] = {",".join(str(x) for x in sorted(int(a) for a in o.args)): str(o)
                       for o in contribute}
    faces = info.get("faces") or ()
    dice_ids = info.get("dice") or ()
    crisis = [o for o in view.options if o.verb == "crisis"]
    if crisis and faces:
        out["faces"] = [
            {"choice": str(o), "label": choice_words(comp, view, o),
             "art": crisis_key(str(dice_ids[int(o.args[0])]), faces[int(o.args[0])].code())
             if int(o.args[0]) < len(dice_ids) else ""}
            for o in crisis if int(o.args[0]) < len(faces)]
    return out


def _rolled(comp: Components, note: RollNote | None) -> dict[str, Any] | None:
    """The dice the game put in for this seat without asking, until it decides again."""
    if note is None:
        return None
    return {"text": roll_sentence(comp, note),
            "dice": [_face(comp, kind, value) for _die_id, kind, value in note.dice]}


def _short(comp: Components, view: PlayerView, seat: int) -> str:
    """The seat as the board names it (its character's short name): under a check's dice
    on the table page, where a player's whole name would take a line of its own."""
    return text(comp.character(view.seats[seat].character).short)


def state(comp: Components, game: Any, seat: int, lang: str, undo: bool = False,
          rolled: RollNote | None = None, own: Event | None = None,
          words: LogWords | None = None) -> dict[str, Any]:
    """Seat ``seat``'s frame content (without its sequence number), in ``lang``.

    ``game`` is read only through ``view(seat)``, ``visible_log(game, seat)`` and the
    table's characters and names, which every seat sees on the board. ``rolled`` is
    this seat's own contributed roll (public values) it has not decided since; ``own``
    this seat's new loyalty card (its private `loyalty_dealt` event) it has not yet
    decided since, said as a moment ("You are now a Cylon"). Once the game is over the
    frame says whether this seat won, and as what. ``words``: the host's log lines
    already said (the same text either way).
    """
    view = game.view(seat)
    describer = Describer([sv.character for sv in view.seats], [sv.name for sv in view.seats],
                          comp)
    log = visible_log(game, seat)[-LOG_LINES:]
    with speaking(lang):
        me = view.seats[seat]
        known = [tr("ui.panel.known", player=player_name(comp, view, s),
                    cards=hand_words(comp, list(cards)))
                 for s, cards in view.known]
        outcome = None
        if view.outcome is not None:
            out = view.outcome
            outcome = tr("ui.gameover.text", winner=tr(f"log.winner_{out.winner}"),
                         condition=condition_words(comp, out.condition), rule=out.rule)
        waiting = DecisionWords("")  # another seat's decision, and what is at stake
        if view.pending_seat is not None and view.pending_seat != seat:
            waiting = decision_parts(comp, view)
        return {
            "type": "state", "lang": lang,
            "me": {"seat": seat, "name": player_name(comp, view, seat),
                   "art": emblem_key(me.character),
                   "loyalty": [{"text": card_words(comp, c), "cylon": comp.is_cylon_card(c),
                                "art": card_key(comp, c)} for c in view.my_loyalty],
                   "known": known, "dice": [_die(comp, d) for d in me.dice]},
            "table": _table(comp, view),
            "decision": _decision(comp, view),
            "waiting": waiting.question, "waiting_stakes": waiting.stakes,
            "undo": bool(undo), "outcome": outcome,
            "rolled": _rolled(comp, rolled if rolled is not None and rolled.seat == seat
                              else None),
            "log": _loyalty_behind_its_tap(
                comp, view, log, (words or LogWords()).lines(describer, log, lang), lang),
            "own": _own(loyalty_moment(comp, own) if own is not None and
                        own.to is not None and seat in own.to else None),
            "verdict": _verdict(verdict(comp, view, seat)),
        }


def _loyalty_behind_its_tap(comp: Components, view: PlayerView, log: list[Event],
                            lines: list[str], lang: str) -> list[str]:
    """The log's lines with the seat's own loyalty cards left unsaid: the page keeps them
    behind "Tap to see your loyalty", and a log line in plain sight would tell a
    neighbour's glance what the tap hides. The deal itself stays in the log."""
    return [tr("companion.log.loyalty_dealt", lang, rule=e.rule,
               seat=player_name(comp, view, e.get("seat")))
            if e.kind == "loyalty_dealt" and e.to is not None else line
            for e, line in zip(log, lines, strict=True)]


def _own(m: OwnMoment | None) -> dict[str, Any] | None:
    if m is None:
        return None
    return {"headline": m.headline, "line": m.line,
            "cylon": m.kind in ("now_cylon", "still_cylon")}


def _verdict(m: OwnMoment | None) -> dict[str, Any] | None:
    return None if m is None else {"headline": m.headline, "line": m.line,
                                   "won": m.kind == "won"}
