"""Profiles on disk: names and their files, files of version 1, recording, settings,
concurrency, unreadable files, export, import and reset."""

import json
import multiprocessing
import os
import re
import threading
from datetime import UTC, datetime, timedelta

import pytest

from gintrainer import GinError
from gintrainer.records import progress as progress_module
from gintrainer.records.profiles import (
    export,
    import_profile,
    list_profiles,
    load,
    profile_path,
    record_attempt,
    reset,
    saved_language,
    update_settings,
)
from gintrainer.records.progress import HISTORY_LIMIT, KINDS, PROFILE, Progress, ProgressError, ProgressFileError, Tally
from gintrainer.records.rating import Rating, update
from gintrainer.records.storage import InvalidNameError, clean_name, data_dir, name_key, name_stem, spelling_stem


def puzzle(pid="k1", kind="can_knock", themes=("set-or-run",), difficulty=1200):
    return {"id": pid, "kind": kind, "themes": list(themes), "difficulty": difficulty}


def profiles_in(folder):
    return sorted(p.name for p in (folder / "profiles").iterdir() if not p.name.endswith(".lock"))


# --- where files go -----------------------------------------------------------

def test_data_dir_is_read_at_call_time(tmp_path, monkeypatch):
    monkeypatch.delenv("GINTRAINER_DATA", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert data_dir() == tmp_path / "home" / ".local" / "share" / "gintrainer"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "gintrainer"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    assert data_dir() == tmp_path / "home" / ".local" / "share" / "gintrainer"
    monkeypatch.setenv("GINTRAINER_DATA", str(tmp_path / "mine"))
    assert data_dir() == tmp_path / "mine"
    assert profile_path("Ann").parent == tmp_path / "mine" / "profiles"


@pytest.mark.parametrize("name", ["", "   ", "a\x00b", "tab\there", "new\nline", "x" * 200, "zero\u200bwidth"])
def test_unsafe_names_are_refused(data, name):
    with pytest.raises(InvalidNameError, match="a name"):
        load(name)
    assert not data.exists() or not list((data / "profiles").glob("*.json"))


@pytest.mark.parametrize("name", [None, 5, b"Ann", ["Ann"]])
def test_names_must_be_text(data, name):
    with pytest.raises(InvalidNameError, match="a name must be text"):
        load(name)


@pytest.mark.parametrize("name", ["../x", "..", ".", "/etc/passwd", "a/../../b", "~root", "C:\\x", "名前", "x" * 40])
def test_odd_names_map_safely(data, name):
    path = profile_path(name)
    assert path.parent == data / "profiles"
    assert path.name == name_stem(name) + ".json"
    assert set(name_stem(name)) <= set("abcdefghijklmnopqrstuvwxyz0123456789-")
    assert set(spelling_stem(name)) <= set("abcdefghijklmnopqrstuvwxyz0123456789-")
    outcome = load(name)
    assert outcome.progress.name == name and outcome.notice is None
    assert path.exists() and json.loads(path.read_text("utf-8"))["name"] == name
    assert list_profiles() == (name,)


def test_names_are_stripped_normalised_and_kept_apart(data):
    assert clean_name("  Ann  ") == "Ann"
    assert clean_name("Zoe\u0308") == "Zoë"
    assert spelling_stem("Ann") == spelling_stem(" Ann ")
    stems = {spelling_stem(name) for name in ("Ann", "ann", "Ann!", "Ann?", "ANN")}
    assert len(stems) == 5 and all(stem.startswith("ann-") for stem in stems)
    profile_stems = {name_stem(name) for name in ("Ann", "ann", "Ann!", "Ann?", "ANN")}
    assert len(profile_stems) == 3 and all(stem.startswith("ann-") for stem in profile_stems)
    for name in ("Ann", "ann", "Ann!"):
        load(name)
    assert list_profiles() == ("Ann", "Ann!")
    assert issubclass(InvalidNameError, GinError)


def test_names_match_whatever_their_case_and_keep_the_first_spelling(data):
    record_attempt("Mia", puzzle("k1"), "solved", answer=True, hints=0)
    for spelling in ("mia", "MIA", " mIa "):
        outcome = load(spelling)
        assert outcome.progress.name == "Mia" and outcome.progress.solved == 1 and outcome.notices == ()
    p = record_attempt("MIA", puzzle("k2"), "failed", answer=False, hints=0).progress
    assert (p.name, p.solved, p.failed) == ("Mia", 1, 1)
    assert list_profiles() == ("Mia",) and profiles_in(data) == [profile_path("Mia").name]
    assert json.loads(export("mia"))["name"] == "Mia"
    assert reset("mIA").progress.name == "Mia"


@pytest.mark.parametrize("first, second", [("İrem", "irem"), ("İREM", "Irem"), ("Işık", "IŞIK"), ("ışık", "Işık"),
                                           ("Straße", "STRASSE"), ("Zoë", "ZOË"), ("Zoe\u0308", "zoë")])
def test_case_folding_minds_turkish_i_and_other_letters(data, first, second):
    assert name_key(first) == name_key(second)
    load(first)
    assert load(second).progress.name == clean_name(first) and list_profiles() == (clean_name(first),)


def test_different_names_stay_apart_after_folding(data):
    assert len({name_key(n) for n in ("Ann", "Anne", "Ann!", "An n", "Ånn")}) == 5


# --- files of version 1 ----------------------------------------------------------

# Written by version 1 (schema 1), which filed each exact spelling apart: "Mia" answered bd-1 twice (both
# counted then), "mia" is the same learner typing in lower case a day later.
V1_MIA = (
    '{"schema": 1, "name": "Mia", "created": "2026-03-01T08:00:00Z", "rating": {"rating": 1505.3272778996409, '
    '"deviation": 207.0998243021907, "volatility": 0.060009176406434515}, "solved": 2, "failed": 1, "hinted": 0, '
    '"streak": 0, "best_streak": 2, "themes": {"naive-wrong": {"solved": 2, "failed": 0, "hinted": 0}}, "kinds": '
    '{"best_discard": {"solved": 2, "failed": 0, "hinted": 0}, "can_knock": {"solved": 0, "failed": 1, "hinted": 0}}, '
    '"review": ["ck-2"], "solved_ids": ["bd-1"], "settings": {"four_colour": true, "difficulty": "adaptive"}, '
    '"history": [{"puzzle_id": "bd-1", "kind": "best_discard", "result": "solved", "hints": 0, "answer": "7H", '
    '"at": "2026-03-01T09:00:00Z", "difficulty": 1500.0, "rating": 1675.0756982644232}, {"puzzle_id": "bd-1", '
    '"kind": "best_discard", "result": "solved", "hints": 0, "answer": "7H", "at": "2026-03-01T09:01:00Z", '
    '"difficulty": 1500.0, "rating": 1743.0306373550568}, {"puzzle_id": "ck-2", "kind": "can_knock", "result": '
    '"failed", "hints": 0, "answer": "yes", "at": "2026-03-01T09:02:00Z", "difficulty": 1100.0, "rating": '
    '1505.3272778996409}]}\n')
V1_MIA_LOWER = (
    '{"schema": 1, "name": "mia", "created": "2026-03-02T08:00:00Z", "rating": {"rating": 1147.877147516637, '
    '"deviation": 234.43011638696717, "volatility": 0.060000004399631296}, "solved": 0, "failed": 1, "hinted": 1, '
    '"streak": 0, "best_streak": 0, "themes": {"gin": {"solved": 0, "failed": 0, "hinted": 1}, "naive-wrong": '
    '{"solved": 0, "failed": 1, "hinted": 0}}, "kinds": {"best_discard": {"solved": 0, "failed": 1, "hinted": 0}, '
    '"can_knock": {"solved": 0, "failed": 0, "hinted": 1}}, "review": ["ck-3", "bd-1"], "solved_ids": [], '
    '"settings": {"four_colour": false, "difficulty": "adaptive"}, "history": [{"puzzle_id": "ck-3", "kind": '
    '"can_knock", "result": "hinted", "hints": 1, "answer": "no", "at": "2026-03-02T09:00:00Z", "difficulty": '
    '1300.0, "rating": 1194.6998269705205}, {"puzzle_id": "bd-1", "kind": "best_discard", "result": "failed", '
    '"hints": 0, "answer": "KS", "at": "2026-03-02T09:01:00Z", "difficulty": 1500.0, "rating": 1147.877147516637}]}\n')


def write_v1(folder, text):
    """Put a version 1 file where version 1 kept it: under the hash of the exact spelling."""
    path = folder / "profiles" / f"{spelling_stem(json.loads(text)['name'])}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_a_version_1_file_is_read_and_migrated(data):
    old = write_v1(data, V1_MIA)
    assert old != profile_path("Mia") and list_profiles() == ("Mia",)
    outcome = load("mia")
    p = outcome.progress
    assert outcome.notices == () and p.name == "Mia"
    assert (p.solved, p.failed, p.hinted, p.best_streak, p.review) == (2, 1, 0, 2, ("ck-2",))
    assert p.seen_ids == {"bd-1", "ck-2"} and p.solved_ids == {"bd-1"} and p.settings.four_colour
    assert p.rating.rating == 1505.3272778996409 and all(a.counted for a in p.history)
    assert not old.exists() and json.loads(profile_path("Mia").read_text())["schema"] == PROFILE.version == 7
    again = record_attempt("Mia", puzzle("bd-1", "best_discard", ["naive-wrong"], 1500), "solved", answer="7H", hints=0)
    assert again.progress.solved == 2 and not again.progress.history[-1].counted


def test_a_version_1_file_already_in_place_is_migrated(data):
    old = write_v1(data, V1_MIA_LOWER)
    assert old == profile_path("mia")
    p = load("MIA").progress
    assert (p.name, p.failed, p.hinted, p.review) == ("mia", 1, 1, ("ck-3", "bd-1"))
    assert json.loads(old.read_text())["schema"] == PROFILE.version


def test_a_pair_differing_only_in_case_is_merged_and_nothing_is_lost(data):
    upper, lower = write_v1(data, V1_MIA), write_v1(data, V1_MIA_LOWER)
    assert list_profiles() == ("Mia",)
    outcome = load("mia")
    p = outcome.progress
    assert p.name == "Mia" and p.created == "2026-03-01T08:00:00Z" and p.settings.four_colour
    assert (p.solved, p.failed, p.hinted, p.streak, p.best_streak) == (2, 2, 1, 0, 2)
    assert p.themes == {"naive-wrong": Tally(2, 1, 0), "gin": Tally(0, 0, 1)}
    assert p.kinds == {"best_discard": Tally(2, 1, 0), "can_knock": Tally(0, 1, 1)}
    assert [a.at[:16] for a in p.history] == ["2026-03-01T09:00", "2026-03-01T09:01", "2026-03-01T09:02",
                                              "2026-03-02T09:00", "2026-03-02T09:01"]
    assert p.review == ("ck-2", "ck-3", "bd-1") and p.solved_ids == {"bd-1"} and p.seen_ids == {"bd-1", "ck-2", "ck-3"}
    assert p.rating == Progress.from_json(V1_MIA).rating  # the profile with more attempts
    kept = sorted((data / "profiles").glob("*.merged-*.json"))
    assert sorted(k.read_text() for k in kept) == sorted([V1_MIA, V1_MIA_LOWER])
    assert "'Mia', 'mia'" in outcome.notice and "merged under 'Mia'" in outcome.notice
    assert all(str(k) in outcome.notice for k in kept)
    assert lower == profile_path("Mia") and not upper.exists() and json.loads(lower.read_text())["name"] == "Mia"
    assert load("MIA").notices == () and list_profiles() == ("Mia",)


def test_importing_under_another_case_of_a_name_finds_the_profile(data):
    record_attempt("Ann", puzzle(), "solved", answer=True, hints=0)
    text = export("Ann")
    with pytest.raises(ProgressError, match="a profile named 'Ann' already exists"):
        import_profile(text, name="ANN")
    assert import_profile(text, name="ANN", replace_existing=True).progress.name == "Ann"


# --- recording ------------------------------------------------------------------

def test_record_and_load_round_trip(data):
    when = datetime(2024, 5, 1, 12, 30, tzinfo=UTC)
    record_attempt("Ann", puzzle("k1"), "solved", answer=True, hints=0, at=when)
    record_attempt("Ann", puzzle("d1", "best_discard", ["forbidden-discard"], 1400), "failed", answer="7H",
                   hints=0, at=when + timedelta(minutes=1))
    outcome = record_attempt("Ann", puzzle("d2", "best_discard", [], 1000), "hinted", answer=None, hints=2)
    loaded = load("Ann")
    assert loaded.notices == () and loaded.progress == outcome.progress
    p = loaded.progress
    assert (p.solved, p.failed, p.hinted, p.attempts) == (1, 1, 1, 3)
    assert [(a.puzzle_id, a.result, a.hints, a.answer) for a in p.history] == [
        ("k1", "solved", 0, True), ("d1", "failed", 0, "7H"), ("d2", "hinted", 2, None)]
    assert p.history[0].at == "2024-05-01T12:30:00Z"
    assert p.history[1].at == "2024-05-01T12:31:00Z"
    assert datetime.fromisoformat(p.history[2].at).tzinfo is not None
    assert p.kinds == {"can_knock": Tally(1, 0, 0), "best_discard": Tally(0, 1, 1)}
    stored = json.loads(profile_path("Ann").read_text("utf-8"))
    assert stored["schema"] == PROFILE.version and stored["name"] == "Ann"
    assert Progress.from_dict(stored) == p


def test_rating_follows_glicko(data):
    record_attempt("Ann", puzzle(difficulty=1300), "solved", answer=True, hints=0)
    record_attempt("Ann", puzzle("k2", difficulty=1700), "failed", answer=False, hints=0)
    p = load("Ann").progress
    assert p.rating == update(update(Rating(), 1300, True), 1700, False)
    assert p.history[-1].rating == p.rating.rating
    assert Rating.from_dict(json.loads(profile_path("Ann").read_text())["rating"]) == p.rating


def test_streaks_and_theme_counts(data):
    results = ["solved", "solved", "failed", "solved", "solved", "solved", "hinted", "solved"]
    for i, result in enumerate(results):
        themes = ["set-or-run", "forbidden-discard"] if i % 2 else ["set-or-run"]
        outcome = record_attempt("Ann", puzzle(f"p{i}", themes=themes), result, answer=True,
                                 hints=1 if result == "hinted" else 0)
    p = outcome.progress
    assert (p.streak, p.best_streak) == (1, 3)
    assert p.themes["set-or-run"] == Tally(solved=6, failed=1, hinted=1)
    assert p.themes["forbidden-discard"] == Tally(solved=4, failed=0, hinted=0)
    assert p.kinds["can_knock"].attempts == 8


def test_a_theme_listed_twice_counts_once(data):
    p = record_attempt("Ann", puzzle(themes=["x", "x"]), "solved", answer=True, hints=0).progress
    assert p.themes == {"x": Tally(solved=1)}


def test_review_queue(data):
    record_attempt("Ann", puzzle("a"), "failed", answer=False, hints=0)
    record_attempt("Ann", puzzle("b"), "failed", answer=False, hints=0)
    record_attempt("Ann", puzzle("a"), "failed", answer=False, hints=0)
    assert load("Ann").progress.review == ("a", "b")
    p = record_attempt("Ann", puzzle("a"), "hinted", answer=True, hints=1).progress
    assert p.review == ("a", "b") and "a" not in p.solved_ids
    p = record_attempt("Ann", puzzle("a"), "solved", answer=True, hints=0).progress
    assert p.review == ("b",) and p.solved_ids == frozenset() and p.seen_ids == {"a", "b"}
    p = record_attempt("Ann", puzzle("c"), "hinted", answer=True, hints=1).progress
    assert p.review == ("b", "c")
    p = record_attempt("Ann", puzzle("d"), "solved", answer=True, hints=0).progress
    p = record_attempt("Ann", puzzle("d"), "failed", answer=False, hints=0).progress
    assert p.review == ("b", "c", "d") and "d" in p.solved_ids


def test_a_puzzle_counts_once(data):
    first = record_attempt("Ann", puzzle("k1", difficulty=1500), "solved", answer="yes 7H", hints=0)
    assert first.previous.rating == Rating() and first.progress.history[-1].counted
    counted = first.progress
    for result, hints in (("solved", 0), ("hinted", 2), ("failed", 0), ("solved", 0)):
        outcome = record_attempt("Ann", puzzle("k1", difficulty=1500), result, answer="yes 7H", hints=hints)
        p = outcome.progress
        assert (p.rating, p.solved, p.failed, p.hinted, p.streak, p.themes, p.kinds) == (
            counted.rating, 1, 0, 0, 1, counted.themes, counted.kinds)
        assert outcome.previous.rating == p.rating
        last = p.history[-1]
        assert (last.counted, last.result, last.rating) == (False, result, counted.rating.rating)
    assert p.counted_attempt("k1") == counted.history[0] and p.has_seen("k1") and not p.has_seen("k2")
    assert [a.counted for a in p.history] == [True, False, False, False, False]
    assert Progress.from_json(p.to_json()) == p


def test_hinted_is_not_solved(data):
    p = record_attempt("Ann", puzzle(), "solved", answer=True, hints=0).progress
    p = record_attempt("Ann", puzzle("k2"), "hinted", answer=True, hints=1).progress
    assert (p.solved, p.hinted, p.streak, p.best_streak) == (1, 1, 0, 1)
    assert p.solved_ids == {"k1"} and p.rating.rating < p.history[0].rating


@pytest.mark.parametrize("args, kwargs, message", [
    ((puzzle(), "won"), {"answer": True, "hints": 0}, "result must be one of solved, failed, hinted, not 'won'"),
    ((puzzle(), "solved"), {"answer": True, "hints": 2}, "record it as 'hinted'"),
    ((puzzle(), "hinted"), {"answer": True, "hints": 0}, "no hints were used"),
    ((puzzle(), "failed"), {"answer": True, "hints": -1}, "hints must be a whole number from 0, not -1"),
    ((puzzle(), "failed"), {"answer": True, "hints": True}, "hints must be a whole number"),
    ((puzzle(), "failed"), {"answer": [1], "hints": 0}, "an answer must be text"),
    ((puzzle(), "failed"), {"answer": "x" * 500, "hints": 0}, "at most 200 characters"),
    ((puzzle(kind="gin"), "failed"), {"answer": 1, "hints": 0}, "puzzle 'k1' has kind 'gin'"),
    ((puzzle(difficulty="hard"), "failed"), {"answer": 1, "hints": 0}, "puzzle 'k1' has difficulty 'hard'"),
    ((puzzle(pid=""), "failed"), {"answer": 1, "hints": 0}, "a puzzle's id must be non-empty text"),
    (({"id": "k1", "kind": "can_knock"}, "failed"), {"answer": 1, "hints": 0}, "a puzzle needs 'themes'"),
    (({**puzzle(), "themes": "set-or-run"}, "failed"), {"answer": 1, "hints": 0}, "must list its themes"),
    ((puzzle(themes=[3]), "failed"), {"answer": 1, "hints": 0}, "has theme 3"),
    ((puzzle(), "failed"), {"answer": 1, "hints": 0, "at": datetime(2024, 1, 1)}, "with a time zone"),
])
def test_bad_attempts_change_nothing(data, args, kwargs, message):
    record_attempt("Ann", puzzle("first"), "solved", answer=True, hints=0)
    before = profile_path("Ann").read_bytes()
    with pytest.raises(ProgressError, match=message):
        record_attempt("Ann", *args, **kwargs)
    assert profile_path("Ann").read_bytes() == before
    with pytest.raises(ProgressError):
        record_attempt("Bob", *args, **kwargs)
    assert not profile_path("Bob").exists()


def test_puzzle_objects_are_accepted(data):
    class Puzzle:
        id, kind, themes, difficulty = "obj", "best_discard", ("deadwood",), 1500

    p = record_attempt("Ann", Puzzle(), "failed", answer="KS", hints=0).progress
    assert p.themes == {"deadwood": Tally(failed=1)} and p.review == ("obj",)


def test_history_keeps_the_latest_attempts(data, monkeypatch):
    monkeypatch.setattr(progress_module, "HISTORY_LIMIT", 5)
    for i in range(8):
        p = record_attempt("Ann", puzzle(f"p{i}"), "solved", answer=True, hints=0).progress
    assert [a.puzzle_id for a in p.history] == ["p3", "p4", "p5", "p6", "p7"]
    assert p.solved == 8 and p.themes["set-or-run"].solved == 8
    assert HISTORY_LIMIT == 1000


# --- settings --------------------------------------------------------------------

def test_settings(data):
    assert load("Ann").progress.settings.four_colour is False
    p = update_settings("Ann", four_colour=True, difficulty="harder").progress
    assert (p.settings.four_colour, p.settings.difficulty) == (True, "harder")
    assert p.target_rating == p.rating.rating + 300  # Lichess's "harder"
    assert load("Ann").progress.settings == p.settings
    before = profile_path("Ann").read_bytes()
    with pytest.raises(ProgressError, match="unknown setting 'colour': the settings are four_colour, difficulty"):
        update_settings("Ann", colour=True)
    with pytest.raises(ProgressError, match="setting four_colour must be true or false, not 'yes'"):
        update_settings("Ann", four_colour="yes")
    with pytest.raises(ProgressError, match="setting difficulty must be one of"):
        update_settings("Ann", difficulty=1500)
    assert profile_path("Ann").read_bytes() == before


# --- concurrency -----------------------------------------------------------------

WRITERS, ATTEMPTS = 2, 200


def record_many(folder, worker):
    os.environ["GINTRAINER_DATA"] = folder
    for i in range(ATTEMPTS):
        result = "failed" if i % 4 == 0 else "solved"
        record_attempt("Shared", puzzle(f"w{worker}-{i}", KINDS[i % 2], [f"theme{worker}", "common"]),
                       result, answer=i, hints=0)


def test_concurrent_writers_lose_nothing(data):
    load("Shared")
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=record_many, args=(str(data), w)) for w in range(WRITERS)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=60)
    assert [worker.exitcode for worker in workers] == [0] * WRITERS
    outcome = load("Shared")
    p = outcome.progress
    assert outcome.notices == ()
    failed_each = len(range(0, ATTEMPTS, 4))
    assert (p.solved, p.failed) == (WRITERS * (ATTEMPTS - failed_each), WRITERS * failed_each)
    assert len(p.history) == WRITERS * ATTEMPTS
    for w in range(WRITERS):
        assert [a.answer for a in p.history if a.puzzle_id.startswith(f"w{w}-")] == list(range(ATTEMPTS))
        assert p.themes[f"theme{w}"].attempts == ATTEMPTS
    assert p.themes["common"].attempts == WRITERS * ATTEMPTS
    assert sum(t.attempts for t in p.kinds.values()) == WRITERS * ATTEMPTS
    assert profiles_in(data) == [profile_path("Shared").name]


