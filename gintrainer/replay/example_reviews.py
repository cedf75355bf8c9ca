"""The review of each annotated example hand: its featured player's decisions, judged once by the evaluator
with a fixed seed (:data:`SEED`) on its default number of sampled deals, and shipped in
``gintrainer/data/example_reviews.json``, so that the replays page shows the marks beside the comments
without seconds of computing on every visit. Regenerate the file after changing an example, or the
evaluator, with::

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
from .examples import example, example_names
from .history import Replay
from .review import HandReview, ReviewError, review

SEED = "example hands"
"""The seed every example's review is judged from."""
SAMPLES = evaluate.DEFAULT_SAMPLES
"""The sampled deals each decision is judged on: the evaluator's default, as a review on the page."""
FILE = "example_reviews.json"


def data_path() -> Path:
    """Where the reviews ship: ``gintrainer/data/example_reviews.json``."""
    return Path(str(resources.files("gintrainer").joinpath("data", FILE)))


def make_example_review(name: str) -> HandReview:
    """The review of example ``name``'s featured seat, judged now (seconds)."""
    replay = example(name)
    if replay.featured is None:
        raise GinError(f"example {name!r} features no player to review")
    return review(replay.hand, replay.featured, samples=SAMPLES, seed=SEED)


def build_example_reviews(path: Path | str | None = None) -> Path:
    """Judge every example's review and write them, by name, to ``path`` (the package's file by default)."""
    records = {name: make_example_review(name).to_dict() for name in example_names()}
    written = write_json_atomic(Path(path) if path is not None else data_path(), records, indent=1)
    _stored.cache_clear()
    return written


@lru_cache(maxsize=1)
def _stored() -> dict[str, HandReview]:
    try:
        records = json.loads(data_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    found = {}
    for name, record in records.items() if isinstance(records, dict) else ():
        try:
            found[name] = HandReview.from_dict(record)
        except ReviewError:
            continue
    return found


def fits(reviewed: HandReview, replay: Replay) -> bool:
    """Whether a review is of this hand: its decisions are the steps and moves of its seat's decisions."""
    found = evaluate.decisions(replay.hand, reviewed.seat)
    return [(d.before, d.made) for d in reviewed.decisions] == [(before, tuple(made)) for before, made in found]


def example_review(name: str) -> HandReview | None:
    """The shipped review of example ``name``, or None when there is none (or it is not of the hand)."""
    reviewed = _stored().get(name)
    if reviewed is None or name not in example_names() or not fits(reviewed, example(name)):
        return None
    return reviewed


__all__ = ["SAMPLES", "SEED", "build_example_reviews", "data_path", "example_review", "fits",
           "make_example_review"]
