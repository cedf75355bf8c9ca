"""The trainers and the profile page with the puzzles' learned ratings: a named learner's first attempt teaches
the puzzle (in the class store), practice, a guest and a page that only shows a puzzle teach nothing, the
trainers serve by learned rating, and the profile page shows each kind's rating with its deviation."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from gintrainer.classroom.puzzle_ratings import open_ratings  # noqa: E402
from gintrainer.classroom.store import DATABASE_ENV  # noqa: E402
from gintrainer.puzzles import bank_index  # noqa: E402
from gintrainer.puzzles.ratings import PuzzleRating, starting_rating  # noqa: E402
from gintrainer.records.rating import Rating, play  # noqa: E402
from gintrainer.trainers.training import PuzzleAttempt, few_near  # noqa: E402
from gintrainer.widgets.profile import Learner, ProfilePage  # noqa: E402
from gintrainer.widgets.trainer import DailyPage, TrainerPage, record_rated  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")


def answered(puzzle, right: bool) -> PuzzleAttempt:
    """A finished attempt at a best-discard puzzle, right or wrong as asked."""
    card = puzzle.answer[0] if right else next(r.card for r in puzzle.table if r.card not in puzzle.answer)
    return PuzzleAttempt.replay(puzzle, card.code())[0]


@pytest.fixture
def rated(tmp_path, monkeypatch):
    """The pages' class store (SQLite: the store's own tests run on PostgreSQL too)."""
    url = f"sqlite:///{tmp_path / 'classes.sqlite3'}"
    monkeypatch.setenv(DATABASE_ENV, url)
    return open_ratings(url)


def test_a_first_attempt_teaches_the_puzzle_and_practice_a_guest_and_viewing_do_not(rated):
    page = TrainerPage("best_discard", learner=Learner("Ann"), seed=1)
    DailyPage(learner=page.learner)
    assert rated.export() == ()  # two pages showing puzzles wrote no rating
    puzzle = page.view.puzzle
    start = starting_rating("best_discard", puzzle.id)
    page._on_result(page.view, answered(puzzle, right=False))
    (after,) = rated.export()
    assert after.id == puzzle.id and after.plays == 1
    assert after.rating == play(Rating(), start.rating, False).puzzle  # the learner's rating before: a new one
    assert page.learner.progress.rating == play(Rating(), start.rating, False).learner
    page._on_result(page.view, answered(puzzle, right=True))  # the same puzzle again: practice
    guest = TrainerPage("best_discard", learner=Learner(), seed=1)
    guest._on_result(guest.view, answered(guest.view.puzzle, right=True))
    assert rated.export() == (after,)


def test_the_daily_page_shows_the_puzzles_learned_rating_before_and_after_an_answer(rated):
    page = DailyPage(learner=Learner("Ann"))
    puzzle = page.view.puzzle
    start = starting_rating(puzzle.kind, puzzle.id, puzzle.difficulty)
    assert f"rated {round(start.rating.rating)} (± 200)" in page.view.title.value
    record_rated(Learner("Ben"), PuzzleAttempt.replay(puzzle, "no")[0])
    taught = rated.rating(start)
    again = DailyPage(learner=page.learner)
    assert f"rated {round(taught.rating.rating)} (± {round(taught.rating.deviation)})" in again.view.title.value
    again._on_result(again.view, PuzzleAttempt.replay(puzzle, "no")[0])
    now = rated.rating(start)  # Ann's answer taught it too
    assert now.plays == 2
    shown = DailyPage(learner=page.learner).view  # answered: it shows as it ended, with the puzzle's rating now
    assert f"rated {round(now.rating.rating)} " in shown.title.value and shown.again_button.layout.display == ""
    shown.again_button.click()  # practice: the rating stays on the line
    assert f"rated {round(now.rating.rating)} " in shown.title.value


def test_two_learners_on_one_server_the_second_meets_the_puzzle_as_the_first_left_it(rated):
    ann, ben = Learner("Ann"), Learner("Ben")
    puzzle = TrainerPage("best_discard", learner=ann, seed=3).view.puzzle
    record_rated(ann, answered(puzzle, right=False))
    taught = rated.rating(starting_rating("best_discard", puzzle.id))
    assert taught.plays == 1 and taught.rating.rating > starting_rating("best_discard", puzzle.id).rating.rating
    record_rated(ben, answered(puzzle, right=True))
    assert ben.progress.history[-1].difficulty == taught.rating.rating
    assert ben.progress.rating == play(Rating(), taught.rating, True).learner
    assert rated.rating(taught).plays == 2


def test_a_chosen_theme_scales_the_change_down(rated):
    page = TrainerPage("best_discard", learner=Learner("Ann"), seed=2)
    page.theme.value = page.theme.options[1][1]
    puzzle = page.view.puzzle
    page._on_result(page.view, answered(puzzle, right=True))
    start = starting_rating("best_discard", puzzle.id)
    assert rated.rating(start).rating == play(Rating(), start.rating, True, themed=True).puzzle


def test_the_trainer_serves_by_the_learned_ratings_not_the_ladder(rated):
    # The learned ratings turn the ladder upside down: a puzzle the ladder calls easy was found hard.
    entries = bank_index("best_discard")
    rated.import_ratings(PuzzleRating(e.id, "best_discard", Rating(3000.0 - e.difficulty, 60), 50) for e in entries)
    ladder = {e.id: e.difficulty for e in entries}
    page = TrainerPage("best_discard", learner=Learner(), seed=4)
    page.difficulty.value = "hardest"  # 2100 for a new learner
    served = []
    for _ in range(6):
        served.append(page.view.puzzle.id)
        page.next_puzzle()
    assert all(3000 - ladder[i] >= 1800 for i in served) and all(ladder[i] <= 1200 for i in served)
    assert page.view.rated is not None and page.view.rated.deviation == 60
    assert "rated " in page.view.title.value and "± 60" in page.view.title.value


def test_too_few_puzzles_in_range_are_served_nearest_first_and_the_page_says_so():
    page = TrainerPage("take_or_draw", learner=Learner(), seed=1)
    assert not few_near("take_or_draw", 1500.0) and "gt-few-near" not in page.stats.value
    page.difficulty.value = "hardest"
    assert few_near("take_or_draw", 2100.0)
    assert "Few puzzles are rated near 2100: the nearest ones are served." in page.stats.value
    assert page.view.rated is not None and page.view.rated.rating >= 1800


def test_the_profile_page_shows_each_kinds_rating_with_its_deviation():
    learner = Learner("Ann")
    assert "gt-kind-ratings" not in ProfilePage(learner).summary.value
    puzzle = TrainerPage("best_discard", learner=learner, seed=1).view.puzzle
    record_rated(learner, answered(puzzle, right=True))
    rating, answers = learner.progress.kind_ratings()["best_discard"]
    summary = ProfilePage(learner).summary.value
    assert "gt-kind-ratings" in summary and answers == 1
    assert f"<td>Best discard</td><td>{round(rating.rating)} (± {round(rating.deviation)})</td><td>1</td>" in summary


def test_a_store_that_cannot_be_reached_leaves_the_puzzles_as_they_are_and_the_trainer_works_on(monkeypatch):
    from conftest import free_port

    monkeypatch.setenv(DATABASE_ENV, f"postgresql://nobody@127.0.0.1:{free_port()}/classes")
    page = TrainerPage("best_discard", learner=Learner("Ann"), seed=1)
    puzzle = page.view.puzzle
    start = starting_rating("best_discard", puzzle.id)
    assert f"rated {round(start.rating.rating)} (± 200)" in page.view.title.value  # the starting rating
    words = page._on_result(page.view, answered(puzzle, right=True))
    assert words.startswith("Rating 1500 → ")
    assert page.learner.progress.rating == play(Rating(), start.rating, True).learner
    page.next_puzzle()
    assert page.view.puzzle is not None


def test_the_landing_page_shows_in_a_kind_the_rating_the_trainer_said_after_the_same_answer(rated):
    """One solved "Can you knock?" puzzle of a new learner: the landing page's rating in the kind is the one the
    trainer's result gave (each kind's rating follows the learner's rating rule)."""
    from gintrainer.puzzles import bank
    from gintrainer.widgets.site import puzzles_html

    page = TrainerPage("can_knock", learner=Learner("Ann"), seed=1)
    puzzle = next(p for p in bank("can_knock") if not p.can_knock)
    said = page._on_result(page.view, PuzzleAttempt.replay(puzzle, "no")[0])
    after = round(page.learner.progress.rating.rating)
    assert said.startswith(f"Rating 1500 → {after} ") and after != 1500
    assert f"Your rating: {after}<" in puzzles_html(page.learner).split('puzzles/can_knock.ipynb')[1].split('<li>')[0]
