"""The replayer's words in other languages: the shipped example hands keep their
English comments as the catalog's keys and are shown translated; the solver's
notes are written from the catalogs (checked in the tests' pseudo-language)."""

from __future__ import annotations

import json
import re
import sys

import gintrainer.replay.annotate  # noqa: F401 (the module, not the function the package exports)
from gintrainer.replay.examples import data_folder, example_names, examples
from gintrainer.replay.hands import BOTH_PASS
from gintrainer.words import language
from i18n import pseudo_language
from i18n import unmarked as unmarked_words

solver_notes = sys.modules["gintrainer.replay.annotate"]
DECIMAL = re.compile(r"^\d+[.,]\d+$")
NAMES: list[str] = []  # the example hands' players come from the catalogs too


def unmarked(text: str) -> list[str]:
    return [word for word in unmarked_words(text, NAMES) if not DECIMAL.match(word)]


def test_the_shipped_files_keep_the_english_comments():
    with open(data_folder() / "both_pass.json", encoding="utf-8") as handle:
        stored = json.load(handle)
    assert stored["annotations"][0]["comment"] == BOTH_PASS.deal_comment
    assert stored["title"] == BOTH_PASS.title


def test_every_comment_of_the_example_hands_is_shown_from_the_catalogs():
    shown = []
    with pseudo_language():
        for name, replay in examples().items():
            for note in replay.annotations:
                words = solver_notes.comment_words(replay, note)
                assert unmarked(words) == [], (name, note.step, note.author, words)
                shown.append(words)
    # the solver's notes too: each is written again from what the solver finds at its step
    assert any(n.author == "solver" for r in examples().values() for n in r.annotations)
    assert shown and all(w.startswith(language.PSEUDO_MARKS[0]) for w in shown)
    assert len(shown) == sum(len(r.annotations) for r in examples().values())
    assert set(examples()) == set(example_names())


def test_the_solvers_notes_and_better_moves_come_from_the_catalogs():
    with pseudo_language():
        for replay in examples().values():
            for finding in solver_notes.findings(replay, featured=(0, 1)):
                assert unmarked(finding.comment) == [], finding.message
            for note in solver_notes.annotate(replay, featured=(0, 1)):
                if note.better:
                    assert unmarked(solver_notes.better_words(note.better)) == []


def test_titles_and_descriptions_of_the_examples_are_in_the_catalog():
    with pseudo_language():
        for replay in examples().values():
            for text in (replay.title, replay.description):
                assert unmarked(language.t(text)) == [], text


# -- a teacher's uploaded history: every refusal comes from the catalogs -----------------------

def _cases(test) -> list:
    """The bad inputs of one of tests/test_replay.py's parametrized refusals (its first argument)."""
    (mark,) = [m for m in test.pytestmark if m.name == "parametrize"]
    return [case[0] for case in mark.args[1]]


def _bad_histories(tmp_path) -> list:
    import test_replay as cases
    from gintrainer.replay.history import Annotation

    knock = cases.record_of(cases.knock_hand())
    bad: list[object] = []
    for deck in _cases(cases.test_a_bad_deck_is_refused) + ["AS " + " ".join(knock["deck"].split()[1:])]:
        bad.append({**knock, "deck": deck})
    for note in _cases(cases.test_bad_annotations_are_refused_with_the_step):
        bad.append({**knock, "annotations": [{"step": 1, "comment": "fine"}, note]})
    for change in _cases(cases.test_malformed_records_are_refused):
        record = json.loads(json.dumps(knock))
        change(record)
        bad.append(record)
    wrong_points = json.loads(json.dumps(knock))
    wrong_points["result"]["points"] += 1
    unfinished = {**knock, "actions": knock["actions"][:5]}
    after_the_end = {**knock, "actions": [*knock["actions"], "draw"], "result": None}
    not_held = {**knock, "actions": [*knock["actions"][:3], "discard 9H", *knock["actions"][4:]], "result": None}
    automatic = {**knock, "actions": [*knock["actions"][:4], "auto"], "result": None}
    folder_file = tmp_path / "bad.json"
    folder_file.write_bytes(b"\xff{}")
    bad += [wrong_points, unfinished, after_the_end, not_held, automatic, folder_file, tmp_path,
            *_cases(cases.test_unreadable_sources_are_refused)]
    bad.append(lambda: load_replay(knock).with_annotation(Annotation(99, "x")))
    bad.append(lambda: load_replay(knock).state(99))
    bad.append(lambda: load_replay(knock).with_metadata(colour="red"))
    bad.append(lambda: load_replay(knock).without_annotation(Annotation(1, "not there")))
    return bad


def load_replay(source):
    from gintrainer.replay import load
    return load(source)


def test_every_refusal_of_a_hand_history_comes_from_the_catalogs(tmp_path):
    from gintrainer.replay import ReplayError
    refusals = []
    with pseudo_language():
        for source in _bad_histories(tmp_path):
            try:
                source() if callable(source) else load_replay(source)
            except ReplayError as error:
                refusals.append(str(error))
                # the file's own name leads the message; the rest is a sentence of the catalog
                assert unmarked(error.problem) == [], error.problem
                assert error.problem.startswith(language.PSEUDO_MARKS[0]), error.problem
            else:
                raise AssertionError(f"not refused: {source!r}")
    assert any("bad.json: ⟦" in text for text in refusals)
    assert len(refusals) > 60


