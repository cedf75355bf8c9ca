"""Puzzle generation: verified answers, themes, ratings, explanations, the daily puzzle."""

import json
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction

import pytest

from gintrainer import GinError, Rules, min_deadwood, parse_cards
from gintrainer.engine.melds import best_arrangement
from gintrainer.engine.solver import Objective, naive_discard
from gintrainer.material.messages import say
from gintrainer.puzzles import (
    DIFFICULTY_LEVELS,
    THEMES,
    PuzzleKind,
    bank,
    daily,
    generate,
    make_puzzle,
    parse_date,
    verify,
)
from gintrainer.puzzles.core import PuzzleError, ladder_level, solve_position
from gintrainer.puzzles.kinds import DISCARD_KINDS
from gintrainer.puzzles.store import puzzle_from_record
from gintrainer.puzzles.themes import HINT_ORDER, make_context, meld_choices, overlap_cards
from puzzle_samples import real_position as position

RULES_EXAMPLE = "3S 5S 6S 2C 3D 4D 5D 6D 4H 5H 6H"


def context(pos, kind="can_knock", objective=None):
    table, answer = solve_position(pos, kind, objective)
    return make_context(pos, table, kind, objective, answer)


def has(name, ctx):
    return THEMES[name].predicate(ctx)


# -- each theme's predicate, true and false ------------------------------------

def test_the_naive_rule_is_the_documented_one_and_passes_over_the_card_just_taken():
    # 9♦ taken from the pile is the highest deadwood card: the rule throws the next one.
    ctx = context(position("2C 3C 4C 7D 7H 7S 9H TH JH 2S 9D", "9D", "discard"))
    assert ctx.highest == parse_cards("9D")[0]
    assert ctx.naive == naive_discard(ctx.position.hand, forbidden=ctx.position.forbidden) == parse_cards("2S")[0]


def test_theme_set_or_run_only_when_the_other_meld_hides_the_answer():
    assert overlap_cards(parse_cards("5S 6S 7S 7H 7D")) == parse_cards("7S")
    ctx = context(position(RULES_EXAMPLE, "6S"))
    assert has("set-or-run", ctx)  # 5♦ in the set 5♦ 5♥ 5♠ would leave 28, over the limit
    assert not has("set-or-run", context(position("5S 6S 7S 8H 8D 2C 3C 4C 9H TH KD", "KD")))
    # 3♦ fits the set 3♦ 3♥ 3♠ and the run 2♦ 3♦ 4♦, and either leaves 6: no choice to make.
    kept = parse_cards("2D 3D 4D 3H 3S 8C 8D 8H JC QC")
    assert overlap_cards(kept) == parse_cards("3D")
    assert meld_choices(kept, best_arrangement(kept)) == ()


def test_theme_not_highest_and_naive_wrong():
    ctx = context(position(RULES_EXAMPLE, "6S"))
    assert ctx.answer == parse_cards("6S") and ctx.naive == parse_cards("4H")[0]
    assert has("not-highest", ctx) and has("naive-wrong", ctx)
    plain = context(position("2C 3C 4C 7D 7H 7S 9H TH JH 2S KD", "KD"))
    assert plain.answer and plain.naive in plain.answer
    assert not has("not-highest", plain) and not has("naive-wrong", plain)
    # All eleven meld: the rule throws the highest card, K♥, breaking a run; naive-wrong but not not-highest.
    melded = context(position("TH JH QH KH 5S 6S 7S 9C 9D 9H 9S", "5S"))
    assert melded.naive == parse_cards("KH")[0] and not melded.arrangement11.deadwood
    assert has("naive-wrong", melded) is (melded.naive not in melded.answer)
    assert not has("not-highest", melded)


def test_naive_wrong_counts_the_card_just_taken_as_passed_over():
    # The highest deadwood card was just taken: the rule throws the next one, which knocks.
    ctx = context(position("2C 3C 4C 7D 7H 7S 9H TH JH 2S 9D", "9D", "discard"))
    assert ctx.naive in ctx.answer and not has("naive-wrong", ctx)
    assert has("forbidden-discard", ctx)


