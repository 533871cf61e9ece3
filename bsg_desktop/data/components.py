"""Load and validate cards.yaml into frozen dataclasses.

Validation walks the YAML with a path ("crisis_dice[2].faces[4].difficulty") so
that a crafter who mistypes a value is told exactly where and what was expected,
instead of meeting a traceback.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from bsg_desktop.art.emblem_paths import PATHS as _EMBLEM_PATHS
from bsg_desktop.art.tracks import limit_message, paper_plan
from bsg_desktop.errors import DataError
from bsg_desktop.i18n import LANGUAGES, SOURCE
from bsg_desktop.inputs import YamlProblem, load_yaml, read_text
from bsg_desktop.resources import shipped

MAX_PLAYERS = 5  # seats of the largest game (S5); a cards file has a character for each
# The longest name in a cards file (a character, a model, a marker, a crisis type), in
# characters, in each language. Names are said on every phone's frame many times, and
# frames have one fixed size so that none tells a secret by its length
# (companion/host.py): at this length the largest frame still fits.
NAME_CHARS = 32
CRISIS_TYPES = ("unrest", "attack", "dradis")
CYLON_EFFECTS = ("demoralize", "damage", "dradis", "steal_dice")
# Ids become choice arguments ("demoralize:saul_tigh"), saved moves and phone taps, so a
# component's id keeps to a form every one of those reads back: a letter, then letters,
# digits or underscores. The engine's choice grammar (engine/core.py _ARG) accepts all of
# them; tests/test_data.py proves it.
ID_FORM = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,39}")
ID_FORM_SAID = "a letter, then at most 39 letters, digits or _ (such as saul_tigh)"
DISABLES = ("a2", "a4", "a5", "a6", "a8", "pass_retrieve")
# The emblems a character or a room may name (`art.emblems`), and what one of a cards
# file written before the ``emblem`` field shows.
EMBLEMS = tuple(_EMBLEM_PATHS)
DEFAULT_CHARACTER_EMBLEM = "star"
DEFAULT_ROOM_EMBLEM = "wrench"


@dataclass(frozen=True, slots=True)
class Text:
    """A text a player reads: language code -> its words, the source language (English)
    always among them. A language it lacks reads the English, so a file written before
    a language was added still shows every text. Pairs, not a dict, so that a card holding
    texts stays hashable and compares equal whatever order its file gave them in."""

    words: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, words: Mapping[str, str]) -> Text:
        if SOURCE not in words:
            raise ValueError(f"a text needs its {SOURCE!r} words, got {sorted(words)}")
        return cls(tuple(sorted(words.items(), key=lambda kv: (kv[0] != SOURCE, kv[0]))))

    @property
    def en(self) -> str:
        """The source words (what a language without its own words reads)."""
        return self.words[0][1]

    def get(self, lang: str) -> str:
        for code, words in self.words:
            if code == lang:
                return words
        return self.en

    def as_dict(self) -> dict[str, str]:
        return dict(self.words)


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    rank: int
    name: Text
    short: Text
    ability_title: Text
    ability: Text
    brig: Text
    has_action: bool
    # the insignia on the character's card, marker, token and pages (`art.emblems`)
    emblem: str = DEFAULT_CHARACTER_EMBLEM
    # the ability's part and its parameters, (("name", "initiative"), ("per", "turn"), …):
    # engine/abilities reads it; nothing else asks which character this is
    part: tuple[tuple[str, Any], ...] = ()
    # its own line in the rules' X section, which its ability's log lines cite: the
    # shipped five say theirs (X1–X5); a user's character without one gets the next
    # free X id from X11 on, whose text the rules reference makes from this card
    rule: str = ""


@dataclass(frozen=True, slots=True)
class CylonCard:
    id: str
    model: Text
    effect: str
    text: Text
    faction: str = "cylon"  # the card's side, given in cards.yaml (never read off the id)


@dataclass(frozen=True, slots=True)
class SkillDie:
    kind: str  # "strong" | "weak"
    count: int
    border: str
    name: Text
    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CrisisType:
    id: str
    name: Text
    icon: str


def _small(text: str) -> bool:
    """One to three ASCII digits (str.isdigit() also takes "²", which int() refuses)."""
    return 1 <= len(text) <= 3 and text.isascii() and text.isdigit()


@dataclass(frozen=True, slots=True)
class CrisisFace:
    type: str
    difficulty: int
    consequence: int
    jump: bool

    def code(self) -> str:
        """Compact form used in logs and scenario files, e.g. 'dradis/3/2/jump'."""
        return f"{self.type}/{self.difficulty}/{self.consequence}" + ("/jump" if self.jump else "")

    @classmethod
    def from_code(cls, code: str) -> CrisisFace:
        """Inverse of `code`; raises ValueError with what was expected."""
        parts = code.strip().split("/") if isinstance(code, str) else []
        ok = (len(parts) in (3, 4) and parts[0] in CRISIS_TYPES and _small(parts[1])
              and _small(parts[2]) and (len(parts) == 3 or parts[3] == "jump"))
        if not ok:
            raise ValueError(f"expected a crisis face such as dradis/4/2/jump "
                             f"(type/difficulty/consequence[/jump]), got {code!r}")
        return cls(parts[0], int(parts[1]), int(parts[2]), len(parts) == 4)


@dataclass(frozen=True, slots=True)
class CrisisDie:
    id: str
    players: tuple[int, ...]
    faces: tuple[CrisisFace, ...]

    @property
    def four_player(self) -> bool:
        """The dot in the upper right (C10) marks the 4-player dice."""
        return 4 in self.players


@dataclass(frozen=True, slots=True)
class DamageLocation:
    id: str
    name: Text
    disables: str
    text: Text
    emblem: str = DEFAULT_ROOM_EMBLEM  # the room's icon on its damage marker


@dataclass(frozen=True, slots=True)
class Components:
    source: str
    characters: tuple[Character, ...]
    not_cylon_count: int
    not_cylon_title: Text
    cylon_title: Text
    cylons: tuple[CylonCard, ...]
    admiral_title: Text
    admiral_text: Text
    skill_dice: tuple[SkillDie, ...]
    crisis_types: tuple[CrisisType, ...]
    crisis_dice: tuple[CrisisDie, ...]
    cylon_crisis: tuple[int, int]  # difficulty, consequence (Y6)
    dradis_raiders: int
    dradis_ships: int
    dradis_start_raiders: int
    raider_name: Text
    ship_name: Text
    dradis_back: Text
    damage_locations: tuple[DamageLocation, ...]
    demoralized_back: Text
    reconstructed_note: Text
    jump_max: int
    morale_limit: int  # K3: the demoralized marker that ends the game (the fifth)
    distance_win: int
    distance_loyalty: int
    # damage location id -> what it disables (K6)
    disables: dict[str, str] = field(init=False, repr=False, compare=False)
    # what a location disables -> the locations that disable it. The engine asks "is X
    # disabled?" several times a step; this index, made once here, answers it from the
    # placed markers without a search through the locations.
    disabled_by: dict[str, frozenset[str]] = field(init=False, repr=False, compare=False)
    # the ids of the Cylon loyalty cards: whether a card makes its holder a Cylon (L1)
    # is asked of this set, so a card's id may be anything cards.yaml calls it
    cylon_ids: frozenset[str] = field(init=False, repr=False, compare=False)
    # characters by id and skill dice by kind: the engine looks one up at every roll
    by_character: dict[str, Character] = field(init=False, repr=False, compare=False)
    by_skill: dict[str, SkillDie] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "disables",
                           {d.id: d.disables for d in self.damage_locations})
        disabled_by: dict[str, set[str]] = {}
        for d in self.damage_locations:
            disabled_by.setdefault(d.disables, set()).add(d.id)
        object.__setattr__(self, "disabled_by",
                           {k: frozenset(v) for k, v in disabled_by.items()})
        object.__setattr__(self, "cylon_ids",
                           frozenset(c.id for c in self.cylons if c.faction == "cylon"))
        object.__setattr__(self, "by_character", {c.id: c for c in self.characters})
        object.__setattr__(self, "by_skill", {d.kind: d for d in self.skill_dice})

    def is_cylon_card(self, card: str) -> bool:
        """L1: does this loyalty card make its holder a Cylon?"""
        return card in self.cylon_ids

    def character(self, cid: str) -> Character:
        return self.by_character[cid]

    def cylon(self, cid: str) -> CylonCard:
        for c in self.cylons:
            if c.id == cid:
                return c
        raise KeyError(cid)

    def skill(self, kind: str) -> SkillDie:
        return self.by_skill[kind]

    def crisis_type(self, tid: str) -> CrisisType:
        for t in self.crisis_types:
            if t.id == tid:
                return t
        raise KeyError(tid)

    def damage(self, lid: str) -> DamageLocation:
        for d in self.damage_locations:
            if d.id == lid:
                return d
        raise KeyError(lid)

    def crisis_dice_for(self, players: int) -> tuple[CrisisDie, ...]:
        """S5: the two crisis dice for this player count."""
        return tuple(d for d in self.crisis_dice if players in d.players)

    @property
    def loyalty_ids(self) -> tuple[str, ...]:
        return tuple(f"not_cylon_{i + 1}" for i in range(self.not_cylon_count)) + tuple(
            c.id for c in self.cylons
        )


class _Reader:
    """Walks parsed YAML, raising DataError with the path of the first bad value."""

    def __init__(self, file: str, languages: frozenset[str] = frozenset({SOURCE})) -> None:
        self.file = file
        # the languages every text of this file must give (`languages_in`); any other
        # known language a text gives is read too, and one it lacks reads the English
        self.languages = languages

    def fail(self, path: str, expected: str) -> DataError:
        return DataError(self.file, path, expected)

    def mapping(self, node: Any, path: str, keys: tuple[str, ...]) -> dict[str, Any]:
        if not isinstance(node, dict):
            raise self.fail(path, f"expected a mapping with keys {', '.join(keys)}")
        for k in keys:
            if k not in node:
                raise self.fail(f"{path}.{k}" if path else k, "missing field")
        return node

    def seq(self, node: Any, path: str, min_len: int = 1) -> list[Any]:
        if not isinstance(node, list) or len(node) < min_len:
            raise self.fail(path, f"expected a list of at least {min_len} item(s)")
        return node

    def int_(self, node: Any, path: str, lo: int, hi: int) -> int:
        if isinstance(node, bool) or not isinstance(node, int) or not lo <= node <= hi:
            raise self.fail(path, f"expected a whole number from {lo} to {hi}, got {node!r}")
        return node

    def bool_(self, node: Any, path: str) -> bool:
        if not isinstance(node, bool):
            raise self.fail(path, f"expected true or false, got {node!r}")
        return node

    def emblem(self, node: dict[str, Any], path: str, default: str) -> str:
        """The ``emblem`` a character or room names from the library (one line naming
        every choice if it names none of them); ``default`` if it has no such field."""
        if "emblem" not in node:
            return default
        return self.str_(node["emblem"], f"{path}.emblem", EMBLEMS)

    def str_(self, node: Any, path: str, choices: tuple[str, ...] | None = None) -> str:
        if not isinstance(node, str) or not node.strip():
            raise self.fail(path, f"expected a non-empty text, got {node!r}")
        if choices is not None and node not in choices:
            raise self.fail(path, f"expected one of {', '.join(choices)}, got {node!r}")
        return node

    def id_(self, node: Any, path: str) -> str:
        text = self.str_(node, path)
        if not ID_FORM.fullmatch(text):
            raise self.fail(path, f"expected an id made of {ID_FORM_SAID}, got {text!r}")
        return text

    def text(self, node: Any, path: str, limit: int = 0) -> Text:
        """A text in the file's languages; ``limit``: at most this many characters in each."""
        required = tuple(lang for lang in LANGUAGES if lang in self.languages)
        m = self.mapping(node, path, required)
        out = {lang: self.str_(m[lang], f"{path}.{lang}") for lang in LANGUAGES if lang in m}
        for lang, value in out.items():
            if limit and len(value) > limit:
                raise self.fail(f"{path}.{lang}", f"expected at most {limit} characters, "
                                f"got {len(value)}")
        return Text.of(out)

    def name(self, node: Any, path: str) -> Text:
        """A name (a character, a marker, a crisis type …): at most `NAME_CHARS` long."""
        return self.text(node, path, NAME_CHARS)

    def items(self, node: Any, path: str, build: Callable[[Any, str], Any]) -> tuple[Any, ...]:
        return tuple(build(item, f"{path}[{i}]") for i, item in enumerate(self.seq(node, path)))


