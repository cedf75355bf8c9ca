"""Progress through the lessons: what the profile keeps of each lesson (its version 3,
migrated from older files, stored under the lock), the lessons' states, the learning
path (every step's page exists, the next step of each lesson, the "continue" link),
the lesson pages' recording hook, and a guest's progress kept for the visit only."""

import json
import re
import shutil
import threading
from pathlib import Path

import pytest

from gintrainer.exercises.core import KINDS as EXERCISE_KINDS
from gintrainer.lessons import LESSONS, checks
from gintrainer.lessons.path import (
    FIRST_HAND,
    PATH,
    LessonState,
    first_hand_state,
    first_unfinished,
    lesson_of_exercise,
    lesson_order,
    lesson_state,
    lesson_steps,
    next_steps,
    page_state,
    step,
)
from gintrainer.records.profiles import import_profile, load, profile_path, record_check, record_exercise
from gintrainer.records.progress import PROFILE, CheckRecord, Progress, ProgressError, ProgressFileError, Tries
from gintrainer.widgets import lesson as lesson_widgets
from gintrainer.widgets.profile import Learner
from gintrainer.widgets.site import continue_html, lesson_path, lessons_html, next_step_html, site_pages
from gintrainer.words.language import LANGUAGES, in_language
from i18n import pseudo_language, unmarked

ROOT = Path(__file__).resolve().parent.parent
STORED = Path(__file__).resolve().parent / "stored"


def tried(progress, number, *, right=True, kinds=None):
    """``progress`` with every exercise kind of a lesson (or ``kinds``) answered once."""
    for kind in LESSONS[number].kinds if kinds is None else kinds:
        progress = progress.with_exercise(number, kind, right=right)
    return progress


def checked(progress, number, *, right=None):
    questions = len(LESSONS[number].questions)
    return progress.with_check(number, right=questions if right is None else right, questions=questions)


def next_part(end):
    """The next-step block of a lesson's end (before its bar of links)."""
    block, bar, _ = end.value.partition('<nav class="gt-nav">')
    assert bar and 'class="gt-next-step"' in block
    return block


def mastered(progress, *numbers):
    for number in numbers:
        progress = checked(tried(progress, number), number)
    return progress


# --- the record ---------------------------------------------------------------------

def test_an_exercise_and_a_check_are_recorded_and_read_back():
    p = Progress.new("Ann").with_exercise(5, "knock_card", right=False).with_exercise(5, "knock_card", right=True)
    p = p.with_check(5, right=2, questions=3).with_check(5, right=3, questions=3)
    record = p.lesson(5)
    assert record.tries("knock_card") == Tries(tried=2, right=1) and record.tries("can_knock") == Tries()
    assert record.check == CheckRecord(taken=2, passed=1, best=3)
    assert p.lesson(4).exercises == {} and set(p.lessons) == {5}
    document = p.to_dict()
    assert document["schema"] == PROFILE.version == 7
    assert document["lessons"] == {"5": {"exercises": {"knock_card": {"tried": 2, "right": 1}},
                                         "check": {"taken": 2, "passed": 1, "best": 3}}}
    assert Progress.from_json(p.to_json()) == p


def test_a_lesson_page_without_a_number_is_recorded_under_its_key_after_the_numbered_lessons():
    p = Progress.new("Ann").with_exercise("first_hand", "take_upcard", right=True).with_check(9, right=1, questions=3)
    assert list(p.lessons) == [9, "first_hand"] and p.lesson("first_hand").tries("take_upcard") == Tries(1, 1)
    assert list(p.to_dict()["lessons"]) == ["9", "first_hand"] and Progress.from_json(p.to_json()) == p


