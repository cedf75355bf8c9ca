"""Class sets: the same puzzles on every machine from a class name and a few
options, named by a short code that carries those options.

The class name only seeds the set: a hash of it goes into the code, so a
student with the code alone rebuilds the very same puzzles. When a set holds
several kinds, they take turns in the order they are registered in
:mod:`gintrainer.puzzles.registry` (can-you-knock first); best-discard puzzles with the
"mixed" objective alternate deadwood and lookahead (deadwood first). What differs between
kinds (their name, themes, objectives, marking, their bit in a code) comes from each kind's
description (:mod:`gintrainer.puzzles.description`): every registered kind can be in a
class set, and its themes that have a bit in the code's table
(:data:`~gintrainer.classroom.codes.WIDE_THEME_BITS`).

>>> s = ClassSet("Year 5 Tuesday", count=4, difficulty="medium")
>>> s.plan()
((PuzzleKind.CAN_KNOCK, None), (PuzzleKind.BEST_DISCARD, Objective.DEADWOOD), (PuzzleKind.CAN_KNOCK, None),
 (PuzzleKind.BEST_DISCARD, Objective.LOOKAHEAD))
>>> ClassSet.from_code(s.code) == s, ClassSet.from_code(s.code).name
(True, None)
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, cast

from ..engine.rules import Rules
from ..engine.solver import OBJECTIVES as PUZZLE_OBJECTIVES
from ..engine.solver import Objective
from ..puzzles import THEMES, Puzzle, PuzzleKind, generate, normalise_kind
from ..puzzles.registry import described, description
from ..puzzles.registry import kinds as registered_kinds
from ..records.storage import InvalidNameError, NameKind, clean_name
from ..words.errors import GinError, quoted
from ..words.language import N_, list_words, t, tn
from ..words.vocab import Vocabulary
from .codes import (
    LAYOUT,
    LAYOUTS,
    THEME_BITS,
    VERSION,
    WIDE_THEME_BITS,
    ClassCodeError,
    field_names,
    format_code,
    kind_bits,
    looks_like_code,
    names_field,
    normalise_code,
    parse_code,
)

NAME_LIMIT = 60
MAX_COUNT = 40
DEFAULT_COUNT = 10


class SetObjective(Vocabulary, noun=N_("objective")):
    """The best-discard objective of a set: one of the puzzles' objectives, or
    "mixed", which alternates deadwood and lookahead."""

    MIXED = "mixed"
    DEADWOOD = "deadwood"
    LOOKAHEAD = "lookahead"

    @property
    def objectives(self) -> tuple[Objective, ...]:
        """The puzzles' objectives in the order they take turns."""
        return PUZZLE_OBJECTIVES if self == SetObjective.MIXED else (Objective(self.value),)


OBJECTIVES = tuple(SetObjective)
"""Best-discard objectives of a set: "mixed" alternates deadwood and lookahead."""

SCALE = (1100, 2699)
"""The difficulty scale a set can filter on, in 100-point steps (puzzles are
rated from 1100); the whole scale means no filter."""

DIFFICULTY_NAMES = {"easy": (1100, 1299), "medium": (1300, 1599), "hard": (1600, 2699)}
"""The puzzles' easy/medium/hard levels as ranges of the scale."""

class _KindWords(Mapping[PuzzleKind, str]):
    """Each registered kind's name in a set's description (English, from its description;
    shown by :func:`kind_words`)."""

    def __getitem__(self, kind: PuzzleKind) -> str:
        return description(kind).words

    def __iter__(self) -> Iterator[PuzzleKind]:
        return iter(registered_kinds())

    def __len__(self) -> int:
        return len(registered_kinds())


KIND_WORDS: Mapping[PuzzleKind, str] = _KindWords()
"""Each kind's name in a set's description (English, from its description; shown by :func:`kind_words`)."""


