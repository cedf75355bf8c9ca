"""Every exercise kind over many seeds: the answer is the engine's, the checker accepts it
and rejects wrong answers with an explanation."""

import pytest

from gintrainer import GinError, Rules, best_arrangement, meld_kind, min_deadwood, score_hand
from gintrainer.exercises import KINDS, ExerciseSession, generate, kinds_for
from gintrainer.exercises.going_out import best_reply, can_lay_off_all, defender_cards, knock_options
from gintrainer.exercises.matches import RULE_SETS, compare_rules, played_match
from gintrainer.deals import best_discards, deal

SLOW = {"match_total", "next_dealer", "hollywood_score"}
SEEDS = range(40)


def seeds_for(kind):
    return range(8) if kind in SLOW else SEEDS


def cases():
    return [(kind, seed) for kind in KINDS for seed in seeds_for(kind)]


def wrong_responses(exercise):
    """Some responses that differ from the engine's answer."""
    if exercise.answer_type == "number":
        return [exercise.answer + 1, exercise.answer - 3]
    if exercise.answer_type == "choice":
        return [c for c in exercise.options if c != exercise.answer]
    if exercise.pick == 1:
        return [(c,) for c in exercise.options]
    size = exercise.pick or max(len(exercise.answer), 1)
    cards = list(exercise.options)
    return [tuple(cards[i:i + size]) for i in range(0, len(cards) - size + 1)]


@pytest.mark.parametrize("kind, seed", cases())
def test_answer_is_accepted_and_wrong_answers_explained(kind, seed):
    exercise = generate(kind, seed)
    assert exercise.kind == kind and exercise.seed == seed and exercise.prompt and exercise.explanation
    right = exercise.check(exercise.answer)
    assert right.correct, right.text
    rejected = 0
    for response in wrong_responses(exercise):
        feedback = exercise.check(response)
        if not feedback.correct:
            rejected += 1
            assert len(feedback.text) > 20
    assert rejected, f"no wrong answer is rejected for {kind} #{seed}"
    again = generate(kind, seed)
    assert (again.prompt, again.answer, again.options) == (exercise.prompt, exercise.answer, exercise.options)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_unreadable_responses_get_a_hint_not_an_error(kind):
    exercise = generate(kind, 1)
    for response in (None, "", "banana", ("ZZ",), 3.5, ["AS", "AS"], True):
        feedback = exercise.check(response)
        assert not feedback.correct and feedback.text


def test_every_lesson_has_three_exercises_and_one_answered_by_clicking_cards():
    for lesson in range(1, 10):
        kinds = kinds_for(lesson)
        assert len(kinds) >= 3, lesson
        assert any(generate(k, 0).answer_type == "cards" for k in kinds), lesson


def test_unknown_kind_and_bad_seed():
    with pytest.raises(GinError, match="unknown exercise kind"):
        generate("juggling")
    with pytest.raises(GinError):
        generate("deadwood_count", -1)


def test_session_check_try_again_show_answer_new_position():
    session = ExerciseSession("deadwood_count", 4)
    assert session.check("not a number").correct is False and session.state == "open"
    assert session.check(session.exercise.answer + 1).correct is False and session.state == "wrong"
    session.try_again()
    assert session.state == "open" and session.feedback is None
    shown = session.show_answer()
    assert str(session.exercise.answer) in shown.text and session.state == "shown"
    assert session.new_position().seed == 5 and session.state == "open"
    fixed = ExerciseSession(exercise=generate("meld_or_not", 0))
    with pytest.raises(GinError):
        fixed.new_position()


# -- the engine's answer, kind by kind -------------------------------------------------------------


def _card_verdicts(exercise):
    return {c: exercise.check((c,)).correct for c in exercise.options}


def check_meld_or_not(e):
    kind = meld_kind(e.panels[0].cards)
    assert e.answer == {"set": "A set", "run": "A run", None: "Not a meld"}[kind]


def check_pick_meld(e):
    assert meld_kind(e.answer)
    for meld in best_arrangement(e.options).melds:
        assert e.check(meld).correct


def check_deadwood_count(e):
    assert e.answer == min_deadwood(e.options)


