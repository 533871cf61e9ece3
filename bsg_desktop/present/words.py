"""Decisions and choices in plain words, from the view that the screen may show.

Every sentence here is built from a PlayerView and the choice values the engine
offers; nothing re-derives what is legal. The same words serve the buttons, the
tests and the screenshot.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bsg_desktop.art.dice import signed
from bsg_desktop.data.components import Components, CrisisFace
from bsg_desktop.engine import Choice, PlayerView, action_dice
from bsg_desktop.i18n import text, tr
from bsg_desktop.log import hand_words as hand_words  # re-exported for the screens
from bsg_desktop.log import loyalty_words


def player_name(comp: Components, view: PlayerView, seat: Any) -> str:
    if not isinstance(seat, int) or not 0 <= seat < len(view.seats):
        return "?"
    sv = view.seats[seat]
    char = text(comp.character(sv.character).name)
    return f"{sv.name} ({char})" if sv.name else char


def face_words(comp: Components, face: CrisisFace) -> str:
    jump = tr("log.jump_icon") if face.jump else ""
    return tr("log.face", type=text(comp.crisis_type(face.type).name),
              difficulty=face.difficulty, consequence=face.consequence, jump=jump).strip()


def projected_total(view: PlayerView, values: list[int]) -> int:
    """The check's total if the deciding seat contributed dice showing ``values`` now:
    what the Contribute button tells before it is pressed, each value as the check counts
    it (X1, which the view carries); the tests compare this with the engine."""
    ch = view.check
    if ch is None:
        return sum(values)
    return ch.total + sum(ch.value_of(v) for v in values)


def card_words(comp: Components, card: str) -> str:
    """A loyalty card by what it makes its holder: "human", "Cylon (Model Two)"."""
    return loyalty_words(comp, card)


def _kind(comp: Components, kind: Any) -> str:
    return text(comp.skill(str(kind)).name) if kind in ("strong", "weak") else str(kind)


# the actions whose dice are put in without a check (A2–A5): the rule names the action
_ROLL_ACTIONS = ("a2", "a3", "a4", "a5")


def public_fields(view: PlayerView) -> dict[str, Any]:
    """What every seat can read about the pending decision besides its kind: the check
    in play (its kind, total and difficulty), the action whose dice are asked for (its
    rule, A2–A5) and whether an action answers an order (A8). A sentence needs these
    even when the view is not the decider's (the table page, a waiting phone)."""
    out: dict[str, Any] = {}
    ch = view.check
    if ch is not None:
        out.update(check=ch.kind, total=ch.total, difficulty=ch.difficulty)
    rule = (view.pending_rule or "").lower()
    if view.pending_kind == "contribute" and ch is None and rule in _ROLL_ACTIONS:
        out["action"] = rule
    if view.pending_kind == "action":
        out["ordered"] = view.pending_rule == "A8"
    return out


@dataclass(frozen=True)
class DecisionWords:
    """The pending decision said in two parts: the ``question`` (who decides what) and
    its ``stakes`` (what the choice affects; empty where there is nothing to add).

    Kept apart because a screen shows them apart: the question in bold, the stakes as a
    lighter paragraph under it, so a long "what is at stake" never swells the question
    into a block that pushes the log off the screen. Where one line is right (the CLI's
    ``hint``, the lesson's log) ``joined`` says both."""

    question: str
    stakes: str = ""

    @property
    def joined(self) -> str:
        return f"{self.question} {self.stakes}" if self.stakes else self.question


def decision_parts(comp: Components, view: PlayerView) -> DecisionWords:
    """The pending decision's question and stakes; private numbers only if ``view``
    carries them (the decider's, or a public decision's figures on a shared screen).
    Without them a decision is said by its ``_public`` sentence, as specific as the
    public facts allow: never the bare "choose". The stakes come from the public view
    alone (`stakes_words`), so every screen says the same ones."""
    seat = view.pending_seat
    kind = view.pending_kind or ""
    info = {**public_fields(view), **view.info_dict()}
    who = player_name(comp, view, seat)
    if kind == "action" and info.get("ordered"):
        return DecisionWords(tr("ui.decision.action_ordered", player=who),
                             stakes_words(comp, view))
    fields: dict[str, Any] = {"player": who, "ability": ability_title(comp, view, seat)}
    for k, v in info.items():
        if k == "check":
            fields[k] = tr(f"ui.check.{v}")
        elif k == "action":
            fields[k] = tr(f"ui.choice.{v}")
        elif k in ("strong", "weak") and isinstance(v, int):
            fields[k] = signed(v)
        elif isinstance(v, int | str):
            fields[k] = v
    if kind == "contribute":  # "contribute dice" names what they go to
        kind = "contribute_check" if "check" in info else \
            "contribute_action" if "action" in info else kind
    for key in (f"ui.decision.{kind}", f"ui.decision.{kind}_public"):
        sentence = tr(key, **fields)
        if sentence != key and "{" not in sentence:
            return DecisionWords(sentence, stakes_words(comp, view))
    return DecisionWords(tr("ui.decision.other", player=who))


