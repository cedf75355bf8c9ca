import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gintrainer import GinError
from gintrainer.records.rating import (
    DEFAULT_PUZZLE_DEVIATION,
    MAX_DEVIATION,
    MAX_VOLATILITY,
    MIN_DEVIATION,
    SCALE,
    Game,
    Rating,
    RatingError,
    expected_score,
    pick,
    rate_period,
    update,
)


def test_glickman_worked_example():
    # Glickman, "Example of the Glicko-2 system" (2013): the paper rounds its
    # intermediate values and prints 1464.06; exact arithmetic gives 1464.0507.
    player = Rating(1500, 200, 0.06)
    after = rate_period(player, [Game(1400, 30, 1), Game(1550, 100, 0), Game(1700, 300, 0)])
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_no_games_only_grows_the_deviation():
    after = rate_period(Rating(1500, 200, 0.06), [])
    assert after.rating == 1500 and after.volatility == 0.06
    assert after.deviation == pytest.approx(SCALE * math.hypot(200 / SCALE, 0.06))
    assert rate_period(Rating(1500, 349.99), []).deviation == MAX_DEVIATION


def test_update_is_a_one_game_period():
    learner = Rating(1320, 120, 0.07)
    for solved in (True, False):
        expected = rate_period(learner, [(1400, DEFAULT_PUZZLE_DEVIATION, 1 if solved else 0)])
        assert update(learner, 1400, solved) == expected


def test_expected_score():
    assert expected_score(1500, 1500) == 0.5
    assert expected_score(Rating(1900), 1500) > 0.9
    assert expected_score(1900, 1500) + expected_score(1500, 1900) == pytest.approx(1.0)
    # a vaguer puzzle difficulty pulls the expectation toward a coin flip
    assert expected_score(1900, 1500, puzzle_deviation=300) < expected_score(1900, 1500, puzzle_deviation=0)


def test_deviation_floor():
    # With one game a period the deviation settles where each game's
    # information balances the volatility: about 60 at volatility 0.06, below
    # the floor at 0.01.
    learner = Rating(1500, 100, 0.01)
    for _ in range(50):
        learner = update(learner, 1500, True)
        learner = update(learner, 1500, False)
    assert learner.deviation == MIN_DEVIATION


def test_rating_round_trip():
    rating = Rating(1612.25, 88.5, 0.0612)
    assert Rating.from_dict(rating.to_dict()) == rating


@pytest.mark.parametrize("kwargs, message", [
    ({"rating": float("nan")}, "rating must be a finite number, not nan"),
    ({"rating": "1500"}, "rating must be a finite number, not '1500'"),
    ({"rating": True}, "rating must be a finite number"),
    ({"deviation": 0}, "deviation must be above 0 and at most 350, not 0"),
    ({"deviation": 351}, "deviation must be above 0 and at most 350, not 351"),
    ({"volatility": -0.1}, "volatility must be above 0 and at most 1"),
    ({"volatility": float("inf")}, "volatility must be a finite number"),
])
def test_bad_ratings_name_the_field(kwargs, message):
    with pytest.raises(RatingError, match=message):
        Rating(**kwargs)
    assert issubclass(RatingError, GinError)


def test_bad_games_and_dicts():
    with pytest.raises(RatingError, match="solved must be True or False, not 1"):
        update(Rating(), 1500, 1)
    with pytest.raises(RatingError, match="puzzle difficulty must be a finite number, not None"):
        update(Rating(), None, True)
    with pytest.raises(RatingError, match="score must be at least 0 and at most 1, not 2"):
        rate_period(Rating(), [(1500, 50, 2)])
    with pytest.raises(RatingError, match="a game must be"):
        rate_period(Rating(), [(1500, 50)])
    with pytest.raises(RatingError, match="rating must be a Rating"):
        rate_period(1500, [])
    with pytest.raises(RatingError, match="a rating must be a dict"):
        Rating.from_dict({"rating": 1500})


ratings = st.builds(Rating,
                    st.floats(-1e300, 1e300),
                    st.floats(1e-3, MAX_DEVIATION),
                    st.floats(1e-6, 1.0))
