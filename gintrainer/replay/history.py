"""The hand-history format: annotations, the replay of a recorded hand, load and dump.

A history is a JSON object (see ``docs/hand-history.md``): the rules, the
dealer, the whole deck top first, every action in the engine's notation, and
annotations attached to steps. Loading replays every action through
:class:`~gintrainer.Hand`, so a history that breaks a rule is refused with
the step and the reason.

Steps count from 1: step ``k`` is the ``k``-th action, and an annotation on
step ``k`` explains that action (its ``better`` move is one that was legal
instead of it). ``state(k)`` is the hand after ``k`` actions, so step ``k``
leads from ``state(k - 1)`` to ``state(k)``; step 0 is the deal itself, and an
annotation there comments on the deal.

>>> from gintrainer import Hand
>>> hand = Hand.deal(seed=7)
>>> for action in ("pass", "pass", "draw"):
...     hand.apply(action)
>>> replay = load(dump(hand, annotations=[Annotation(3, "Both passed, so the non-dealer draws.")]))
>>> replay.hand.history == hand.history, replay.step_count, replay.annotations_at(3)[0].comment
(True, 3, 'Both passed, so the non-dealer draws.')
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any, Final, TypedDict, TypeGuard, Unpack

from ..engine.cards import Card, format_cards, parse_card, parse_cards
from ..engine.hand import Action, ActionKind, Hand
from ..engine.rules import Rules
from ..engine.scoring import HandScore
from ..records.storage import (
    RecordError,
    RecordKind,
    parse_json,
    read_record,
    refuse_lone_surrogate,
    write_text_atomic,
)
from ..words.errors import GinError
from ..words.language import N_, t, tn

FORMAT = "gintrainer-hand-history"
VERSION = 1
AUTHORS = ("teacher", "solver")
METADATA = ("title", "description", "featured", "players", "tags")
RESULT_KEYS = ("kind", "winner", "points", "knocker", "knocker_deadwood", "defender_deadwood")
_RECORD_KEYS = ("format", "version", *METADATA, "rules", "dealer", "deck", "actions", "annotations", "result")
_ANNOTATION_KEYS = ("step", "comment", "better", "arrows", "author", "tag", "loss")


class ReplayError(RecordError):
    """A hand history that cannot be read or does not replay. ``step`` is the
    step it names (None when the fault is not in one step), ``field`` the
    record's key at fault."""

    def __init__(self, message: str, *, step: int | None = None, field: str | None = None,
                 source: str | None = None, version: int | None = None):
        super().__init__(message, source=source, field=field, version=version)
        self.step = step


RECORD = RecordKind(N_("hand history"), version=VERSION, format=FORMAT, error=ReplayError)
"""A hand history's record: version 1 (see ``docs/hand-history.md``)."""


class Metadata(TypedDict, total=False):
    """A history's metadata, as keywords: each checked when the replay is made."""

    title: str
    description: str
    featured: int | None
    players: Iterable[str] | None
    tags: Iterable[str]
    stated_result: Mapping[str, object] | None


class ResultRecord(TypedDict):
    """The result a history states: the kind, the winner's seat (None: nobody scores),
    the points, the knocker's seat and both deadwoods (None where nobody knocked)."""

    kind: str
    winner: int | None
    points: int
    knocker: int | None
    knocker_deadwood: int | None
    defender_deadwood: int | None


def _fail(message: str, *, step: int | None = None, field: str | None = None) -> ReplayError:
    return ReplayError(message, step=step, field=field)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(value: object, message: str) -> str:
    """``value`` when it is text; else ReplayError with ``message`` (a template marked
    with N_, its ``{value}`` the value found)."""
    if not isinstance(value, str):
        raise _fail(t(message, value=_short(value)))
    return value


def _short(value: object, limit: int = 60) -> str:
    """A value quoted for a message, cut short."""
    try:
        text = repr(value)
    except Exception:  # a repr that fails must not hide the real fault
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 3] + "..."