def decision_words(comp: Components, view: PlayerView) -> str:
    """The pending decision as one line, its question then its stakes (`decision_parts`):
    for the places that say it on one line, such as the CLI's ``hint``."""
    return decision_parts(comp, view).joined


# W2: the Raider that wins for the Cylons (the engine's own number, not in cards.yaml)
RAIDERS_WIN = 6


def vote_subject(view: PlayerView) -> tuple[str, int] | None:
    """The vote in play (``brig`` or ``release``, and its target): public since it was
    called (A6), read from the public record, whose last ``vote_called`` is this vote's.
    None outside a vote, or for a view made without a record."""
    if view.check is None or view.check.kind != "vote":
        return None
    for e in reversed(view.record):
        if e.kind == "vote_called":
            mode, target = e.get("mode"), e.get("target")
            if mode in ("brig", "release") and isinstance(target, int):
                return str(mode), target
            return None
    return None


def _n_key(key: str, n: int) -> str:
    """English says one marker differently from two: ``key_one`` where the catalogue
    has it (Hungarian keeps the singular after a number, and needs no such key)."""
    one = f"{key}_one"
    return one if n == 1 and tr(one) != one else key


def check_stakes(comp: Components, view: PlayerView) -> str:
    """What the check in play decides, from the public view only: the vote's target and
    what reaching the difficulty does to them (A6), or the crisis's consequence on
    failure with how near it brings the Cylons' win (K3, K5, K7, W2)."""
    ch = view.check
    if ch is None:
        return ""
    if ch.kind == "vote":
        subject = vote_subject(view)
        if subject is None:
            return tr("ui.stakes.vote", difficulty=ch.difficulty)
        mode, target = subject
        return tr(f"ui.stakes.vote_{mode}", difficulty=ch.difficulty,
                  target=player_name(comp, view, target))
    face = view.crisis
    if face is None:
        return ""
    now, limit = {"unrest": (len(view.demoralized), comp.morale_limit),
                  "attack": (len(view.damage), len(comp.damage_locations)),
                  "dradis": (sum(1 for m in view.dradis_monitor if m == "raider"),
                             RAIDERS_WIN)}.get(face.type, (0, 0))
    key = _n_key(f"ui.stakes.crisis_{face.type}", face.consequence)
    said = tr(key, difficulty=ch.difficulty, n=face.consequence, now=now, limit=limit)
    return "" if said == key else said


def _markers(comp: Components, view: PlayerView) -> dict[str, int]:
    """The three ways the Cylons win at once (W2), each as now and at most."""
    return {"raiders": sum(1 for m in view.dradis_monitor if m == "raider"),
            "raiders_max": RAIDERS_WIN,
            "ships": sum(1 for m in view.dradis_monitor if m != "raider"),
            "damage": len(view.damage), "damage_max": len(comp.damage_locations),
            "morale": len(view.demoralized), "morale_max": comp.morale_limit}