difficulties = st.floats(-1e300, 1e300)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(ratings, difficulties, st.floats(0, MAX_DEVIATION))
def test_a_win_never_lowers_and_a_loss_never_raises(learner, difficulty, puzzle_deviation):
    won = update(learner, difficulty, True, puzzle_deviation=puzzle_deviation)
    lost = update(learner, difficulty, False, puzzle_deviation=puzzle_deviation)
    assert won.rating >= learner.rating >= lost.rating
    for after in (won, lost):
        assert math.isfinite(after.rating)
        assert MIN_DEVIATION <= after.deviation <= MAX_DEVIATION
        assert 0 < after.volatility <= MAX_VOLATILITY


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.floats(600, 2200), st.floats(150, MAX_DEVIATION), st.floats(0.01, MAX_VOLATILITY),
       st.floats(-400, 400), st.booleans())
def test_a_game_near_the_learners_level_shrinks_the_deviation(rating, deviation, volatility, gap, solved):
    learner = Rating(rating, deviation, volatility)
    assert update(learner, rating + gap, solved).deviation < deviation


@settings(max_examples=50, deadline=None, derandomize=True)
@given(st.lists(st.tuples(st.floats(600, 2200), st.booleans()), min_size=30, max_size=60))
def test_deviation_falls_with_games(games):
    learner = Rating()
    for difficulty, solved in games:
        learner = update(learner, difficulty, solved)
        assert math.isfinite(learner.rating)
    assert learner.deviation < 120


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.lists(st.tuples(st.floats(-1e6, 1e6), st.floats(0, MAX_DEVIATION), st.sampled_from([0, 0.5, 1])),
                max_size=8), ratings)
def test_periods_stay_finite_for_extreme_inputs(games, learner):
    after = rate_period(learner, games)
    assert math.isfinite(after.rating) and math.isfinite(after.deviation) and math.isfinite(after.volatility)


def test_learner_tracks_true_strength():
    rng = random.Random(5)
    learner = Rating()
    for _ in range(300):
        difficulty = rng.uniform(600, 2200)
        solved = rng.random() < expected_score(1800, difficulty, puzzle_deviation=0)
        learner = update(learner, difficulty, solved, puzzle_deviation=0)
    assert abs(learner.rating - 1800) < 150


# --- pick ---------------------------------------------------------------------

PUZZLES = [{"id": f"p{d}", "difficulty": d} for d in range(600, 2201, 50)]


def test_pick_stays_near_the_rating():
    rng = random.Random(3)
    picks = [pick(PUZZLES, Rating(1400), rng) for _ in range(300)]
    assert all(1250 <= p["difficulty"] <= 1550 for p in picks)
    close = sum(abs(p["difficulty"] - 1400) <= 50 for p in picks)
    far = sum(abs(p["difficulty"] - 1400) >= 150 for p in picks)
    assert close > far


def test_pick_is_deterministic_whatever_the_order():
    shuffled = PUZZLES[:]
    random.Random(1).shuffle(shuffled)
    first = [pick(PUZZLES, 1500, rng)["id"] for rng in [random.Random(42)] for _ in range(20)]
    again = [pick(shuffled, 1500, rng)["id"] for rng in [random.Random(42)] for _ in range(20)]
    assert first == again


def test_pick_widens_the_window_and_excludes():
    sparse = [{"id": "easy", "difficulty": 600}, {"id": "hard", "difficulty": 2200}]
    assert {pick(sparse, 1500, random.Random(s))["id"] for s in range(30)} == {"easy", "hard"}
    assert pick(sparse, 1500, random.Random(0), exclude={"easy"})["id"] == "hard"
    assert pick(sparse, 1500, random.Random(0), exclude=["easy", "hard"]) is None
    assert pick([], 1500, random.Random(0)) is None


def test_pick_accepts_objects():
    class Puzzle:
        def __init__(self, id, difficulty):
            self.id, self.difficulty = id, difficulty

    chosen = pick([Puzzle("a", 900), Puzzle("b", 1000)], Rating(950), random.Random(0))
    assert chosen.id in {"a", "b"}


def test_pick_refuses_bad_input():
    with pytest.raises(RatingError, match="rng must be a random.Random"):
        pick(PUZZLES, 1500, 42)
    with pytest.raises(RatingError, match="a puzzle candidate needs 'difficulty'"):
        pick([{"id": "x"}], 1500, random.Random(0))
    with pytest.raises(RatingError, match="difficulty of 'x' must be a finite number"):
        pick([{"id": "x", "difficulty": "hard"}], 1500, random.Random(0))
    with pytest.raises(RatingError, match="exclude must be a collection"):
        pick(PUZZLES, 1500, random.Random(0), exclude="p600")