def test_theme_forbidden_discard():
    # Taking 9D from the pile: throwing it back would knock, and it may not go back.
    hand = "2C 3C 4C 7D 7H 7S 9H TH JH 2S 9D"
    assert has("forbidden-discard", context(position(hand, "9D", "discard")))
    assert not has("forbidden-discard", context(position(hand, "9D", "stock")))


def test_theme_looks_knockable_and_near_limit():
    near = context(position("2C 3C 4C 7D 7H 7S AS 2D 3H 5S KD", "KD"))
    assert not near.answer and near.least == 11
    assert has("looks-knockable", near) and has("near-limit", near)
    far = context(position("2C 3C 4C 7D 7H 9S QH TH 5S 6D KD", "KD"))
    assert far.least > 14 and not has("looks-knockable", far) and not has("near-limit", far)
    # The knock limit has nothing to do with a best discard.
    assert not has("near-limit", context(position("2C 3C 4C 7D 7H 7S AS 2D 3H 5S KD", "KD"), "best_discard",
                                         "deadwood"))


def test_theme_keep_the_pair():
    found = [p for p in generate("best_discard", seed=3, count=40) if "keep-the-pair" in p.themes]
    assert found
    for puzzle in found:
        ctx = context(puzzle.position, "best_discard", puzzle.objective)
        assert ctx.naive not in puzzle.answer
        assert any(s.name == "look_keeps" and s["card"] is ctx.naive for s in puzzle.explanation_messages)


def test_theme_gin_and_long_run_lending_a_card_to_a_set():
    gin = context(position("TH JH QH KH 5S 6S 7S 9C 9D 9H 2S", "2S"))
    assert has("gin", gin) and not has("four-of-a-kind", gin)
    assert has("long-run", gin)  # 9♥ leaves the run 9♥..K♥ for the set of nines, 10♥..K♥ stays a run
    assert not has("big-gin", gin)
    big = context(position("TH JH QH KH 5S 6S 7S 9C 9D 9H 9S", "9S", rules=Rules(big_gin=True)))
    assert has("big-gin", big)


def test_theme_four_of_a_kind_only_when_the_four_spares_a_card():
    lends = context(position("KC KD KH KS QS JS 2C 5D 8H 9C 4D", "4D"), "best_discard", "deadwood")
    assert has("four-of-a-kind", lends)  # K♠ goes into J♠ Q♠ K♠, three kings stay a set
    kept_whole = context(position("KC KD KH KS 2C 3C 4C 5D 8H 9C 4D", "4D"), "best_discard", "deadwood")
    assert not has("four-of-a-kind", kept_whole)  # the four kings stay together: nothing to decide
    throws_one = context(position("TH JH QH KH 5S 6S 7S 9C 9D 9H 9S", "5S"))
    assert throws_one.answer[0].rank == 9 and has("four-of-a-kind", throws_one)


def test_theme_long_run_only_when_the_run_spares_a_card():
    lends = context(position("3H 4H 5H 6H 2C 2D 9S 3C 3S 8D KC", "KC"), "best_discard", "deadwood")
    assert has("long-run", lends)  # 3♥ joins the threes, 4♥ 5♥ 6♥ stays a run
    whole = context(position("3H 4H 5H 6H 7H 9C 9D 9S KS QD 2C", "2C"), "best_discard", "deadwood")
    assert not has("long-run", whole)


def test_theme_oklahoma_only_when_the_upcard_changes_the_answer():
    hand = "2C 3C 4C 7D 7H 7S AS 2D 3H 4S KD"  # discarding K♦ leaves 10
    five = context(position(hand, "KD", rules=Rules(oklahoma=True), upcard="5C"))
    assert not five.answer and has("oklahoma", five)
    king = context(position(hand, "KD", rules=Rules(oklahoma=True), upcard="KC"))
    assert king.answer and not has("oklahoma", king)
    assert not has("oklahoma", context(position(hand, "KD")))


