"""Files as gintrainer wrote them before one storage module kept every file (commit
518dada), read by this version: a version 2 profile, a practice game saved under the
exact spelling of its learner's name, a student's results file and a hand history; and
files written later (a version 4 profile with a hand review).
(Profiles of version 1 are in test_profiles.py.) ``tests/stored/README.md`` says how
they were made."""

import datetime as dt
import json
import shutil
from pathlib import Path

import pytest

from gintrainer.classroom import ResultsError, build_gradebook, read_results
from gintrainer.records.profiles import list_profiles, load, profile_path
from gintrainer.records.progress import Settings
from gintrainer.records.storage import spelling_stem
from gintrainer.replay import dump, examples
from gintrainer.replay import load as load_history
from gintrainer.replay.kept import open_notes, open_replay, open_review
from gintrainer.trainers.practice import PracticeGame, save_path

STORED = Path(__file__).resolve().parent / "stored"
DEFAULTS = {"factor": 1.0, "fitted_at": 0, "answers": 0}
"""The review deck's forgetting factor of a profile older than version 7: the defaults', never fitted."""
OLD_PRACTICE = STORED / "practice" / "mia-41509508705b.json"


@pytest.fixture
def data(data):
    """The shared data folder, holding the stored profiles and practice games."""
    for kind in ("profiles", "practice"):
        shutil.copytree(STORED / kind, data / kind)
    return data


def test_a_version_2_profile_loads_and_is_written_again_as_version_7_with_its_review_list_in_the_deck(data):
    stored = (STORED / "profiles" / "mia-a6ae07ad556c.json").read_text("utf-8")
    assert profile_path("Mia").name == "mia-a6ae07ad556c.json"
    outcome = load("MIA")
    p = outcome.progress
    assert outcome.notices == () and p.name == "Mia" and list_profiles() == ("İrem", "Mia")
    assert (p.solved, p.failed, p.hinted, p.streak, p.best_streak) == (1, 1, 1, 0, 1)
    assert p.settings == Settings(four_colour=True, difficulty="harder") and p.review == ("bd-aaaaaaaaaaaa",)
    assert [(a.puzzle_id, a.result, a.counted) for a in p.history] == [
        ("ck-0123456789ab", "solved", True), ("bd-0123456789ab", "failed", True),
        ("bd-aaaaaaaaaaaa", "hinted", True), ("bd-0123456789ab", "solved", False)]
    assert p.rating.rating == p.history[-1].rating == 1340.702935235225
    assert p.lessons == {} and p.to_dict()["lessons"] == {}
    written = json.loads(profile_path("Mia").read_text("utf-8"))
    new_card = {"kind": "best_discard", "state": 1, "step": 0, "stability": None, "difficulty": None,
                "due": "2026-03-05T10:02:00Z", "last_review": None, "reviews": 0, "recalled": 0, "log": []}
    assert written == {**json.loads(stored), "schema": 7, "lessons": {}, "hand_reviews": [],
                       "deck": {"bd-aaaaaaaaaaaa": new_card}, "deck_fit": DEFAULTS}  # the puzzle to review is due
    assert load("Mia").progress == p and profile_path("Mia").read_text("utf-8") == p.to_json()


def test_a_profile_named_with_a_turkish_capital_i_is_found_by_every_spelling(data):
    for spelling in ("İrem", "irem", "IREM", "ırem"):
        outcome = load(spelling)
        assert outcome.progress.name == "İrem" and outcome.progress.failed == 1 and outcome.notices == ()


def test_a_practice_game_saved_under_the_exact_spelling_is_resumed_by_every_spelling(data):
    old = data / "practice" / OLD_PRACTICE.name
    assert old.name == f"{spelling_stem('Mia')}.json" != save_path("Mia").name
    game, notice = PracticeGame.resume("Mia")
    stored = json.loads(OLD_PRACTICE.read_text())
    assert stored["version"] == 1 and stored["coach"] is True
    assert notice is None and game.to_dict() == {**stored, "version": 3, "coach": "table", "tutor": "off",
                                                 "tutor_notes": []}  # the coach on: its table; no tutor then
    assert (game.hand.phase, game.learner_to_act, game.can_take_back) == ("discard", True, True)
    assert not old.exists() and save_path("mia").read_bytes() == OLD_PRACTICE.read_bytes()
    again, notice = PracticeGame.resume("MIA")
    assert notice is None and again.to_dict() == game.to_dict()
    game.owner = "Mia"
    game.save()
    assert json.loads(save_path("Mia").read_text()) == game.to_dict()  # saved again, as version 3
    assert PracticeGame.resume("Mia")[0].to_dict() == game.to_dict()


