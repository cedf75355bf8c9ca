"""Class sets: short codes, the same set everywhere, worksheets and answer keys,
a student's session and results file, and the ``gintrainer class`` command."""

import hashlib
import json
import os
import re
import subprocess
import sys
from html import escape

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gintrainer import GinError
from gintrainer.classroom import (
    AnswerError,
    Attempt,
    ClassCodeError,
    ClassSet,
    ClassSetError,
    ResultsError,
    StudentSession,
    answer_key_html,
    class_set,
    clean_student,
    codes,
    looks_like_code,
    mark,
    normalise_code,
    read_results,
    results_csv,
    results_filename,
    sets,
    worksheet_html,
    write_worksheet,
)
from gintrainer.classroom.codes import ALPHABET, THEME_BITS
from gintrainer.cli import main, puzzle_json
from gintrainer.engine.melds import meld_kind
from gintrainer.engine.solver import Objective
from gintrainer.material.drawing import deadwood_sum_words, melds_words
from gintrainer.puzzles import THEMES, PuzzleKind, verify
from gintrainer.puzzles.kinds import DISCARD_KINDS
from gintrainer.records.storage import clean_name

SET = ClassSet("Year 5 Tuesday", count=6)
SMALL = ClassSet("Lunch club", count=3, kinds="can_knock")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def right_answer(puzzle) -> str:
    if puzzle.kind == "can_knock":
        return f"yes {puzzle.answer[0].code()}" if puzzle.can_knock else "no"
    return puzzle.answer[0].code()


def wrong_answer(puzzle) -> str:
    if puzzle.kind == "can_knock":
        if puzzle.can_knock:
            return "no"
        return f"yes {puzzle.table_sorted()[0].card.code()}"
    return puzzle.table_sorted()[-1].card.code()


# -- the short code ------------------------------------------------------------

CLASSIC_KINDS = st.sampled_from([("can_knock",), ("best_discard",), DISCARD_KINDS])
CLASSIC_THEMES = st.sampled_from([t for t in THEME_BITS if t != "big-gin"])


@st.composite
def class_sets(draw, kinds=CLASSIC_KINDS, themes=CLASSIC_THEMES):
    """Class sets with the kinds ``kinds`` draws and up to three themes of ``themes``
    (by default those a version 2 code can name)."""
    kinds = draw(kinds)
    objective = draw(st.sampled_from(sets.OBJECTIVES)) if "best_discard" in kinds else None
    low, high = sorted(draw(st.lists(st.integers(0, 15), min_size=2, max_size=2)))
    themes = draw(st.sets(themes, max_size=3))
    try:
        return ClassSet(None, count=draw(st.integers(1, 40)), kinds=kinds, objective=objective,
                        difficulty=(1100 + 100 * low, 1199 + 100 * high), themes=themes,
                        oklahoma=draw(st.booleans()), name_hash=draw(st.integers(0, 2 ** 33 - 1)))
    except ClassSetError:
        assume(False)


@settings(max_examples=300, deadline=None)
@given(class_sets())
def test_a_code_round_trips_to_the_same_options(options):
    code = options.code
    assert re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}", code)
    again = ClassSet.from_code(code)
    assert again == options and again.code == code and again.seed == options.seed
    sloppy = code.lower().replace("-", " ").replace("1", "l").replace("0", "o")
    assert ClassSet.from_code(sloppy) == options and normalise_code(sloppy) == code


def test_the_name_is_only_a_seed_and_optional_when_rebuilding():
    assert ClassSet("Year 5  tuesday", count=6) == SET and ClassSet("Year 5  tuesday", count=6).code == SET.code
    assert ClassSet("Year 6 Tuesday", count=6).code != SET.code
    rebuilt = ClassSet.from_code(SET.code)
    assert rebuilt.name is None and rebuilt == SET and rebuilt.puzzles() == SET.puzzles()
    assert ClassSet.from_code(SET.code, name="year 5 tuesday").name == "year 5 tuesday"
    with pytest.raises(ClassSetError, match="does not go with this class code"):
        ClassSet.from_code(SET.code, name="Year 6")


