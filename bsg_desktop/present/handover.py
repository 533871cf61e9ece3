"""When the hot-seat screen must pass to one player, and what the shared screen shows else.

A hand-over costs the table a pause and a "look away" each time, so it is asked for
only where the decision shows the deciding seat something hidden from the others:

- ``action``: the choices hold the seat's Cylon cards (Reveal, A9) and the panel its
  loyalty cards;
- ``contribute`` and ``reroll``: the dice the seat rolled and has not put in (D1, D8);
- ``crisis_die``: both crisis dice before one is chosen (K1);
- ``jump_die``: the Admiral's jump roll (J4);
- ``cylon_damage``: the two damage markers only the revealer drew (X8);
- ``give_card``: which loyalty card the revealer passes on (I6).

Every other decision kind (joining or passing, retrieving dice, choosing a target
for dice already in, a penalty, an order's answer …) offers choices made of public
facts only. It is taken on the shared screen: the public view with the decider's
choices (`shared_view`), and nothing of that seat's own secrets, so the panel is the
same whatever anyone holds. A kind not named here is private, so a new decision kind
is handed over until it is shown to be public.

Whether a decision is handed over depends on its kind alone, which every seat sees
(`PlayerView.pending_kind`): the pause itself tells nobody anything.
``tests/test_handover_rule.py`` proves both halves with twin worlds.
"""

from __future__ import annotations

from bsg_desktop.engine import Decision, PlayerView
from bsg_desktop.engine.abilities import public_kinds

# decision kinds whose choices and words come from public facts only: the rules' own,
# and those each character part declares (engine/abilities, ``public_kinds``)
PUBLIC_KINDS = frozenset({
    "join", "retrieve", "boost", "repair", "remove_ship", "ordered",
    "crisis_mode", "cylon_demoralize", "cylon_steal", "k8_penalty", "jump_penalty",
}) | public_kinds()


def hand_over_needed(kind: str | None) -> bool:
    """The deciding seat must have the screen to itself for a decision of ``kind``."""
    return kind not in PUBLIC_KINDS


def shared_view(public: PlayerView, decision: Decision) -> PlayerView:
    """What the shared screen shows for a public decision: the public view, with the
    decider's choices and their public figures (``decision.info``) in it, and the
    decider's own secrets (loyalty, cards seen, rolled values) left out."""
    return public._replace(seat=decision.seat, options=decision.options,
                           info=decision.info, my_loyalty=(), known=(), cylon=False)
