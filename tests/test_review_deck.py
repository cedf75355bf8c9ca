"""The review deck: what enters it, how answers are graded and scheduled (FSRS), what is due, the retention
measured, and the deck kept in the profile."""

import json
import logging
import math
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest
from fsrs import Rating

from gintrainer.records import deck as deck_module
from gintrainer.records import profiles
from gintrainer.records.deck import (
    FACTOR_RANGE,
    FIT_FROM,
    LOG_PER_CARD,
    REFIT_EVERY,
    SCHEDULER,
    SLOW_SECONDS,
    Deck,
    DueToday,
    FitError,
    fit_factor,
    grade_of,
)
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
    assert p.deck.due_today(T0).total == 2 and p.deck.due_today(T0 - timedelta(days=1)).total == 0
    ten_past = (T0 + timedelta(minutes=10)).isoformat().replace("+00:00", "Z")
    assert p.deck.due_today(T0) == DueToday(now=0, later=2, next_at=ten_past)
    assert p.deck.due_today(T0 + timedelta(minutes=10)) == DueToday(now=1, later=1, next_at=p.deck.cards["d1"].due)
    assert p.deck.due_today(T0 + timedelta(minutes=30)) == DueToday(now=2, later=0, next_at=None)
    assert p.deck.due_today(T0, "best_discard") == DueToday(now=0, later=1, next_at=p.deck.cards["d1"].due)


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


# --- the forgetting factor fitted to the learner -------------------------------------------------------------

def simulated_answers(factor, n, seed):
    """``n`` answers of a learner whose stabilities are ``factor`` times FSRS's, each a day or more after the
    last: the card's stability drawn as a deck holds them (0.3 to 60 days), the answer given at FSRS's
    interval times 0.5 to 3 (late or early), recalled with the chance FSRS's curve gives at ``t / factor``."""
    rng = np.random.default_rng(seed)
    stability = np.exp(rng.uniform(math.log(0.3), math.log(60.0), n))
    days = np.maximum(1.0, np.round(stability * rng.uniform(0.5, 3.0, n)))
    chance = (1 + SCHEDULER._FACTOR * days / (factor * stability)) ** SCHEDULER._DECAY
    return [(float(t), float(s), bool(r)) for t, s, r in zip(days, stability, rng.random(n) < chance, strict=True)]


@pytest.mark.parametrize("factor", [0.5, 1.0, 2.0])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_fit_recovers_a_known_factor_from_simulated_answers_within_30_percent(factor, seed):
    fitted = fit_factor(simulated_answers(factor, 2000, seed))  # a half year's answers (LOG_LIMIT holds them)
    assert abs(math.log(fitted / factor)) < math.log(1.3), fitted  # its error: 0.095 in log over 40 seeds


def test_the_fit_needs_fit_from_answers_and_stays_within_its_range():
    with pytest.raises(FitError, match=f"{FIT_FROM - 1} answers counted: the factor is fitted from {FIT_FROM}"):
        fit_factor(simulated_answers(0.5, FIT_FROM - 1, 3))
    assert fit_factor([(30.0, 1.0, True)] * FIT_FROM) == FACTOR_RANGE[1]  # all recalled long after
    assert fit_factor([(1.0, 30.0, False)] * FIT_FROM) == FACTOR_RANGE[0]  # all forgotten at once


@pytest.mark.parametrize("bad, reason", [
    ((float("nan"), 1.0, True), "days since the last must be a number"),
    ((2.0, float("inf"), True), "stability must be a number"),
    ((0.5, 1.0, True), "0.5 days after the last"), ((2.0, -1.0, False), "stability -1.0"),
    (("2", 1.0, True), "must be a number"), ((True, 1.0, True), "must be a number"),
    ((2.0, 1.0), r"\(days, stability, recalled\)"), ("x", r"\(days, stability, recalled\)"),
])
def test_answers_the_fit_cannot_use_are_refused_with_the_reason(bad, reason):
    answers = simulated_answers(1.0, FIT_FROM, 4)
    with pytest.raises(FitError, match=reason):
        fit_factor([*answers[:50], bad, *answers[50:]])


def answer_as_due(deck, factor, days, seed, puzzles=60):
    """The deck after a learner of forgetting factor ``factor`` (their stabilities ``factor`` times FSRS's,
    as the deck models them) answers every puzzle when it falls due for ``days`` days, ``puzzles`` missed on
    the first day."""
    rng = np.random.default_rng(seed)
    for n in range(puzzles):
        deck = deck.answer(f"k{n}", "can_knock", "failed", hints=0, seconds=10.0, at=T0 + timedelta(minutes=n))
    while (due := deck.next_due()) < (T0 + timedelta(days=days)).isoformat():
        pid = deck.due_ids(datetime.fromisoformat(due))[0]
        card = deck.cards[pid]
        elapsed = (datetime.fromisoformat(due) - datetime.fromisoformat(card.last_review)) / timedelta(days=1)
        chance = 1.0 if elapsed < 1 else (1 + SCHEDULER._FACTOR * elapsed / (factor * card.stability)) ** \
            SCHEDULER._DECAY
        deck = deck.answer(pid, "can_knock", "solved" if rng.random() < chance else "failed", hints=0,
                           seconds=10.0, at=datetime.fromisoformat(due))
    return deck


