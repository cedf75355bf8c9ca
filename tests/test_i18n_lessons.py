"""The lessons' texts drawn in the tests' pseudo-language: every lesson's definition
(title, goal, demonstrations' titles and leads, exercise headings, the closing checks
with their feedback), every demonstration's captions, every exercise kind's texts
(answered right and wrong), the glossary and the quick reference. Any English word
outside the marks is text that does not come from the catalogs.

Sentences other modules write are still English here until their owners convert them;
each is named below (:func:`foreign`, :func:`_result_sentences`, :func:`engine_sentences`)
with its owner, and taken out before the check."""

from __future__ import annotations

import html
from typing import cast

import pytest

from gintrainer.engine.cards import Card
from gintrainer.engine.rules import PRESETS, Rules
from gintrainer.exercises import KINDS, generate
from gintrainer.exercises.core import ExerciseSession, panel_html
from gintrainer.exercises.matches import compare_rules
from gintrainer.lessons import DEMOS, LESSONS, checks
from gintrainer.lessons.model import Practice
from gintrainer.material.reference import glossary, glossary_html, printable, quick_reference_html
from i18n import pseudo_language, unmarked

ALLOWED = ()
"""Nothing: the players' names come from the catalogs too (marked in the pseudo-language)."""

RULES = (PRESETS["standard"], PRESETS["modern"], PRESETS["classic"],
         Rules(knock_limit=7, undercut_on_tie=False, next_dealer="loser", target=250, dead_stock_cards=3))


def foreign(hand) -> list[str]:
    """The sentences of a hand that other modules write."""
    found = []
    if hand.result is not None:
        # Owner: engine-puzzles (gintrainer/engine/scoring.py HandScore.explain): a hand's result in words.
        found.append(hand.result.explain())
    return found


def check(text: str, *foreign_sentences: str) -> None:
    text = html.unescape(text)
    for sentence in sorted(foreign_sentences, key=len, reverse=True):
        text = text.replace(sentence, " ")
    assert unmarked(text, ALLOWED) == [], text


# -- the lessons' definitions ----------------------------------------------------------------

@pytest.mark.parametrize("number", sorted(LESSONS))
def test_a_lessons_definition_is_all_from_the_catalogs(number):
    info = LESSONS[number]
    with pseudo_language():
        check(info.title)
        for rules in RULES:
            check(info.goal_for(rules))
        for section in info.sections:
            if isinstance(section, Practice):
                check(section.title)
        for demo in info.demos:
            check(demo.title)
            check(demo.lead_text())


def _result_sentences(rules: Rules) -> list[str]:
    """The results the checks of lesson 7 quote (their values ``result``)."""
    from gintrainer.lessons import scoring_a_hand
    found = []
    for question in scoring_a_hand.LESSON.questions:
        value = question(rules).values.get("result")
        if value:
            found.append(str(value))  # Owner: engine-puzzles (HandScore.explain)
    return found


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_a_lessons_check_and_its_feedback_are_all_from_the_catalogs(number):
    for rules in RULES:
        foreign_sentences = _result_sentences(rules)
        with pseudo_language():
            for question in checks(number, rules):
                check(question.title)
                check(question.prompt, *foreign_sentences)
                check(question.explanation, *foreign_sentences)
                for option in question.options:
                    check(option)
                    check(question.check(option).text, *foreign_sentences)
                check(question.check("").text)


# -- the demonstrations ----------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(DEMOS))
def test_a_demonstrations_captions_are_all_from_the_catalogs(name):
    demo = DEMOS[name]
    with pseudo_language():
        steps = demo.steps()
        check(steps.title)
        sentences = []
        if hasattr(demo, "match"):
            sentences = [s for hand in demo.match().hands for s in foreign(hand)]
        elif hasattr(demo, "moves"):
            sentences = foreign(demo.hand())
        for step in range(steps.count):
            check(steps.caption(step), *sentences)
            check(steps.html(step), *sentences)


# -- the exercises ---------------------------------------------------------------------------

