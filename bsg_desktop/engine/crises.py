"""Crises (rules K1–K9, B3, Y6, I3, I8) and jump preparation (J1).

Markers placed several at once are placed one at a time (I8): after each one the
Cylon win conditions are checked (W2), and after each DRADIS marker the Raider
rule (K8) runs until it no longer applies.
"""

from __future__ import annotations

from bsg_desktop.data import CrisisFace
from bsg_desktop.engine.core import Choice, Decision
from bsg_desktop.engine.dice import SkillCheck
from bsg_desktop.engine.jump import Jump
from bsg_desktop.engine.machine import Machine, Task
from bsg_desktop.engine.markers import PlaceMarkers

CONSEQUENCE_RULE = {"unrest": "K3", "attack": "K5", "dradis": "K7"}
MARKER_OF = {"unrest": "demoralize", "attack": "damage", "dradis": "dradis"}


class CrisisStep(Task):
    """K1: roll both crisis dice and choose one; K2: the check; K3–K7; J1."""

    __slots__ = ("seat", "phase")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.phase = "start"

    def run(self, g: Machine) -> Decision | None:
        if self.phase == "start":
            if g.players[self.seat].revealed:  # Y6, after the action step (I14)
                opts = [Choice("roll")] + [Choice("name", (t.id,)) for t in g.c.crisis_types]
                return g.ask(self.seat, "crisis_mode", opts, "I14")
            self.phase = "roll"
        if self.phase == "roll":
            rolled: list[int | CrisisFace] = []
            for _ in g.crisis_dice:
                s = g.script_crisis.popleft() if g.script_crisis else g.rng.randrange(6)
                # a scenario may force a face by its code, whatever the dice in cards.yaml say
                rolled.append(CrisisFace.from_code(s) if isinstance(s, str) else s % 6)
            g.crisis_rolled = tuple(rolled)
            faces = [self._face(g, k) for k in range(len(rolled))]
            if g.record:
                g.emit("crisis_rolled", "K1", seat=self.seat)
                g.emit("crisis_roll_result", "K1", to=(self.seat,), seat=self.seat,
                       faces=[f.code() for f in faces])
            self.phase = "choose"
            return g.ask(self.seat, "crisis_die", [Choice("crisis", (k,)) for k in
                                                   range(len(rolled))], "K1",
                         faces=tuple(faces), dice=g.crisis_dice)
        if self.phase == "check":
            self.phase = "consequence"
            g.push(SkillCheck(g, "crisis", g.crisis.difficulty, self.seat, "K2"))
            return None
        if self.phase == "consequence":
            ok = bool(g.check and g.check.success)
            g.check = None
            self.phase = "jump_prep"
            face = g.crisis
            if ok:
                g.emit("crisis_averted", "K2", type=face.type)
            else:
                rule = CONSEQUENCE_RULE[face.type]
                g.emit("crisis_failed", rule, type=face.type, consequence=face.consequence)
                g.push(PlaceMarkers(MARKER_OF[face.type], face.consequence, rule))
            return None
        if self.phase == "jump_prep":  # J1, I1, I3
            self.phase = "done"
            icon = g.crisis.jump
            if g.crisis_source == "cylon":
                # I3/Y6: a named crisis has no die and no jump icon; a prepared jump
                # waits for the next crisis die
                if g.jump_bonus:
                    g.emit("jump_bonus_waits", "I3")
            elif g.jump_bonus:
                g.jump_bonus = False
                if not icon:
                    g.emit("jump_bonus_used", "A5")
                icon = True
            if icon:
                g.jump_track += 1
                g.emit("jump_track_advanced", "J1", track=g.jump_track)
                if g.jump_track >= g.c.jump_max:
                    g.push(Jump())
            return None
        g.pop()
        return None

    def _face(self, g: Machine, k: int) -> CrisisFace:
        rolled = g.crisis_rolled[k]
        if isinstance(rolled, CrisisFace):
            return rolled
        die_id = g.crisis_dice[k]
        return next(die for die in g.c.crisis_dice if die.id == die_id).faces[rolled]

    def apply(self, g: Machine, choice: Choice) -> None:
        if choice.verb == "roll":
            self.phase = "roll"
        elif choice.verb == "name":
            d, c = g.c.cylon_crisis
            g.crisis = CrisisFace(str(choice.args[0]), d, c, False)
            g.crisis_source = "cylon"
            g.emit("crisis_named", "Y6", seat=self.seat, face=g.crisis.code())
            self.phase = "check"
        elif choice.verb == "crisis":
            k = int(choice.args[0])
            g.crisis = self._face(g, k)
            g.crisis_source = g.crisis_dice[k]
            g.crisis_rolled = ()  # K1: the other die's result stays secret
            g.emit("crisis_chosen", "K1", seat=self.seat, die=g.crisis_source,
                   face=g.crisis.code())
            self.phase = "check"