@pytest.mark.parametrize("options", [
    SET, SMALL, ClassSet("x", count=40, difficulty="hard", themes=["gin"], kinds="can_knock"),
    # version 3 codes (25 characters)
    ClassSet("Year 9 Tuesday", count=4, kinds=["can_knock", "take_or_draw"]),
    ClassSet("x", count=40, kinds="take_or_draw", themes=["stock-odds", "take-to-knock"], difficulty="hard"),
    ClassSet("Lunch club", count=7, kinds=["can_knock", "best_discard", "take_or_draw"], objective="lookahead",
             oklahoma=True)])
def test_every_typo_of_one_character_and_every_swap_is_caught(options):
    code = options.code
    symbols = codes.compact(code)
    for i, original in enumerate(symbols):
        for replacement in ALPHABET + "ILOU*~$=":
            if replacement == original:
                continue
            typo = codes.group(symbols[:i] + replacement + symbols[i + 1:])
            try:
                same = ClassSet.from_code(typo)
            except ClassCodeError as error:
                assert error.reason == "typo"
            else:  # only the readings of I, L and O may pass, and they name the same set
                assert replacement in "ILO" and same == options
    for i in range(len(symbols) - 1):
        if symbols[i] != symbols[i + 1]:
            swapped = symbols[:i] + symbols[i + 1] + symbols[i] + symbols[i + 2:]
            with pytest.raises(ClassCodeError):
                ClassSet.from_code(swapped)


def test_the_check_symbol_is_always_a_letter_or_digit():
    for value in range(2000):
        options = ClassSet(None, count=1 + value % 40, kinds="can_knock", name_hash=value * 7919)
        assert codes.compact(options.code)[-1] in ALPHABET


@pytest.mark.parametrize("text, reason, fragment", [
    ("", "empty", "empty"),
    ("  - ", "empty", "empty"),
    (SET.code[:-1], "length", "has 14 characters, but a code has 15"),
    (SET.code + "7", "length", "has 16 characters"),
    (SET.code[:-1] + "U", "typo", "'U' is never used"),
    (SET.code[:-1] + "*", "typo", "typo"),
])
def test_bad_codes_get_a_message_for_a_student(text, reason, fragment):
    with pytest.raises(ClassCodeError, match=re.escape(fragment)) as error:
        ClassSet.from_code(text)
    assert error.value.reason == reason


def test_a_code_from_a_newer_version_says_so(monkeypatch):
    monkeypatch.setattr(codes, "CLASSIC", codes.VERSION + 1)
    newer = SET.code
    monkeypatch.undo()
    for text in (newer, newer + "ABCDE"):
        with pytest.raises(ClassCodeError, match="newer version of gintrainer") as error:
            ClassSet.from_code(text)
        assert error.value.reason == "version"


def test_a_code_of_a_retired_version_says_to_ask_for_a_new_one(monkeypatch):
    """Version 1 codes were drawn by the puzzle generator before its positions
    were corrected: rebuilt now they would name other puzzles than their worksheets."""
    monkeypatch.setattr(codes, "CLASSIC", 1)
    old = SET.code
    monkeypatch.undo()
    assert old != SET.code and old[1:14] == SET.code[1:14]  # the same options, another version
    with pytest.raises(ClassCodeError, match="earlier version of gintrainer.*ask your teacher for a new code") \
            as error:
        ClassSet.from_code(old)
    assert error.value.reason == "retired"


@pytest.mark.parametrize("fields", [dict(count=45), dict(kinds=0), dict(objective=0), dict(low=9, high=3),
                                    dict(themes=1 << 3), dict(kinds=1, objective=2)])
def test_a_well_formed_code_with_impossible_options_is_refused(fields):
    good = dict(count=5, kinds=3, objective=1, oklahoma=0, low=0, high=15, themes=0, name_hash=99)
    text = codes.format_code({**good, **fields})
    with pytest.raises(ClassCodeError, match="not a valid class code") as error:
        ClassSet.from_code(text)
    assert error.value.reason == "invalid"
    assert ClassSet.from_code(codes.format_code(good)).count == 6


