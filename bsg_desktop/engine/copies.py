"""Copying game state so that a copy shares nothing that can change.

A bot's sampled world and an undo snapshot are copies of the real game; a list
the two shared would let one game change the other. ``copied`` copies a value by
what it holds, not by a list of field names, so a field added later is copied
too: containers are rebuilt, objects with slots are copied slot by slot, and a
value of an unknown kind is refused with a TypeError instead of being shared.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

# Values a copied game may share with its original: nothing in them can change. Frozen
# dataclasses (events, crisis faces, the components) are immutable too; a tuple is taken
# as immutable, so the engine keeps only immutable values in tuples.
_IMMUTABLE = (str, int, float, bool, type(None), tuple, frozenset)


def _frozen(value: Any) -> bool:
    params = getattr(type(value), "__dataclass_params__", None)
    return params is not None and params.frozen


def copied(value: Any) -> Any:
    """``value`` as an independent copy: containers are rebuilt around copied items,
    game objects (players, tasks, the check, the view cache) copy themselves, the random
    generator keeps its state, and an unknown mutable value is refused rather than shared.
    """
    if isinstance(value, _IMMUTABLE) or _frozen(value):
        return value
    if isinstance(value, list):
        return [copied(v) for v in value]
    if isinstance(value, deque):
        return deque(copied(v) for v in value)
    if isinstance(value, dict):
        return {k: copied(v) for k, v in value.items()}
    if isinstance(value, random.Random):
        rng = random.Random()
        rng.setstate(value.getstate())
        return rng
    own = getattr(value, "copy", None)
    if own is None:
        raise TypeError(f"a game field holds a {type(value).__name__}, which has no copy(); "
                        "give it one so a copied game cannot share it")
    return own()


def copy_slots(obj: Any) -> Any:
    """A new object of ``obj``'s class with every slot (of every class) ``copied``."""
    new = object.__new__(type(obj))
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(obj, name):
                setattr(new, name, copied(getattr(obj, name)))
    return new
