"""The annotated example hands: how they are built, shipped and read.

Each example is a :class:`~gintrainer.replay.scripts.Script` in :mod:`gintrainer.replay.hands`: a stacked
deal, every action, and a teacher's comment on each decision of the featured
player, with the facts those comments rely on (``facts``) checked against the
engine when the example is built; a comment with a card, a number or a claim
that no fact accounts for stops the build (see :mod:`gintrainer.replay.facts`). The built histories ship as JSON in
``gintrainer/data/hands/``; regenerate them after changing a script with::

    python -m gintrainer.replay build-examples

(or :func:`build_examples`). A test checks that the shipped files equal what
the scripts build.

>>> names = example_names()
>>> names[0], len(names) >= 8
('both_pass', True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, cast

from ..engine.cards import Card
from ..engine.hand import Action, ActionKind, Hand
from ..words.language import t
from .annotate import annotate
from .facts import arithmetic_problems, check_facts, deal_facts, hand_facts, step_facts, uncovered, visible_cards
from .hands import SCRIPTS
from .history import Annotation, Replay, ReplayError, load
from .scripts import REVIEW_VALUES, Move, Script, Verdict

if TYPE_CHECKING:
    from .review import HandReview

__all__ = ["SOLVER_TAGS", "build", "build_examples", "comment_problems", "data_folder", "example",
           "example_names", "examples", "review_value_problems", "step_facts", "verdict_problems", "verdicts"]

SOLVER_TAGS = ("costly-discard", "missed-knock", "missed-gin", "better-knock", "costly-take", "costly-draw",
               "costly-pass", "costly-layout")
"""The solver's findings an example keeps (its plain take-or-draw remarks are left to the teacher)."""


def build(script: Script, *, check: bool = True) -> Replay:
    """The replay of a script: its actions played on the stacked deck, the
    teacher's comments, the facts checked, every card, number and claim of the
    texts accounted for (see :func:`comment_problems`), and the solver's
    findings added."""
    try:
        hand = Hand.deal(script.rules, dealer=script.dealer, deck=script.deck())
    except ValueError as error:
        raise ReplayError(f"example {script.name!r}: the deal cannot be made: {error}") from None
    notes = [Annotation(0, script.deal_comment)] if script.deal_comment else []
    for number, item in enumerate(script.moves, start=1):
        try:
            if Action.parse(item.action).kind is ActionKind.AUTO:
                raise ReplayError("a script writes the plain steps, not 'auto'")
            hand.apply(item.action)
        except ValueError as error:
            raise ReplayError(f"example {script.name!r}, step {number} ({item.action!r}): {error}",
                              step=number) from None
        if item.comment or item.better or item.arrows:
            # the cast: an Annotation reads each pair of cards given as text into cards when it is made
            arrows = cast("tuple[tuple[Card, Card], ...]", item.arrows)
            notes.append(Annotation(number, item.text(), better=item.better, arrows=arrows))
    replay = Replay(hand, notes, title=script.title, description=script.description, featured=script.featured,
                    players=script.players, tags=script.tags)
    if check:
        _check_facts(script, replay)
        problems = comment_problems(script, replay)
        if problems:
            raise ReplayError(f"example {script.name!r}: " + "; ".join(problems))
    found = [a for a in annotate(replay, featured=(0, 1)) if a.tag in SOLVER_TAGS]
    return replay.with_annotations(replay.annotations + tuple(found))


def _check_facts(script: Script, replay: Replay) -> None:
    if script.deal_facts:
        check_facts(replay, 0, script.deal_facts, where=f"example {script.name!r}, the deal",
                    available=deal_facts(replay, script.featured), seat=script.featured)
    if script.facts:
        check_facts(replay, replay.step_count, script.facts, where=f"example {script.name!r}, the description",
                    available=hand_facts(replay))
    for number, item in enumerate(script.moves, start=1):
        where = f"example {script.name!r}, step {number} ({item.action!r})"
        if item.facts:
            check_facts(replay, number, item.facts, where=where)
        for other, stated in item.at.items():
            if isinstance(other, bool) or not isinstance(other, int) or not 1 <= other <= replay.step_count:
                raise ReplayError(f"{where}: 'at' names step {other!r}, not a step of this hand", step=number)
            check_facts(replay, other, stated, where=f"{where}, about step {other}")


