"""Component conservation: nothing is created or lost, whatever happens.

Checked after every step in the tests and in the simulator: 14 DRADIS markers,
6 damage markers, 5 demoralized markers, 12 loyalty cards, each skill die in
exactly one state, and no seat both in the brig and revealed.
"""

from __future__ import annotations

from bsg_desktop.engine.core import ACTIVE, CONTRIBUTED, RAIDER, REMOVED, SHIP, SPENT
from bsg_desktop.engine.game import Game


def violations(g: Game) -> list[str]:
    c = g.c
    out: list[str] = []
    dradis = g.dradis_pile + g.dradis_monitor + g.dradis_box + g.dradis_drawn
    if len(dradis) != 14 or dradis.count(RAIDER) != c.dradis_raiders:
        out.append(f"DRADIS markers: {len(dradis)} ({dradis.count(RAIDER)} raiders)")
    if any(m != SHIP for m in g.dradis_box):
        out.append("a Raider is in the box")
    dmg = g.damage_pile + g.damage_placed
    if sorted(dmg) != sorted(loc.id for loc in c.damage_locations):
        out.append(f"damage markers: {sorted(dmg)}")
    dem = g.demoralized_pile + g.demoralized_out
    if sorted(dem) != sorted(ch.id for ch in c.characters):
        out.append(f"demoralized markers: {sorted(dem)}")
    cards = [x for p in g.players for x in p.loyalty] + g.loyalty_deck + g.loyalty_box
    revealed_extra = [x for p in g.players for x in p.revealed_cards if x not in p.loyalty]
    cards += revealed_extra
    if sorted(cards) != sorted(c.loyalty_ids):
        out.append(f"loyalty cards: {len(cards)}")
    ids = []
    rolling = any(type(t).__name__ in ("SkillCheck", "RollAction") for t in g.stack)
    for p in g.players:
        for d in p.dice:
            ids.append(d.id)
            if d.state not in (ACTIVE, CONTRIBUTED, SPENT, REMOVED):
                out.append(f"die {d.id} in unknown state {d.state}")
            if d.state == CONTRIBUTED and not rolling:
                out.append(f"die {d.id} contributed outside a check or action")
        if p.in_brig and p.revealed:
            out.append(f"seat {p.seat} is revealed and in the brig")
    if len(ids) != 4 * g.n or len(set(ids)) != len(ids):
        out.append("skill dice are not 4 per player, each once")
    if not 0 <= g.jump_track < c.jump_max:
        out.append(f"jump track at {g.jump_track}")
    return out
