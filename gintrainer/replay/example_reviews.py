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

from pathlib import Path

from ..engine import evaluate
from ..records.storage import write_json_atomic
from ..words.errors import GinError
from .examples import example, example_names
from .review import HandReview, review
from .shipped_reviews import SEATS, _stored, data_path, fits, review_values

SEED = "example hands"
"""The seed every example's review is judged from."""
SAMPLES = evaluate.DEFAULT_SAMPLES
"""The sampled deals each decision is judged on: the evaluator's default, as a review on the page."""


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


__all__ = ["SAMPLES", "SEATS", "SEED", "build_example_reviews", "data_path", "example_review", "example_reviews",
           "fits", "make_example_review", "review_values"]