def test_an_example_hand_that_is_not_there_is_refused_from_the_catalogs():
    from gintrainer.replay import ReplayError, example
    with pseudo_language():
        try:
            example("no-such-hand")
        except ReplayError as error:
            assert unmarked(str(error)) == [] and str(error).startswith("⟦no example hand 'no-such-hand'")
        else:
            raise AssertionError("refused")


def test_a_value_a_comment_names_is_the_engines_written_as_each_language_writes_it():
    """The knock example's comment on Ben's draw quotes the stock draw's expected deadwood:
    the file keeps the English ("21.45"), each language shows the engine's value in its own
    way (Turkish and Kurmanji 21,45), and no catalog holds the digits."""
    from gintrainer.replay.examples import step_facts

    replay = examples()["knock"]
    note = next(n for n in replay.annotations if n.step == 4 and n.author != "solver")
    value = step_facts(replay, 4)["draw"]
    assert language.format_number(value, "en") in note.comment
    for lang in language.LANGUAGES[1:]:
        with language.in_language(lang):
            shown = solver_notes.comment_words(replay, note)
        assert language.format_number(value, lang) in shown and shown != note.comment, lang
    assert language.format_number(value, "tr") != language.format_number(value, "en")


# -- what a comment takes from the example's shipped review ------------------------------------------------------

def _review_comments():
    """(example, step, the teacher's note, the decision its verdict judges) for each comment with review values."""
    from gintrainer.replay.example_reviews import example_reviews
    from gintrainer.replay.hands import SCRIPTS
    from gintrainer.replay.review import decision_at

    found = []
    for script in SCRIPTS:
        replay = examples()[script.name]
        for number, item in enumerate(script.moves, start=1):
            if item.review_values():
                judged, _ = item.reviewed(number)
                decision = decision_at(example_reviews(script.name)[replay.step(judged).seat], judged)
                (note,) = [n for n in replay.annotations_at(number) if n.author == "teacher"]
                found.append((script.name, number, note, decision, item.review_values()))
    return found


def test_a_comment_shows_the_shipped_reviews_best_move_and_points_in_each_language():
    from gintrainer.replay.review import move_words

    found = _review_comments()
    assert len(found) >= 5
    for name, number, note, decision, values in found:
        replay = examples()[name]
        shown = {}
        for lang in language.LANGUAGES:
            with language.in_language(lang):
                shown[lang] = solver_notes.comment_words(replay, note)
                best = move_words(decision.best)
            assert "{" not in shown[lang] and "…" not in shown[lang], (name, number, lang)
            assert best in shown[lang], (name, number, lang, best)
            if "review_lost" in values:
                assert f" {round(decision.loss.mean)} " in shown[lang].replace("\u2066", " "), (name, number, lang)
        assert len(set(shown.values())) == len(language.LANGUAGES)


def test_reviews_made_again_by_a_changed_evaluator_change_the_comment_with_them(monkeypatch):
    """The comment on Ben's knock in "undercut" says what the shipped review says: a review made again, with
    another best move and loss, changes the words without a change to the comment."""
    import dataclasses

    from gintrainer.engine.evaluate import Estimate
    from gintrainer.engine.hand import Action
    from gintrainer.replay import shipped_reviews as shipped
    from gintrainer.replay.review import decision_at

    replay = examples()["undercut"]
    (note,) = [n for n in replay.annotations_at(8) if n.author == "teacher"]
    stored = shipped._stored()
    before = stored["undercut"][1]
    judged = decision_at(before, 8)
    assert "discard 9♣, about 14 points" in solver_notes.comment_words(replay, note)
    again = dataclasses.replace(judged, best=(Action.parse("discard 8S"),), loss=Estimate(21.0, 1.0, 600))
    made_again = dataclasses.replace(before, decisions=tuple(again if d is judged else d for d in before.decisions))
    monkeypatch.setattr(shipped, "_stored", lambda: {**stored, "undercut": {**stored["undercut"], 1: made_again}})
    shown = solver_notes.comment_words(replay, note)
    assert "discard 8♠, about 21 points" in shown and "9♣," not in shown
    with language.in_language("tr"):
        assert "yaklaşık 21 puan daha iyi: 8♠ kartını at" in solver_notes.comment_words(replay, note)


def test_a_comment_whose_review_is_not_of_the_hand_shown_leaves_the_review_values_out():
    # Ben's knock comment of "undercut" shown on another hand (an edited history): no shipped review is of
    # that hand, so neither its best move nor its points are written.
    (note,) = [n for n in examples()["undercut"].annotations_at(8) if n.author == "teacher"]
    shown = solver_notes.comment_words(examples()["knock"], note)
    assert "its best move is …, about … points better" in shown and "{" not in shown