def test_every_theme_has_a_test_above_and_words_for_learners():
    tested = {"set-or-run", "not-highest", "naive-wrong", "forbidden-discard", "looks-knockable", "near-limit",
              "keep-the-pair", "gin", "big-gin", "four-of-a-kind", "long-run", "oklahoma"}
    discard_themes = {name for name, theme in THEMES.items() if set(theme.kinds) <= set(DISCARD_KINDS)}
    assert tested == discard_themes  # the themes of "take or draw?" are tested in test_puzzle_take_or_draw_words.py
    assert set(HINT_ORDER) == discard_themes - {"big-gin"}
    titles = [t.title for t in THEMES.values()]
    assert len(set(titles)) == len(titles)
    for name, theme in THEMES.items():
        assert theme.title and theme.title != name and theme.description.endswith(".") and theme.hint.endswith(".")


# -- answers, ladder, explanation --------------------------------------------

def test_rules_example_is_a_hard_can_knock_puzzle():
    puzzle = make_puzzle(position(RULES_EXAMPLE, "6S"), "can_knock")
    assert puzzle is not None and puzzle.can_knock and puzzle.answer == parse_cards("6S")
    assert ladder_level(context(position(RULES_EXAMPLE, "6S"))) == 3
    assert puzzle.difficulty >= 1900
    assert puzzle.explanation.startswith("Yes: discarding 6♠ leaves 10 (2♣ 3♠ 5♠), within the knock limit "
                                         "of 10")


def test_obvious_knock_is_not_a_puzzle():
    assert make_puzzle(position("2C 3C 4C 7D 7H 7S 9H TH JH 2S KD", "KD"), "can_knock") is None


@pytest.fixture(scope="module")
def generated():
    return {
        "can_knock": generate("can_knock", seed=11, count=30),
        "deadwood": generate("best_discard", seed=11, count=20, objective="deadwood"),
        "lookahead": generate("best_discard", seed=11, count=30, objective="lookahead"),
        "oklahoma": generate("can_knock", seed=11, count=10, rules=Rules(oklahoma=True)),
    }


def test_can_knock_sets_are_half_yes_and_answers_are_gin_else_the_least_deadwood_knocks(generated):
    puzzles = generated["can_knock"]
    assert sum(p.can_knock for p in puzzles) == 15
    for puzzle in puzzles + generated["oklahoma"]:
        knocking = {r.card: r.deadwood for r in puzzle.table if r.deadwood <= puzzle.knock_limit}
        least = min(knocking.values(), default=None)
        assert set(puzzle.answer) == {c for c, d in knocking.items() if d == least}
        assert puzzle.can_knock == bool(knocking)
        assert puzzle.least_deadwood == min(min_deadwood([c for c in puzzle.hand if c is not r.card])
                                            for r in puzzle.table)
        record = puzzle.to_dict()
        assert record["answer"]["can_knock"] == puzzle.can_knock
        assert record["answer"]["discards"] == [c.code() for c in puzzle.answer]


def test_best_discard_answers_are_clear(generated):
    for objective in ("deadwood", "lookahead"):
        for puzzle in generated[objective]:
            rows = puzzle.table_sorted()
            group = [r for r in rows if r.card in puzzle.answer]
            assert 1 <= len(group) <= 2 and len({r.values() for r in group}) == 1
            runner = rows[len(group)]
            if objective == "deadwood":
                assert group[0].deadwood == min(r.deadwood for r in rows)
                assert runner.deadwood - group[0].deadwood >= 1
            else:
                assert runner.expected_deadwood - group[0].expected_deadwood >= Fraction(1, 2)
                assert not any(r.knocks for r in rows)


