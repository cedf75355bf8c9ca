"""Puzzle ratings learned from attempts: one attempt as a rated game both ways (Lichess's weights and cap),
the shipped starting ratings, their JSON, and the class store that keeps them (on SQLite and a real
PostgreSQL: ``store_url``)."""

from __future__ import annotations

import json
import threading

import pytest

from gintrainer.classroom.puzzle_ratings import open_ratings
from gintrainer.puzzles import bank_index, kinds
from gintrainer.puzzles.ratings import (
    PuzzleRating,
    RatingsFileError,
    ratings_json,
    read_ratings,
    rebuild_starting,
    starting_rating,
    starting_ratings,
)
from gintrainer.records.progress import Progress
from gintrainer.records.rating import (
    MAX_PUZZLE_CHANGE,
    PROVISIONAL_DEVIATION,
    Rating,
    chance,
    play,
    rate_period,
)

LEARNER = Rating(1500, 80)
SETTLED = Rating(1500, 60)  # a puzzle's rating no longer provisional


# -- one attempt, both ratings -------------------------------------------------------

def test_a_solve_raises_the_learner_and_lowers_the_puzzle_and_a_miss_the_other_way():
    won, lost = play(LEARNER, SETTLED, True), play(LEARNER, SETTLED, False)
    assert won.learner.rating > 1500 > won.puzzle.rating
    assert lost.learner.rating < 1500 < lost.puzzle.rating


def test_without_a_theme_a_settled_puzzle_moves_both_ratings_as_glicko_does():
    after = play(LEARNER, SETTLED, False)
    assert after.learner == rate_period(LEARNER, [(1500, 60, 0.0)])
    assert after.puzzle == rate_period(SETTLED, [(1500, 80, 1.0)])


def test_a_chosen_theme_scales_both_changes_down_a_solve_more_than_a_miss():
    for solved, weight in ((True, 0.2), (False, 0.7)):
        free, themed = play(LEARNER, SETTLED, solved), play(LEARNER, SETTLED, solved, themed=True)
        for part in ("learner", "puzzle"):
            full = getattr(free, part).rating - 1500
            assert getattr(themed, part).rating - 1500 == pytest.approx(weight * full)


def test_a_provisional_puzzle_moves_the_learner_less_and_a_miss_much_less():
    provisional = Rating(1500, PROVISIONAL_DEVIATION)
    for solved, weight in ((True, 0.8), (False, 0.3)):
        full = rate_period(LEARNER, [(1500, PROVISIONAL_DEVIATION, float(solved))]).rating - 1500
        assert play(LEARNER, provisional, solved).learner.rating - 1500 == pytest.approx(weight * full)


def test_one_attempt_moves_a_puzzle_by_at_most_the_cap():
    far = play(Rating(2600, 45), Rating(1200, 350), solved=False)  # an expert missed a new, low-rated puzzle
    assert far.puzzle.rating == 1200 + MAX_PUZZLE_CHANGE
    assert rate_period(Rating(1200, 350), [(2600, 45, 1.0)]).rating > 1200 + MAX_PUZZLE_CHANGE


def test_the_chance_of_a_solve_counts_both_deviations():
    assert chance(Rating(1800, 45), Rating(1500, 45)) > chance(Rating(1800, 45), Rating(1500, 300)) > 0.5


def test_a_learner_rated_against_a_puzzles_learned_rating_records_it_as_the_difficulty_met():
    puzzle = {"id": "bd-1", "kind": "best_discard", "themes": [], "difficulty": 1100}
    p = Progress.new("Ann").with_attempt(puzzle, "solved", answer="KS", hints=0, against=Rating(1900, 60))
    fixed = Progress.new("Ann").with_attempt(puzzle, "solved", answer="KS", hints=0)
    assert p.history[-1].difficulty == 1900 and p.rating == play(Rating(), Rating(1900, 60), True).learner
    assert p.rating.rating > fixed.rating.rating  # beating a 1900 puzzle is worth more than a 1100 one


# -- the shipped starting ratings and their JSON --------------------------------------

def test_every_bank_puzzle_ships_a_starting_rating_and_deviation():
    for kind in kinds():
        starts = starting_ratings(kind)
        assert set(starts) == {entry.id for entry in bank_index(kind)}
        assert all(r.kind == kind.value and 45 <= r.rating.deviation <= 350 for r in starts.values())


def test_ratings_travel_as_json_and_bad_json_is_refused_saying_why():
    one = PuzzleRating("bd-1", "best_discard", Rating(1234.5, 80.0), 7)
    assert read_ratings(ratings_json([one])) == (one,)
    good = json.loads(ratings_json([one]))
    for change, words in (({"plays": -1}, "plays"), ({"kind": "chess"}, "kind"), ({"deviation": 0}, "deviation"),
                          ({"rating": float("nan")}, "rating")):
        bad = dict(good, ratings=[dict(good["ratings"][0], **change)])
        with pytest.raises(RatingsFileError, match=words):
            read_ratings(json.dumps(bad))
    with pytest.raises(RatingsFileError, match="twice"):
        read_ratings(json.dumps(dict(good, ratings=good["ratings"] * 2)))
    with pytest.raises(RatingsFileError):
        read_ratings(b"\xff not json")


