"""The example hands' shipped reviews (gintrainer/data/example_reviews.json, whose marks the replays page shows
beside the comments): one of each player of each hand, judged with the declared seed and samples, and the
evaluator makes each one again the same (slow: seconds a hand): the same moves, marks and reasons, and the same
numbers to the last few bits (a sum of the same playouts rounds differently on another processor's numpy)."""

from __future__ import annotations

import json
import math

import pytest

from gintrainer.replay import example_names, examples
from gintrainer.replay.example_reviews import (
    SAMPLES,
    SEATS,
    SEED,
    data_path,
    example_review,
    example_reviews,
    fits,
    make_example_review,
)
from gintrainer.replay.review import MARKS


def test_every_example_has_a_shipped_review_of_each_player():
    assert set(json.loads(data_path().read_text())) == set(example_names())
    for name, replay in examples().items():
        stored = example_reviews(name)
        assert set(stored) == set(SEATS), name
        for seat, reviewed in stored.items():
            assert reviewed.seat == seat and (reviewed.samples, reviewed.seed) == (SAMPLES, SEED)
            assert fits(reviewed, replay) and example_review(name, seat) is reviewed
        assert example_review(name) is stored[replay.featured]  # the featured player's by default
    marked = [d.mark for name in example_names() for d in example_review(name).decisions]
    assert any(mark in MARKS for mark in marked)  # the teachers' hands have moves worth a mark


def test_a_review_fits_only_its_own_hand():
    stored = example_review("gin")
    assert fits(stored, examples()["gin"]) and not fits(stored, examples()["knock"])
    assert example_review("no such example") is None and example_reviews("no such example") == {}


@pytest.mark.parametrize("name", example_names())
@pytest.mark.parametrize("seat", SEATS)
def test_the_evaluator_makes_each_shipped_review_again(name, seat):
    stored = json.loads(data_path().read_text())[name][seat]
    assert differences(make_example_review(name, seat).to_dict(), stored) == []


def differences(made, stored, where: str = "") -> list[str]:
    """Where two records differ: a float by more than a billionth of itself, anything else at all."""
    if isinstance(made, dict) and isinstance(stored, dict) and made.keys() == stored.keys():
        return [d for key in made for d in differences(made[key], stored[key], f"{where}.{key}")]
    if isinstance(made, list) and isinstance(stored, list) and len(made) == len(stored):
        return [d for at, pair in enumerate(zip(made, stored, strict=True))
                for d in differences(*pair, f"{where}[{at}]")]
    if isinstance(made, float) and isinstance(stored, float):
        return [] if math.isclose(made, stored, rel_tol=1e-9, abs_tol=1e-12) else [f"{where}: {made!r} != {stored!r}"]
    return [] if made == stored else [f"{where}: {made!r} != {stored!r}"]


def test_differences_names_a_changed_move_and_forgives_the_last_bits():
    stored = {"loss": {"mean": 0.2816666666666667}, "best": ["discard 7D"], "mark": "none"}
    assert differences({"loss": {"mean": 0.28166666666666634}, "best": ["discard 7D"], "mark": "none"}, stored) == []
    assert differences({"loss": {"mean": 0.29}, "best": ["discard 9D"], "mark": "none"}, stored) == [
        ".loss.mean: 0.29 != 0.2816666666666667", ".best[0]: 'discard 9D' != 'discard 7D'"]
    assert differences({"loss": {"mean": 0.2816666666666667}}, stored) != []