RULE_FORM = re.compile(r"X[1-9][0-9]{0,2}")
FIRST_USER_RULE = 11  # X1–X10 are the rulebook's cards (characters, Admiral, Cylons)


def _rule_id(r: _Reader, node: Any, path: str) -> str:
    text = r.str_(node, path)
    if not RULE_FORM.fullmatch(text):
        raise r.fail(path, f"expected a rule id of the X section such as X11, got {text!r}")
    return text


def _with_rules(r: _Reader, characters: tuple[Character, ...]) -> tuple[Character, ...]:
    """Each character with its rule id: its own, or the next free one from X11 on."""
    taken: list[str] = []
    for i, c in enumerate(characters):
        if c.rule in taken:
            raise r.fail(f"characters[{i}].rule", f"rule {c.rule} is another character's")
        if c.rule:
            taken.append(c.rule)
    free = (f"X{n}" for n in range(FIRST_USER_RULE, 1000) if f"X{n}" not in taken)
    return tuple(c if c.rule else replace(c, rule=next(free)) for c in characters)


def _unique(r: _Reader, path: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for i, x in enumerate(ids):
        if x in seen:
            raise r.fail(f"{path}[{i}].id", f"duplicate id {x!r}")
        seen.add(x)


def languages_in(raw: Any) -> frozenset[str]:
    """The known languages a cards file writes texts in (English always): each must be
    given for every text of it, so a forgotten translation is an error, while a file
    written before a language was added still loads (its texts read the English)."""
    found = {SOURCE}
    stack = [raw]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if SOURCE in node:
                found.update(k for k in node if k in LANGUAGES)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return frozenset(found)


def parse_components(raw: Any, file: str, languages: frozenset[str] | None = None) -> Components:
    """Validate parsed YAML; every failure names the file and the path inside it.
    ``languages``: those every text must give (by default, those the file uses)."""
    r = _Reader(file, languages_in(raw) if languages is None else languages)
    top = r.mapping(
        raw,
        "",
        ("format", "characters", "loyalty", "admiral", "skill_dice", "crisis_types",
         "crisis_dice", "cylon_crisis", "dradis", "damage_locations", "demoralized", "tracks",
         "reconstructed_note"),
    )
    r.int_(top["format"], "format", 1, 1)

    def character(n: Any, p: str) -> Character:
        m = r.mapping(n, p, ("id", "rank", "name", "short", "ability_title", "ability", "brig",
                             "has_action", "part"))
        part = r.mapping(m["part"], f"{p}.part", ("name",))
        r.str_(part["name"], f"{p}.part.name")
        for key, value in part.items():
            if not isinstance(key, str) or not isinstance(value, str | int | bool):
                raise r.fail(f"{p}.part.{key}", "expected a parameter name and a plain value "
                             f"(a word, a whole number, true or false), got {value!r}")
        return Character(
            id=r.id_(m["id"], f"{p}.id"), rank=r.int_(m["rank"], f"{p}.rank", 1, 99),
            name=r.name(m["name"], f"{p}.name"), short=r.name(m["short"], f"{p}.short"),
            ability_title=r.name(m["ability_title"], f"{p}.ability_title"),
            ability=r.text(m["ability"], f"{p}.ability"), brig=r.text(m["brig"], f"{p}.brig"),
            emblem=r.emblem(m, p, DEFAULT_CHARACTER_EMBLEM),
            has_action=r.bool_(m["has_action"], f"{p}.has_action"),
            part=tuple(part.items()),
            rule=_rule_id(r, m["rule"], f"{p}.rule") if "rule" in m else "",
        )

    characters = _with_rules(r, r.items(top["characters"], "characters", character))
    if len(characters) < MAX_PLAYERS:
        raise r.fail("characters", f"expected at least {MAX_PLAYERS} characters, one for each "
                     "seat of the largest game (rule C2)")
    _unique(r, "characters", [c.id for c in characters])
    ranks = [c.rank for c in characters]
    if len(set(ranks)) != len(ranks):
        raise r.fail("characters", "expected every character's rank once: the Admiral's title "
                     "follows the ranks (rules S3, A6)")

    loy = r.mapping(top["loyalty"], "loyalty", ("not_cylon", "cylons", "cylon_title"))
    nc = r.mapping(loy["not_cylon"], "loyalty.not_cylon", ("count", "title"))

    not_cylon_count = r.int_(nc["count"], "loyalty.not_cylon.count", 8, 8)
    not_cylon_ids = {f"not_cylon_{i + 1}" for i in range(not_cylon_count)}

    def cylon(n: Any, p: str) -> CylonCard:
        m = r.mapping(n, p, ("id", "faction", "model", "effect", "text"))
        cid = r.id_(m["id"], f"{p}.id")
        if cid in not_cylon_ids:
            raise r.fail(f"{p}.id", f"duplicate id {cid!r}: the not-Cylon cards are "
                                    f"not_cylon_1 to not_cylon_{not_cylon_count}")
        return CylonCard(id=cid, model=r.name(m["model"], f"{p}.model"),
                         effect=r.str_(m["effect"], f"{p}.effect", CYLON_EFFECTS),
                         text=r.text(m["text"], f"{p}.text"),
                         faction=r.str_(m["faction"], f"{p}.faction", ("cylon",)))

    cylons = r.items(loy["cylons"], "loyalty.cylons", cylon)
    if len(cylons) != 4:
        raise r.fail("loyalty.cylons", "expected exactly 4 Cylon cards (rule C3)")
    _unique(r, "loyalty.cylons", [c.id for c in cylons])

    adm = r.mapping(top["admiral"], "admiral", ("title", "text"))

    sd = r.mapping(top["skill_dice"], "skill_dice", ("strong", "weak"))
    skill: list[SkillDie] = []
    for kind in ("strong", "weak"):
        p = f"skill_dice.{kind}"
        m = r.mapping(sd[kind], p, ("count", "border", "name", "faces"))
        faces = r.seq(m["faces"], f"{p}.faces", 6)
        if len(faces) != 6:
            raise r.fail(f"{p}.faces", "expected exactly 6 faces")
        skill.append(SkillDie(kind=kind, count=r.int_(m["count"], f"{p}.count", 10, 10),
                              border=r.str_(m["border"], f"{p}.border"),
                              name=r.name(m["name"], f"{p}.name"),
                              faces=tuple(r.int_(f, f"{p}.faces[{i}]", -6, 6)
                                          for i, f in enumerate(faces))))
        if 0 in skill[-1].faces:
            raise r.fail(f"{p}.faces", "a skill die face is never 0 (rule C5)")

    def ctype(n: Any, p: str) -> CrisisType:
        m = r.mapping(n, p, ("id", "name", "icon"))
        return CrisisType(id=r.str_(m["id"], f"{p}.id", CRISIS_TYPES),
                          name=r.name(m["name"], f"{p}.name"), icon=r.str_(m["icon"], f"{p}.icon"))

    ctypes = r.items(top["crisis_types"], "crisis_types", ctype)
    if sorted(t.id for t in ctypes) != sorted(CRISIS_TYPES):
        raise r.fail("crisis_types", "expected unrest, attack and dradis, each once")

    def face(n: Any, p: str) -> CrisisFace:
        m = r.mapping(n, p, ("type", "difficulty", "consequence", "jump"))
        return CrisisFace(type=r.str_(m["type"], f"{p}.type", CRISIS_TYPES),
                          difficulty=r.int_(m["difficulty"], f"{p}.difficulty", 0, 20),
                          consequence=r.int_(m["consequence"], f"{p}.consequence", 0, 6),
                          jump=r.bool_(m["jump"], f"{p}.jump"))

    def cdie(n: Any, p: str) -> CrisisDie:
        m = r.mapping(n, p, ("id", "players", "faces"))
        players = tuple(r.int_(x, f"{p}.players[{i}]", 3, 5)
                        for i, x in enumerate(r.seq(m["players"], f"{p}.players")))
        faces = r.items(m["faces"], f"{p}.faces", face)
        if len(faces) != 6:
            raise r.fail(f"{p}.faces", "expected exactly 6 faces")
        return CrisisDie(id=r.id_(m["id"], f"{p}.id"), players=players, faces=faces)

    cdice = r.items(top["crisis_dice"], "crisis_dice", cdie)
    _unique(r, "crisis_dice", [d.id for d in cdice])
    for n in (3, 4, 5):
        if sum(1 for d in cdice if n in d.players) != 2:
            raise r.fail("crisis_dice", f"expected exactly two crisis dice for {n} players (S5)")

    cc = r.mapping(top["cylon_crisis"], "cylon_crisis", ("difficulty", "consequence"))
    dr = r.mapping(top["dradis"], "dradis", ("raiders", "colonial_ships", "start_raiders",
                                             "raider", "colonial_ship", "back"))
    raiders = r.int_(dr["raiders"], "dradis.raiders", 2, 14)
    ships = r.int_(dr["colonial_ships"], "dradis.colonial_ships", 0, 12)
    if raiders + ships != 14:
        raise r.fail("dradis", f"expected raiders + colonial_ships = 14 (rule C6), got "
                     f"{raiders + ships}")
    start = r.int_(dr["start_raiders"], "dradis.start_raiders", 0, min(raiders, 5))

    def location(n: Any, p: str) -> DamageLocation:
        m = r.mapping(n, p, ("id", "name", "disables", "text"))
        return DamageLocation(id=r.id_(m["id"], f"{p}.id"), name=r.name(m["name"], f"{p}.name"),
                              disables=r.str_(m["disables"], f"{p}.disables", DISABLES),
                              text=r.text(m["text"], f"{p}.text"),
                              emblem=r.emblem(m, p, DEFAULT_ROOM_EMBLEM))

    locs = r.items(top["damage_locations"], "damage_locations", location)
    if len(locs) != 6:
        raise r.fail("damage_locations", "expected exactly 6 locations (rule C8)")
    _unique(r, "damage_locations", [loc.id for loc in locs])
    if sorted(loc.disables for loc in locs) != sorted(DISABLES):
        raise r.fail("damage_locations", "expected each of " + ", ".join(DISABLES)
                     + " disabled by exactly one location (rule K6)")

    dm = r.mapping(top["demoralized"], "demoralized", ("back", "limit"))
    morale_limit = r.int_(dm["limit"], "demoralized.limit", 1, len(characters))
    tr = r.mapping(top["tracks"], "tracks", ("jump_max", "distance_win", "distance_loyalty"))
    jump_max = r.int_(tr["jump_max"], "tracks.jump_max", 2, 10)
    distance_win = r.int_(tr["distance_win"], "tracks.distance_win", 1, 30)
    distance_loyalty = r.int_(tr["distance_loyalty"], "tracks.distance_loyalty", 1, 30)
    if paper_plan(jump_max, distance_win, distance_loyalty) is None:
        # the board draws every slot at a size a printed marker fits, or not at all
        raise r.fail("tracks.distance_win", limit_message(jump_max, distance_loyalty))

    return Components(
        source=file,
        characters=tuple(sorted(characters, key=lambda c: c.rank)),
        not_cylon_count=not_cylon_count,
        not_cylon_title=r.text(nc["title"], "loyalty.not_cylon.title"),
        cylon_title=r.text(loy["cylon_title"], "loyalty.cylon_title"),
        cylons=cylons,
        admiral_title=r.name(adm["title"], "admiral.title"),
        admiral_text=r.text(adm["text"], "admiral.text"),
        skill_dice=tuple(skill),
        crisis_types=ctypes,
        crisis_dice=cdice,
        cylon_crisis=(r.int_(cc["difficulty"], "cylon_crisis.difficulty", 0, 20),
                      r.int_(cc["consequence"], "cylon_crisis.consequence", 0, 6)),
        dradis_raiders=raiders,
        dradis_ships=ships,
        dradis_start_raiders=start,
        raider_name=r.name(dr["raider"], "dradis.raider"),
        ship_name=r.name(dr["colonial_ship"], "dradis.colonial_ship"),
        dradis_back=r.text(dr["back"], "dradis.back"),
        damage_locations=locs,
        demoralized_back=r.text(dm["back"], "demoralized.back"),
        reconstructed_note=r.text(top["reconstructed_note"], "reconstructed_note"),
        jump_max=jump_max,
        morale_limit=morale_limit,
        distance_win=distance_win,
        distance_loyalty=distance_loyalty,
    )


def default_cards_path() -> Path:
    """The shipped cards.yaml (the checkout's top-level file, or the installed package's copy),
    unless BSG_CARDS (or ``--cards FILE``, which sets it) names the user's own file."""
    env = os.environ.get("BSG_CARDS")
    if env:
        return Path(env)
    return _beside_package()


def shipped_cards_path() -> Path:
    """The shipped cards.yaml, whatever BSG_CARDS says: the rulebook's game."""
    return _beside_package()


@lru_cache(maxsize=1)
def _beside_package() -> Path:
    # every new game loads its components, so the package's own place is looked up once
    return shipped("cards.yaml")


def load_components(path: str | Path | None = None) -> Components:
    """Read, parse and validate a cards file; cached per path so it is loaded once."""
    return _load(str(Path(path) if path is not None else default_cards_path()))


@lru_cache(maxsize=8)
def _load(path: str) -> Components:
    return read_components(path)


def read_components(path: str | Path) -> Components:
    """Read, parse and validate a cards file afresh, not from the cache: a file the user
    is editing between two print runs is printed as it is now."""
    # one error type whatever went wrong: a missing file, a pipe, a binary file, YAML
    # anchors, a duplicate key, deep nesting or a 5,000-digit number
    path = str(path)
    read_error = _read_error(path)
    source = read_text(path, read_error, "a cards file (YAML text)", MAX_CARDS_BYTES)
    try:
        raw = load_yaml(source)
    except YamlProblem as e:
        raise DataError(path, f"line {e.line}", e.message) from None
    languages = languages_in(raw)  # the user's own texts, not the shipped ones under them
    if isinstance(raw, dict) and "base" in raw:
        raw = _on_shipped(raw, path)
    return parse_components(raw, path, languages)


def _on_shipped(raw: dict[str, Any], path: str) -> dict[str, Any]:
    """A variant file written on the shipped cards (``base: shipped``): its ``add_characters``
    join the shipped five, and any other top-level section it gives replaces the shipped one.

    So a file adding one character holds only that character, and the shipped game's
    data (dice, crises, texts) stays exactly the rulebook's beside it.
    """
    if raw["base"] != "shipped":
        raise DataError(path, "base", f"expected shipped, got {raw['base']!r}")
    shipped_path = str(_beside_package())
    if os.path.abspath(path) == os.path.abspath(shipped_path):
        raise DataError(path, "base", "the shipped cards file cannot be based on itself")
    merged = dict(load_yaml(read_text(shipped_path, _read_error(shipped_path),
                                      "a cards file (YAML text)", MAX_CARDS_BYTES)))
    extra = raw.get("add_characters", [])
    if not isinstance(extra, list):
        raise DataError(path, "add_characters", "expected a list of characters")
    for key, value in raw.items():
        if key not in ("base", "add_characters"):
            merged[key] = value
    if not isinstance(merged["characters"], list):
        # the file's own characters replace the shipped ones, so they are a list too
        raise DataError(path, "characters", "expected a list of characters, got "
                        f"{_shown(merged['characters'])}")
    merged["characters"] = [*merged["characters"], *extra]
    return merged


MAX_CARDS_BYTES = 1_000_000


def _shown(value: Any) -> str:
    """A value as an error line quotes it: its repr (one line whatever it holds), cut."""
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:60]}…"


def _read_error(path: str) -> Callable[[str], DataError]:
    """A DataError for ``path`` from the one-line message the reader gives."""
    prefix = f"{path}: "
    # a missing cards file has always said "file not found"; the words stay
    return lambda message: DataError(path, "", message.removeprefix(prefix).replace(
        "no such file", "file not found"))