# -- annotations ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Annotation:
    """A note on one step: a comment, optionally a better move (action notation,
    legal at that step instead of the move played) and arrows between cards.

    ``author`` is "teacher" or "solver"; the solver also sets ``tag`` (what it
    found, e.g. "costly-discard") and ``loss`` (what the move cost, exact).

    >>> note = Annotation(4, "Keep the pair.", better="discard ks", arrows=[("7H", "7S")])
    >>> note.better, note.arrows, Annotation.from_dict(note.to_dict()) == note
    ('discard KS', ((Card.parse('7H'), Card.parse('7S')),), True)
    """

    step: int
    comment: str = ""
    better: str | None = None
    arrows: tuple[tuple[Card, Card], ...] = ()
    author: str = "teacher"
    tag: str | None = None
    loss: Fraction | None = None

    def __post_init__(self) -> None:
        if not _is_int(self.step) or self.step < 0:
            raise _fail(t("an annotation's step is a whole number from 0 (the deal), not {value}",
                           value=_short(self.step)))
        if not isinstance(self.comment, str):
            raise _fail(t("an annotation's comment is text, not {value}", value=_short(self.comment)), step=self.step)
        if self.better is not None:
            try:
                action = Action.parse(self.better)
            except GinError as error:
                raise _fail(t("the better move {move} is not an action: {error}", move=_short(self.better),
                               error=str(error)), step=self.step) from None
            if action.kind is ActionKind.AUTO:
                raise _fail(t("a better move names the plain step, not 'auto'"), step=self.step)
            object.__setattr__(self, "better", str(action))
        object.__setattr__(self, "arrows", _arrows(self.arrows, self.step))
        if self.author not in AUTHORS:
            raise _fail(t("an annotation's author is 'teacher' or 'solver', not {value}", value=_short(self.author)),
                        step=self.step)
        if self.tag is not None and (not isinstance(self.tag, str) or not self.tag.strip()):
            raise _fail(t("an annotation's tag is a non-empty word, not {value}", value=_short(self.tag)),
                        step=self.step)
        if self.loss is not None:
            object.__setattr__(self, "loss", _fraction(self.loss, self.step))
        if not self.comment.strip() and self.better is None and not self.arrows:
            raise _fail(t("an annotation needs a comment, a better move or arrows"), step=self.step)

    @classmethod
    def from_dict(cls, data: object) -> Annotation:
        """An annotation from its JSON record (see :meth:`to_dict`)."""
        if isinstance(data, Annotation):
            return data
        if not isinstance(data, dict):
            raise _fail(t("an annotation is an object with a step and a comment, not {value}", value=_short(data)))
        unknown = [k for k in data if k not in _ANNOTATION_KEYS]
        if unknown:
            step = data.get("step")
            raise _fail(t("unknown annotation key {key}: use {keys}", key=_short(unknown[0]),
                          keys=", ".join(_ANNOTATION_KEYS)),
                        step=step if _is_int(step) and step >= 0 else None)
        if "step" not in data:
            raise _fail(t("an annotation needs a step"))
        return cls(step=data["step"], comment=data.get("comment", ""), better=data.get("better"),
                   arrows=data.get("arrows", ()), author=data.get("author", "teacher"), tag=data.get("tag"),
                   loss=data.get("loss"))

    def to_dict(self) -> dict[str, Any]:
        """The JSON record; optional fields are left out when empty."""
        out: dict[str, Any] = {"step": self.step, "comment": self.comment}
        if self.better is not None:
            out["better"] = self.better
        if self.arrows:
            out["arrows"] = [[a.code(), b.code()] for a, b in self.arrows]
        out["author"] = self.author
        if self.tag is not None:
            out["tag"] = self.tag
        if self.loss is not None:
            out["loss"] = _fraction_text(self.loss)
        return out