def _exercise_texts(kind: str, seed: int, rules: Rules) -> list[str]:
    session = ExerciseSession(kind, seed, rules=rules)
    exercise = session.exercise
    texts = [exercise.title, exercise.prompt, exercise.explanation, exercise.option_label, exercise.answer_text()]
    texts += [panel_html(panel) for panel in exercise.panels]
    if exercise.answer_type == "choice":
        texts += list(cast("tuple[str, ...]", exercise.options))  # a choice question's options are its choices
        texts += [exercise.check(option).text for option in exercise.options]
    elif exercise.answer_type == "number":
        number = int(exercise.answer)  # type: ignore[call-overload]
        texts += [exercise.check(n).text for n in {number, number + 1, max(number - 1, 0), 0, 99}]
        texts += [exercise.check("").text, exercise.check("twelve").text]
    else:
        answer: tuple[Card, ...] = tuple(exercise.answer)  # type: ignore[arg-type]
        texts.append(exercise.check(" ".join(c.code() for c in answer)).text)
        for card in cast("tuple[Card, ...]", exercise.options):  # a cards question's options are cards
            if card not in answer:
                wrong = (*answer[:-1], card) if exercise.pick else (*answer, card)
                texts.append(exercise.check(" ".join(c.code() for c in wrong)).text)
                break
        texts.append(exercise.check("").text)
    texts.append(session.show_answer().text)
    return texts


@pytest.fixture
def engine_sentences(monkeypatch):
    """The sentences the engine writes while an exercise is built and checked: an illegal
    move's reason (Owner: engine-puzzles, gintrainer/engine/hand.py Hand.explain_illegal) and a
    scored hand in words (Owner: engine-puzzles, gintrainer/engine/scoring.py HandScore.explain),
    recorded as they are written so that the check takes them out."""
    from gintrainer.engine.hand import Hand
    from gintrainer.engine.scoring import HandScore
    said: list[str] = []

    def recording(method):
        def record(*args, **kwargs):
            text = method(*args, **kwargs)
            if text:
                said.append(text)
            return text
        return record
    monkeypatch.setattr(Hand, "explain_illegal", recording(Hand.explain_illegal))
    monkeypatch.setattr(HandScore, "explain", recording(HandScore.explain))
    return said


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_an_exercise_kinds_texts_are_all_from_the_catalogs(kind, engine_sentences):
    for rules in (PRESETS["standard"], RULES[-1]):
        for seed in range(3):
            hand_results = _hand_results(kind, seed, rules)
            with pseudo_language():
                texts = _exercise_texts(kind, seed, rules)
                for text in texts:
                    check(text, *hand_results, *engine_sentences)


def _hand_results(kind: str, seed: int, rules: Rules) -> list[str]:
    """The results in words of the hands an exercise shows (other modules' sentences)."""
    exercise = generate(kind, seed, rules)
    found = []
    for panel in exercise.panels:
        if panel.hand is not None:
            found += foreign(panel.hand)
    return found


@pytest.mark.parametrize("seed", range(3))
def test_the_rules_compared_side_by_side_are_all_from_the_catalogs(seed, engine_sentences):
    with pseudo_language():
        _, rows = compare_rules(seed)
        for row in rows:
            for cell in row:
                check(cell, *engine_sentences)


# -- the glossary and the quick reference ----------------------------------------------------

@pytest.mark.parametrize("rules", RULES, ids=["standard", "modern", "classic", "odd"])
def test_the_glossary_and_the_quick_reference_are_all_from_the_catalogs(rules):
    with pseudo_language():
        for term, definition, _ in glossary(rules):
            check(term)
            check(definition)
        check(glossary_html(rules))
        check(quick_reference_html(rules))
    with pseudo_language():
        check(printable("glossary"))
        check(printable("quick_reference"))


def test_the_pseudo_language_marks_what_it_should():
    """The check above can fail: English written outside the catalogs is found."""
    with pseudo_language():
        assert unmarked(LESSONS[5].title) == []
        assert unmarked(LESSONS[5].title_text) == ["Knocking", "and", "gin"]
        assert unmarked(DEMOS["knock"].steps().caption(3)) == []
        assert unmarked("A J Q K T 10♠ 7H") == [] and unmarked("K a") == ["a"]
