"""The example hands' shipped reviews (gintrainer/data/example_reviews.json, whose marks the replays page shows
beside the comments): each is of its hand's featured player, judged with the declared seed and samples, and the
evaluator makes each one again the same (slow: seconds a hand)."""

from __future__ import annotations

import json

import pytest

from gintrainer.replay import example_names, examples
from gintrainer.replay.example_reviews import SAMPLES, SEED, data_path, example_review, fits, make_example_review
from gintrainer.replay.review import MARKS


def test_every_example_has_a_shipped_review_of_its_featured_player():
    assert set(json.loads(data_path().read_text())) == set(example_names())
    for name, replay in examples().items():
        stored = example_review(name)
        assert stored is not None, name
        assert stored.seat == replay.featured and (stored.samples, stored.seed) == (SAMPLES, SEED)
        assert fits(stored, replay)
    marked = [d.mark for name in example_names() for d in example_review(name).decisions]
    assert any(mark in MARKS for mark in marked)  # the teachers' hands have moves worth a mark


def test_a_review_fits_only_its_own_hand():
    stored = example_review("gin")
    assert fits(stored, examples()["gin"]) and not fits(stored, examples()["knock"])
    assert example_review("no such example") is None


@pytest.mark.parametrize("name", example_names())
def test_the_evaluator_makes_each_shipped_review_again(name):
    stored = json.loads(data_path().read_text())[name]
    assert make_example_review(name).to_dict() == stored