@pytest.mark.parametrize("change", [
    lambda p: p.with_exercise(0, "knock_card", right=True),
    lambda p: p.with_exercise(True, "knock_card", right=True),
    lambda p: p.with_exercise("5", "knock_card", right=True),
    lambda p: p.with_exercise("First hand", "knock_card", right=True),
    lambda p: p.with_exercise(5, "", right=True),
    lambda p: p.with_exercise(5, "knock_card", right=1),
    lambda p: p.with_check(5, right=4, questions=3),
    lambda p: p.with_check(5, right=0, questions=0),
    lambda p: p.with_check(5, right=-1, questions=3),
])
def test_a_bad_lesson_record_is_refused(change):
    with pytest.raises(ProgressError):
        change(Progress.new("Ann"))


@pytest.mark.parametrize("lessons, reason", [
    ({"05": {"exercises": {}, "check": {"taken": 0, "passed": 0, "best": 0}}}, "a lesson is named by its number"),
    ({"0": {"exercises": {}, "check": {"taken": 0, "passed": 0, "best": 0}}}, "a lesson is named by its number"),
    ({"5": {"exercises": {"k": {"tried": 1, "right": 2}}, "check": {"taken": 0, "passed": 0, "best": 0}}},
     "2 right of 1 tried"),
    ({"5": {"exercises": {}, "check": {"taken": 1, "passed": 2, "best": 0}}}, "passed 2 times of 1"),
    ({"5": {"exercises": {}}}, "lacks 'check'"),
    ([], "'lessons' must be a JSON object"),
])
def test_a_bad_lessons_field_is_not_a_progress_file(lessons, reason):
    document = Progress.new("Ann").to_dict()
    document["lessons"] = lessons
    with pytest.raises(ProgressFileError, match=reason):
        Progress.from_dict(document)


def test_a_real_version_2_file_and_a_version_1_file_are_migrated_with_no_lessons(data):
    stored = json.loads((STORED / "profiles" / "mia-a6ae07ad556c.json").read_text("utf-8"))
    assert stored["schema"] == 2 and "lessons" not in stored
    migrated = Progress.from_dict(stored)
    assert migrated.lessons == {} and migrated.solved == 1 and migrated.to_dict()["schema"] == 7
    (data / "profiles").mkdir(parents=True)
    shutil.copy(STORED / "profiles" / "mia-a6ae07ad556c.json", data / "profiles")
    outcome = record_exercise("mia", 1, "meld_or_not", right=True)
    assert outcome.notices == () and outcome.progress.solved == 1 and outcome.progress.history == migrated.history
    written = json.loads(profile_path("Mia").read_text("utf-8"))
    assert written["schema"] == 7 and written["lessons"]["1"]["exercises"] == {"meld_or_not": {"tried": 1, "right": 1}}
    version_1 = {key: value for key, value in stored.items() if key != "seen_ids"}
    version_1.update(schema=1, history=[{k: v for k, v in a.items() if k != "counted"} for a in stored["history"]])
    assert Progress.from_dict(version_1).lessons == {}
    with pytest.raises(ProgressFileError, match="version 2 has no 'lessons'"):
        Progress.from_dict({**stored, "lessons": {}})


def test_a_file_with_a_corrupt_lessons_record_is_set_aside(data):
    record_exercise("Ann", 2, "dealt_cards", right=True)
    path = profile_path("Ann")
    document = json.loads(path.read_text("utf-8"))
    document["lessons"]["2"]["exercises"]["dealt_cards"]["right"] = 5
    path.write_text(json.dumps(document), "utf-8")
    outcome = record_check("Ann", 2, right=1, questions=3)
    assert "was unreadable" in outcome.notice and "set aside" in outcome.notice
    assert [p.name for p in (data / "profiles").glob("*.corrupt-*.json")] != []
    assert outcome.progress.lesson(2).exercises == {} and outcome.progress.lesson(2).check.taken == 1