def kind_words(kinds: Iterable[PuzzleKind]) -> str:
    """The kinds of a set in words, in the current language: "can-you-knock and best-discard",
    "can-you-knock, best-discard and take-or-draw"."""
    names = [t(KIND_WORDS[k]) for k in kinds]
    text = names[0]
    for i, name in enumerate(names[1:], start=2):
        if i < len(names):
            # Translators: kinds of puzzle in a list of three or more, before the last ("can-you-knock, best-discard")
            text = t("{first}, {second}", first=text, second=name)
        else:
            # Translators: two kinds of puzzle, "can-you-knock" and "best-discard" (or a list of them and the last)
            text = t("{first} and {second}", first=text, second=name)
    return text

Stream = tuple[PuzzleKind, Objective | None]
"""The puzzles of one kind and objective in a set."""

class _StreamThemes(Mapping[Stream, frozenset[str]]):
    """The themes puzzles of each registered kind and objective can have (its description's ``themes``)."""

    def __getitem__(self, stream: Stream) -> frozenset[str]:
        kind, objective = stream
        found = description(kind)
        if objective not in found.objectives:
            raise KeyError(stream)
        return frozenset(found.themes(objective))

    def __iter__(self) -> Iterator[Stream]:
        return iter([(d.kind, objective) for d in described() for objective in d.objectives])

    def __len__(self) -> int:
        return sum(len(d.objectives) for d in described())


STREAM_THEMES: Mapping[Stream, frozenset[str]] = _StreamThemes()
"""The themes puzzles of each kind and objective can have (from each kind's description)."""

SET_THEMES = tuple(name for name in THEMES if any(name in themes for themes in STREAM_THEMES.values()))
"""The themes a class set can ask for (those some puzzle can have), in the order of THEMES."""

NO_PUZZLE_THEMES = {"big-gin": N_("these puzzles never go out without a discard")}
"""The themes no puzzle has, and why."""

LOOKAHEAD_FLOOR = 1500
"""Lookahead sets need some puzzles the naive rule gets wrong, and those are
rated from 1500 (the second band)."""

_BUDGET = (16, 100)
# Batches of positions generate() may try for n puzzles: 16 n + 100. Part of
# what a code means: with a bigger budget a code that fails could succeed.

CLASSIC_BITS = 2
"""A version 2 code's kinds field has two bits, for the kinds of code bits 0 and 1 (the discard
kinds): 1, 2 or 3 for the one, the other or both."""


def _classic_kinds_field(kinds: tuple[PuzzleKind, ...]) -> int | None:
    """The kinds field of a version 2 code for these kinds; None when they do not fit one."""
    bits = [description(kind).code_bit for kind in kinds]
    return sum(1 << bit for bit in bits) if all(bit < CLASSIC_BITS for bit in bits) else None


def _classic_kinds(field: int) -> tuple[PuzzleKind, ...]:
    """The kinds a version 2 code's kinds field names."""
    return tuple(d.kind for d in described() if d.code_bit < CLASSIC_BITS and field >> d.code_bit & 1)
_OBJECTIVE_BITS = {None: 0, SetObjective.MIXED: 1, SetObjective.DEADWOOD: 2, SetObjective.LOOKAHEAD: 3}
_HASH_BITS = dict(LAYOUT)["name_hash"]
_WIDTHS = {version: dict(layout) for version, layout in LAYOUTS.items()}


class ClassSetError(GinError):
    """Class set options that are out of range, or filters no puzzle can meet.
    ``option`` names the option at fault when there is one."""

    def __init__(self, message: str, option: str | None = None):
        super().__init__(message)
        self.option = option


CLASS_NAME = NameKind(NAME_LIMIT, {
    "not_text": N_("a class name must be text, not {name}"),
    "empty": N_("a class name cannot be empty: {name}"),
    "too_long": N_("a class name can have at most {limit} characters, not {length}: {start}..."),
    "character": N_("a class name cannot contain the character {char}: {name}"),
})
"""A class's name: up to :data:`NAME_LIMIT` characters, cleaned as every name is."""


def clean_class_name(name: Any) -> str:
    """The class name as kept: NFC-normalised and stripped, 1 to 60 printable characters
    (:func:`gintrainer.records.storage.clean_name` with the class name's limit and words).

    >>> clean_class_name("  Year 5 ")
    'Year 5'
    """
    try:
        return clean_name(name, CLASS_NAME)
    except InvalidNameError as error:
        raise ClassSetError(str(error), "name") from None


