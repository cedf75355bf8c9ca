"""The reviews of each annotated example hand: both players' decisions, judged once by the evaluator
with a fixed seed (:data:`SEED`) on its default number of sampled deals, and shipped in
``gintrainer/data/example_reviews.json`` (by name, a review for each seat, seat 0 first), so that the replays
page shows the featured player's marks beside the comments, and either player's review, without seconds of
computing on every visit. What the comments say of a decision (their verdicts) is checked against these
reviews (:func:`gintrainer.replay.examples.verdict_problems`, in tests/test_examples.py), and the review's best
move and points lost that a comment names are written from them when it is shown (:func:`review_values`), so
that the comments stay true when the reviews are made again. Regenerate the file
after changing an example's moves, or the evaluator, with::

    python -m gintrainer.replay build-example-reviews

A test makes every review again and compares it with the file (tests/test_example_reviews.py).
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ..engine import evaluate
from ..records.storage import write_json_atomic
from ..words.errors import GinError
from .examples import decision_at, example, example_names
from .history import Replay
from .review import HandReview, ReviewError, move_words, review

SEED = "example hands"
"""The seed every example's review is judged from."""
SAMPLES = evaluate.DEFAULT_SAMPLES
"""The sampled deals each decision is judged on: the evaluator's default, as a review on the page."""
FILE = "example_reviews.json"
SEATS = (0, 1)


def data_path() -> Path:
    """Where the reviews ship: ``gintrainer/data/example_reviews.json``."""
    return Path(str(resources.files("gintrainer").joinpath("data", FILE)))


def _seat(name: str, seat: int | None) -> int:
    """``seat``, or example ``name``'s featured seat when None."""
    if seat is not None:
        return seat
    featured = example(name).featured
    if featured is None:
        raise GinError(f"example {name!r} features no player to review")
    return featured


def make_example_review(name: str, seat: int | None = None) -> HandReview:
    """The review of example ``name``'s ``seat`` (its featured seat when None), judged now (seconds)."""
    return review(example(name).hand, _seat(name, seat), samples=SAMPLES, seed=SEED)


def build_example_reviews(path: Path | str | None = None) -> Path:
    """Judge every example's reviews, of both seats, and write them, by name, to ``path`` (the package's file by
    default)."""
    records = {name: [make_example_review(name, seat).to_dict() for seat in SEATS] for name in example_names()}
    written = write_json_atomic(Path(path) if path is not None else data_path(), records, indent=1)
    _stored.cache_clear()
    return written


@lru_cache(maxsize=1)
def _stored() -> dict[str, dict[int, HandReview]]:
    """The shipped reviews by name and seat (a record that cannot be read, or of the wrong seat, left out)."""
    try:
        records = json.loads(data_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    found: dict[str, dict[int, HandReview]] = {}
    for name, pair in records.items() if isinstance(records, dict) else ():
        for seat, record in zip(SEATS, pair if isinstance(pair, list) else (), strict=False):
            try:
                reviewed = HandReview.from_dict(record)
            except ReviewError:
                continue
            if reviewed.seat == seat:
                found.setdefault(name, {})[seat] = reviewed
    return found


def fits(reviewed: HandReview, replay: Replay) -> bool:
    """Whether a review is of this hand: its decisions are the steps and moves of its seat's decisions."""
    found = evaluate.decisions(replay.hand, reviewed.seat)
    return [(d.before, d.made) for d in reviewed.decisions] == [(before, tuple(made)) for before, made in found]


def example_reviews(name: str) -> dict[int, HandReview]:
    """The shipped reviews of example ``name`` by seat: each that is of the hand (none for an unknown name)."""
    if name not in example_names():
        return {}
    replay = example(name)
    return {seat: reviewed for seat, reviewed in _stored().get(name, {}).items() if fits(reviewed, replay)}


def example_review(name: str, seat: int | None = None) -> HandReview | None:
    """The shipped review of example ``name``'s ``seat`` (its featured seat when None), or None when there is
    none (or it is not of the hand)."""
    if name not in example_names():
        return None
    return example_reviews(name).get(_seat(name, seat))


def review_values(name: str, replay: Replay, step: int) -> dict[str, object] | None:
    """What a comment of example ``name`` takes from its shipped review (see
    :data:`~gintrainer.replay.scripts.REVIEW_VALUES`), of the decision at ``step`` of ``replay``, in the current
    language: ``review_best``, the review's best move in words, and ``review_lost``, the points the move made
    lost, rounded. None when no shipped review of that step's seat is of ``replay``'s hand (a history edited
    since, or a file that cannot be read)."""
    if not 1 <= step <= replay.step_count:
        return None
    reviewed = _stored().get(name, {}).get(replay.step(step).seat)
    if reviewed is None or not fits(reviewed, replay):
        return None
    decision = decision_at(reviewed, step)
    if decision is None:
        return None
    return {"review_best": move_words(decision.best), "review_lost": round(decision.loss.mean)}


__all__ = ["SAMPLES", "SEATS", "SEED", "build_example_reviews", "data_path", "example_review", "example_reviews",
           "fits", "make_example_review", "review_values"]
