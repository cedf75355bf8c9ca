"""The shipped reviews of the annotated example hands (``gintrainer/data/example_reviews.json``), read: by name
and seat, checked to be of the hand shown (:func:`fits`), and what a comment takes from them
(:func:`review_values`). :mod:`~gintrainer.replay.example_reviews` makes them; this module does not know the
examples, so that their comments may read the reviews without an import cycle.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ..engine import evaluate
from .history import Replay
from .review import HandReview, ReviewError, decision_at, move_words

FILE = "example_reviews.json"
SEATS = (0, 1)


def data_path() -> Path:
    """Where the reviews ship: ``gintrainer/data/example_reviews.json``."""
    return Path(str(resources.files("gintrainer").joinpath("data", FILE)))


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


__all__ = ["FILE", "SEATS", "data_path", "fits", "review_values"]
