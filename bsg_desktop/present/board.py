"""The board's stops for the keyboard and screen readers, and a readable token's words.

A keyboard player steps through what lies on the board in the order a player reads
the table: each seat's character card, the Galactica's damage markers, the
demoralized markers, the Admiral card, the crisis die and the check, the DRADIS
monitor, the tracks. Every stop's words come from the one view the board shows (the
public one, or the unlocked seat's after the hand-over) through the same phrases the
board's whole-board description uses (`words.board_words`), so a stop can name
nothing the screen may not show. The items are plain values: the window finds where
each lies in its scene (`ui.boardkeys`); the table page lists them.
"""

from __future__ import annotations

from dataclasses import dataclass

from bsg_desktop.art import cards as card_art
from bsg_desktop.art import markers as marker_art
from bsg_desktop.art.shapes import Drawing
from bsg_desktop.data.components import Components
from bsg_desktop.engine.view import PlayerView
from bsg_desktop.i18n import language, text, tr
from bsg_desktop.present.words import face_words, player_name, seat_words
from bsg_desktop.rules import rule_text

READABLE = ("card", "admiral", "damage", "demoralized")  # token roles the viewer opens


def token_words(comp: Components, look: tuple[object, ...]) -> tuple[str, str]:
    """A readable token's title and its text (ability and brig side, effect ...)."""
    what = look[0]
    if what == "card":
        ch = comp.character(str(look[1]))
        ability = f"{text(ch.ability_title)}: {text(ch.ability)}"
        if text(ch.brig) == text(ch.ability):  # said once, as it reads the same on both sides
            return text(ch.name), f"{ability}\n\n{tr('ui.card.brig_same')}"
        return text(ch.name), f"{ability}\n\n{tr('ui.seat.brig')}: {text(ch.brig)}"
    if what == "admiral":
        return text(comp.admiral_title), text(comp.admiral_text)
    if what == "damage":
        d = comp.damage(str(look[1]))
        return text(d.name), text(d.text)
    if what == "demoralized":
        ch = comp.character(str(look[1]))
        return (tr("ui.card.demoralized", character=text(ch.name)),
                f"K4 {rule_text('K4', language())}")
    raise ValueError(f"not a readable token: {look!r}")


def token_drawings(comp: Components, look: tuple[object, ...], lang: str) -> list[Drawing]:
    """The faces to show large: both sides of a character card, else the one face."""
    what = look[0]
    if what == "card":
        ch = comp.character(str(look[1]))
        return [card_art.character_front(ch, lang), card_art.character_brig(ch, lang)]
    if what == "admiral":
        return [card_art.admiral_front(comp, lang)]
    if what == "damage":
        return [marker_art.damage(comp.damage(str(look[1])), lang)]
    return [marker_art.demoralized(comp.character(str(look[1])), comp, lang)]


@dataclass(frozen=True)
class BoardItem:
    """One stop: ``key`` is the scene token's key (``card.2``, ``damage.armory``,
    ``admiral`` …) or an area (``dradis``, ``check``); ``look`` is what the card viewer
    opens for it, None where there is nothing more to read than its name."""

    key: str
    name: str
    text: str
    look: tuple[object, ...] | None = None


def board_items(comp: Components, view: PlayerView) -> list[BoardItem]:
    """The stops of the board that ``view`` shows, in reading order."""
    out: list[BoardItem] = []

    def card(key: str, name: str, look: tuple[object, ...]) -> None:
        title, body = token_words(comp, look)
        out.append(BoardItem(key, name, f"{title}. {body}", look))

    for sv in view.seats:
        card(f"card.{sv.seat}", tr("ui.board.item.seat", seat=sv.seat + 1,
                                   words=seat_words(comp, view, sv.seat)),
             ("card", sv.character, sv.in_brig))
    for loc in view.damage:
        card(f"damage.{loc}", tr("ui.board.item.damage", location=text(comp.damage(loc).name)),
             ("damage", loc))
    for ch in view.demoralized:
        look: tuple[object, ...] = ("demoralized", ch)
        card(f"demoralized.{ch}", token_words(comp, look)[0], look)
    for sv in view.seats:
        if sv.admiral:
            card("admiral", tr("ui.board.item.admiral", player=player_name(comp, view, sv.seat)),
                 ("admiral",))
    if view.crisis is not None:
        out.append(BoardItem("crisis", tr("ui.access.crisis",
                                          crisis=face_words(comp, view.crisis)), ""))
    if view.check is not None:
        out.append(BoardItem("check", tr("ui.status.check", total=view.check.total,
                                         difficulty=view.check.difficulty), ""))
    raiders = sum(1 for m in view.dradis_monitor if m == "raider")
    out.append(BoardItem("dradis", tr("ui.access.dradis", raiders=raiders,
                                      ships=len(view.dradis_monitor) - raiders), ""))
    out.append(BoardItem("jump", tr("ui.board.item.jump", jump=view.jump_track,
                                    most=comp.jump_max), ""))
    if view.jump_bonus:
        out.append(BoardItem("jump_prepared", tr("ui.board.jump_prepared"), ""))
    out.append(BoardItem("distance", tr("ui.board.item.distance", distance=view.distance,
                                        most=comp.distance_win), ""))
    return out