def name_hash(name: str) -> int:
    """The 33-bit hash of a class name that seeds its sets. Case and runs of
    spaces do not matter, so a teacher retyping the name gets the same set.

    >>> name_hash("Year 5  tuesday") == name_hash("year 5 Tuesday")
    True
    """
    key = " ".join(clean_class_name(name).split()).casefold()
    digest = hashlib.sha256(("gintrainer class\0" + key).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - _HASH_BITS)


def clean_count(count: Any) -> int:
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise ClassSetError(t("a class set has 1 to {most} puzzles, not {count}", most=MAX_COUNT,
                              count=quoted(count)), "count")
    return count


def clean_kinds(kinds: Any) -> tuple[PuzzleKind, ...]:
    """Kinds in their fixed order (that of the registry): one or more."""
    items = [kinds] if isinstance(kinds, str) else kinds
    try:
        names = {normalise_kind(k) for k in items}
    except TypeError:
        raise ClassSetError(f"kinds are one or more of {', '.join(registered_kinds())}, not {kinds!r}",
                            "kinds") from None
    except GinError as error:
        raise ClassSetError(str(error), "kinds") from None
    if not names:
        raise ClassSetError(t("a class set needs at least one kind of puzzle"), "kinds")
    return tuple(k for k in registered_kinds() if k in names)


def new_set_kinds() -> tuple[PuzzleKind, ...]:
    """The kinds of a new set when none are given: those whose description says so (the discard kinds)."""
    return tuple(d.kind for d in described() if d.in_new_sets)


def takes_objective(kind: PuzzleKind) -> bool:
    """Whether a kind's puzzles take the set's objective (best discard: deadwood or lookahead)."""
    return description(kind).objectives != (None,)


def clean_objective(objective: Any, kinds: tuple[PuzzleKind, ...]) -> SetObjective | None:
    """The best-discard objective: "mixed" by default; None for a set without best-discard puzzles."""
    if not any(takes_objective(kind) for kind in kinds):
        if objective is not None:
            raise ClassSetError(f"an objective ({objective!r}) is for best-discard puzzles, and this set has none",
                                "objective")
        return None
    if objective is None:
        return SetObjective.MIXED
    if objective not in OBJECTIVES:
        raise ClassSetError(f"unknown objective {objective!r}: use {', '.join(OBJECTIVES)}", "objective")
    return SetObjective(objective)


_RANGE_TEXT = re.compile(r"\s*(\d+)\s*[-–]\s*(\d+)\s*")


def clean_difficulty(difficulty: Any) -> tuple[int, int] | None:
    """A difficulty range on the scale, or None for no filter. Takes a name
    (easy, medium, hard), a (low, high) pair or "low-high" text in 100-point
    steps. The ends are cut to the scale (no puzzle lies outside it), so the
    puzzles' own DIFFICULTY_LEVELS ranges work too.

    >>> clean_difficulty("medium"), clean_difficulty((0, 1299)), clean_difficulty("1100-2699")
    ((1300, 1599), (1100, 1299), None)
    """
    if difficulty is None:
        return None
    if isinstance(difficulty, str):
        name = difficulty.strip().lower()
        match = _RANGE_TEXT.fullmatch(name)
        if name in DIFFICULTY_NAMES:
            low, high = DIFFICULTY_NAMES[name]
        elif match:
            low, high = int(match[1]), int(match[2])
        else:
            raise ClassSetError(t("unknown difficulty {difficulty}: use easy, medium, hard or a range like "
                                  "1300-1599", difficulty=quoted(difficulty)), "difficulty")
    else:
        try:
            low, high = difficulty
        except (TypeError, ValueError):
            raise ClassSetError(f"difficulty is a name or a (low, high) range, not {difficulty!r}",
                                "difficulty") from None
        if any(isinstance(v, bool) or not isinstance(v, int) for v in (low, high)):
            raise ClassSetError(f"a difficulty range is two whole numbers, not {difficulty!r}", "difficulty")
    low, high = max(low, SCALE[0]), min(high, SCALE[1])
    if low > high:
        raise ClassSetError(t("difficulty range {difficulty} holds no puzzle: the scale runs from {low} to {high}",
                              difficulty=quoted(difficulty), low=SCALE[0], high=SCALE[1]), "difficulty")
    if low % 100 or (high + 1) % 100:
        raise ClassSetError(t("difficulty range {difficulty} is not in 100-point steps: use a range like "
                              "(1300, 1599)", difficulty=quoted(difficulty)), "difficulty")
    return None if (low, high) == SCALE else (low, high)