def _declared(item: Move) -> list[tuple[str, object]]:
    """A move's declared facts, those it states about other steps, and its verdicts (the cards of the best
    move each names, checked against the shipped review by :func:`verdict_problems`; the points a move lost
    are the review's to write, as ``{review_lost}``, so no verdict accounts for a number)."""
    judged = ([item.judged] if item.judged is not None else []) + list(item.judged_at.values())
    return list(item.facts.items()) + [pair for stated in item.at.values() for pair in stated.items()] + \
        [("verdict", {"best": verdict.best or ""}) for verdict in judged]


def verdicts(script: Script) -> list[tuple[int, int, Verdict]]:
    """Every verdict of the script's comments: (the step of the comment, the step judged, the verdict)."""
    found = []
    for number, item in enumerate(script.moves, start=1):
        if item.judged is not None:
            found.append((number, number, item.judged))
        found += [(number, judged, verdict) for judged, verdict in sorted(item.judged_at.items())]
    return found


def verdict_problems(script: Script, replay: Replay, reviews: Mapping[int, HandReview]) -> list[str]:
    """Every verdict of the script's comments that the review of its hand (``replay``; ``reviews`` by seat)
    does not bear out:
    a praise of a move the review marks (or that lost an inaccuracy's threshold or more), a close call
    on the review's best move or on a marked one, a blame of a move the review does not mark, and a best move
    that is not the review's. (The review's best move and loss that a comment writes, ``{review_best}`` and
    ``{review_lost}``, are the review's own: :func:`review_value_problems` checks that the verdict allows
    them.)"""
    from .review import MARKS, THRESHOLDS, Mark, decision_at  # the evaluator's review, only when verdicts are checked

    problems = []
    for said, judged, verdict in verdicts(script):
        where = f"step {said} ({script.moves[said - 1].action!r})" + (f", of step {judged}" if judged != said else "")
        if not 1 <= judged <= replay.step_count:
            problems.append(f"{where}: there is no step {judged}")
            continue
        reviewed = reviews.get(replay.step(judged).seat)
        decision = decision_at(reviewed, judged) if reviewed is not None else None
        if decision is None:
            problems.append(f"{where}: no shipped review judges a decision at step {judged}")
            continue
        loss = decision.loss.mean
        best = decision.best[0] if decision.best else None
        below = loss < THRESHOLDS[Mark.INACCURACY]
        shown = (f"the review marks it {decision.mark.value} ({loss:.2f} ± {decision.loss.stderr:.2f} points lost; "
                 f"best: {'; '.join(map(str, decision.best))})")
        if verdict.stance == "praise" and not (decision.is_best or below):
            problems.append(f"{where}: the comment praises the move, but {shown}")
        elif verdict.stance == "close" and (decision.is_best or not below or decision.mark in MARKS):
            problems.append(f"{where}: the comment calls the move a close call, but {shown}")
        elif verdict.stance == "blame" and decision.mark not in MARKS:
            problems.append(f"{where}: the comment finds fault with the move, but {shown}")
        if verdict.best is not None and (best is None or verdict.best != str(best)):
            problems.append(f"{where}: the comment names {verdict.best!r} as the best move, but {shown}")
    return problems