def test_two_writers_under_the_lock_lose_nothing(data):
    load("Shared")

    def write(kind):
        for i in range(20):
            record_exercise("Shared", 1, kind, right=i % 2 == 0)
            record_check("Shared", 1, right=3, questions=3)

    threads = [threading.Thread(target=write, args=(kind,)) for kind in ("meld_or_not", "pick_meld")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    record = load("Shared").progress.lesson(1)
    assert record.tries("meld_or_not") == record.tries("pick_meld") == Tries(tried=20, right=10)
    assert record.check == CheckRecord(taken=40, passed=40, best=3)


def test_merged_profiles_add_up_their_lessons():
    from gintrainer.records.progress import merge_profiles
    a = tried(Progress.new("Mia"), 1, right=False)
    b = checked(tried(Progress.new("mia"), 1), 1, right=1)
    merged = merge_profiles([a, b]).lesson(1)
    assert all(merged.tries(kind) == Tries(2, 1) for kind in LESSONS[1].kinds)
    assert merged.check == CheckRecord(1, 0, 1)


# --- the states ------------------------------------------------------------------------

def test_each_of_the_four_states():
    fresh = Progress.new("Ann")
    first, *rest = LESSONS[3].kinds
    assert lesson_state(fresh, 3) is LessonState.NOT_STARTED
    assert lesson_state(fresh.with_exercise(3, first, right=False), 3) is LessonState.IN_PROGRESS
    assert lesson_state(checked(fresh, 3), 3) is LessonState.IN_PROGRESS  # the check alone is not the lesson
    all_tried = tried(fresh, 3, right=False)
    assert lesson_state(all_tried, 3) is LessonState.IN_PROGRESS  # the check not taken
    assert lesson_state(checked(all_tried, 3, right=0), 3) is LessonState.DONE
    assert lesson_state(checked(tried(fresh, 3), 3, right=2), 3) is LessonState.DONE  # the check not passed
    assert lesson_state(checked(all_tried, 3), 3) is LessonState.DONE  # an exercise never right at the first try
    right_later = tried(all_tried, 3)  # each kind right at the first try on a later position
    assert lesson_state(checked(right_later, 3), 3) is LessonState.MASTERED
    assert lesson_state(mastered(fresh, 3), 4) is LessonState.NOT_STARTED  # one lesson's record is its own


def test_a_kind_the_lesson_does_not_show_does_not_count():
    p = Progress.new("Ann").with_exercise(3, "a_kind_the_lesson_no_longer_shows", right=True)
    assert lesson_state(p, 3) is LessonState.NOT_STARTED


# --- the path -----------------------------------------------------------------------------

def test_every_step_of_the_path_is_a_page_of_the_site_in_every_language():
    pages = set(site_pages())
    for s in PATH:
        for lang in LANGUAGES:
            path = s.path_in(lang)
            assert (ROOT / path).is_file(), f"the path's step {s.page!r} links to {path}, which does not exist"
            assert path in pages
        if s.lesson is not None:
            assert all(s.path_in(lang) == lesson_path(s.lesson, lang) for lang in LANGUAGES)


def test_the_path_holds_each_lesson_once_in_order_then_the_trainers():
    assert [s.lesson for s in lesson_steps()] == sorted(LESSONS)
    assert [s.page for s in PATH[len(lesson_order()):]] == ["can_knock", "best_discard", "take_or_draw",
                                                            "knock_layout", "defend", "practice"]
    assert len({(type(s.page), s.page) for s in PATH}) == len(PATH)
    for s in PATH:
        assert all(step(p) in PATH for p in s.then)


def test_the_first_hand_stands_in_the_path_between_lesson_5_and_lesson_6():
    pages = [s.page for s in PATH]
    assert pages[:len(LESSONS) + 1] == lesson_order() == [1, 2, 3, 4, 5, FIRST_HAND, 6, 7, 8, 9, 10]
    assert step(FIRST_HAND).path == "lessons/first_hand.ipynb" and step(FIRST_HAND).lesson is None


def test_each_lesson_s_next_step():
    assert {n: [s.page for s in next_steps(n)] for n in lesson_order()} == {
        1: [2], 2: [3], 3: [4], 4: [5, "best_discard", "take_or_draw"], 5: [FIRST_HAND, "can_knock", "practice"],
        FIRST_HAND: [6, "practice", "can_knock", "best_discard"], 6: [7, "knock_layout", "defend", "practice"],
        7: [8, "can_knock", "knock_layout", "practice"], 8: [9, "practice"],
        9: [10, "practice", "can_knock", "best_discard", "take_or_draw", "knock_layout", "defend"],
        10: ["can_knock", "best_discard", "take_or_draw", "knock_layout", "practice"]}


def test_the_strategy_lesson_comes_after_the_variants_and_before_the_puzzle_trainers():
    pages = [s.page for s in PATH]
    assert pages.index(10) == pages.index(9) + 1 and pages[pages.index(10) + 1] == "can_knock"
    assert step(10).path == "lessons/10_strategy.ipynb" and step(10).then == (
        "best_discard", "can_knock", "take_or_draw", "knock_layout", "practice")


def test_the_first_hand_is_done_once_played_to_its_end():
    p = Progress.new("Ann")
    assert first_hand_state(p) is LessonState.NOT_STARTED and not step(FIRST_HAND).is_done(p)
    p = p.with_check(FIRST_HAND, right=4, questions=6)  # a hand played to its end, two poor decisions on its line
    assert first_hand_state(p) is LessonState.DONE and step(FIRST_HAND).is_done(p)
    assert first_hand_state(p.with_check(FIRST_HAND, right=6, questions=6)) is LessonState.DONE


def test_each_exercise_kind_belongs_to_one_lesson():
    for number, info in LESSONS.items():
        assert all(lesson_of_exercise(kind) == number for kind in info.kinds)


def test_the_continue_step_is_the_first_unfinished_one():
    p = Progress.new("Ann")
    assert first_unfinished(p).page == 1
    p = mastered(p, 1)
    assert first_unfinished(p).page == 2
    p = checked(tried(p, 2, right=False), 2, right=0)  # done, not mastered: the path moves on
    assert first_unfinished(p).page == 3
    p = mastered(p, 3, 4, 5)
    assert first_unfinished(p).page == FIRST_HAND
    p = p.with_check(FIRST_HAND, right=5, questions=6)
    assert first_unfinished(p).page == 6
    p = mastered(p, *range(6, 11))
    assert first_unfinished(p).page == "can_knock"
    puzzle = {"id": "k1", "kind": "can_knock", "themes": [], "difficulty": 1200}
    assert first_unfinished(p.with_attempt(puzzle, "failed", answer=True, hints=0)).page == "can_knock"
    p = p.with_attempt(puzzle, "solved", answer=True, hints=0)
    assert first_unfinished(p).page == "best_discard"
    p = p.with_attempt({**puzzle, "id": "d1", "kind": "best_discard"}, "solved", answer="7H", hints=0)
    assert first_unfinished(p).page == "take_or_draw"
    p = p.with_attempt({**puzzle, "id": "t1", "kind": "take_or_draw"}, "solved", answer="take", hints=0)
    assert first_unfinished(p).page == "knock_layout"
    p = p.with_attempt({**puzzle, "id": "l1", "kind": "knock_layout"}, "solved", answer="AC 2C 3C", hints=0)
    assert first_unfinished(p).page == "defend"
    p = p.with_attempt({**puzzle, "id": "f1", "kind": "defend"}, "solved", answer="JD QD KD ; 2C on 1 ; no", hints=0)
    assert first_unfinished(p).page == "practice"  # the last step: never done, always there


def test_the_continue_link_names_the_lesson_and_the_part_that_comes_next(data):
    learner = Learner("Ann", language="en")
    assert 'href="lessons/01_cards_and_melds.ipynb?profile=Ann"' in continue_html(learner)
    assert "Start here" in continue_html(learner)
    first, second, *_ = LESSONS[1].kinds
    learner.record_exercise(1, first, right=True)
    line = continue_html(learner)
    assert "Start here" not in line and f"The exercise “{EXERCISE_KINDS[second].title}” comes next" in line
    assert f'href="lessons/01_cards_and_melds.ipynb?profile=Ann#exercise-{second}"' in line  # the exercise's place
    assert f"gt-at-exercise-{second}" in lesson_widgets.exercise(second)._dom_classes  # the part of the page it names
    for kind in LESSONS[1].kinds:
        learner.record_exercise(1, kind, right=True)
    assert "The closing check comes next" in continue_html(learner)
    assert 'href="lessons/01_cards_and_melds.ipynb?profile=Ann#check"' in continue_html(learner)
    assert "gt-at-check" in lesson_widgets.check(1)._dom_classes
    learner.record_check(1, right=3, questions=3)
    line = continue_html(learner)
    assert 'href="lessons/02_dealing.ipynb?profile=Ann">Continue: Lesson 2: Dealing</a>' in line
    assert "comes next" not in line  # a lesson not started yet: no part named
    learner.language = "ku"
    assert 'href="lessons/ku/02_dealing.ipynb?profile=Ann&amp;lang=ku"' in continue_html(learner)


def test_the_landing_page_s_lessons_show_each_state(data):
    learner = Learner("Ann", language="en")
    learner.progress = mastered(tried(Progress.new("Ann"), 3, kinds=LESSONS[3].kinds[:1]), 1)
    learner.progress = checked(tried(learner.progress, 2, right=False), 2)
    html = lessons_html(learner)
    states = [html.count(f"gt-state-{s.value}") for s in LessonState]
    assert states == [len(lesson_order()) - 3, 1, 1, 1]
    assert html.index("gt-state-mastered") < html.index("gt-state-done") < html.index("gt-state-in_progress")
    # Drawn as marks, not words in brackets: the words are the marks' text for a screen reader (and tooltip).
    assert not any(f"({s.label})" in html for s in LessonState)
    for s in LessonState:
        assert f'class="gt-state gt-state-{s.value}" role="img" aria-label="{s.label}"' in html



# --- the landing page's path and "continue" button, from the stored progress --------------

_MARK = re.compile(r'<li( class="gt-path-now" aria-current="step")?><span class="gt-state gt-state-(\w+)" role="img" '
                   r'aria-label="([^"]+)" title="[^"]+"></span><a href="([^"?]+)')


def drawn_path(html):
    """The landing page's path as drawn: each lesson's page, its state, its mark's words, whether it is the step
    the "continue" button opens."""
    return [(href, LessonState(state), label, bool(now)) for now, state, label, href in _MARK.findall(html)]


def finished(progress, page, *, right=True):
    """``progress`` with every exercise kind of a lesson page and its check answered."""
    if page == FIRST_HAND:
        return progress.with_check(FIRST_HAND, right=1, questions=1)  # the first hand played to its end
    for kind in LESSONS[page].kinds:
        progress = progress.with_exercise(page, kind, right=right)
    questions = len(LESSONS[page].questions)
    return progress.with_check(page, right=questions if right else 0, questions=questions)


@pytest.mark.parametrize("who", ["new", "mid-lesson", "every lesson done"])
def test_the_path_and_the_continue_button_follow_the_stored_progress(data, who):
    """A learner with no progress, one in the middle of the third lesson page (the first two done, one mastered)
    and one who has done every lesson page: the path draws each lesson page's state as the store has it, the
    "continue" button opens the first step not done, and the path marks it when it is a lesson."""
    order = lesson_order()
    middle = order[2]
    progress = Progress.new("Ann")
    if who == "mid-lesson":
        progress = finished(finished(progress, order[0]), order[1], right=False)
    elif who == "every lesson done":
        for page in order:
            progress = finished(progress, page, right=page != order[-1])
    import_profile(progress.to_json())  # kept in the store, as an exported profile is
    if who == "mid-lesson":
        record_exercise("Ann", middle, LESSONS[middle].kinds[0], right=True)  # as a lesson page records it
    stored = load("Ann").progress
    learner = Learner("Ann", language="en")
    path, button = drawn_path(lessons_html(learner)), continue_html(learner)
    assert [href for href, *_ in path] == [lesson_path(page) for page in order]
    assert [state for _, state, *_ in path] == [page_state(stored, page) for page in order]
    assert all(label == state.label for _, state, label, _ in path)
    [href] = re.findall(r'<a class="gt-button-link" href="([^"]+)"', button)
    target = first_unfinished(stored)
    assert href.partition("?")[0] == target.path_in("en")
    assert [now for *_, now in path] == [lesson_path(page) == target.path_in("en") for page in order]
    states = [state for _, state, *_ in path]
    if who == "new":
        assert set(states) == {LessonState.NOT_STARTED} and target.page == order[0] and "Start here" in button
        assert path[0][3]  # the first lesson is the current step
    elif who == "mid-lesson":
        assert states[:3] == [LessonState.MASTERED, LessonState.DONE, LessonState.IN_PROGRESS]
        assert set(states[3:]) == {LessonState.NOT_STARTED} and target.page == middle
        second = LESSONS[middle].kinds[1]
        assert href.endswith(f"#exercise-{second}") and f"“{EXERCISE_KINDS[second].title}”" in button
    else:
        assert all(state.finished for state in states) and states[-1] is LessonState.DONE
        assert target is next(s for s in PATH if s.page not in order)  # the first puzzle trainer after the lessons
        assert not any(now for *_, now in path) and f">Continue: {target.title}</a>" in button


# --- the lesson pages' hook -------------------------------------------------------------

def test_an_exercise_records_each_position_s_first_answer_once(data, monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "profile=Ann")
    view = lesson_widgets.exercise("deadwood_count")
    view.answer(view.exercise.answer + 1)
    view.check_button.click()
    view.again_button.click()
    view.answer(view.exercise.answer)
    view.check_button.click()  # right, but not at the first try
    view.answer_button.click()
    view.answer_button.click()
    assert load("Ann").progress.lesson(1).tries("deadwood_count") == Tries(tried=1, right=0)
    view.new_button.click()
    view.answer(view.exercise.answer)
    view.check_button.click()
    assert load("Ann").progress.lesson(1).tries("deadwood_count") == Tries(tried=2, right=1)
    assert Learner.from_page().progress.lesson(1).tries("deadwood_count") == Tries(tried=2, right=1)


def test_a_check_is_recorded_once_every_question_is_answered(data, monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "profile=Ann")
    view = lesson_widgets.check(1)
    *first, last = view.questions
    for question in first:
        question.choices.value = question.exercise.answer
        question.check_button.click()
    assert load("Ann").progress.lesson(1).check == CheckRecord()
    last.answer_button.click()
    assert load("Ann").progress.lesson(1).check == CheckRecord(taken=1, passed=0, best=len(first))
    last.again_button.click()
    last.choices.value = last.exercise.answer
    last.check_button.click()
    assert load("Ann").progress.lesson(1).check == CheckRecord(taken=1, passed=0, best=len(first))
    again = lesson_widgets.check(1)  # the page opened again: the check taken again
    for question in again.questions:
        question.choices.value = question.exercise.answer
        question.check_button.click()
    assert load("Ann").progress.lesson(1).check == CheckRecord(taken=2, passed=1, best=len(checks(1)))


def test_a_guest_s_progress_is_kept_for_the_visit_only(data, monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    view = lesson_widgets.exercise("meld_or_not")
    view.choices.value = view.exercise.answer
    view.check_button.click()
    learner = Learner.from_page()
    assert learner.is_guest and learner.progress.lesson(1).tries("meld_or_not") == Tries(1, 1)
    assert lesson_state(learner.progress, 1) is LessonState.IN_PROGRESS
    assert not (data / "profiles").exists() or list((data / "profiles").iterdir()) == []
    assert Learner().progress.lessons == {}  # another visit starts with nothing


def test_the_end_of_every_lesson_links_to_its_next_steps_carrying_the_learner(data, monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "profile=Ann&lang=tr")
    for number in LESSONS:
        lesson_widgets.toolbar(number, lang="tr")
        end = lesson_widgets.nav(number)
        targets = [s.path_in("tr") for s in next_steps(number)]
        for target in targets:
            assert f"{target.rpartition('/')[2]}?profile=Ann&amp;lang=tr" in next_part(end)
        assert "Sırada ne var?" in next_part(end)
    assert "../../practice/practice.ipynb?profile=Ann&amp;lang=tr" in next_part(end)


def test_the_new_texts_come_from_the_catalogs(data):
    learner = Learner("Ann", language="en")
    learner.record_exercise(1, LESSONS[1].kinds[0], right=True)
    with pseudo_language():
        texts = [continue_html(learner), lessons_html(learner)]
        for number in (1, 5, FIRST_HAND, 9):
            texts.append(next_step_html(number, lesson_path(number), learner))
        learner.record_exercise(1, LESSONS[1].kinds[1], right=True)
        for kind in LESSONS[1].kinds:
            learner.record_exercise(1, kind, right=True)
        texts.append(continue_html(learner))
    for text in texts:
        assert unmarked(text, allowed=["Ann"]) == [], text
    with in_language("ps"):
        assert "بیا څه؟" in next_step_html(9, lesson_path(9, "ps"), learner)


def test_an_english_lesson_opened_in_another_language_ends_with_links_in_its_own_language(data, monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "lang=ku")
    bar = lesson_widgets.toolbar(4)
    end = lesson_widgets.nav(4)
    assert f'href="{LESSONS[5].file}?lang=ku"' in next_part(end)  # beside the bar's "Next", not ku/
    assert f'{LESSONS[5].file}?lang=ku' in bar.top_links.links
    assert 'href="../puzzles/best_discard.ipynb?lang=ku"' in next_part(end)


def test_the_landing_page_follows_the_learner_s_lessons(data, fresh_kernel):
    from gintrainer.widgets.site import LandingPage
    page = LandingPage(Learner("Ann", language="en"))
    assert "Start here" in page.next_step.value and "gt-state-in_progress" not in page.lessons.value
    page.learner.record_exercise(1, LESSONS[1].kinds[0], right=True)  # another view of the page answered
    assert "gt-state-in_progress" in page.lessons.value and "Start here" not in page.next_step.value


def test_a_stored_version_3_profile_loads_unchanged_and_is_written_again_as_version_4_without_hand_reviews(data):
    [stored] = (STORED / "profiles_v3").iterdir()
    (data / "profiles").mkdir(parents=True)
    shutil.copy(stored, data / "profiles")
    outcome = load("LENA")
    p = outcome.progress
    assert outcome.notices == () and p.name == "Lena" and profile_path("Lena").name == stored.name
    assert lesson_state(p, 1) is LessonState.MASTERED and lesson_state(p, 2) is LessonState.IN_PROGRESS
    assert p.lesson(1).tries("pick_meld") == Tries(tried=2, right=1) and p.lesson(1).check == CheckRecord(2, 1, 3)
    assert first_unfinished(p).page == 2 and p.solved == 1
    assert p.hand_reviews == () and p.latest_reviews == ()
    written = json.loads(profile_path("Lena").read_text("utf-8"))
    assert written == {**json.loads(stored.read_text("utf-8")), "schema": 7, "hand_reviews": [],
                       "deck": {}, "deck_fit": {"factor": 1.0, "fitted_at": 0, "answers": 0}}  # nothing else
    assert profile_path("Lena").read_text("utf-8") == p.to_json() and load("Lena").progress == p