def test_text_shaped_like_a_code_is_never_taken_for_a_class_name():
    typo = SET.code[:-1] + ("0" if SET.code[-1] != "0" else "1")
    assert looks_like_code(typo) and looks_like_code(SET.code[:-2])
    with pytest.raises(ClassCodeError, match="typo"):
        class_set(typo)
    with pytest.raises(ClassCodeError, match="characters"):
        class_set(SET.code[:-2])
    assert class_set("Maths Club 2024").name == "Maths Club 2024"
    assert class_set(SET.code) == SET


def test_explicit_options_must_agree_with_a_code():
    assert class_set(SET.code, count=6, kinds=["best_discard", "can_knock"], objective="mixed") == SET
    with pytest.raises(ClassSetError, match=r"count 7 disagrees with class code .*, which is for 6 puzzles") as err:
        class_set(SET.code, count=7)
    assert err.value.option == "count"
    with pytest.raises(ClassSetError, match=r"--theme gin disagrees .* any theme"):
        class_set(SET.code, themes=["gin"], labels={"themes": "--theme"})
    with pytest.raises(ClassSetError, match="difficulty easy disagrees"):
        class_set(SET.code, difficulty="easy")


# -- options and puzzles ---------------------------------------------------------

@pytest.mark.parametrize("options, option, fragment", [
    (dict(count=0), "count", "1 to 40 puzzles"),
    (dict(count=41), "count", "1 to 40 puzzles"),
    (dict(count=True), "count", "1 to 40 puzzles"),
    (dict(kinds=()), "kinds", "at least one kind"),
    (dict(kinds="chess"), "kinds", "unknown puzzle kind"),
    (dict(kinds="can_knock", objective="deadwood"), "objective", "for best-discard puzzles"),
    (dict(objective="fastest"), "objective", "unknown objective"),
    (dict(difficulty=(1250, 1400)), "difficulty", "100-point steps"),
    (dict(difficulty="impossible"), "difficulty", "unknown difficulty"),
    (dict(difficulty=(0, 999)), "difficulty", "holds no puzzle"),
    (dict(themes=["flush"]), "themes", "unknown theme 'flush'"),
    (dict(themes=["big-gin"]), "themes", "never go out without a discard"),
    (dict(themes=["oklahoma"]), "themes", "needs Oklahoma rules"),
    (dict(themes=["looks-knockable"], kinds="best_discard"), "themes", "no best-discard (deadwood) puzzle"),
    (dict(difficulty="easy"), "difficulty", "a lookahead set needs puzzles rated 1500 or more"),
    (dict(oklahoma="yes"), "oklahoma", "true or false"),
])
def test_bad_options_are_refused_naming_the_option(options, option, fragment):
    with pytest.raises(ClassSetError, match=re.escape(fragment)) as error:
        ClassSet("Year 5", **options)
    assert error.value.option == option


@pytest.mark.parametrize("name, fragment", [("", "empty"), ("   ", "empty"), ("x" * 61, "at most 60"),
                                            ("a\nb", "'\\n'"), (5, "must be text")])
def test_class_names_are_checked(name, fragment):
    with pytest.raises(ClassSetError, match=re.escape(fragment)):
        ClassSet(name)


def test_difficulty_is_read_on_the_scale_in_hundreds():
    assert sets.clean_difficulty("hard") == (1600, 2699)
    assert sets.clean_difficulty((1600, 3000)) == (1600, 2699)
    assert sets.clean_difficulty(" 1300 - 1599 ") == (1300, 1599)
    assert sets.clean_difficulty((0, 9999)) is None


def test_the_plan_alternates_kinds_and_objectives():
    assert [k[:2] + (o or "")[:1] for k, o in SET.plan()] == ["ca", "bed", "ca", "bel", "ca", "bed"]
    assert ClassSet("x", count=3, kinds="best_discard", objective="lookahead").plan() == \
        (("best_discard", "lookahead"),) * 3
    assert [(p.kind, p.objective) for p in SET.puzzles()] == list(SET.plan())