def _arrows(arrows: object, step: int) -> tuple[tuple[Card, Card], ...]:
    if isinstance(arrows, (str, bytes)) or not isinstance(arrows, Iterable):
        raise _fail(t("arrows are a list of card pairs like [['7H', '8H']], not {value}", value=_short(arrows)),
                    step=step)
    out = []
    for pair in arrows:
        if isinstance(pair, (str, bytes)) or not isinstance(pair, Iterable):
            raise _fail(t("an arrow is a pair of cards like ['7H', '8H'], not {value}", value=_short(pair)), step=step)
        pair = tuple(pair)
        if len(pair) != 2:
            raise _fail(t("an arrow is a pair of cards like ['7H', '8H'], not {value}", value=_short(pair)), step=step)
        try:
            a, b = parse_card(pair[0]), parse_card(pair[1])
        except GinError as error:
            raise _fail(t("an arrow names a card badly: {error}", error=str(error)), step=step) from None
        if a is b:
            raise _fail(t("an arrow joins two different cards, not {card} to itself", card=a), step=step)
        out.append((a, b))
    return tuple(out)


def _fraction(value: object, step: int) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, str, Fraction)):
        raise _fail(t("an annotation's loss is an exact number like '41/12', not {value}", value=_short(value)),
                    step=step)
    try:
        number = Fraction(value)
    except (ValueError, ZeroDivisionError, OverflowError):
        raise _fail(t("an annotation's loss is an exact number like '41/12', not {value}", value=_short(value)),
                    step=step) \
            from None
    if number < 0:
        raise _fail(t("an annotation's loss is not negative, not {value}", value=_short(value)), step=step)
    return number


def _fraction_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


# -- steps and replays ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Step:
    """One recorded action: its number (from 1), the seat that made it and the action."""

    number: int
    seat: int
    action: Action

    @property
    def text(self) -> str:
        return str(self.action)