def test_the_starting_ratings_are_rebuilt_from_an_export(tmp_path, monkeypatch, request):
    from gintrainer.puzzles import ratings

    request.addfinalizer(ratings._shipped.cache_clear)  # the next test reads the shipped file again
    entry = bank_index("can_knock")[0]
    learned = PuzzleRating(entry.id, "can_knock", Rating(1777.0, 61.0), 40)
    stranger = PuzzleRating("ck-not-in-the-bank", "can_knock", Rating(1500.0, 90.0), 3)
    path = tmp_path / "puzzle_ratings.json"
    monkeypatch.setattr("gintrainer.puzzles.ratings.starting_path", lambda: path)
    assert rebuild_starting([learned, stranger], path) == (1, 1)
    assert starting_rating("can_knock", entry.id) == learned
    written = {r.id: r for r in read_ratings(path.read_text())}
    assert written[entry.id] == learned and "ck-not-in-the-bank" not in written
    assert len(written) == sum(len(bank_index(kind)) for kind in kinds())


# -- the store ---------------------------------------------------------------------------

def start_of(kind: str = "best_discard", index: int = 0) -> PuzzleRating:
    return starting_rating(kind, bank_index(kind)[index].id)


def test_a_puzzle_without_attempts_has_its_starting_rating_and_reading_writes_nothing(store_url):
    store, start = open_ratings(store_url), start_of()
    assert store.rating(start) == start and store.learned("best_discard") == {} and store.export() == ()


def test_an_attempt_updates_the_puzzle_in_the_store_and_a_restart_keeps_it(store_url):
    start = start_of()
    before, after = open_ratings(store_url).play(start, Rating(1900, 60), solved=False)
    assert before == start and after.plays == 1 and after.rating == play(Rating(1900, 60), start.rating, False).puzzle
    again = open_ratings(store_url)  # another page, or the server restarted
    assert again.rating(start) == after and again.learned("best_discard") == {start.id: after}


def test_thirty_learners_answering_one_puzzle_at_once_lose_no_update(store_url):
    count, start, errors, results = 30, start_of("defend"), [], []
    barrier = threading.Barrier(count)

    def learner(i: int) -> None:
        try:
            store = open_ratings(store_url)
            barrier.wait()
            results.append(store.play(start, Rating(1200 + 20 * i, 90), solved=i % 3 == 0))
        except Exception as error:  # a thread's exception is otherwise lost
            errors.append(f"{i}: {type(error).__name__}: {error}")

    threads = [threading.Thread(target=learner, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    chain = sorted(results, key=lambda pair: pair[0].plays)
    assert [before.plays for before, _ in chain] == list(range(count))  # each update saw the one before it
    assert all(chain[i][1] == chain[i + 1][0] for i in range(count - 1))
    assert open_ratings(store_url).rating(start) == chain[-1][1] and chain[-1][1].plays == count


def test_learned_ratings_export_and_import_taking_the_better_taught(store_url, tmp_path):
    here, there = open_ratings(store_url), open_ratings(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    first, second = start_of(index=0), start_of(index=1)
    here.play(first, Rating(1500, 60), True)
    for _ in range(3):
        there.play(first, Rating(1500, 60), False)
    there.play(second, Rating(1500, 60), False)
    here.play(second, Rating(1500, 60), True)
    here.play(second, Rating(1500, 60), True)
    exported = read_ratings(ratings_json(there.export()))
    assert here.import_ratings(exported) == 1  # the first, taught by 3 attempts there, 1 here
    assert here.rating(first) == there.rating(first) and here.rating(second).plays == 2


# -- the command ------------------------------------------------------------------------

def test_the_command_exports_imports_and_rebuilds_the_starting_ratings(data, tmp_path, monkeypatch, capsys):
    from gintrainer.cli import main

    monkeypatch.delenv("GINTRAINER_DATABASE", raising=False)  # the class store in the data folder
    entry = bank_index("take_or_draw")[0]
    export = tmp_path / "export.json"
    export.write_text(ratings_json([PuzzleRating(entry.id, "take_or_draw", Rating(1666.0, 70.0), 9)]))
    assert main(["ratings", "import", str(export)]) == 0
    assert "1 of 1 puzzle ratings taken" in capsys.readouterr().out
    again = tmp_path / "again.json"
    assert main(["ratings", "export", "--out", str(again)]) == 0
    assert read_ratings(again.read_text()) == read_ratings(export.read_text())
    start = tmp_path / "puzzle_ratings.json"
    assert main(["ratings", "rebuild", str(again), "--out", str(start)]) == 0
    assert "1 puzzle starts from the export's rating" in capsys.readouterr().out
    written = {r.id: r for r in read_ratings(start.read_text())}
    assert written[entry.id].rating == Rating(1666.0, 70.0)
    export.write_text("[")
    assert main(["ratings", "import", str(export)]) == 2
    assert "not valid JSON" in capsys.readouterr().err