def test_a_set_keeps_members_and_its_record_their_text():
    options = ClassSet("Members", count=4, kinds=["best-discard", "can_knock"], objective="mixed")
    assert options.kinds == (PuzzleKind.CAN_KNOCK, PuzzleKind.BEST_DISCARD)
    assert options.objective is sets.SetObjective.MIXED
    assert [type(o) for _, o in options.plan() if o is not None] == [Objective, Objective]
    assert ClassSet.from_code(options.code).kinds == options.kinds
    record = options.to_dict()
    assert record["kinds"] == ["can_knock", "best_discard"] and type(record["kinds"][0]) is str
    assert type(record["objective"]) is str and record["objective"] == "mixed"
    assert sets.SetObjective.MIXED.objectives == (Objective.DEADWOOD, Objective.LOOKAHEAD)
    assert sets.SetObjective.LOOKAHEAD.objectives == (Objective.LOOKAHEAD,)


def test_every_theme_is_one_some_puzzle_can_have_or_one_no_puzzle_has():
    possible = set().union(*sets.STREAM_THEMES.values())
    assert possible | set(sets.NO_PUZZLE_THEMES) == set(THEMES)
    assert not possible & set(sets.NO_PUZZLE_THEMES)


def test_the_puzzles_honour_the_filters():
    options = ClassSet("Filters", count=6, difficulty="hard", themes=["set-or-run", "near-limit"])
    puzzles = options.puzzles()
    assert len(puzzles) == 6 and len({p.id for p in puzzles}) == 6
    assert all(1600 <= p.difficulty <= 2699 for p in puzzles)
    assert all({"set-or-run", "near-limit"} & set(p.themes) for p in puzzles)
    oklahoma = ClassSet("Filters", count=2, kinds="can_knock", oklahoma=True).puzzles()
    assert all(p.rules.oklahoma and p.upcard is not None for p in oklahoma)


def test_filters_too_narrow_for_the_search_budget_fail_clearly(monkeypatch):
    monkeypatch.setattr(sets, "_BUDGET", (0, 2))
    with pytest.raises(ClassSetError, match=r"not enough can-you-knock puzzles with difficulty 2500–2699.*widen"):
        ClassSet("Narrow", count=5, kinds="can_knock", difficulty=(2500, 2699)).puzzles()


def test_the_same_code_gives_the_same_set_and_worksheet_when_built_again():
    records = [p.to_dict() for p in SET.puzzles()]
    html = worksheet_html(SET)
    sets._build.cache_clear()
    rebuilt = ClassSet.from_code(SET.code)
    assert [p.to_dict() for p in rebuilt.puzzles()] == records
    assert worksheet_html(rebuilt.with_name("Year 5 Tuesday")) == html


_DIGEST = """
import hashlib, json, sys
from gintrainer.classroom import ClassSet, answer_key_html, worksheet_html
s = ClassSet.from_code(sys.argv[1])
print(hashlib.sha256(json.dumps([p.to_dict() for p in s.puzzles()], sort_keys=True).encode()).hexdigest())
print(hashlib.sha256(worksheet_html(s).encode()).hexdigest())
print(hashlib.sha256(answer_key_html(s).encode()).hexdigest())
"""


