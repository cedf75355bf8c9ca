"""The review deck: what enters it, how answers are graded and scheduled (FSRS), what is due, the retention
measured, and the deck kept in the profile."""

import json
from datetime import UTC, datetime, timedelta

import pytest
from fsrs import Rating

from gintrainer.records import profiles
from gintrainer.records.deck import SLOW_SECONDS, Deck, grade_of
from gintrainer.records.progress import Progress, ProgressError, ProgressFileError, merge_profiles

T0 = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def puzzle(pid="k1", kind="can_knock"):
    return {"id": pid, "kind": kind, "themes": [], "difficulty": 1200}


def test_answers_are_graded_again_hard_good_with_slow_meaning_over_a_minute():
    assert grade_of("failed", 0, 3.0) == Rating.Again
    assert grade_of("hinted", 2, 3.0) == Rating.Hard
    assert grade_of("solved", 0, SLOW_SECONDS + 1) == Rating.Hard
    assert grade_of("solved", 0, SLOW_SECONDS) == grade_of("solved", 0, None) == Rating.Good
    with pytest.raises(ValueError):
        grade_of("won", 0)


def test_a_missed_and_a_hinted_puzzle_enter_the_deck_and_a_clean_solve_does_not():
    p = Progress.new("Ann")
    p = p.with_attempt(puzzle("k1"), "failed", answer="yes", hints=0, at=T0)
    p = p.with_attempt(puzzle("k2"), "hinted", answer="no", hints=1, at=T0)
    p = p.with_attempt(puzzle("k3"), "solved", answer="no", hints=0, at=T0, seconds=90)
    assert sorted(p.deck.cards) == ["k1", "k2"]
    assert p.deck.cards["k1"].due == "2026-12-01T09:10:00Z"  # a miss comes back after the learning step
    assert p.deck.cards["k2"].due > p.deck.cards["k1"].due  # a hard recall waits longer than a miss


def test_a_puzzle_in_the_deck_is_reviewed_at_each_answer_and_comes_back_later_the_better_it_was_known():
    missed = Progress.new("Ann").with_attempt(puzzle(), "failed", answer="yes", hints=0, at=T0)
    known = missed.with_attempt(puzzle(), "solved", answer="no", hints=0, at=T0 + timedelta(minutes=12), seconds=8)
    card = known.deck.cards["k1"]
    assert card.learned and card.due > "2026-12-02"  # past the learning step: days ahead
    later = T0 + timedelta(days=30)
    good = known.with_attempt(puzzle(), "solved", answer="no", hints=0, at=later, seconds=8).deck.cards["k1"]
    slow = known.with_attempt(puzzle(), "solved", answer="no", hints=0, at=later, seconds=80).deck.cards["k1"]
    again = known.with_attempt(puzzle(), "failed", answer="yes", hints=0, at=later).deck.cards["k1"]
    assert again.due < slow.due < good.due
    assert (good.reviews, good.recalled, slow.recalled, again.reviews, again.recalled) == (1, 1, 1, 1, 0)


def test_the_retention_is_measured_from_the_answers_after_an_interval_not_the_target():
    p = Progress.new("Ann")
    assert p.deck.retention is None
    for pid in ("k1", "k2", "k3", "k4"):
        p = p.with_attempt(puzzle(pid), "failed", answer="yes", hints=0, at=T0)
        p = p.with_attempt(puzzle(pid), "solved", answer="no", hints=0, at=T0 + timedelta(minutes=11))
    assert p.deck.retention is None and p.deck.learned == 4  # learning answers are not counted
    for n, pid in enumerate(("k1", "k2", "k3", "k4")):
        p = p.with_attempt(puzzle(pid), "failed" if n == 0 else "solved", answer="no", hints=0,
                           at=T0 + timedelta(days=5))
    assert p.deck.reviews == 4 and p.deck.retention == 0.75 and p.deck.learned == 3
    soon = p.with_attempt(puzzle("k2"), "solved", answer="no", hints=0, at=T0 + timedelta(days=5, hours=3))
    assert soon.deck.reviews == 4  # seen again the same day: not a test of memory


def test_due_now_due_today_and_by_kind():
    p = Progress.new("Ann").with_attempt(puzzle("k1"), "failed", answer="yes", hints=0, at=T0)
    p = p.with_attempt(puzzle("d1", "best_discard"), "failed", answer="7H", hints=0, at=T0 + timedelta(minutes=1))
    assert p.deck.due_ids(T0 + timedelta(minutes=5)) == ()
    assert p.deck.due_ids(T0 + timedelta(minutes=30)) == ("k1", "d1")  # the longest overdue first
    assert p.deck.due_ids(T0 + timedelta(minutes=30), "best_discard") == ("d1",)
    assert p.deck.due_today(T0) == 2 and p.deck.due_today(T0 - timedelta(days=1)) == 0


def test_own_puzzles_enter_new_and_due_and_an_entry_twice_changes_nothing():
    p = Progress.new("Ann").with_deck_entries([("bd-1", "best_discard")], at=T0)
    assert p.deck.due_ids(T0) == ("bd-1",) and not p.deck.cards["bd-1"].learned
    assert p.with_deck_entries([("bd-1", "best_discard")], at=T0 + timedelta(days=1)) is p
    with pytest.raises(ProgressError):
        p.with_deck_entries([("bd-2", "chess")])


def test_the_deck_survives_the_file_and_merges(data):
    profiles.load("Ann")
    profiles.record_attempt("Ann", puzzle(), "failed", answer="yes", hints=0, at=T0, seconds=5)
    outcome = profiles.enter_deck("Ann", [("bd-1", "best_discard")], at=T0)
    assert profiles.load("Ann").progress.deck == outcome.progress.deck and len(outcome.progress.deck.cards) == 2
    written = profiles.profile_path("Ann").stat().st_mtime_ns
    profiles.enter_deck("Ann", [("bd-1", "best_discard")], at=T0 + timedelta(days=2))
    assert profiles.profile_path("Ann").stat().st_mtime_ns == written  # nothing new: not written
    other = Progress.new("ann").with_attempt(puzzle("k9"), "hinted", answer="no", hints=1, at=T0)
    assert sorted(merge_profiles([outcome.progress, other]).deck.cards) == ["bd-1", "k1", "k9"]


@pytest.mark.parametrize("card, reason", [
    ({"state": 7}, "state"), ({"due": "2026-12-01T09:00:00+02:00"}, "UTC"), ({"stability": -1.0}, "stability"),
    ({"recalled": 5}, "recalled 5 times of 0"), ({"kind": "chess"}, "kind"), ({"step": None}, "learning step"),
])
def test_a_bad_card_in_a_file_is_refused_with_the_reason(card, reason):
    document = Progress.new("Ann").with_attempt(puzzle(), "failed", answer="yes", hints=0, at=T0).to_dict()
    document["deck"]["k1"].update(card)
    with pytest.raises(ProgressFileError, match=reason):
        Progress.from_json(json.dumps(document))


def test_an_answer_time_that_is_not_a_time_is_refused_and_nothing_changes(data):
    profiles.load("Ann")
    with pytest.raises(ProgressError, match="seconds"):
        profiles.record_attempt("Ann", puzzle(), "failed", answer="yes", hints=0, seconds=float("nan"))
    assert profiles.load("Ann").progress.deck == Deck()