def stakes_words(comp: Components, view: PlayerView) -> str:
    """What the pending decision puts at stake, said after its question: what the
    check decides, what a die or a marker does, how near the Cylons' win the board is.

    Built from the public view alone (the check, the crisis face, the public record,
    the counts on the board, the cards' numbers), never from the decision's private
    info: the decider's screen, the shared screen, a waiting phone and the table page
    say the same words, and they tell nothing a seat could not see."""
    kind = view.pending_kind or ""
    seat = view.pending_seat
    m = _markers(comp, view)
    parts: list[str] = []
    if kind in ("join", "reroll", "influence") or (kind == "contribute" and view.check):
        if kind == "reroll":
            parts.append(tr("ui.stakes.reroll"))
        parts.append(check_stakes(comp, view))
        if kind == "join" and view.check is not None and view.check.kind == "vote":
            parts.append(tr("ui.stakes.vote_pass"))  # A7
    elif kind == "contribute":
        action = public_fields(view).get("action")
        if action == "a2":
            parts.append(tr("ui.stakes.a2", raiders=m["raiders"], ships=m["ships"]))
        elif action == "a3":
            parts.append(tr("ui.stakes.a3", now=m["damage"]))
        elif action == "a4":
            parts.append(tr("ui.stakes.a4_variant" if view.morale_variant else "ui.stakes.a4",
                            now=m["morale"]))
        elif action == "a5":
            parts.append(tr("ui.stakes.a5", track=view.jump_track, max=comp.jump_max))
    elif kind == "action":
        parts.append(tr("ui.stakes.action", **m))
    elif kind == "ordered":
        spent = view.seats[seat].count("spent") if isinstance(seat, int) and \
            0 <= seat < len(view.seats) else 0
        parts.append(tr("ui.stakes.ordered", spent=spent))
    elif kind == "retrieve":
        strong, weak = comp.skill("strong"), comp.skill("weak")
        parts.append(tr("ui.stakes.retrieve", strong_name=text(strong.name),
                        weak_name=text(weak.name), strong=signed(max(strong.faces)),
                        weak=signed(max(weak.faces))))
    elif kind == "crisis_mode":
        difficulty, consequence = comp.cylon_crisis
        parts.append(tr("ui.stakes.crisis_mode", difficulty=difficulty,
                        consequence=consequence))
    elif kind == "crisis_die":
        parts.append(tr("ui.stakes.crisis_die", track=view.jump_track, max=comp.jump_max))
    elif kind == "remove_ship":
        parts.append(tr("ui.stakes.remove_ship", raiders=m["raiders"], ships=m["ships"],
                        limit=RAIDERS_WIN))
    elif kind == "repair":
        parts.append(tr("ui.stakes.repair", now=m["damage"], limit=m["damage_max"]))
    elif kind == "boost":
        parts.append(tr("ui.stakes.boost", now=m["morale"], limit=m["morale_max"]))
    elif kind in ("k8_penalty", "jump_penalty"):
        parts.append(tr("ui.stakes.markers", **m))
    elif kind == "jump_die":
        parts.append(tr("ui.stakes.jump_die"))  # no figure: the table may not see the roll
    elif kind == "give_card":
        parts.append(tr("ui.stakes.give_card"))
    elif kind == "cylon_demoralize":
        parts.append(tr("ui.stakes.cylon_demoralize", now=m["morale"], limit=m["morale_max"]))
    elif kind == "cylon_damage":
        parts.append(tr("ui.stakes.cylon_damage", now=m["damage"], limit=m["damage_max"]))
    elif kind == "cylon_steal":
        parts.append(tr("ui.stakes.cylon_steal"))
    elif kind == "reckless":
        parts.append(tr("ui.stakes.reckless"))
    return " ".join(p for p in parts if p and not p.startswith("ui.stakes."))


def ability_title(comp: Components, view: PlayerView, seat: Any) -> str:
    """The ability title of the character at ``seat`` (a part's words name the ability
    as the character's card does, not as the shipped character whose part it borrows)."""
    if not isinstance(seat, int) or not 0 <= seat < len(view.seats):
        return ""
    return text(comp.character(view.seats[seat].character).ability_title)


def choice_words(comp: Components, view: PlayerView, choice: Choice) -> str:
    """One option as a button label."""
    v, a = choice.verb, choice.args
    info = view.info_dict()
    ability = ability_title(comp, view, view.pending_seat)

    def who(x: Any) -> str:
        return player_name(comp, view, x)

    if v in _ROLL_ACTIONS and view.pending_kind == "action":
        return tr("ui.choice.with_cost", action=tr(f"ui.choice.{v}"),
                  cost=dice_cost(view, v))
    if v in ("skip", "a2", "a3", "a4", "a5"):
        return tr(f"ui.choice.{v}")
    if v == "keep" and view.pending_kind == "influence":
        return tr("ui.choice.keep_vote")  # X3 removes a die: "keep" is removing none
    if v == "a1":
        return tr("ui.choice.a1", target=who(a[0]), ability=ability)
    if v == "a6":
        return tr(f"ui.choice.a6_{a[0]}", target=who(a[1]))
    if v == "a8":
        return tr("ui.choice.a8", target=who(a[0]), kind=_kind(comp, a[1]))
    if v == "a9":
        return tr("ui.choice.a9", card=card_words(comp, str(a[0])))
    if v == "retrieve":
        return tr("ui.choice.retrieve", kind=_kind(comp, a[0]))
    if v == "remove_die" and view.check is not None:
        for seat, die, kind, value, _counts in view.check.entries:
            if die == a[0]:
                return tr("ui.choice.remove_die", kind=_kind(comp, kind), value=signed(value),
                          target=who(seat))
    if v == "name":
        return tr("ui.choice.name", type=text(comp.crisis_type(str(a[0])).name))
    if v == "crisis":
        faces = info.get("faces") or ()
        if isinstance(a[0], int) and a[0] < len(faces):
            return tr("ui.choice.crisis", face=face_words(comp, faces[a[0]]))
    if v == "remove":
        name = comp.raider_name if a[0] == "raider" else comp.ship_name
        return tr("ui.choice.remove", marker=text(name))
    if v in ("repair", "damage"):
        return tr(f"ui.choice.{v}", location=text(comp.damage(str(a[0])).name))
    if v in ("boost", "demoralize"):
        return tr(f"ui.choice.{v}", character=text(comp.character(str(a[0])).name))
    if v == "penalty":
        return tr(f"ui.choice.penalty_{a[0]}")
    if v == "contribute":
        # the panel picks dice by their faces, so advice (and the hint) names the faces
        # too: "contribute:1,2,3" meant nothing to a player
        faces = {int(die): (kind, value) for die, kind, value in info.get("rolled") or ()}
        if a and all(isinstance(x, int) and x in faces for x in a):
            dice = [tr("ui.choice.die", kind=_kind(comp, faces[x][0]),
                       value=signed(faces[x][1])) for x in a]
            return tr("ui.choice.contribute", dice=", ".join(dice))
        return str(choice)
    if v == "jump_die":
        value = info.get(str(a[0]))
        return tr("ui.choice.jump_die", kind=_kind(comp, a[0]),
                  value=signed(value) if isinstance(value, int) else "?")
    if v == "split":
        points = info.get("points", 0)
        dmg = int(a[0])
        return tr("ui.choice.split", damage=dmg, demoralize=int(points) - dmg)
    if v == "give":
        return tr("ui.choice.give", target=who(a[0]))
    if v == "steal":
        return tr("ui.choice.steal", target=who(a[0]), kind=_kind(comp, a[1]))
    key = f"ui.choice.{v}"
    # a part's choice: named by the character's ability, and a die kind it names
    kind = next((_kind(comp, x) for x in a if x in ("strong", "weak")), "")
    label = tr(key, ability=ability, kind=kind)
    return label if label != key else str(choice)