def clean_themes(themes: Any) -> tuple[str, ...]:
    """Theme names in the order of THEMES; none means no filter."""
    if themes is None:
        return ()
    items = [themes] if isinstance(themes, str) else list(themes)
    unknown = [t for t in items if t not in THEMES or t not in WIDE_THEME_BITS]
    if unknown:
        raise ClassSetError(t("unknown theme {theme}: themes are {themes}", theme=quoted(unknown[0]),
                              themes=", ".join(THEMES)), "themes")
    return tuple(t for t in THEMES if t in items)


KindsLike = PuzzleKind | str | Iterable[PuzzleKind | str]
DifficultyLike = str | Sequence[int] | None
ThemesLike = str | Iterable[str] | None


def _checked_name_hash(name: str | None, hashed: int | None) -> int:
    """The name hash of a set: the class name's, or (without a name) the code's."""
    if name is not None:
        if hashed is not None and hashed != name_hash(name):
            raise ClassSetError(f"class name {name!r} does not go with this class code", "name")
        return name_hash(name)
    if hashed is None:
        raise ClassSetError("a class set needs a class name (or the name hash of a code)", "name")
    if isinstance(hashed, bool) or not isinstance(hashed, int) or not 0 <= hashed < 1 << _HASH_BITS:
        raise ClassSetError(f"a name hash is a {_HASH_BITS}-bit number, not {hashed!r}", "name")
    return hashed