def test_concurrent_threads_lose_nothing(data):
    def record(worker):
        for i in range(25):
            record_attempt("Shared", puzzle(f"t{worker}-{i}"), "failed", answer=i, hints=0)

    threads = [threading.Thread(target=record, args=(w,)) for w in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    p = load("Shared").progress
    assert p.failed == 100 and len(p.review) == 100 and p.themes["set-or-run"].failed == 100


# --- unreadable files -------------------------------------------------------------

def corrupt_files(folder):
    return sorted((folder / "profiles").glob("*.corrupt-*.json"))


def test_a_corrupt_file_is_set_aside_and_reported(data):
    record_attempt("Ann", puzzle(), "solved", answer=True, hints=0)
    garbage = b'{"schema": 1, "name": "Ann", "solv\xff\x00'
    profile_path("Ann").write_bytes(garbage)
    outcome = load("Ann")
    [aside] = corrupt_files(data)
    assert aside.read_bytes() == garbage
    assert aside.name.startswith(name_stem("Ann") + ".corrupt-")
    assert outcome.progress == Progress("Ann", created=outcome.progress.created)
    assert "was unreadable" in outcome.notice and str(aside) in outcome.notice
    assert "A fresh one was started" in outcome.notice
    again = load("Ann")
    assert again.notices == () and again.progress == outcome.progress
    assert len(corrupt_files(data)) == 1


@pytest.mark.parametrize("content, reason", [
    (b"", "not valid JSON"),
    (b"[1, 2, 3]", "a progress file is a JSON object, not a list"),
    (b'"Ann"', "a progress file is a JSON object, not text"),
    (b"\xff\xfe", "not UTF-8"),
    (b'{"name": "\xc3("}', "not UTF-8"),
    (b"[" * 100_000, "nested too deeply"),
    (json.dumps({"schema": 8, "name": "Ann"}).encode(),
     "a progress file of version 8, newer than this gintrainer reads (version 7): update gintrainer"),
    (json.dumps({"schema": "1"}).encode(), "the schema of a progress file is a whole number from 1, not '1'"),
    (json.dumps({"schema": True}).encode(), "the schema of a progress file is a whole number from 1, not True"),
    (json.dumps({"schema": 2.0}).encode(), "the schema of a progress file is a whole number from 1, not 2.0"),
    (json.dumps({"schema": 0}).encode(), "the schema of a progress file is a whole number from 1, not 0"),
])
def test_unreadable_documents_are_set_aside(data, content, reason):
    path = profile_path("Ann")
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    outcome = load("Ann")
    assert reason in outcome.notice
    [aside] = corrupt_files(data)
    assert aside.read_bytes() == content


def good_document():
    return Progress.new("Ann").with_attempt(puzzle(), "failed", answer=True, hints=0).to_dict()


@pytest.mark.parametrize("change, reason", [
    (lambda d: d.pop("history"), "lacks 'history'"),
    (lambda d: d.update(extra=1), "unknown field 'extra'"),
    (lambda d: d.update(solved="3"), "'solved' must be a whole number from 0, not '3'"),
    (lambda d: d.update(failed=-1), "'failed' must be a whole number from 0, not -1"),
    (lambda d: d.update(streak=5), "the streak 5 is above the best streak 0"),
    (lambda d: d.update(rating={"rating": 1500}), "a rating must be a dict"),
    (lambda d: d["rating"].update(deviation=-5), "deviation must be above 0"),
    (lambda d: d.update(themes=[]), "'themes' must be a JSON object"),
    (lambda d: d["themes"].update(x={"solved": 1}), "lacks 'failed', 'hinted'"),
    (lambda d: d["kinds"].update(gin=d["kinds"]["can_knock"]), "a kind must be one of"),
    (lambda d: d.update(review="k1"), "'review' must be a list"),
    (lambda d: d.update(review=["k1", "k1"]), "lists a puzzle twice"),
    (lambda d: d.update(solved_ids=[None]), "a puzzle id in 'solved_ids' must be non-empty text"),
    (lambda d: d.update(seen_ids=[]), "'seen_ids' lacks a puzzle"),
    (lambda d: d.pop("seen_ids"), "lacks 'seen_ids'"),
    (lambda d: d["history"][0].update(counted="yes"), "counted must be true or false"),
    (lambda d: d["history"][0].pop("counted"), "an attempt lacks 'counted'"),
    (lambda d: d["history"][0].update(themed=True), "an attempt lacks 'puzzle_deviation'"),
    (lambda d: d["history"][0].update(puzzle_deviation=0, themed=False), "puzzle_deviation must be above 0"),
    (lambda d: d["history"][0].update(puzzle_deviation=60, themed="no"), "themed true or false"),
    (lambda d: d["history"][0].update(result="won"), "an attempt's result must be one of"),
    (lambda d: d["history"][0].update(at="yesterday"), "an attempt's time must be an ISO 8601 time"),
    (lambda d: d["history"][0].update(answer={"a": 1}), "an answer must be text"),
    (lambda d: d["settings"].update(four_colour="no"), "setting four_colour must be true or false"),
    (lambda d: d.update(name=""), "a name cannot be empty"),
    (lambda d: d.update(name=" Ann"), "is not in its stored form"),
])
def test_a_bad_shape_is_set_aside(data, change, reason):
    document = good_document()
    change(document)
    text = json.dumps(document)
    with pytest.raises(ProgressFileError, match=reason):
        Progress.from_json(text)
    path = profile_path("Ann")
    path.parent.mkdir(parents=True)
    path.write_text(text)
    outcome = record_attempt("Ann", puzzle("new"), "solved", answer=True, hints=0)
    assert reason.split("'")[0] in outcome.notice
    assert [aside.read_text() for aside in corrupt_files(data)] == [text]
    assert outcome.progress.solved == 1 and outcome.progress.attempts == 1
    assert load("Ann").progress == outcome.progress


def test_a_file_of_another_profile_is_set_aside_and_listed_nowhere(data):
    load("Bob")
    load("Cem")
    profile_path("Bob").rename(profile_path("Ann"))
    assert list_profiles() == ("Cem",)  # not Bob, whose progress is in Ann's file
    outcome = load("Ann")
    assert "names the profile 'Bob', not 'Ann'" in outcome.notice and outcome.progress.name == "Ann"
    assert [json.loads(aside.read_text())["name"] for aside in corrupt_files(data)] == ["Bob"]
    assert load("Ann").notice is None and list_profiles() == ("Ann", "Cem")


def test_a_huge_number_in_a_profile_is_set_aside_and_the_others_listed(data):
    load("Bob")
    load("Ann")
    text = profile_path("Ann").read_text().replace('"solved": 0', '"solved": ' + "9" * 5000, 1)
    assert "9" * 5000 in text
    profile_path("Ann").write_text(text)
    assert list_profiles() == ("Bob",)
    outcome = load("Ann")
    assert "Exceeds the limit" in outcome.notice and [a.read_text() for a in corrupt_files(data)] == [text]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_named_like_a_profile_is_not_waited_on(data):
    load("Bob")
    profile_path("Ann").parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(profile_path("Ann"))  # reading it would wait for a writer for ever
    assert list_profiles() == ("Bob",)
    assert saved_language("Ann") is None
    outcome = load("Ann")
    assert "not a regular file" in outcome.notice and outcome.progress.name == "Ann"
    assert profile_path("Ann").is_file() and list_profiles() == ("Ann", "Bob")


def test_a_symlink_named_like_a_profile_is_not_followed(data, tmp_path):
    load("Bob")
    profile_path("Bob").rename(tmp_path / "elsewhere.json")
    profile_path("Bob").symlink_to(tmp_path / "elsewhere.json")
    assert list_profiles() == ()
    assert "not a regular file" in load("Bob").notice
    assert (tmp_path / "elsewhere.json").exists() and not profile_path("Bob").is_symlink()


def test_set_aside_names_never_collide(data):
    for n in range(3):
        profile_path("Ann").parent.mkdir(parents=True, exist_ok=True)
        profile_path("Ann").write_text(f"broken {n}")
        load("Ann")
    assert sorted(p.read_text() for p in corrupt_files(data)) == ["broken 0", "broken 1", "broken 2"]


def test_list_profiles_skips_everything_else(data):
    assert list_profiles() == ()
    load("Ann")
    load("Bob")
    profile_path("Bob").write_text("broken")
    load("Cy")
    reset("Cy")
    (data / "profiles" / "notes.json").write_text("{}")
    assert list_profiles() == ("Ann", "Cy")


def test_load_without_create(data):
    with pytest.raises(ProgressError, match="there is no profile named 'Nobody'"):
        load("Nobody", create=False)
    assert not profile_path("Nobody").exists()


# --- export, import and reset --------------------------------------------------------

def test_export_and_import_round_trip(data):
    for i, result in enumerate(["solved", "failed", "hinted"]):
        record_attempt("Ann", puzzle(f"p{i}"), result, answer=i, hints=int(result == "hinted"))
    update_settings("Ann", four_colour=True)
    text = export("Ann")
    assert json.loads(text)["schema"] == PROFILE.version
    assert Progress.from_json(text) == load("Ann").progress

    copy = import_profile(text, name="Ann again")
    assert copy.progress.name == "Ann again" and copy.notices == ()
    assert load("Ann again").progress.history == load("Ann").progress.history
    assert list_profiles() == ("Ann", "Ann again")

    with pytest.raises(ProgressError, match="a profile named 'Ann' already exists"):
        import_profile(text)
    record_attempt("Ann", puzzle("later"), "solved", answer=1, hints=0)
    newer = profile_path("Ann").read_bytes()
    replaced = import_profile(text, replace_existing=True)
    [backup] = (data / "profiles").glob("*.backup-*.json")
    assert backup.read_bytes() == newer and str(backup) in replaced.notice
    assert load("Ann").progress == Progress.from_json(text)


def test_import_refuses_bad_text(data):
    with pytest.raises(ProgressFileError, match="not valid JSON"):
        import_profile("nonsense")
    with pytest.raises(InvalidNameError):
        import_profile(export_of_new("Ann"), name="a\x00b")


def export_of_new(name):
    return Progress.new(name).to_json()


def test_export_changes_nothing(data):
    with pytest.raises(ProgressError, match="there is no profile named 'Ann'"):
        export("Ann")
    load("Ann")
    profile_path("Ann").write_text("broken")
    with pytest.raises(ProgressFileError, match="is unreadable"):
        export("Ann")
    assert profile_path("Ann").read_text() == "broken" and corrupt_files(data) == []


def test_reset_keeps_a_backup_and_the_settings(data):
    record_attempt("Ann", puzzle(), "solved", answer=True, hints=0)
    update_settings("Ann", difficulty="easier")
    old = profile_path("Ann").read_bytes()
    outcome = reset("Ann")
    [backup] = (data / "profiles").glob("*.backup-*.json")
    assert backup.read_bytes() == old and str(backup) in outcome.notice
    assert backup.name.startswith(name_stem("Ann") + ".backup-")
    p = load("Ann").progress
    assert (p.attempts, p.history, p.rating, p.settings.difficulty) == (0, (), Rating(), "easier")
    assert reset("Nobody").notices == ()


def test_reset_of_a_corrupt_file_keeps_it(data):
    load("Ann")
    profile_path("Ann").write_text("broken")
    outcome = reset("Ann")
    [aside] = corrupt_files(data)
    assert aside.read_text() == "broken" and "was unreadable" in outcome.notice


def test_no_temporary_files_are_left(data):
    for i in range(5):
        record_attempt("Ann", puzzle(f"p{i}"), "solved", answer=True, hints=0)
    assert profiles_in(data) == [profile_path("Ann").name]


PASHTO_ZWNJ = "\u06ab\u0644\u200c\u067e\u0627\u06bc\u0647"  # ګل‌پاڼه: the ZWNJ keeps ګل from joining پاڼه
EMOJI_ZWJ = "Mia \U0001f469\u200d\U0001f4bb"  # woman + ZWJ + laptop: one emoji, a woman at a computer
PERSIAN_ZWNJ = "\u0641\u0627\u0631\u0633\u06cc\u200c\u0632\u0628\u0627\u0646"  # فارسی‌زبان


@pytest.mark.parametrize("name", [PASHTO_ZWNJ, EMOJI_ZWJ, PERSIAN_ZWNJ])
def test_names_keep_their_joiners(data, name):
    from gintrainer.classroom.sets import clean_class_name
    assert clean_name(f" \u200d{name}\u200c ") == name == clean_class_name(name)  # a joiner at an end joins nothing
    assert load(name).progress.name == name and list_profiles() == (name,)
    assert record_attempt(name, puzzle(), "solved", answer=True, hints=0).progress.solved == 1


@pytest.mark.parametrize("name, char", [("\u200c", None), ("\u200d \u200c", None), ("Ann\u200b", "\\u200b"),
                                        ("Ann\u202e", "\\u202e"), ("An\x00n", "\\x00"), ("An\u2066n", "\\u2066")])
def test_other_format_and_control_characters_stay_refused(name, char):
    from gintrainer.classroom.sets import ClassSetError, clean_class_name
    fragment = "cannot be empty" if char is None else re.escape(f"character '{char}'")
    with pytest.raises(InvalidNameError, match=fragment):
        clean_name(name)
    with pytest.raises(ClassSetError, match=fragment):
        clean_class_name(name)


def test_a_huge_bad_name_is_quoted_short():
    with pytest.raises(InvalidNameError) as caught:
        clean_name("x" * 30 + "\x00" + "y" * 10_000_000)
    assert len(str(caught.value)) < 200


def test_each_kinds_rating_is_the_rating_its_answers_alone_give_the_learner_as_the_trainer_rates_them(tmp_path,
                                                                                                     monkeypatch):
    """A kind's rating (the landing and profile pages') is the learner's rating the trainer shows after the
    same answers: each answer rated against the puzzle's learned rating, themed or not, as it was rated."""
    monkeypatch.setenv("GINTRAINER_DATA", str(tmp_path))
    knock = [(puzzle("k1"), "solved", Rating(1500, 200), False), (puzzle("k2"), "failed", Rating(1320, 70), True)]
    discard = [(puzzle("d1", "best_discard"), "solved", Rating(1610, 45), False)]

    def answer(name, answers):
        for p, result, against, themed in answers:
            progress = record_attempt(name, p, result, answer=True, hints=0, against=against,
                                      themed=themed).progress
        return progress

    one_kind = answer("Ann", knock[:1])
    assert one_kind.kind_ratings()["can_knock"] == (one_kind.rating, 1)  # one solve, as the trainer said it
    assert answer("Ann", knock[1:]).rating == load("Ann").progress.kind_ratings()["can_knock"][0]
    only_discard = answer("Bea", discard).rating
    both = answer("Cem", [knock[0], discard[0], knock[1]])
    ratings = load("Cem").progress.kind_ratings()  # read back from the file the answers wrote
    assert ratings == {"can_knock": (load("Ann").progress.rating, 2), "best_discard": (only_discard, 1)}
    assert both.rating not in (ratings["can_knock"][0], ratings["best_discard"][0])