def test_lookahead_sets_have_the_naive_rule_wrong_at_least_40_percent(generated):
    puzzles = generated["lookahead"]
    wrong = [p for p in puzzles if naive_discard(p.hand, forbidden=p.forbidden) not in p.answer]
    assert len(wrong) >= 0.4 * len(puzzles)
    assert {p.id for p in wrong} == {p.id for p in puzzles if "naive-wrong" in p.themes}


def test_explanations_start_with_the_answer(generated):
    for puzzles in generated.values():
        for puzzle in puzzles:
            first = puzzle.explanation_messages[0]
            if puzzle.kind == "can_knock" and not puzzle.can_knock:
                assert first.name in ("ck_no", "ck_no_gin_only", "ck_no_tied", "ck_no_gin_only_tied")
            else:
                assert parse_cards(first["card"])[0] in puzzle.answer


def test_oklahoma_puzzles_show_the_upcard(generated):
    for puzzle in generated["oklahoma"]:
        assert puzzle.upcard is not None and puzzle.discard_pile[0] is puzzle.upcard
        assert puzzle.knock_limit == Rules(oklahoma=True).knock_limit_for(puzzle.upcard)
        assert puzzle.to_dict()["upcard"] == puzzle.upcard.code()
        assert {"ck_oklahoma", "ck_oklahoma_ace"} & {s.name for s in puzzle.explanation_messages}
        assert ("oklahoma" in puzzle.themes) == any((r.deadwood <= 10) != r.knocks for r in puzzle.table)


def test_hints_climb_from_theme_to_answer(generated):
    for puzzle in generated["can_knock"]:
        first, second, third = puzzle.hints
        assert second.startswith("The puzzle turns on these cards:") or second.startswith("Count")
        if puzzle.can_knock:
            assert all(str(c) in third for c in puzzle.answer)
        else:
            assert "no" in third


def test_grading(generated):
    puzzle = next(p for p in generated["lookahead"])
    right = puzzle.grade(puzzle.answer[0])
    assert right.correct and right.cost == 0
    wrong_row = next(r for r in puzzle.table if r.card not in puzzle.answer)
    wrong = puzzle.grade(wrong_row.card)
    assert not wrong.correct and wrong.cost == wrong_row.expected_deadwood - right.row.expected_deadwood > 0
    assert f"discarding {wrong_row.card} leaves {wrong_row.deadwood}" in wrong.message
    yes = next(p for p in generated["can_knock"] if p.can_knock)
    assert not yes.grade(can_knock=False).correct
    assert yes.grade(can_knock=True).correct
    no = next(p for p in generated["can_knock"] if not p.can_knock)
    assert no.grade(can_knock=False).correct and not no.grade(can_knock=True).correct
    with pytest.raises(GinError):
        puzzle.grade("KZ")
    with pytest.raises(GinError):
        yes.grade()


def test_records_verify_and_tampering_is_caught(generated):
    puzzle = generated["can_knock"][0]
    record = json.loads(json.dumps(puzzle.to_dict()))
    assert verify(record) == puzzle
    said = {"explanation": [["grade_right", {}]], "hints": record["sentences"]["hints"]}
    for key, change in [("answer", {"discards": [], "deadwood": 0}), ("difficulty", 5), ("sentences", said),
                        ("table", [])]:
        bad = dict(record, **{key: change})
        with pytest.raises(PuzzleError, match=key):
            verify(bad)
    with pytest.raises(PuzzleError):
        verify(dict(record, hand="2C 3C"))
    with pytest.raises(PuzzleError, match="lacks"):
        verify({"kind": "can_knock"})


def test_a_puzzle_holds_members_however_it_is_made_and_its_record_holds_their_text(generated):
    read = bank("best_discard")[0]
    verified = verify(read.to_dict())
    for puzzle in (read, verified, generated["can_knock"][0]):
        assert type(puzzle.kind) is PuzzleKind
        assert puzzle.objective is None or type(puzzle.objective) is Objective
        record = puzzle.to_dict()
        assert type(record["kind"]) is str and record["kind"] == puzzle.kind.value
        assert record["objective"] is None or type(record["objective"]) is str
    assert read.objective in (Objective.DEADWOOD, Objective.LOOKAHEAD)


