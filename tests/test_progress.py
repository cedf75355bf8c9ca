"""The progress value and its file format: a recount of the history, and the versions read."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gintrainer.records.progress import PROFILE, Progress, ProgressFileError, Tally
from gintrainer.records.rating import Rating, update
from gintrainer.records.storage import RecordError


def puzzle(pid="k1", kind="can_knock", themes=("set-or-run",), difficulty=1200):
    return {"id": pid, "kind": kind, "themes": list(themes), "difficulty": difficulty}


# --- versions ----------------------------------------------------------------------

def version_1_of(progress: Progress) -> dict:
    """A progress as version 1 wrote it: no 'seen_ids', no attempt's 'counted', no 'lessons', no 'hand_reviews',
    no 'deck', no 'deck_fit'."""
    document = progress.to_dict()
    document["schema"] = 1
    del document["seen_ids"], document["lessons"], document["hand_reviews"], document["deck"], document["deck_fit"]
    for attempt in document["history"]:
        del attempt["counted"]
    return document


def test_version_1_is_migrated_and_every_puzzle_it_names_was_seen():
    p = Progress.new("Ann")
    for pid, result in (("a", "failed"), ("b", "solved"), ("c", "hinted")):
        p = p.with_attempt(puzzle(pid), result, answer=None, hints=int(result == "hinted"))
    old = version_1_of(p)
    old["review"].append("gone")  # a puzzle the history no longer holds
    migrated = Progress.from_dict(old)
    assert migrated.seen_ids == {"a", "b", "c", "gone"} and all(a.counted for a in migrated.history)
    assert (migrated.solved, migrated.failed, migrated.hinted, migrated.rating) == (1, 1, 1, p.rating)
    assert migrated.to_dict()["schema"] == PROFILE.version == 7 and PROFILE.oldest == 1 and migrated.lessons == {}
    assert "seen_ids" not in old and "counted" not in old["history"][0]  # the input is left as it was


@pytest.mark.parametrize("change, reason", [
    (lambda d: d.update(seen_ids=[]), "a progress file of version 1 has no 'seen_ids'"),
    (lambda d: d["history"][0].update(counted=True), "an attempt of version 1 has no 'counted'"),
    (lambda d: d.pop("history"), "a progress document lacks 'history'"),
    (lambda d: d.update(solved_ids=[7]), "a puzzle id in 'solved_ids' must be non-empty text, not 7"),
])
def test_a_bad_version_1_file_is_refused_with_the_reason(change, reason):
    old = version_1_of(Progress.new("Ann").with_attempt(puzzle(), "failed", answer=None, hints=0))
    change(old)
    with pytest.raises(ProgressFileError, match=reason) as info:
        Progress.from_json(json.dumps(old))
    assert isinstance(info.value, RecordError)


@pytest.mark.parametrize("schema", [8, 2.0, True, "2", None, 0])
def test_only_a_whole_version_read_here_is_read(schema):
    document = Progress.new("Ann").to_dict()
    document["schema"] = schema
    with pytest.raises(ProgressFileError, match="schema of a progress file|newer") as info:
        Progress.from_dict(document)
    assert info.value.field == "schema"


# --- the model against an obvious recount -------------------------------------------

attempts = st.lists(st.tuples(st.sampled_from(["a", "b", "c", "d"]), st.sampled_from(["solved", "failed", "hinted"]),
                              st.sets(st.sampled_from(["set-or-run", "forbidden-discard", "undercut"]))),
                    max_size=40)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(attempts)
def test_progress_matches_a_recount_of_its_history(plays):
    p = Progress.new("Ann")
    for pid, result, themes in plays:
        p = p.with_attempt(puzzle(pid, themes=sorted(themes)), result, answer=None, hints=int(result == "hinted"))
    first = {}
    for i, (pid, _, _) in enumerate(plays):
        first.setdefault(pid, i)
    counted = [(pid, result, themes) for i, (pid, result, themes) in enumerate(plays) if first[pid] == i]
    assert [a.counted for a in p.history] == [first[pid] == i for i, (pid, _, _) in enumerate(plays)]
    results = [result for _, result, _ in counted]
    assert (p.solved, p.failed, p.hinted) == tuple(results.count(r) for r in ("solved", "failed", "hinted"))
    runs = "".join("s" if r == "solved" else "x" for r in results).split("x")
    assert p.streak == len(runs[-1]) and p.best_streak == max(map(len, runs))
    for theme in ("set-or-run", "forbidden-discard", "undercut"):
        played = [result for _, result, themes in counted if theme in themes]
        assert p.themes.get(theme, Tally()).attempts == len(played)
    rating = Rating()
    for _, result, _ in counted:
        rating = update(rating, 1200, result == "solved")
    assert p.rating == rating
    last_solve = {}
    for i, (pid, result, _) in enumerate(plays):
        if result == "solved":
            last_solve[pid] = i
    pending = {pid for i, (pid, result, _) in enumerate(plays) if result != "solved" and i > last_solve.get(pid, -1)}
    assert set(p.review) == pending and len(p.review) == len(pending)
    assert p.solved_ids == {pid for pid, result, _ in counted if result == "solved"}
    assert p.seen_ids == set(first)
    assert Progress.from_json(p.to_json()) == p