def test_a_version_2_practice_game_with_the_coach_in_words_is_read_back_with_the_tutor_off(data):
    stored = STORED / "practice_v2" / "lena-cc967443070a.json"
    shutil.copy(stored, data / "practice" / stored.name)
    game, notice = PracticeGame.resume("Lena")
    assert notice is None and game.coach == "words" and game.tutor == "off"
    assert game.to_dict() == {**json.loads(stored.read_text()), "version": 3, "tutor": "off", "tutor_notes": []}
    assert (game.hand.phase, game.learner_to_act) == ("discard", True)
    assert game.coach_words() is not None and game.coach_table() is None
    game.save()
    assert save_path("Lena").read_bytes() == (STORED / "practice_v3" / stored.name).read_bytes()  # as version 3


def test_a_version_3_practice_game_is_read_back_unchanged(data):
    stored = STORED / "practice_v3" / "lena-cc967443070a.json"
    shutil.copy(stored, data / "practice" / stored.name)
    game, notice = PracticeGame.resume("Lena")
    assert notice is None and game.to_dict() == json.loads(stored.read_text())
    game.save()
    assert save_path("Lena").read_bytes() == stored.read_bytes()  # saved again, the same bytes


def test_a_results_file_reads_and_makes_a_gradebook():
    [file] = (STORED / "results").iterdir()
    results = read_results(file.read_bytes())
    assert (results.student, results.code, results.answered, results.right) == ("Zoë", "84G3R-01H94-2BSW0", 3, 2)
    assert [a.seconds for a in results.attempts] == [2.5, 2.5, 2.5]
    assert results.to_csv().encode("utf-8") == file.read_bytes()
    book = build_gradebook([(file.name, file.read_bytes())])
    assert book.problems == () and book.students == ("Zoë",) and book.files == (file.name,)


@pytest.mark.parametrize("position", ["9" * 5000, "0" * 4999 + "1" * 7, "1234567"])
def test_a_results_file_with_a_position_of_thousands_of_digits_is_skipped_not_a_crash(position):
    [file] = (STORED / "results").iterdir()
    good = file.read_bytes()
    bad = good.replace(b",2,ck-", f",{position},ck-".encode(), 1)
    assert position.encode() in bad
    with pytest.raises(ResultsError, match=r"line 3: position '[0-9]+'(\.\.\.)? is not a puzzle of any set"):
        read_results(bad)
    book = build_gradebook([(file.name, good), ("other.csv", bad)])
    assert book.students == ("Zoë",) and book.files == (file.name,)
    assert [p.file for p in book.problems] == ["other.csv"]


def test_a_results_text_with_a_lone_surrogate_is_skipped_not_a_crash():
    [file] = (STORED / "results").iterdir()
    good = file.read_text("utf-8")
    bad = good.replace(",no,false,", ",n\udc00o,false,", 1)
    assert bad != good
    book = build_gradebook([(file.name, good), ("other.csv", bad)])
    assert book.students == ("Zoë",) and book.files == (file.name,)
    assert [p.file for p in book.problems] == ["other.csv"] and "not UTF-8" in book.problems[0].reason


def test_a_hand_history_loads_and_writes_back_the_same_text():
    path = STORED / "histories" / "practice-hand-1.json"
    replay = load_history(path)
    assert (replay.title, replay.players, replay.featured, replay.tags) == ("Practice hand 1", ("Mia", "Novice"), 0,
                                                                            ("practice",))
    assert replay.step_count == 34 and len(replay.annotations) == 4 and replay.hand.result.kind == "knock"
    assert dump(replay) == path.read_text("utf-8")