class Replay:
    """A recorded hand with its annotations and metadata, every state at hand.

    Build one with :func:`load`, :meth:`from_hand` or the constructor (a
    :class:`~gintrainer.Hand` in any phase). A replay does not change: its
    attributes are set once, when it is made, and the ``with_...`` methods
    return edited copies.
    """

    def __init__(self, hand: Hand, annotations: Iterable[Annotation] = (), *, title: str = "",
                 description: str = "", featured: int | None = None, players: Iterable[str] | None = None,
                 tags: Iterable[str] = (), stated_result: Mapping[str, object] | None = None,
                 _own: bool = False, _states: list[Hand] | None = None):
        """``_own`` and ``_states`` are for the module's own replays (a copy, a loaded history):
        ``hand`` is already the replay's final hand, not to be copied, and ``_states`` its
        states when they are built."""
        if not _own and not isinstance(hand, Hand):
            raise _fail(t("a replay is made from a Hand, not {value}", value=_short(hand)))
        self._final = hand if _own else hand.copy()
        self._snapshots = _states  # every state, built on first use
        self.rules: Final[Rules] = self._final.rules
        self.dealer: Final[int] = self._final.dealer
        self.deck: Final[tuple[Card, ...]] = self._final.deck
        #: The engine's result of the hand, None while it is unfinished.
        self.result: Final[HandScore | None] = self._final.result
        self.title: Final[str] = _text(title, N_("the title must be text, not {value}"))
        self.description: Final[str] = _text(description, N_("the description must be text, not {value}"))
        if featured is not None and (not _is_int(featured) or featured not in (0, 1)):
            raise _fail(t("the featured seat is 0, 1 or null, not {value}", value=_short(featured)), field="featured")
        #: The seat whose decisions the annotations follow (None: both).
        self.featured: Final[int | None] = featured
        #: The players' names by seat, when the history gives them.
        self.players: Final[tuple[str, str] | None] = _players(players)
        self.tags: Final[tuple[str, ...]] = _tags(tags)
        self._stated = None if stated_result is None else _check_result(stated_result, self._final)
        #: Every annotation, ordered by step (stable within a step).
        self.annotations: Final[tuple[Annotation, ...]] = self._check_annotations(annotations)
        # a lone surrogate (pasted or escaped in JSON) could be neither shown nor written: refused here
        refuse_lone_surrogate({"title": self.title, "description": self.description, "players": self.players,
                               "tags": self.tags, "annotations": [a.comment for a in self.annotations]},
                              error=ReplayError)

    def __setattr__(self, name: str, value: object) -> None:
        """Every attribute is set once, when the replay is made (its states aside, built on first use)."""
        if name in self.__dict__ and name != "_snapshots":
            raise AttributeError(name)
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(name)

    @property
    def _states(self) -> list[Hand]:
        if self._snapshots is None:
            final = self._final
            self._snapshots = _replay(final.rules, final.dealer, final.deck,
                                      [a for _, a in final.actions], keep=True)
        return self._snapshots

    @classmethod
    def from_hand(cls, hand: Hand, annotations: Iterable[Annotation] = (), **metadata: Unpack[Metadata]) -> Replay:
        """The replay of a played hand (``title``, ``description``, ``featured``,
        ``players``, ``tags`` as keywords)."""
        return cls(hand, annotations, **metadata)

    # -- reading -------------------------------------------------------------------

    @property
    def stated_result(self) -> dict[str, object] | None:
        """The result the history states (checked against the replay), or None."""
        return None if self._stated is None else dict(self._stated)

    @property
    def hand(self) -> Hand:
        """The hand after its last action (a copy: changing it changes nothing here)."""
        return self._final.copy()

    @property
    def step_count(self) -> int:
        return len(self._final.actions)

    def __len__(self) -> int:
        return self.step_count

    @property
    def actions(self) -> tuple[tuple[int, Action], ...]:
        """Every action with the seat that made it, as :attr:`Hand.actions`."""
        return self._final.actions

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(Step(i, seat, action) for i, (seat, action) in enumerate(self._final.actions, start=1))

    def step(self, number: int) -> Step:
        """Step ``number`` (from 1)."""
        self._check_step(number, low=1)
        seat, action = self._final.actions[number - 1]
        return Step(number, seat, action)

    def state(self, steps: int) -> Hand:
        """The hand after ``steps`` actions (0: the deal), as a copy."""
        self._check_step(steps, low=0)
        return self._states[steps].copy()

    def annotations_at(self, step: int) -> tuple[Annotation, ...]:
        """The annotations on one step, in order."""
        return tuple(a for a in self.annotations if a.step == step)

    def decision_steps(self, seat: int | None = None) -> tuple[int, ...]:
        """The steps where the player to act had a real choice (more than one legal
        action besides ``auto``), for one seat or both."""
        out = []
        for number, (who, _) in enumerate(self._final.actions, start=1):
            if seat is not None and who != seat:
                continue
            legal = [a for a in self._states[number - 1].legal_actions() if a.kind is not ActionKind.AUTO]
            if len(legal) > 1:
                out.append(number)
        return tuple(out)

    def _check_step(self, steps: object, *, low: int) -> None:
        if not _is_int(steps) or not low <= steps <= self.step_count:
            raise _fail(t("this hand has steps {low} to {high}, not {value}", low=low, high=self.step_count,
                           value=_short(steps)))

    # -- editing --------------------------------------------------------------------

    def _copy(self, annotations: Iterable[Annotation] | None = None, **metadata: object) -> Replay:
        current: dict[str, Any] = dict(title=self.title, description=self.description, featured=self.featured,
                       players=self.players, tags=self.tags, stated_result=self.stated_result)
        unknown = [k for k in metadata if k not in current]
        if unknown:
            raise _fail(t("unknown metadata {key}: use {keys}", key=repr(unknown[0]), keys=", ".join(METADATA)))
        current.update(metadata)
        return Replay(self._final, self.annotations if annotations is None else annotations, _own=True,
                      _states=self._snapshots, **current)

    def with_annotation(self, annotation: Annotation) -> Replay:
        """A copy with one more annotation (checked against its step)."""
        return self._copy(self.annotations + (Annotation.from_dict(annotation),))

    def without_annotation(self, annotation: Annotation) -> Replay:
        """A copy without one annotation (ReplayError if it is not there)."""
        if annotation not in self.annotations:
            raise _fail(t("no such annotation on step {step}", step=str(getattr(annotation, "step", "?"))))
        index = self.annotations.index(annotation)
        return self._copy(self.annotations[:index] + self.annotations[index + 1:])

    def with_annotations(self, annotations: Iterable[Annotation]) -> Replay:
        """A copy with these annotations instead of the current ones."""
        return self._copy(tuple(annotations))

    def with_comment(self, annotation: Annotation, comment: str, *, author: str = "teacher") -> Replay:
        """A copy where one annotation's comment is replaced (a teacher's edit)."""
        if annotation not in self.annotations:
            raise _fail(t("no such annotation on step {step}", step=str(getattr(annotation, "step", "?"))))
        index = self.annotations.index(annotation)
        edited = replace(annotation, comment=comment, author=author)
        return self._copy(self.annotations[:index] + (edited,) + self.annotations[index + 1:])

    def with_metadata(self, **changes: Unpack[Metadata]) -> Replay:
        """A copy with some of title, description, featured, players, tags changed."""
        return self._copy(None, **changes)

    def _check_annotations(self, annotations: object) -> tuple[Annotation, ...]:
        if isinstance(annotations, (str, bytes, Mapping)) or not isinstance(annotations, Iterable):
            raise _fail(t("annotations are a list, not {value}", value=_short(annotations)), field="annotations")
        checked = []
        for index, item in enumerate(annotations, start=1):
            try:
                note = Annotation.from_dict(item)
                checked.append(self._check_annotation(note))
            except ReplayError as error:
                message = (t("annotation {index}: {error}", index=index, error=str(error)) if error.step is None
                           else t("annotation {index} (step {step}): {error}", index=index, step=error.step,
                                  error=str(error)))
                raise _fail(message, step=error.step, field="annotations") from None
        checked.sort(key=lambda a: a.step)
        return tuple(checked)

    def _check_annotation(self, note: Annotation) -> Annotation:
        if note.step > self.step_count:
            raise _fail(tn("there is no such step: the hand has {n} step",
                           "there is no such step: the hand has {n} steps", self.step_count), step=note.step)
        if note.better is None:
            return note
        if note.step == 0:
            raise _fail(t("step 0 is the deal: there is no move to better"), step=0)
        before = self._states[note.step - 1].copy()
        played = self._final.actions[note.step - 1][1]
        try:
            before.apply(note.better)
        except Exception as error:  # GinError with the reason; an engine slip is reported the same way
            raise _fail(t("the better move {move} is illegal there: {error}", move=repr(note.better), error=str(error)),
                        step=note.step) from None
        recorded = before.actions[-1][1]
        if recorded == played:
            raise _fail(t("the better move {move} is the move played", move=repr(note.better)), step=note.step)
        return replace(note, better=str(recorded))

    # -- writing --------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The JSON record of the history (see ``docs/hand-history.md``)."""
        final = self._final
        record = RECORD.stamp({"title": self.title, "description": self.description, "featured": self.featured})
        if self.players is not None:
            record["players"] = list(self.players)
        if self.tags:
            record["tags"] = list(self.tags)
        record.update({
            "rules": final.rules.to_dict(),
            "dealer": final.dealer,
            "deck": format_cards(final.deck),
            "actions": list(final.history),
            "annotations": [a.to_dict() for a in self.annotations],
            "result": result_record(final),
        })
        return record

    def dump(self) -> str:
        """The history as JSON text (one action or annotation a line)."""
        return _json_text(self.to_dict())

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the history to a file, atomically (a temporary file in the same
        folder, then renamed over the target). Returns the path."""
        return write_text_atomic(path, self.dump())

    def __repr__(self) -> str:
        name = f" {self.title!r}" if self.title else ""
        return f"<Replay{name} steps={self.step_count} annotations={len(self.annotations)} phase={self._final.phase}>"


def _players(players: object) -> tuple[str, str] | None:
    if players is None:
        return None
    if isinstance(players, (str, bytes, Mapping)) or not isinstance(players, Iterable):
        raise _fail(t("players are a list of two names, not {value}", value=_short(players)), field="players")
    names = tuple(players)
    if len(names) != 2 or not all(isinstance(n, str) for n in names):
        raise _fail(t("players are a list of two names, not {value}", value=_short(players)), field="players")
    return names


def _tags(tags: object) -> tuple[str, ...]:
    if isinstance(tags, (str, bytes, Mapping)) or not isinstance(tags, Iterable):
        raise _fail(t("tags are a list of words, not {value}", value=_short(tags)), field="tags")
    out = tuple(tags)
    if not all(isinstance(t, str) and t.strip() for t in out):
        raise _fail(t("tags are a list of words, not {value}", value=_short(tags)), field="tags")
    return out


def result_record(hand: Hand) -> ResultRecord | None:
    """The stated-result record of a finished hand (None while it is unfinished):
    kind, winner (seat or null), points, knocker (seat or null), both deadwoods."""
    score = hand.result
    if score is None:
        return None
    return {"kind": score.kind.value, "winner": score.winner_seat, "points": score.points, "knocker": score.knocker,
            "knocker_deadwood": score.knocker_deadwood, "defender_deadwood": score.defender_deadwood}


def _check_result(stated: object, final: Hand) -> dict[str, object]:
    if not isinstance(stated, Mapping):
        raise _fail(t("a stated result is an object like {{'kind': 'knock', 'winner': 1, 'points': 16}}, not {value}",
                      value=_short(stated)), field="result")
    unknown = [k for k in stated if k not in RESULT_KEYS]
    if unknown:
        raise _fail(t("unknown result key {key}: use {keys}", key=_short(unknown[0]), keys=", ".join(RESULT_KEYS)),
                    field="result")
    count = len(final.actions)
    actual: Mapping[str, object] | None = result_record(final)
    if actual is None:
        # Translators: {phase} is the phase's word as files write it ("draw", "discard"), not translated.
        raise _fail(tn("the record states a result but its {n} action does not finish the hand "
                       "({phase} phase, seat {seat} to act)",
                       "the record states a result but its {n} actions do not finish the hand "
                       "({phase} phase, seat {seat} to act)", count, phase=str(final.phase), seat=str(final.to_act)),
                    field="result")
    for key in RESULT_KEYS:
        if key in stated and (type(stated[key]) is not type(actual[key]) or stated[key] != actual[key]):
            # Translators: {key} is a result's key as files write it ("winner", "points"), not translated.
            raise _fail(t("the record states {key} {stated} but the actions give {actual} (after step {step}, "
                          "the last)", key=key, stated=_short(stated[key]), actual=repr(actual[key]), step=count),
                        step=count, field="result")
    return dict(stated)


def _step_fault(number: int, seat: int | None, action: object, problem: str) -> str:
    """What is wrong with one step of a history, naming the step, the seat to act and its action."""
    if seat is None:
        # Translators: {action} is the step's action as the file writes it ("discard 7H"), quoted.
        return t("step {number} (nobody: {action}): {problem}", number=number, action=_short(action), problem=problem)
    # Translators: {action} is the step's action as the file writes it ("discard 7H"), quoted.
    return t("step {number} (seat {seat}: {action}): {problem}", number=number, seat=seat, action=_short(action),
             problem=problem)


def _replay(rules: Rules, dealer: int, deck: Iterable[Card], actions: Iterable[str | Action], *,
            keep: bool = False) -> list[Hand]:
    """Replay the actions from the deal; ReplayError names the step at fault.
    Returns every state (with ``keep``) or only the last."""
    try:
        hand = Hand(rules, dealer, tuple(deck))
    except ValueError as error:
        raise _fail(t("the deal cannot be made: {error}", error=str(error)), field="deck") from None
    states = [hand.copy()] if keep else []
    for number, action in enumerate(actions, start=1):
        seat = hand.to_act
        try:
            parsed = Action.parse(action)
            if parsed.kind is ActionKind.AUTO:
                raise GinError(t("'auto' is not a recorded step: write the meld, layoff and done steps it stands "
                                 "for"))
            before = len(hand.actions)
            hand.apply(parsed)
        except GinError as error:
            raise _fail(_step_fault(number, seat, action, str(error)), step=number, field="actions") from None
        except Exception as error:  # an engine slip on odd input must still name the step, not escape
            detail = f"{type(error).__name__}: {error}"
            # Translators: {detail} is the program's own error, as Python writes it (English).
            slip = t("the engine cannot play this ({detail})", detail=detail)
            raise _fail(_step_fault(number, seat, action, slip), step=number, field="actions") from error
        if len(hand.actions) != before + 1:  # pragma: no cover - only 'auto' expands; for developers only
            raise _fail(f"step {number} ({action!r}) did not record one action", step=number)
        if keep:
            states.append(hand.copy())
    return states if keep else [hand]


# -- reading records ----------------------------------------------------------------


def _read_source(source: object) -> tuple[Any, str | None]:
    """The JSON value of a history given as a path, JSON text or bytes (a dict as it is),
    and the file's name (None for anything else)."""
    if isinstance(source, Mapping):
        return source, None
    if isinstance(source, str) and source.lstrip()[:1] in ("{", "["):
        return parse_json(source, error=ReplayError), None
    if isinstance(source, bytes):
        return parse_json(source, error=ReplayError), None
    if not isinstance(source, (str, os.PathLike)):
        raise _fail(t("a history is a path, JSON text or a dict, not {value}", value=_short(source)))
    path = Path(source)
    try:
        raw = read_record(path)  # a regular file of bounded size, never a FIFO or a link
    except (OSError, RecordError) as error:  # missing, a folder, a FIFO, a NUL in the name
        reason = error.problem if isinstance(error, RecordError) else str(error)
        raise _fail(t("cannot read the history {file}: {error}", file=_short(str(source)), error=reason)) from None
    return parse_json(raw, source=path.name, error=ReplayError), path.name