def dice_cost(view: PlayerView, action: str) -> str:
    """What an action A2–A5 costs the deciding seat in dice, said where it is chosen:
    how many of its active dice it puts in (`engine.action_dice`, the rules' own
    numbers) and that the crisis check comes after it with the rest. From public facts
    only (a seat's active dice and whether it is revealed are on the board)."""
    seat = view.pending_seat
    if not isinstance(seat, int) or not 0 <= seat < len(view.seats):
        return ""
    sv = view.seats[seat]
    m = sv.count("active")
    lo, hi = action_dice(action, m, sv.revealed)
    if lo >= m:  # every die goes in: nothing is left for the crisis
        return tr("ui.choice.cost_one" if m == 1 else "ui.choice.cost_all", m=m)
    n = str(lo) if lo == hi else f"{lo}–{hi}"
    return tr("ui.choice.cost", n=n, m=m)


def seat_words(comp: Components, view: PlayerView, seat: int) -> str:
    """One seat panel in words (screen readers): name, role marks, dice, loyalty count."""
    sv = view.seats[seat]
    marks = [player_name(comp, view, seat)]
    if sv.admiral:
        marks.append(text(comp.admiral_title))
    for on, key in ((sv.revealed, "ui.seat.revealed"), (sv.in_brig, "ui.seat.brig"),
                    (sv.demoralized, "ui.seat.demoralized"), (seat == view.active,
                                                              "ui.seat.turn"),
                    (seat == view.pending_seat, "ui.seat.deciding")):
        if on:
            marks.append(tr(key))
    marks.append(tr("ui.seat.dice", active=sv.count("active"),
                    contributed=sv.count("contributed"), spent=sv.count("spent")))
    marks.append(tr("ui.seat.loyalty", n=sv.loyalty_count))
    return ", ".join(marks)


def board_words(comp: Components, view: PlayerView) -> str:
    """The public board in words, one line per area and per seat (the board view's
    accessible description): only what every seat at the table can see."""
    raiders = sum(1 for m in view.dradis_monitor if m == "raider")
    ships = sum(1 for m in view.dradis_monitor if m != "raider")
    damage = ", ".join(text(comp.damage(d).name) for d in view.damage) or "—"
    lines = [tr("ui.access.dradis", raiders=raiders, ships=ships),
             tr("ui.access.galactica", damage=damage),
             tr("ui.access.tracks", jump=view.jump_track, jump_max=comp.jump_max,
                distance=view.distance, distance_win=comp.distance_win)]
    if view.crisis is not None:
        lines.append(tr("ui.access.crisis", crisis=face_words(comp, view.crisis)))
    if view.check is not None:
        lines.append(tr("ui.status.check", total=view.check.total,
                        difficulty=view.check.difficulty))
    lines += [seat_words(comp, view, s) for s in range(len(view.seats))]
    return "\n".join(lines)