def test_a_version_4_profile_with_a_hand_review_loads_and_is_written_again_as_version_7_with_no_tutor_notes(data):
    [stored] = (STORED / "profiles_v4").iterdir()
    shutil.copy(stored, data / "profiles")
    outcome = load("noor")
    [kept] = outcome.progress.latest_reviews
    assert outcome.notices == () and (kept.at, kept.match, kept.hand, kept.source) == (
        "2026-12-05T07:00:00Z", "21", 3, "practice")
    assert open_review(kept).to_dict() == json.loads((STORED / "reviews" / "undercut-seat-1.json").read_text("utf-8"))
    assert open_replay(kept).hand.history == examples()["undercut"].hand.history and open_notes(kept) == ()
    old = json.loads(stored.read_text("utf-8"))
    written = json.loads((data / "profiles" / stored.name).read_text("utf-8"))
    assert written == {**old, "schema": 7, "hand_reviews": [{**old["hand_reviews"][0], "tutor": []}], "deck": {},
                       "deck_fit": DEFAULTS}


def test_a_version_5_profile_with_the_tutor_s_notes_loads_and_opens_them_written_again_with_an_empty_deck(data):
    [stored] = (STORED / "profiles_v5").iterdir()
    shutil.copy(stored, data / "profiles")
    outcome = load("noor")
    [kept] = outcome.progress.latest_reviews
    notes = open_notes(kept)
    assert outcome.notices == () and [(n.step, n.choice.value, n.hinted) for n in notes] == [
        (8, "rethink", True), (8, "played", False)]
    assert {n.step for n in notes} <= {d.step for d in open_review(kept).decisions}
    written = json.loads((data / "profiles" / stored.name).read_text("utf-8"))
    assert written == {**json.loads(stored.read_text("utf-8")), "schema": 7, "deck": {},
                       "deck_fit": DEFAULTS}  # nothing to review


def test_a_version_6_profile_with_a_review_deck_loads_with_its_schedule_and_is_written_again_with_empty_logs(data):
    [stored] = (STORED / "profiles_v6").iterdir()
    shutil.copy(stored, data / "profiles")
    outcome = load("sami")
    deck = outcome.progress.deck
    assert outcome.notices == () and sorted(deck.cards) == ["bd-0f0f0f0f0f0f", "bd-a3cc5b3bf06c", "ck-0e3e40ee211d"]
    known = deck.cards["ck-0e3e40ee211d"]
    assert (known.state, known.due, known.reviews, known.recalled) == (2, "2026-12-06T09:00:00Z", 1, 1)
    assert deck.learned == 1 and deck.retention == 1.0
    assert deck.due_ids(dt.datetime(2026, 12, 5, tzinfo=dt.UTC)) == ("bd-a3cc5b3bf06c", "bd-0f0f0f0f0f0f")
    assert (deck.factor, deck.fitted_at, deck.fit_answers()) == (1.0, 0, [])  # the answers before were not kept
    old = json.loads(stored.read_text("utf-8"))
    written = json.loads((data / "profiles" / stored.name).read_text("utf-8"))
    assert written == {**old, "schema": 7, "deck": {pid: {**card, "log": []} for pid, card in old["deck"].items()},
                       "deck_fit": DEFAULTS}  # nothing else changed
    later = dt.datetime(2026, 12, 8, 9, 0, tzinfo=dt.UTC)
    again = deck.answer("ck-0e3e40ee211d", "can_knock", "solved", hints=0, seconds=10.0, at=later)
    [entry] = again.cards["ck-0e3e40ee211d"].log
    assert (entry.grade, entry.days, entry.stability) == (3, 4.0, round(known.stability, 4))  # logged from now on


def test_a_version_7_profile_with_the_deck_s_logs_loads_unchanged_and_gives_the_fit_its_answers(data):
    [stored] = (STORED / "profiles_v7").iterdir()
    shutil.copy(stored, data / "profiles")
    outcome = load("rana")
    deck = outcome.progress.deck
    [card] = deck.cards.values()
    assert outcome.notices == () and [(e.at, e.grade) for e in card.log] == [
        ("2026-12-01T09:00:00Z", 1), ("2026-12-01T09:12:00Z", 3), ("2026-12-03T09:00:00Z", 3),
        ("2026-12-06T09:00:00Z", 1)]
    assert deck.fit_answers() == [(1.9917, 0.2467, True), (3.0, 2.0215, False)]  # a day or more after the last
    assert (deck.factor, deck.fitted_at, deck.fitted_from, deck.reviews, deck.retention) == (1.0, 0, 0, 2, 0.5)
    assert (data / "profiles" / stored.name).read_bytes() == stored.read_bytes()  # read, not written again