@pytest.mark.parametrize("field, value", [("kind", "best-discard"), ("kind", "knock"), ("objective", "speed")])
def test_a_stored_record_with_an_unknown_kind_or_objective_is_refused(field, value):
    """The bank's reader does not re-solve a record, but it reads only the words records write."""
    record = dict(bank("best_discard")[0].to_dict(), **{field: value})
    with pytest.raises(PuzzleError, match=f"unknown {field}"):
        puzzle_from_record(record)


def test_generation_is_deterministic_across_processes():
    code = ("import json; from gintrainer.puzzles import generate; "
            "print(json.dumps([p.to_dict() for p in generate('best_discard', seed='x', count=3)]))")
    outputs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                              env={"PYTHONHASHSEED": str(n), "PATH": ""}).stdout for n in (1, 2)]
    assert outputs[0] == outputs[1]
    here = json.dumps([p.to_dict() for p in generate("best_discard", seed="x", count=3)])
    assert json.loads(outputs[0]) == json.loads(here)


def test_filters():
    low, high = DIFFICULTY_LEVELS["medium"]
    for puzzle in generate("can_knock", seed=5, count=6, difficulty="medium"):
        assert low <= puzzle.difficulty <= high
    for puzzle in generate("can_knock", seed=5, count=6, themes=["set-or-run"]):
        assert "set-or-run" in puzzle.themes
    for bad in [dict(difficulty="impossible"), dict(themes=["no-such-theme"]), dict(difficulty=(900, 100))]:
        with pytest.raises(GinError):
            generate("can_knock", seed=1, count=1, **bad)
    with pytest.raises(GinError, match="kind"):
        generate("sudoku", seed=1, count=1)
    with pytest.raises(GinError, match="objective"):
        generate("best_discard", seed=1, count=1, objective="speed")
    with pytest.raises(GinError, match="widen"):
        generate("can_knock", seed=1, count=1, difficulty=(100, 200), max_batches=5)


def test_daily_is_the_same_for_a_date_and_changes_by_date():
    a = daily("2026-11-29", "can-knock")
    assert a.id == daily("2026-11-29", "can_knock").id
    assert a.id != daily("2026-11-30", "can_knock").id
    b = daily("2026-11-29", "best_discard")
    c = daily("2026-11-30", "best_discard")
    assert {b.objective, c.objective} == {"deadwood", "lookahead"}
    with pytest.raises(GinError, match="bad date"):
        parse_date("2026-02-30")
    with pytest.raises(GinError, match="bad date"):
        daily("yesterday")


def _bank_puzzle(puzzle_id):
    return next(p for p in bank("can_knock") if p.id == puzzle_id)


@pytest.mark.parametrize(("puzzle_id", "gin", "knock", "deadwood"), [
    ("ck-8e79da419583", "2D", "AS", 7),   # the examples: a knock with 7 where 2♦ is gin,
    ("ck-64c8494ec961", "AC", "4C", 1)])  # a knock with 1 instead of A♣ for gin
def test_a_knock_where_gin_is_there_is_not_a_solve_and_says_what_it_gives_up(puzzle_id, gin, knock, deadwood):
    from gintrainer.classroom.marking import mark
    from gintrainer.trainers.training import PuzzleAttempt
    puzzle = _bank_puzzle(puzzle_id)
    assert puzzle.answer == tuple(parse_cards(gin)) and puzzle.row(gin).gin
    row = puzzle.row(knock)
    assert row.knocks and row.deadwood == deadwood
    grade = puzzle.grade(knock, can_knock=True)
    assert not grade.correct and grade.cost == deadwood
    bonus = puzzle.rules.gin_bonus
    assert grade.messages[0] == say("grade_knock_not_gin", card=row.card, deadwood=deadwood,
                                    best_card=parse_cards(gin)[0], bonus=bonus, points=bonus + deadwood)
    attempt = PuzzleAttempt(puzzle)
    attempt.answer_yes_no(True)
    assert not attempt.answer_discard(knock).correct and attempt.result == "failed"
    assert not mark(puzzle, f"yes {knock}").correct and mark(puzzle, f"yes {gin}").correct
    # the rules' gin bonus, not a number of its own
    classic = make_puzzle(replace(puzzle.position, rules=replace(puzzle.rules, gin_bonus=20)), "can_knock")
    assert classic.grade(knock, can_knock=True).messages[0]["points"] == 20 + deadwood