def from_record(record: Mapping[str, Any], *, source: str | None = None) -> Replay:
    """The replay of a history record (a dict as :meth:`Replay.to_dict` writes); ``source``
    names the file it came from, for the messages."""
    record = RECORD.read(refuse_lone_surrogate(record, source=source, error=ReplayError), source=source)
    unknown = [k for k in record if k not in _RECORD_KEYS]
    if unknown:
        raise _fail(t("unknown key {key} in the history: use {keys}", key=_short(unknown[0]),
                      keys=", ".join(_RECORD_KEYS)),
                    field=str(unknown[0]))
    missing = [k for k in ("rules", "dealer", "deck", "actions") if k not in record]
    if missing:
        # Translators: {keys} are the history's keys as files write them ("rules, deck"), not translated.
        raise _fail(t("the history needs {keys}", keys=", ".join(missing)), field=missing[0])
    rules = _rules(record["rules"])
    dealer = record["dealer"]
    if not _is_int(dealer) or dealer not in (0, 1):
        raise _fail(t("the dealer is seat 0 or 1, not {value}", value=_short(dealer)), field="dealer")
    deck = _deck(record["deck"])
    actions = record["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise _fail(t("the actions are a list of action texts like 'discard 7H'"), field="actions")
    final = _replay(rules, dealer, deck, actions)[-1]
    metadata: dict[str, Any] = {}
    for key in METADATA:
        if key in record and record[key] is not None:
            metadata[key] = record[key]
    if "featured" in record:
        metadata["featured"] = record["featured"]
    annotations = record.get("annotations", [])
    if annotations is None:
        annotations = []
    if not isinstance(annotations, list):
        raise _fail(t("the annotations are a list, not {value}", value=_short(annotations)), field="annotations")
    return Replay(final, annotations, _own=True, stated_result=record.get("result"), **metadata)


def _rules(data: Any) -> Rules:  # JSON as read: Rules.from_dict checks it
    if isinstance(data, dict) and not all(isinstance(k, str) for k in data):
        raise _fail(t("the rules' option names are text"), field="rules")
    try:
        return Rules.from_dict(data)
    except (ValueError, TypeError) as error:
        raise _fail(t("bad rules: {error}", error=str(error)), field="rules") from None


def _deck(data: object) -> tuple[Card, ...]:
    if not isinstance(data, (str, list)):
        raise _fail(t("the deck is 52 cards, top first, like '7H 8H ...', not {value}", value=_short(data)),
                    field="deck")
    try:
        cards = parse_cards(data)
    except GinError as error:
        raise _fail(t("bad deck: {error}", error=str(error)), field="deck") from None
    if len(cards) != 52:
        missing = [c for c in Card._ALL if c not in set(cards)]
        if not missing:  # 52 cards or more, none missing: some are there twice
            raise _fail(tn("bad deck: it has {n} card, not 52", "bad deck: it has {n} cards, not 52", len(cards)),
                        field="deck")
        shown = ", ".join(str(c) for c in missing[:4]) + ("..." if len(missing) > 4 else "")
        # Translators: {cards} are the first missing cards, as symbols ("7♥, 8♥...").
        raise _fail(tn("bad deck: it has {n} card, not 52 (missing {cards})",
                       "bad deck: it has {n} cards, not 52 (missing {cards})", len(cards), cards=shown), field="deck")
    return cards


def load(source: object) -> Replay:
    """Read a hand history: a path (str or ``pathlib.Path``) to a ``.json`` file,
    JSON text, or a dict. Every action is replayed through :class:`~gintrainer.Hand`;
    any fault raises :class:`ReplayError` naming the step and the reason."""
    if isinstance(source, Replay):
        return source
    record, name = _read_source(source)
    return from_record(record, source=name)


# -- writing records ----------------------------------------------------------------


def _as_replay(hand: object, annotations: Iterable[Annotation] | None, metadata: Metadata) -> Replay:
    if isinstance(hand, Replay):
        changes = dict(metadata)
        return hand._copy(None if annotations is None else tuple(annotations), **changes)
    if isinstance(hand, Hand):
        return Replay(hand, () if annotations is None else annotations, **metadata)
    raise _fail(f"dump writes a Hand or a Replay, not {_short(hand)}")  # only code passes the wrong type


def to_record(hand: Hand | Replay, annotations: Iterable[Annotation] | None = None,
              **metadata: Unpack[Metadata]) -> dict[str, Any]:
    """The history of a hand (or replay) as a JSON-ready dict. Annotations given
    replace a replay's own; metadata keywords (title, description, featured,
    players, tags) override its metadata."""
    return _as_replay(hand, annotations, metadata).to_dict()


def dump(hand: Hand | Replay, annotations: Iterable[Annotation] | None = None, **metadata: Unpack[Metadata]) -> str:
    """The history of a hand (or replay) as JSON text, one action or annotation a
    line; see :func:`to_record`."""
    return _json_text(to_record(hand, annotations, **metadata))


def save(hand: Hand | Replay, path: str | os.PathLike[str], annotations: Iterable[Annotation] | None = None,
         **metadata: Unpack[Metadata]) -> Path:
    """Write the history to ``path`` atomically; see :func:`to_record`. Returns the path."""
    return write_text_atomic(path, dump(hand, annotations, **metadata))


def _json_text(record: Mapping[str, Any]) -> str:
    """JSON laid out for people: one key a line, one action or annotation a line."""
    lines = []
    for key, value in record.items():
        name = json.dumps(key)
        if key in ("actions", "annotations") and value:
            items = ",\n".join("  " + json.dumps(item, ensure_ascii=False) for item in value)
            lines.append(f" {name}: [\n{items}\n ]")
        else:
            lines.append(f" {name}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"