def check_pick_deadwood(e):
    assert sum(c.value for c in e.answer) == min_deadwood(e.options)


def check_discard(e):
    hand_cards = e.options
    verdicts = _card_verdicts(e)
    legal = [c for c in hand_cards if verdicts[c]]
    best = min(min_deadwood([d for d in hand_cards if d is not c]) for c in legal)
    for card in legal:
        assert min_deadwood([d for d in hand_cards if d is not card]) == best


def check_knock_card(e):
    for card, ok in _card_verdicts(e).items():
        rest = [d for d in e.options if d is not card]
        assert ok == (min_deadwood(rest) <= 10)


def check_hand_points(e):
    melds = e.panels[0].melds
    knocker = [c for m in melds for c in m] + list(e.panels[1].cards)
    score = score_hand(knocker, e.panels[2].cards, knocker_melds=melds)
    assert score.points == e.answer


def check_variant_knock(e):
    for card, ok in _card_verdicts(e).items():
        rest = [d for d in e.options if d is not card]
        points = min_deadwood(rest)
        if "Straight gin" in e.prompt:
            assert ok == (points == 0)
        else:
            limit = int(e.prompt.split("knock limit in this hand is ")[1].split(".")[0])
            assert ok == (points <= limit)


def check_oklahoma_limit(e):
    assert e.answer == Rules(oklahoma=True).knock_limit_for(e.panels[0].cards[0])


ENGINE_CHECKS = {
    "meld_or_not": check_meld_or_not,
    "pick_meld": check_pick_meld,
    "deadwood_count": check_deadwood_count,
    "pick_deadwood": check_pick_deadwood,
    "upcard_discard": check_discard,
    "best_discard": check_discard,
    "knock_card": check_knock_card,
    "hand_points": check_hand_points,
    "variant_knock": check_variant_knock,
    "oklahoma_limit": check_oklahoma_limit,
}


@pytest.mark.parametrize("kind", sorted(ENGINE_CHECKS))
def test_answers_agree_with_the_engine(kind):
    for seed in SEEDS:
        ENGINE_CHECKS[kind](generate(kind, seed))


def test_layoff_positions_agree_with_best_layoffs():
    from gintrainer import best_layoffs
    from gintrainer.exercises.going_out import layoff_position
    from gintrainer.deals import rng_for
    for seed in range(25):
        hand = layoff_position(rng_for("test", seed))
        if hand is None:
            continue
        reply = best_layoffs(defender_cards(hand), hand.table_melds)
        assert best_reply(hand).defender_deadwood == reply.points
        assert can_lay_off_all(hand, [l.card for l in reply.layoffs])


def test_forbidden_discard_is_the_card_just_taken():
    for seed in SEEDS:
        e = generate("forbidden_discard", seed)
        assert [c for c, ok in _card_verdicts(e).items() if ok] == list(e.answer)


def test_match_answers_come_from_the_match():
    for seed in range(5):
        e = generate("match_total", seed)
        assert "final score" in e.prompt
        totals = [int(row[3]) for row in e.panels[0].rows[1:]]
        assert totals == sorted(totals)  # running points never go down


def test_comparison_scores_each_rule_set():
    (cards, defender, upcard), rows = compare_rules(0)
    assert len(rows) == len(RULE_SETS) + 1 and len(cards) == 11 and len(defender) == 10
    for (name, rules), row in zip(RULE_SETS, rows[1:]):
        assert row[0] == name and row[1] == str(rules.knock_limit_for(upcard))


def test_played_matches_are_reproducible():
    a, b = played_match(3), played_match.__wrapped__(3, Rules())
    assert [h.to_dict() for h in a.hands] == [h.to_dict() for h in b.hands]
    assert a.is_over


def test_best_discards_and_knock_options_follow_the_hand():
    hand = deal("2C 3C 4C 7H 7S 7D JS QS KS 9D", "5C 5D 6H 6C TH TD 2H 4S QD KC", "5H", "8H",
                actions=["pass", "pass", "draw"])
    points, cards = best_discards(hand)
    assert (points, [str(c) for c in cards]) == (8, ["9♦"])
    assert [str(a) for a in knock_options(hand)] == ["knock 9D", "knock 8H"]