@dataclass(frozen=True, init=False)
class ClassSet:
    """The options of a class set. Equal options give equal puzzles on every
    machine; the name is shown on worksheets but only its hash counts (and
    equality ignores it). ``ClassSet.from_code(code)`` rebuilds the options.

    The options are given loosely (a kind's text, a difficulty's name, a list of
    themes) and kept cleaned: the kinds in their fixed order, the difficulty as
    a range, the themes in the order of THEMES."""

    name: str | None = field(compare=False)
    count: int
    kinds: tuple[PuzzleKind, ...]
    objective: SetObjective | None
    difficulty: tuple[int, int] | None
    themes: tuple[str, ...]
    oklahoma: bool
    name_hash: int

    def __init__(self, name: str | None = None, *, count: int = DEFAULT_COUNT, kinds: KindsLike | None = None,
                 objective: SetObjective | str | None = None, difficulty: DifficultyLike = None,
                 themes: ThemesLike = (), oklahoma: bool = False, name_hash: int | None = None) -> None:
        cleaned = None if name is None else clean_class_name(name)
        hashed = _checked_name_hash(cleaned, name_hash)
        if not isinstance(oklahoma, bool):
            raise ClassSetError(f"oklahoma must be true or false, not {oklahoma!r}", "oklahoma")
        clean = clean_kinds(new_set_kinds() if kinds is None else kinds)
        values = dict(name=cleaned, name_hash=hashed, count=clean_count(count), kinds=clean,
                      objective=clean_objective(objective, clean), difficulty=clean_difficulty(difficulty),
                      themes=clean_themes(themes), oklahoma=oklahoma)
        for key, value in values.items():
            object.__setattr__(self, key, value)
        self._check_filters()

    def _check_filters(self) -> None:
        """Refuse, before any search, filters that no puzzle of a kind can meet."""
        wanted = set(self.themes)
        never = sorted(wanted & NO_PUZZLE_THEMES.keys())
        if never:
            raise ClassSetError(t("no puzzle has the theme {theme}: {why}", theme=never[0],
                                  why=t(NO_PUZZLE_THEMES[never[0]])), "themes")
        if "oklahoma" in wanted and not self.oklahoma:
            raise ClassSetError(t("the oklahoma theme needs Oklahoma rules: turn Oklahoma on or leave the theme "
                                  "out"), "themes")
        for stream in dict.fromkeys(self.plan()):
            possible = STREAM_THEMES[stream] - ({"oklahoma"} if not self.oklahoma else set())
            if wanted and not wanted & possible:
                # Translators: {kind} is a kind of puzzle ("best-discard (lookahead)"); {themes} theme names
                raise ClassSetError(t("no {kind} puzzle has the theme {wanted}: add one of {themes}, or leave out "
                                      "{kinds} puzzles", kind=_stream_words(stream), wanted=_or_words(sorted(wanted)),
                                      themes=", ".join(sorted(possible)),
                                      kinds=t(KIND_WORDS[stream[0]])), "themes")
            if stream[1] == Objective.LOOKAHEAD and self.difficulty and self.difficulty[1] < LOOKAHEAD_FLOOR:
                raise ClassSetError(t("a lookahead set needs puzzles rated {floor} or more (those the highest-card "
                                      "rule gets wrong), above difficulty {range}: choose the deadwood objective "
                                      "or a harder range", floor=LOOKAHEAD_FLOOR,
                                      range=_range_words(self.difficulty)), "difficulty")

    # -- the code ---------------------------------------------------------

    @property
    def version(self) -> int:
        """The code version this set is written in: 2 when its kinds and themes fit a
        15-character code, else 3 (see :mod:`.codes`)."""
        classic = _classic_kinds_field(self.kinds) is not None and all(theme in THEME_BITS for theme in self.themes)
        return 2 if classic else VERSION

    @property
    def code(self) -> str:
        """The short code that rebuilds this set, e.g. ``8QM90-000XD-WT58F``."""
        low, high = (0, 15) if self.difficulty is None else ((self.difficulty[0] - SCALE[0]) // 100,
                                                             (self.difficulty[1] - SCALE[0] - 99) // 100)
        fields = dict(count=self.count - 1, objective=_OBJECTIVE_BITS[self.objective], oklahoma=int(self.oklahoma),
                      low=low, high=high, name_hash=self.name_hash)
        if self.version == 2:
            classic = _classic_kinds_field(self.kinds)
            assert classic is not None  # version 2 is for these kinds only
            return format_code(dict(fields, kinds=classic,
                                    themes=names_field(self.themes, THEME_BITS, _WIDTHS[2]["themes"])))
        return format_code(dict(fields, kinds=names_field(self.kinds, kind_bits(), _WIDTHS[VERSION]["kinds"]),
                                themes=names_field(self.themes, WIDE_THEME_BITS, _WIDTHS[VERSION]["themes"])),
                           wide=True)

    @classmethod
    def from_code(cls, code: str, name: str | None = None) -> ClassSet:
        """The set a code names (``name``, if given, must be the class's name).
        Raises :class:`ClassCodeError` for a mistyped or unknown code."""
        fields = parse_code(code)
        if fields["version"] == 2:
            kinds: tuple[Any, ...] = _classic_kinds(fields["kinds"])
            names: tuple[Any, ...] = field_names(fields["themes"], THEME_BITS, _WIDTHS[2]["themes"])
        else:
            kinds = field_names(fields["kinds"], kind_bits(), _WIDTHS[VERSION]["kinds"])
            names = field_names(fields["themes"], WIDE_THEME_BITS, _WIDTHS[VERSION]["themes"])
            if None in names or None in kinds:
                raise ClassCodeError(t("class code {code} names a kind of puzzle or a theme this version of "
                                       "gintrainer does not have: update gintrainer", code=quoted(code)), "version")
        objective = {bits: o for o, bits in _OBJECTIVE_BITS.items()}[fields["objective"]]
        low, high = SCALE[0] + 100 * fields["low"], SCALE[0] + 99 + 100 * fields["high"]
        try:
            # the casts: no None in either (version 2's twelve theme bits all name a theme, version 3's
            # unknown kinds and themes are refused above)
            options = cls(None, count=fields["count"] + 1, kinds=cast("tuple[PuzzleKind | str, ...]", kinds),
                          objective=objective, difficulty=(low, high), themes=cast("tuple[str, ...]", names),
                          oklahoma=bool(fields["oklahoma"]),
                          name_hash=fields["name_hash"])
        except ClassSetError:  # fields out of range, or filters no puzzle meets: not a code we write
            options = None
        if options is None or options.code != normalise_code(code):
            raise ClassCodeError(t("class code {code} is not a valid class code: check it with your teacher",
                                   code=quoted(code)), "invalid")
        return options if name is None else options.with_name(name)

    def with_name(self, name: str | None) -> ClassSet:
        """The same set with its class name (checked against the name hash) or without."""
        return ClassSet(name, count=self.count, kinds=self.kinds, objective=self.objective,
                        difficulty=self.difficulty, themes=self.themes, oklahoma=self.oklahoma,
                        name_hash=self.name_hash)

    # -- the puzzles ------------------------------------------------------

    @property
    def seed(self) -> str:
        """The generator's seed: a SHA-256 of the options, the same everywhere."""
        text = json.dumps([1, self.count, list(self.kinds), self.objective, list(self.difficulty or ()),
                           list(self.themes), self.oklahoma, self.name_hash])
        return "class-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]

    @property
    def rules(self) -> Rules:
        return Rules(oklahoma=True) if self.oklahoma else Rules()

    def plan(self) -> tuple[Stream, ...]:
        """The kind and objective of each puzzle, in order."""
        objectives = self.objective.objectives if self.objective is not None else ()
        plan: list[Stream] = []
        discards = 0
        for i in range(self.count):
            kind = self.kinds[i % len(self.kinds)]
            if not takes_objective(kind):
                plan.append((kind, None))
            else:
                plan.append((kind, objectives[discards % len(objectives)]))
                discards += 1
        return tuple(plan)

    def puzzles(self) -> tuple[Puzzle, ...]:
        """The set's puzzles in order (made once per process, then cached).
        Raises :class:`ClassSetError` when the filters are too narrow."""
        return _build(self)

    # -- words ------------------------------------------------------------

    def describe(self) -> str:
        """The options in words.

        >>> ClassSet("x", count=6, kinds="can_knock", difficulty="easy").describe()
        '6 puzzles: can-you-knock; difficulty 1100–1299; any theme; standard rules'
        """
        kinds = kind_words(self.kinds)
        if self.objective == SetObjective.MIXED:
            kinds = t("{kinds} (deadwood and lookahead objectives alternate)", kinds=kinds)
        elif self.objective == SetObjective.DEADWOOD:
            kinds = t("{kinds} (deadwood objective)", kinds=kinds)
        elif self.objective == SetObjective.LOOKAHEAD:
            kinds = t("{kinds} (lookahead objective)", kinds=kinds)
        difficulty = (t("any difficulty") if self.difficulty is None
                      else t("difficulty {range}", range=_range_words(self.difficulty)))
        themes = (t("themes {themes}", themes=list_words(THEMES[name].title for name in self.themes)) if self.themes
                  else t("any theme"))
        rules = t("Oklahoma rules") if self.oklahoma else t("standard rules")
        # Translators: the options of a class set, separated by semicolons, after the number of puzzles
        return tn("{n} puzzle: {options}", "{n} puzzles: {options}", self.count,
                  options="; ".join((kinds, difficulty, themes, rules)))

    def to_dict(self) -> dict[str, object]:
        """The options as plain data (with the code)."""
        return {"code": self.code, "name": self.name, "count": self.count, "kinds": [k.value for k in self.kinds],
                "objective": None if self.objective is None else self.objective.value,
                "difficulty": list(self.difficulty) if self.difficulty else None,
                "themes": list(self.themes), "oklahoma": self.oklahoma}


def _range_words(difficulty: tuple[int, int]) -> str:
    return f"{difficulty[0]}–{difficulty[1]}"


def _or_words(items: Sequence[str]) -> str:
    """Items joined with "or", in the current language: "gin or oklahoma"."""
    text = items[0]
    for item in items[1:]:
        # Translators: two choices (theme names, or a list of them and one more)
        text = t("{first} or {second}", first=text, second=item)
    return text


def _stream_words(stream: Stream) -> str:
    kind, objective = stream
    if objective == Objective.DEADWOOD:
        return t("{kind} (deadwood)", kind=t(KIND_WORDS[kind]))
    if objective == Objective.LOOKAHEAD:
        return t("{kind} (lookahead)", kind=t(KIND_WORDS[kind]))
    return t(KIND_WORDS[kind])


@lru_cache(maxsize=32)
def _build(options: ClassSet) -> tuple[Puzzle, ...]:
    plan = options.plan()
    streams: dict[Stream, list[Puzzle]] = {}
    for stream in dict.fromkeys(plan):
        kind, objective = stream
        count = plan.count(stream)
        try:
            streams[stream] = generate(kind, seed=f"{options.seed}:{kind}:{objective}", count=count,
                                       rules=options.rules, objective=objective, difficulty=options.difficulty,
                                       themes=options.themes or None, max_batches=_BUDGET[0] * count + _BUDGET[1])
        except GinError as error:
            filters = list_words(filter(None, [
                t("difficulty {range}", range=_range_words(options.difficulty)) if options.difficulty else "",
                t("themes {themes}", themes=list_words(options.themes)) if options.themes else ""]))
            if objective == Objective.LOOKAHEAD:
                advice = t("widen the difficulty range or add themes (lookahead puzzles are mostly rated from "
                           "{floor}), or choose the deadwood objective", floor=LOOKAHEAD_FLOOR)
            else:
                advice = t("widen the difficulty range or add themes")
            # Translators: {filters} are the set's filters ("difficulty 1300–1599, themes gin"); {error} the reason
            raise ClassSetError(t("not enough {kind} puzzles with {filters} ({error}): {advice}",
                                  kind=_stream_words(stream), filters=filters or t("these options"), error=str(error),
                                  advice=advice)) from None
    taken = {stream: iter(puzzles) for stream, puzzles in streams.items()}
    return tuple(next(taken[stream]) for stream in plan)


_OPTION_NAMES = ("count", "kinds", "objective", "difficulty", "themes", "oklahoma")


def class_set(code_or_name: str, *, labels: dict[str, str] | None = None, **options: Any) -> ClassSet:
    """The set named by a short code, or made from a class name and options.

    With a code, every option given (not None) must agree with the code's; the
    error names the option (as ``labels`` calls it, e.g. "--count"). Text shaped
    like a code (:func:`~gintrainer.classroom.codes.looks_like_code`) that does
    not read as one is refused, never taken for a class name.

    >>> s = class_set("Year 5", count=3, kinds="can_knock")
    >>> class_set(s.code, count=3) == s
    True
    >>> class_set(s.code, count=4)
    Traceback (most recent call last):
    ...
    gintrainer.classroom.sets.ClassSetError: count 4 disagrees with class code ..., which is for 3 puzzles
    """
    unknown = set(options) - set(_OPTION_NAMES)
    if unknown:
        raise TypeError(f"unknown option {sorted(unknown)[0]!r}")
    given = {k: v for k, v in options.items() if v is not None}
    try:
        from_code = ClassSet.from_code(code_or_name)
    except ClassCodeError as error:
        if looks_like_code(code_or_name):
            raise ClassCodeError(t("{error} (a class name cannot look like a code)", error=str(error)),
                                 error.reason) from None
        return ClassSet(code_or_name, **given)
    labels = labels or {}
    cleaners: dict[str, Callable[[Any], object]] = {
        "count": clean_count, "kinds": clean_kinds, "difficulty": clean_difficulty, "themes": clean_themes,
        "objective": lambda v: clean_objective(v, from_code.kinds), "oklahoma": bool}
    for option, value in given.items():
        label = labels.get(option, option)
        try:
            wanted = cleaners[option](value)
        except ClassSetError as error:
            raise ClassSetError(f"{label}: {error}", option) from None
        actual = getattr(from_code, option)
        if wanted != actual:
            # Translators: {option} is an option and its value ("--count 4"), {wanted} what the code holds
            raise ClassSetError(t("{option} disagrees with class code {code}, which is for {wanted}",
                                  option=" ".join((label, _option_words(option, value))), code=from_code.code,
                                  wanted=_option_words(option, actual, of_code=True)), option)
    return from_code


CODE_EXAMPLE = "8QM90-000XD-WT58F"
"""A class code as a message shows one for an example (the 15 characters of version 2, grouped)."""


def teacher_set(text: str) -> ClassSet | None:
    """The set of a class code a teacher typed (the gradebook's box; the teacher page's address), None for no
    text. Text that names no set is refused in a teacher's words: those of
    :func:`~gintrainer.classroom.codes.parse_code` are for a student, who checks the code with the teacher.
    A word that is no code at all (:func:`~gintrainer.classroom.codes.looks_like_code`) is not a class code,
    never a class name; a code with a character mistyped, missing or extra names no set; a retired code's set
    is to be made again; a newer gintrainer's code is refused as :meth:`ClassSet.from_code` says.

    >>> teacher_set(" ") is None, teacher_set("8qm90 000xd wt58f").code
    (True, '8QM90-000XD-WT58F')
    >>> teacher_set("abc")
    Traceback (most recent call last):
    ...
    gintrainer.classroom.codes.ClassCodeError: 'abc' is not a class code: a class code is 15 or 25 letters ...
    """
    typed = text.strip() if isinstance(text, str) else ""
    if not typed:
        return None
    try:
        return ClassSet.from_code(typed)
    except ClassCodeError as error:
        if error.reason == "version":
            raise
        if error.reason == "retired":
            message = t("Class code {code} was made by an earlier version of gintrainer, which chose other "
                        "puzzles: make the set again for a new code.", code=quoted(typed))
        elif looks_like_code(typed):
            message = t("No class set has the code {code}: a character is mistyped, missing or extra. Check it "
                        "against the code shown when the set was made.", code=quoted(typed))
        else:
            message = t("{text} is not a class code: a class code is 15 or 25 letters and digits, such as "
                        "{example}.", text=quoted(typed), example=CODE_EXAMPLE)
        raise ClassCodeError(message, error.reason) from None


_OBJECTIVE_WORDS = {SetObjective.MIXED: N_("the mixed objective"), SetObjective.DEADWOOD: N_("the deadwood objective"),
                    SetObjective.LOOKAHEAD: N_("the lookahead objective"),
                    None: N_("no objective (no best-discard puzzles)")}


def _option_words(option: str, value: Any, *, of_code: bool = False) -> str:
    if not of_code:
        if option == "oklahoma":
            return t("on") if value else t("off")
        if isinstance(value, (list, tuple)) and not isinstance(value, str):
            return " ".join(map(str, value))
        return str(value)
    if option == "count":
        return tn("{n} puzzle", "{n} puzzles", value)
    if option == "kinds":
        return t("{kinds} puzzles", kinds=kind_words(value))
    if option == "objective":
        return t(_OBJECTIVE_WORDS[value])
    if option == "difficulty":
        return t("any difficulty") if value is None else t("difficulty {range}", range=_range_words(value))
    if option == "themes":
        return t("themes {themes}", themes=list_words(value)) if value else t("any theme")
    return t("Oklahoma rules") if value else t("standard rules")


__all__ = ["ClassSet", "ClassSetError", "DEFAULT_COUNT", "DIFFICULTY_NAMES", "KIND_WORDS", "MAX_COUNT",
           "NO_PUZZLE_THEMES", "OBJECTIVES", "SCALE", "SET_THEMES", "STREAM_THEMES", "SetObjective", "Stream",
           "class_set", "clean_class_name", "clean_difficulty", "kind_words", "name_hash", "takes_objective",
           "teacher_set"]