def test_the_same_code_gives_the_same_set_and_worksheet_in_other_processes():
    options = ClassSet.from_code(SET.code)
    expected = [hashlib.sha256(json.dumps([p.to_dict() for p in options.puzzles()], sort_keys=True).encode())
                .hexdigest(), hashlib.sha256(worksheet_html(options).encode()).hexdigest(),
                hashlib.sha256(answer_key_html(options).encode()).hexdigest()]
    for seed in ("0", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        out = subprocess.run([sys.executable, "-c", _DIGEST, SET.code], capture_output=True, text=True, env=env,
                             check=True).stdout.split()
        assert out == expected


# -- worksheet and answer key ------------------------------------------------------

def test_the_worksheet_has_a_box_with_markers_and_answer_boxes_for_each_puzzle():
    html = worksheet_html(SET)
    puzzles = SET.puzzles()
    assert html.startswith("<!DOCTYPE html>") and html.count('<section class="ws-puzzle"') == len(puzzles)
    for i, puzzle in enumerate(puzzles, 1):
        assert html.count(f"Puzzle {i} of {len(puzzles)}<") == 1
        assert html.count(f"end of puzzle {i}/{len(puzzles)}<") == 1
        assert f'data-position="{i}" data-puzzle-id="{puzzle.id}"' in html
        assert escape(puzzle.question) in html
        assert escape(puzzle.explanation) not in html
    assert html.count("Can you knock? <span class=\"ws-tick\">") == sum(p.kind == "can_knock" for p in puzzles)
    assert html.count("Discard: <span class=\"ws-box ws-box-card\">") == sum(p.kind == "best_discard"
                                                                           for p in puzzles)
    assert "break-inside: avoid; page-break-inside: avoid" in html and "@page { margin: 12mm; }" in html
    assert "Year 5 Tuesday" in html and SET.code in html and "Answer" not in html


def test_the_page_is_never_wider_than_the_printable_width():
    html = worksheet_html(SET) + answer_key_html(SET)
    assert all(int(mm) <= 180 for mm in re.findall(r"width:\s*(\d+)mm", html))
    assert all(int(px) <= 600 for px in re.findall(r"width:\s*(\d+)px", html))


def test_the_answer_key_agrees_with_the_solver():
    html = answer_key_html(SET)
    sections = re.findall(r'<section class="ws-puzzle".*?</section>', html)
    puzzles = SET.puzzles()
    assert len(sections) == len(puzzles)
    for section, puzzle in zip(sections, puzzles, strict=True):
        assert verify(puzzle.to_dict()) == puzzle
        assert f'data-puzzle-id="{puzzle.id}"' in section
        words = re.search(r'<span class="ws-answer-words">(.*?)</span>', section)[1]
        assert words == escape(puzzle.answer_words())
        assert escape(puzzle.explanation) in section
        best = re.findall(r'<td class="gt-is-answer">([^<]+)</td>', section)
        assert [str(c) for c in puzzle.answer] == best[:len(puzzle.answer)]
        if puzzle.kind == "can_knock":
            assert ("Yes, you can knock." in section) == puzzle.can_knock
        if puzzle.layout is not None:  # the layout in the words the practice page's score uses
            line = (f"Layout after discarding {puzzle.answer[0]}: melds {melds_words(puzzle.layout.melds)}; "
                    f"deadwood {deadwood_sum_words(puzzle.layout.deadwood)}.")
            assert f'<p class="ws-layout">{escape(line)}</p>' in section
            assert all(f"({meld_kind(m)})" in line for m in puzzle.layout.melds)


def test_outside_text_is_escaped():
    html = worksheet_html(ClassSet("<script>alert(1)</script> & co", count=1, kinds="can_knock"))
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in html


def test_worksheets_are_written_atomically(tmp_path):
    path = write_worksheet(tmp_path / "sheet.html", SMALL, answers=True)
    assert path.read_text(encoding="utf-8") == answer_key_html(SMALL)
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.html"]
    with pytest.raises(GinError, match="does not exist"):
        write_worksheet(tmp_path / "missing" / "sheet.html", SMALL)


# -- a student's session and results file -------------------------------------------

def clock(*times):
    ticks = iter(times)
    return lambda: next(ticks)


def test_a_session_grades_times_and_exports_answers():
    puzzles = SET.puzzles()
    session = StudentSession(SET.code, "  Zoë ", clock=clock(0.0, 1.0, 5.5, 9.0, 20.25))
    assert session.student == "Zoë" and len(session) == 6 and list(session) == list(puzzles)
    assert session.show(0) is puzzles[0]
    first = session.answer(0, right_answer(puzzles[0]))
    assert first.correct and first.seconds == 4.5 and first.message
    second = session.answer(2, wrong_answer(puzzles[2]))  # not shown: timed from the previous answer
    assert not second.correct and second.seconds == 3.5
    with pytest.raises(GinError, match="already answered"):
        session.answer(0, "no")
    with pytest.raises(AnswerError):
        session.answer(1, "yes")
    assert (session.answered, session.unanswered) == (2, 4) and not session.is_complete and session.can_answer(1)
    for early in ("score", "attempts", "to_csv"):
        with pytest.raises(GinError, match="not handed in yet"):
            getattr(session, early)() if early == "to_csv" else getattr(session, early)
    session.hand_in()
    assert session.score == (1, 2) and not session.can_answer(1)
    with pytest.raises(GinError, match="handed in: no more answers"):
        session.answer(1, "no")
    text = session.to_csv()
    assert text.splitlines()[0] == "student,code,position,puzzle_id,answer,correct,seconds"
    results = read_results(text.encode("utf-8"))
    assert (results.student, results.code, results.attempts) == ("Zoë", SET.code, session.attempts)
    assert read_results(results.to_csv()) == results


def test_a_set_is_handed_in_only_after_an_answer():
    session = StudentSession(SET.code, "Zoë")
    with pytest.raises(GinError, match="answer at least one puzzle"):
        session.hand_in()
    assert not session.handed_in


def test_answers_are_read_as_people_write_them():
    puzzles = SET.puzzles()
    knock = next(p for p in puzzles if p.kind == "can_knock")
    discard = next(p for p in puzzles if p.kind == "best_discard")
    card = knock.hand[0]
    assert mark(knock, f"Yes, {card}").answer == f"yes {card.code()}"
    assert mark(knock, card.code().lower()).answer == f"yes {card.code()}"
    assert mark(knock, " N ").answer == "no"
    assert mark(discard, str(discard.answer[0])).correct
    assert mark(discard, discard.answer[0]).correct
    for bad, fragment in [("no 7H", "'no' alone"), ("maybe", "malformed card"), ("7H 8H", "one card")]:
        with pytest.raises(AnswerError, match=fragment):
            mark(knock, bad)
    from gintrainer.puzzles import bank
    can, cannot = (next(p for p in bank("can_knock") if p.can_knock is flag) for flag in (True, False))
    with pytest.raises(AnswerError, match="say which card"):
        mark(can, "yes")  # a knock needs its discard
    wrong = mark(cannot, "yes")  # saying yes where no discard knocks is simply wrong
    assert (wrong.answer, wrong.correct) == ("yes", False)
    outside = next(c for c in (f"{r}{s}" for r in "A23456789TJQK" for s in "CDHS") if c not in
                   {x.code() for x in discard.hand})
    with pytest.raises(AnswerError, match="not in the hand"):
        mark(discard, outside)
    with pytest.raises(AnswerError, match="one card to discard"):
        mark(discard, "no")


def test_throwing_back_the_card_just_taken_is_a_wrong_answer():
    from gintrainer.puzzles import bank
    puzzle = next(p for p in bank("can_knock") if p.forbidden is not None)
    marked = mark(puzzle, f"yes {puzzle.forbidden.code()}")
    assert not marked.correct and "just taken from the discard pile" in marked.message


def test_results_files_refuse_bad_rows():
    row = Attempt(1, "ck-aa6101a16803", "no", True, 3)
    for student, fragment in [("", "empty"), ("=HYPERLINK()", "cannot start with '='"), ("x" * 41, "at most 40")]:
        with pytest.raises(ResultsError, match=re.escape(fragment)):
            results_csv(student, SET.code, [row])
    with pytest.raises(ResultsError, match="answered twice"):
        results_csv("Ann", SET.code, [row, row])
    with pytest.raises(ResultsError, match="typo"):
        results_csv("Ann", SET.code[:-1] + "U", [row])
    with pytest.raises(ResultsError, match="seconds"):
        Attempt(1, "ck-aa6101a16803", "no", True, -1)
    with pytest.raises(ResultsError, match="not a puzzle id"):
        Attempt(1, "chess-1", "no", True, 1)
    assert results_filename("../Zoë", SET.code).startswith(f"{SET.code}-zoe-")


def test_a_student_name_follows_the_name_rule_of_profiles():
    # results_filename hashed the exact spelling, so one student's files got names that
    # differ only by case; the name rule now gives every spelling one file name.
    assert results_filename("ZOË", SET.code) == results_filename("zoë", SET.code) == results_filename(" Zoë", SET.code)
    assert results_filename("İrem", SET.code) == results_filename("irem", SET.code)
    assert results_filename("名前", SET.code).startswith(f"{SET.code}-student-")
    # A learner's name may start like a spreadsheet formula, a student's may not: the
    # results go into a spreadsheet, profiles do not (and existing ones stay readable).
    assert clean_name("@mia") == "@mia"
    for name in ("=1+1", "+mia", "-mia", "@mia", "  @mia"):
        with pytest.raises(ResultsError, match="a spreadsheet would read"):
            clean_student(name)
    with pytest.raises(ResultsError, match="a name can have at most 40 characters"):
        clean_student("x" * 41)
    rows = [Attempt(1, SMALL.puzzles()[0].id, "no", False, 1.0), Attempt(2, SMALL.puzzles()[1].id, "no", False, 1.0)]
    lines = results_csv("Ann", SMALL.code, rows).splitlines()
    lines[2] = lines[2].replace("Ann", "ANN", 1)  # one student, however a row spells the name
    assert read_results("\r\n".join(lines), check=False).student == "Ann"


def test_the_classroom_needs_neither_widgets_nor_the_profiles_nor_posix_locks():
    code = ("import sys; sys.modules['fcntl'] = None\n"  # as on a system without fcntl
            "import gintrainer.classroom as c, gintrainer.records.storage as s\n"
            "print(c.clean_student(' Zoë ') == s.clean_name('Zoë'), 'ipywidgets' in sys.modules, "
            "'gintrainer.records.profiles' in sys.modules, 'gintrainer.records.progress' in sys.modules)\n"
            "try:\n    s.locked('x.json').__enter__()\nexcept s.StorageError as e:\n    print(e)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["True False False False", "locking 'x.json' needs a POSIX system (the fcntl module)"]


def _good_file() -> str:
    puzzles = SMALL.puzzles()
    rows = [Attempt(i + 1, p.id, right_answer(p), True, 2.5) for i, p in enumerate(puzzles)]
    return results_csv("Ann", SMALL.code, rows)


@pytest.mark.parametrize("change, fragment", [
    (lambda t: "", "no header row"),
    (lambda t: t.splitlines()[0] + "\r\n", "no answers"),
    (lambda t: t.replace("seconds", "time"), "unknown column 'time'"),
    (lambda t: t.replace(",seconds", "").replace(",2.5", ""), "lacks the column 'seconds'"),
    (lambda t: t.replace(",true,2.5", ",maybe,2.5", 1), "line 2: correct is true or false"),
    (lambda t: t.replace(",2.5", ",-2", 1), "line 2: seconds must be a number from 0"),
    (lambda t: t.replace(",2.5", ",soon", 1), "line 2: seconds 'soon' is not a number"),
    (lambda t: t.replace(",2.5\r\n", ",2.5,extra\r\n", 1), "line 2 has 8 cells, not 7"),
    (lambda t: t.replace(f"{SMALL.code},1,", f"{SMALL.code},9,", 1), "line 2: position 9 is past the end"),
    (lambda t: t.replace(f"{SMALL.code},2,", f"{SMALL.code},1,", 1), "line 3: puzzle 1 is answered twice"),
    (lambda t: t.replace(",true,2.5", ",false,2.5", 1), "line 2: answer '"),
    (lambda t: re.sub(r",1,(ck-[0-9a-f]+)", ",1,ck-000000000000", t, count=1), "is not puzzle 1 of class code"),
    (lambda t: "Ben,".join(t.rsplit("Ann,", 1)), "line 4: a second student 'Ben'"),
    (lambda t: t.replace(SMALL.code, SMALL.code[:-1] + "U", 1), "line 2: class code"),
    (lambda t: t.replace(f"Ann,{SMALL.code},3", f"Ann,{SET.code},3"), "line 4: a second class code"),
])
def test_malformed_results_files_are_refused_naming_the_line(change, fragment):
    text = change(_good_file())
    with pytest.raises(ResultsError, match=re.escape(fragment)):
        read_results(text)


def test_results_files_are_utf8():
    with pytest.raises(ResultsError, match="not UTF-8"):
        read_results(b"student,code\xff\n")
    assert read_results(b"\xef\xbb\xbf" + _good_file().encode()).student == "Ann"


# -- the command line -------------------------------------------------------------

def test_class_make_prints_the_set_as_json_and_the_code(capsys):
    code, out, err = run(capsys, "class", "make", "--code", "Year 5 Tuesday", "--count", "6", "--json")
    assert code == 0 and err == f"class code: {SET.code}\n"
    assert json.loads(out) == [puzzle_json(p) for p in SET.puzzles()]
    again = run(capsys, "class", "make", "--code", SET.code, "--json")
    assert again == (0, out, err)
    same = run(capsys, "class", "make", "--code", SET.code.lower(), "--count", "6", "--kinds", "both", "--json")
    assert same == (0, out, err)


def test_class_make_in_words(capsys):
    code, out, _ = run(capsys, "class", "make", "--code", "Lunch club", "--count", "3", "--kinds", "can-knock")
    assert code == 0 and out.startswith(f"Class code: {SMALL.code}\nClass: Lunch club\n3 puzzles: can-you-knock")
    assert out.count("--- puzzle ") == 3 and "Answer:" in out


def test_class_worksheet_writes_the_worksheet_and_the_key(capsys, tmp_path):
    sheet, key = tmp_path / "sheet.html", tmp_path / "key.html"
    code, out, _ = run(capsys, "class", "worksheet", "--code", "Lunch club", "--count", "3", "--kinds",
                       "can-knock", "--out", str(sheet))
    assert code == 0 and f"worksheet of class code {SMALL.code} (3 puzzles)" in out
    assert sheet.read_text(encoding="utf-8") == worksheet_html(SMALL)
    assert run(capsys, "class", "worksheet", "--code", SMALL.code, "--out", str(key), "--answers")[0] == 0
    assert key.read_text(encoding="utf-8") == answer_key_html(SMALL.with_name(None))
    first = sheet.read_bytes()
    run(capsys, "class", "worksheet", "--code", "Lunch club", "--count", "3", "--kinds", "can-knock", "--out",
        str(sheet))
    assert sheet.read_bytes() == first


@pytest.mark.parametrize("argv, fragment", [
    (["make", "--code", SET.code[:-1] + ("0" if SET.code[-1] != "0" else "1")], "has a typo"),
    (["make", "--code", SET.code[:-3]], "characters, but a code has 15"),
    (["make", "--code", SET.code, "--count", "7"], "--count 7 disagrees with class code"),
    (["make", "--code", SET.code, "--no-oklahoma", "--kinds", "can-knock"], "--kinds can_knock disagrees"),
    (["make", "--code", "Year 5", "--count", "0"], "--count: a class set has 1 to 40 puzzles"),
    (["make", "--code", "Year 5", "--difficulty", "1250-1400"], "--difficulty: difficulty range"),
    (["make", "--code", "Year 5", "--theme", "flush"], "invalid choice"),
    (["worksheet", "--code", "Year 5", "--out", "/nonexistent-folder/x.html"], "does not exist"),
    (["make"], "required"),
])
def test_class_command_errors_are_one_line_with_status_2(capsys, argv, fragment):
    code, out, err = run(capsys, "class", *argv)
    assert code == 2 and out == ""
    assert err.startswith("gintrainer: error: ") and err.count("\n") == 1 and fragment in err