def test_a_second_gin_discard_is_called_gin_and_a_lesser_knock_is_not_called_the_best():
    """ck-36a76f280696: 4♣ and 8♣ both go gin, 5♣ knocks with 4. The explanation called 8♣ a knock ("also
    knocks: it leaves 0"), called 5♣ "the best knock instead", and a learner who threw 5♣ was told what gin
    gives up over it twice; the hint said "knock" for gin."""
    from gintrainer.trainers.training import PuzzleAttempt
    from gintrainer.words.language import in_language
    puzzle = _bank_puzzle("ck-36a76f280696")
    assert puzzle.answer == tuple(parse_cards("4C 8C")) and puzzle.row("8C").gin and puzzle.row("5C").deadwood == 4
    said = puzzle.explanation
    assert "Discarding 8♣ goes gin too: it also leaves 0." in said and "also knocks" not in said
    assert "best knock" not in said and "even discarding 5♣, which keeps only 4, scores at least 29 points less" \
        in said
    assert puzzle.hints[-1] == "Answer: yes, go gin by discarding any of 4♣ 8♣."
    for lang in ("en", "tr"):
        with in_language(lang):
            attempt = PuzzleAttempt(puzzle)
            attempt.answer_yes_no(True)
            told = attempt.answer_discard("5C").message
            assert told.count("29") == 1, (lang, told)


def test_a_knock_keeping_more_deadwood_than_the_best_is_not_a_solve():
    puzzle = _bank_puzzle("ck-2b36ba3d3839")
    assert puzzle.answer == tuple(parse_cards("5S")) and puzzle.row("5S").deadwood == 2
    grade = puzzle.grade("AD", can_knock=True)
    assert not grade.correct and grade.cost == 4
    assert grade.message.startswith("Not the best: discarding A♦ knocks with 6, 4 more deadwood than discarding "
                                    "5♠, which knocks with 2.")
    assert puzzle.grade("5S", can_knock=True).correct


def test_gin_scores_at_least_what_the_words_say_more_than_any_knock():
    """"at least {points} points more": the gin bonus and the knock's deadwood, against every
    knock of the bank's gin puzzles, scored by the engine against opponents' hands dealt from
    the unseen cards (lay-offs, undercuts and the Oklahoma spade double included)."""
    import random

    from gintrainer.engine.cards import DECK
    from gintrainer.engine.scoring import knocker_net, score_hand
    rng = random.Random("gin-over-knock")
    checked = 0
    for puzzle in bank("can_knock"):
        if not puzzle.can_knock or not puzzle.row(puzzle.answer[0]).gin:
            continue
        unseen = [c for c in DECK if c not in puzzle.hand and c not in puzzle.discard_pile]
        gin_cards = [c for c in puzzle.hand if c is not puzzle.answer[0]]
        for row in puzzle.table:
            if not row.knocks or row.gin:
                continue
            words = puzzle.grade(row.card, can_knock=True).messages[0]
            knock_cards = [c for c in puzzle.hand if c is not row.card]
            for _ in range(5):
                opponent = rng.sample(unseen, 10)
                gin_net = knocker_net(score_hand(gin_cards, opponent, puzzle.rules, upcard=puzzle.upcard))
                knock_net = knocker_net(score_hand(knock_cards, opponent, puzzle.rules, upcard=puzzle.upcard))
                assert gin_net - knock_net >= words["points"], (puzzle.id, row.card)
                checked += 1
    assert checked >= 50