def review_value_problems(script: Script) -> list[str]:
    """Every comment that names a value of the review (``{review_best}``, ``{review_lost}``: see
    :data:`~gintrainer.replay.scripts.REVIEW_VALUES`) without exactly one verdict to say which decision's,
    or with a verdict whose stance does not allow it (a praised move's best may be the move itself; a loss
    is written "about N points" only when it is marked, so 2 points or more)."""
    problems = []
    for number, item in enumerate(script.moves, start=1):
        named = item.review_values()
        if not named:
            continue
        where = f"step {number} ({item.action!r})"
        reviewed = item.reviewed(number)
        if reviewed is None:
            problems.append(f"{where}: the comment names {', '.join(sorted(named))}, the review's, but has no "
                            "one verdict to say of which decision")
            continue
        stance = reviewed[1].stance
        problems += [f"{where}: the comment names {name}, which a verdict of {stance!r} does not allow "
                     f"(only {', '.join(REVIEW_VALUES[name])})"
                     for name in sorted(named) if stance not in REVIEW_VALUES[name]]
    return problems


def comment_problems(script: Script, replay: Replay) -> list[str]:
    """Every card, number and claim in the script's title, description and
    comments that neither a declared fact nor what the speaker sees accounts for
    (see :func:`~gintrainer.replay.facts.uncovered`), and every written sum that
    does not add up. A comment speaks for the player who acts at its step (for
    the featured player at the deal); the title and description for a narrator
    who sees the cards played. A comment's values taken from the review must be allowed by its verdict
    (:func:`review_value_problems`)."""
    problems: list[str] = review_value_problems(script)
    final = replay.hand
    played = {final.upcard}
    for _, action in final.actions:
        played.update(action.cards or ())
        if action.card is not None:
            played.add(action.card)
    table = final.melds(final.knocker) if final.knocker is not None else ()

    def add(where: str, text: str, declared: Mapping[str, object] | Iterable[tuple[str, object]],
            visible: Iterable[Card], melds: Sequence[Iterable[Card]] = ()) -> None:
        found = uncovered(text, declared, visible=visible, melds=melds) + arithmetic_problems(text)
        problems.extend(f"{where}: {p}" for p in found)

    add("the title", script.title, script.facts, played, table)
    add("the description", script.description, script.facts, played, table)
    if script.deal_comment:
        add("the deal", script.deal_comment, script.deal_facts, visible_cards(replay, 0, script.featured))
    for number, item in enumerate(script.moves, start=1):
        if not item.comment:
            continue
        state = replay.state(number)
        melds = state.melds(state.knocker) if state.knocker is not None else ()
        add(f"step {number} ({item.action!r})", item.text(), _declared(item),
            visible_cards(replay, number, replay.step(number).seat), melds)
    return problems


# -- the shipped files -----------------------------------------------------------------


def _scripts() -> tuple[Script, ...]:
    return SCRIPTS


def example_names() -> tuple[str, ...]:
    """The example hands' names, in teaching order."""
    return tuple(s.name for s in _scripts())


def data_folder() -> Path:
    """Where the example histories ship: ``gintrainer/data/hands``."""
    return Path(str(resources.files("gintrainer").joinpath("data", "hands")))


def build_examples(folder: Path | str | None = None) -> dict[str, Path]:
    """Build every example from its script and write ``<name>.json`` into
    ``folder`` (the package's data folder by default), each file atomically.
    Returns the paths by name."""
    folder = Path(folder) if folder is not None else data_folder()
    folder.mkdir(parents=True, exist_ok=True)
    written = {}
    for script in _scripts():
        written[script.name] = build(script).save(folder / f"{script.name}.json")
    _load_examples.cache_clear()
    return written


@lru_cache(maxsize=1)
def _load_examples() -> tuple[tuple[str, Replay], ...]:
    folder = data_folder()
    return tuple((name, load(folder / f"{name}.json")) for name in example_names())


def examples() -> dict[str, Replay]:
    """The shipped example hands by name, in teaching order (a new dict each
    call; the replays themselves do not change)."""
    return dict(_load_examples())


def example(name: str) -> Replay:
    """One shipped example by name."""
    found = dict(_load_examples())
    if name not in found:
        raise ReplayError(t("no example hand {name}: choose one of {names}", name=repr(name), names=", ".join(found)))
    return found[name]