def test_the_deck_keeps_the_defaults_until_fit_from_answers_then_fits_again_every_refit_every():
    deck = answer_as_due(Deck(), 0.5, 3, seed=5)
    assert 0 < deck.reviews < FIT_FROM and (deck.factor, deck.fitted_at) == (1.0, 0)  # too few: the defaults
    deck = answer_as_due(deck, 0.5, 40, seed=6)
    assert deck.reviews >= FIT_FROM and deck.fitted_at > deck.reviews - REFIT_EVERY
    assert deck.factor == fit_factor(deck.fit_answers()) or deck.fitted_at < deck.reviews  # fitted at fitted_at
    assert deck.factor < 0.8 and deck.fitted_from >= FIT_FROM  # forgets faster than the defaults: shorter intervals
    refit = deck.refitted()
    assert refit is deck or deck.reviews >= deck.fitted_at + REFIT_EVERY  # no fit between two


def test_a_log_the_fit_refuses_keeps_the_factor_and_a_deck_fit_that_is_not_one_is_left_out(caplog):
    document = Progress.new("Ann").with_attempt(puzzle(), "failed", answer="yes", hints=0, at=T0).to_dict()
    card = document["deck"]["k1"]
    migrated = Deck.from_dict({"k1": {**card, "reviews": FIT_FROM, "recalled": 3}}, ["can_knock"],
                              {"factor": 0.7, "fitted_at": 0, "answers": 150})  # none of them logged now
    with caplog.at_level(logging.INFO, logger="gintrainer.records.deck"):
        kept = migrated.refitted()
    assert (kept.factor, kept.fitted_at, kept.fitted_from) == (0.7, FIT_FROM, 150) and "0 answers" in caplog.text
    for fit, reason in (({"factor": 0.0, "fitted_at": 0, "answers": 9}, "factor"), ({"factor": "1"}, "deck_fit"),
                        ({"factor": 1.0, "fitted_at": -2, "answers": 0}, "fit"), ([], "deck_fit"),
                        ({"factor": 0.5, "fitted_at": 0, "answers": 0}, "1 unless fitted")):
        read = Progress.from_json(json.dumps({**document, "deck_fit": fit}))
        assert (read.deck.factor, read.deck.fitted_from) == (1.0, 0) and read.deck.cards == Deck.from_dict(
            document["deck"], ["can_knock"]).cards
        [problem] = read.deck_dropped
        assert problem.startswith("the forgetting factor: ") and reason in problem


@pytest.mark.parametrize("log, reason", [
    ([["2026-12-01T09:00:00Z", 5, None, None]], "grade"), ([["soon", 1, None, None]], "time"),
    ([["2026-12-01T09:00:00Z", 3, 2.0, None]], "both"), ([["2026-12-01T09:00:00Z", 3, -1.0, 1.0]], "days"),
    ([["2026-12-01T09:00:00Z", 3, 2.0, float("nan")]], "stability"), ([[1, 2]], "4 values"), ("all", "list"),
    ([["2026-12-01T09:00:00Z", 1, None, None]] * (LOG_PER_CARD + 1), "at most"),
])
def test_a_bad_log_in_a_file_is_left_out_with_the_reason_and_the_card_keeps_its_schedule(log, reason):
    progress = Progress.new("Ann").with_attempt(puzzle(), "failed", answer="yes", hints=0, at=T0)
    document = progress.to_dict()
    document["deck"]["k1"]["log"] = log
    read = Progress.from_json(json.dumps(document))
    [problem] = read.deck_dropped
    assert problem.startswith("the log of 'k1': ") and reason in problem
    assert read.deck.cards["k1"] == replace(progress.deck.cards["k1"], log=())


def test_a_profile_with_a_bad_log_loads_says_so_and_keeps_the_file_as_it_was(data):
    profiles.record_attempt("Ann", puzzle(), "failed", answer="yes", hints=0, at=T0, seconds=5)
    path = profiles.profile_path("Ann")
    document = json.loads(path.read_text("utf-8"))
    document["deck"]["k1"]["log"] = [["2026-12-01T09:00:00Z", "Again", None, None]]
    document["deck_fit"] = {"factor": 1e9, "fitted_at": 0, "answers": 0}
    path.write_text(json.dumps(document), "utf-8")
    outcome = profiles.load("Ann")
    [notice] = outcome.notices
    assert "could not be read in 2 places" in notice and "the log of 'k1'" in notice
    assert outcome.progress.deck.cards["k1"].due == document["deck"]["k1"]["due"]  # the schedule kept
    [copy] = (data / "profiles").glob("*.dropped-*.json")
    assert json.loads(copy.read_text("utf-8")) == document
    assert profiles.load("Ann").notices == ()  # written again without the bad parts


def test_a_learner_s_logs_keep_log_limit_answers_the_oldest_dropped(monkeypatch):
    monkeypatch.setattr(deck_module, "LOG_LIMIT", 5)
    deck = Deck()
    for n in range(4):
        deck = deck.answer(f"k{n}", "can_knock", "failed", hints=0, seconds=10.0, at=T0 + timedelta(minutes=n))
        deck = deck.answer(f"k{n}", "can_knock", "solved", hints=0, seconds=10.0, at=T0 + timedelta(hours=n + 1))
    kept = sorted(entry.at for card in deck.cards.values() for entry in card.log)
    assert kept == ["2026-12-01T09:03:00Z", *(f"2026-12-01T{h}:00:00Z" for h in (10, 11, 12, 13))]  # 3 dropped
