"""Every exercise kind over many seeds: the answer is the engine's, the checker accepts it
and rejects wrong answers with an explanation."""

import re

import pytest

from gintrainer import GinError, Rules, best_arrangement, meld_kind, min_deadwood, score_hand
from gintrainer.engine.cards import parse_cards
from gintrainer.engine.hand import ActionKind
from gintrainer.engine.melds import all_best_arrangements
from gintrainer.exercises import KINDS, ExerciseSession, generate
from gintrainer.exercises.going_out import best_reply, can_lay_off_all, defender_cards, knock_options
from gintrainer.exercises.matches import compare_rules, played_match, rule_sets
from gintrainer.lessons import LESSONS
from gintrainer.material.deals import best_discards, deal

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
    for number, info in LESSONS.items():
        kinds = info.kinds
        assert len(kinds) >= 3, number
        assert any(generate(k, 0).answer_type == "cards" for k in kinds), number


ODD = Rules(knock_limit=7, gin_bonus=21, undercut_bonus=12, target=150, game_bonus=120, box_bonus=20,
            shutout_multiplier=3, big_gin_bonus=33)

# kind: what each number a phrase of its texts quotes must be under ODD.
QUOTED_RULES = {
    "knock_card": {r"limit (?:of|is) (\d+)": {7}},
    "can_knock": {r"limit (?:of|is) (\d+)": {7}, r"(\d+) or less": {7}},
    "going_out": {r"knock limit of (\d+)": {7}, r"gin, bonus (\d+)": {21}, r"for a bonus of (\d+)": {33}},
    "hand_outcome": {r"(\d+) bonus": {21, 12}},
    "hand_points": {r"(\d+) bonus": {21, 12}},
    "match_total": {r"reached (\d+)": {150}, r"× (\d+)": {20}, r"and (\d+) for every hand": {20}},
    "winning_knock": {r"(?:reach|to) (\d+)": {150}},
    "hollywood_score": {r"reach(?:es|ed)? (\d+)": {150}},
}


def all_words(exercise):
    """Every text of an exercise: the prompt, the explanation, the options and the verdict on each."""
    responses = list(exercise.options) if exercise.answer_type == "choice" else wrong_responses(exercise)
    return " ".join([exercise.prompt, exercise.explanation, *map(str, exercise.options),
                     exercise.check(exercise.answer).text, *(exercise.check(r).text for r in responses)])


@pytest.mark.parametrize("kind", sorted(QUOTED_RULES))
def test_exercise_texts_take_their_numbers_from_the_rules_in_force(kind):
    seeds = range(3) if kind in SLOW else range(12)
    for pattern, allowed in QUOTED_RULES[kind].items():
        quoted = set()
        for seed in seeds:
            exercise = generate(kind, seed, ODD)
            assert exercise.check(exercise.answer).correct
            quoted |= {int(n) for n in re.findall(pattern, all_words(exercise))}
        assert quoted and quoted <= allowed, (kind, pattern, quoted)


def test_the_rules_in_force_follow_an_exercise_to_its_next_position():
    session = ExerciseSession("can_knock", 0, rules=ODD)
    assert "the knock limit is 7" in session.exercise.prompt
    session.new_position()
    assert "the knock limit is 7" in session.exercise.prompt and session.exercise.seed == 1
    assert "the knock limit is 10" in generate("can_knock", 0).prompt
    with pytest.raises(GinError):
        generate("can_knock", 0, "standard")


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
    from gintrainer.material.deals import rng_for
    for seed in range(25):
        hand = layoff_position(rng_for("test", seed))
        if hand is None:
            continue
        reply = best_layoffs(defender_cards(hand), hand.table_melds)
        assert best_reply(hand).defender_deadwood == reply.points
        assert can_lay_off_all(hand, [layoff.card for layoff in reply.layoffs])


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
    assert len(rows) == len(rule_sets()) + 1 and len(cards) == 11 and len(defender) == 10
    for (name, rules), row in zip(rule_sets(), rows[1:], strict=True):
        assert row[0] == name and row[1] == str(rules.knock_limit_for(upcard))


def test_played_matches_are_reproducible_and_every_caller_gets_its_own():
    """A played match is the plain players' match, move by move; each call returns a
    new Match (one cached Match used to be handed to every caller, so a caller that
    played on changed everyone's), and its first hands are the shorter match."""
    from gintrainer import Match
    from gintrainer.engine.players import decide, sound_player
    a, b = played_match(3), played_match(3)
    assert a is not b and a.is_over and a.to_dict() == b.to_dict()
    fresh, player = Match(Rules(), seed=3), sound_player()
    while True:
        while not fresh.hand.is_over:
            fresh.apply(decide(player, fresh.hand))
        if fresh.is_over:
            break
        fresh.next_hand()
    assert fresh.to_dict() == a.to_dict()
    short = played_match(3, Rules(), 2)
    assert short.to_dict()["hands"] == a.to_dict()["hands"][:2] and not short.is_over
    short.next_hand()
    short.apply(short.hand.legal_actions()[0])
    assert len(played_match(3, Rules(), 2).hands) == 2


def test_best_discards_and_knock_options_follow_the_hand():
    hand = deal("2C 3C 4C 7H 7S 7D JS QS KS 9D", "5C 5D 6H 6C TH TD 2H 4S QD KC", "5H", "8H",
                actions=["pass", "pass", "draw"])
    points, cards = best_discards(hand)
    assert (points, [str(c) for c in cards]) == (8, ["9♦"])
    assert [str(a) for a in knock_options(hand)] == ["knock 9D", "knock 8H"]


# -- answers are earned: a wrong answer says why, never what is right -----------------------------------

RULE_NUMBERS = {str(v) for v in Rules().to_dict().values() if isinstance(v, int) and not isinstance(v, bool)}
NAMED_CARD_KINDS = {"upcard_pick", "forbidden_discard", "upcard_discard", "best_discard", "knock_card", "variant_knock"}


def numbers_in(text):
    return set(re.findall(r"(?<![\w.])\d+(?![\w])", text))


@pytest.mark.parametrize("kind, seed", cases())
def test_a_wrong_answer_says_why_and_never_what_is_right(kind, seed):
    exercise = generate(kind, seed)
    seen = " ".join([exercise.prompt, *(p.label + p.text for p in exercise.panels),
                     *(" ".join(r) for p in exercise.panels for r in p.rows)])
    for response in wrong_responses(exercise):
        feedback = exercise.check(response)
        if feedback.correct:
            continue
        text = feedback.text
        assert exercise.explanation not in text and "the answer is" not in text.lower(), text
        if exercise.answer_type == "choice":
            assert f"“{exercise.answer}”" not in text and text.startswith(f"Not “{response}”: "), text
        elif exercise.answer_type == "number":
            allowed = numbers_in(seen) | RULE_NUMBERS | {str(response)}
            assert str(exercise.answer) not in numbers_in(text) - allowed, text
            assert text.startswith(f"Not {response}: "), text
        elif kind in NAMED_CARD_KINDS:
            assert not any(str(c) in text for c in exercise.answer if c not in response), text


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_answer_shows_only_when_asked_and_the_first_answer_is_kept(kind):
    session = ExerciseSession(kind, 2)
    exercise = session.exercise
    wrong = next(r for r in wrong_responses(exercise) if not exercise.check(r).correct)
    feedback = session.check(wrong)
    assert not feedback.correct and session.state == "wrong" and session.first_correct is False
    assert exercise.explanation not in feedback.text
    session.try_again()
    assert session.state == "open" and session.feedback is None
    assert session.check(exercise.answer).correct and session.state == "right"
    assert session.first_correct is False, "a right answer after a wrong one is not a first answer"
    shown = session.show_answer()
    assert shown.text == f"Answer: {exercise.answer_text()}. {exercise.explanation}"
    fresh = ExerciseSession(kind, 2)
    fresh.show_answer()
    fresh.try_again()
    fresh.check(exercise.answer)
    assert fresh.first_correct is False, "an answer given after the answer was shown is not earned"
    first_time = ExerciseSession(kind, 2)
    first_time.check("")  # unreadable: not an answer yet
    assert first_time.first_correct is None
    first_time.check(exercise.answer)
    assert first_time.first_correct is True


# -- exercises teach sound play ----------------------------------------------------------------------


def meld_after_take(held, card):
    """Brute force: the least deadwood after taking ``card`` and discarding another card,
    and whether ``card`` is melded in some least-deadwood arrangement that reaches it."""
    cards = list(held) + [card]
    results = []
    for discard in held:
        rest = [c for c in cards if c is not discard]
        results.append((min_deadwood(rest), any(card not in a.deadwood for a in all_best_arrangements(rest))))
    best = min(points for points, _ in results)
    return best, any(melded for points, melded in results if points == best)


def test_the_upcard_the_learner_takes_goes_into_a_meld():
    for seed in SEEDS:
        e = generate("upcard_discard", seed)
        upcard = e.panels[0].cards[0]
        rest = [c for c in e.options if c is not e.answer[0]]
        assert any(upcard not in a.deadwood for a in all_best_arrangements(rest)), seed
        assert min_deadwood(rest) < min_deadwood([c for c in e.options if c is not upcard]), seed
        assert "goes into the" in e.explanation


def test_take_or_draw_takes_only_cards_that_go_into_a_meld():
    takes = draws = 0
    for seed in range(60):
        e = generate("take_or_draw", seed)
        held, top = e.panels[0].cards, e.panels[1].cards[0]
        best, melded = meld_after_take(held, top)
        if e.answer.startswith("Take"):
            takes += 1
            assert best < min_deadwood(held) and melded, seed
        else:
            draws += 1
            assert not (best < min_deadwood(held) and melded), seed
        assert "only if it goes into a meld" in e.prompt
    assert takes >= 10 and draws >= 10


def test_knock_deadwood_asks_for_the_best_knock_and_never_where_gin_is_there():
    for seed in SEEDS:
        e = generate("knock_deadwood", seed)
        held = e.panels[0].cards
        card = next(c for c in held if f"discarding {c} face down" in e.prompt)
        leaves = {c: min_deadwood([d for d in held if d is not c]) for c in held}
        assert min(leaves.values()) > 0, f"gin was possible in #{seed}"
        assert leaves[card] == min(leaves.values()) == e.answer
        assert "no discard gives gin here" in e.prompt


@pytest.mark.parametrize("kind", ["best_knock_discard", "winning_knock"])
def test_knock_choices_show_the_layouts_and_lay_offs_behind_the_totals(kind):
    for seed in range(15):
        e = generate(kind, seed)
        held, defender = e.options, e.panels[0].cards
        for card in held:
            rest = [c for c in held if c is not card]
            if min_deadwood(rest) > Rules().knock_limit:
                continue
            score = score_hand(rest, defender)
            story = next(part for part in e.explanation.split("Knocking with ")[1:] if part.startswith(f"{card}"))
            for meld in score.knocker_melds:
                assert " ".join(str(c) for c in meld) in story, (seed, card)
            for layoff in score.layoffs:
                assert str(layoff.card) in story.split("lays off")[1], (seed, card)
            assert score.explain() in story


def test_the_knocker_is_told_when_his_layout_blocks_a_lay_off():
    found = 0
    for seed in range(30):
        e = generate("winning_knock", seed)
        if ", not " in e.explanation and "(the same deadwood)" in e.explanation:
            found += 1
    assert found, "no winning_knock position turns on the layout"


def hollywood_by_the_book(rows, seat, number, target):
    """The slow obvious reading of the rule: game ``number`` counts a player's wins from
    his ``number``-th on, each game stopping when someone reaches the target in it."""
    games = [[0, 0] for _ in range(3)]
    wins = [0, 0]
    counted = []
    for row in rows[1:]:
        result = row[2]
        if ":" not in result or "no score" in result:
            continue
        who = 0 if result.startswith("Ann") else 1
        points = int(result.rsplit(", ", 1)[1])
        wins[who] += 1
        for g in range(3):
            if max(games[g]) >= target or wins[who] < g + 1:
                continue
            games[g][who] += points
            if who == seat and g == number - 1:
                counted.append(points)
    return games[number - 1][seat], counted


def test_hollywood_counts_a_game_only_while_it_lasts():
    late = 0
    for seed in range(40):
        e = generate("hollywood_score", seed)
        seat = 0 if "Ann's score" in e.prompt else 1
        number = int(re.search(r"score in game (\d)", e.prompt).group(1))
        total, counted = hollywood_by_the_book(e.panels[0].rows, seat, number, Rules().target)
        assert e.answer == total, seed
        if len(counted) > 1:
            assert " + ".join(map(str, counted)) + f" = {total}" in e.explanation, seed
        if "later win" in e.explanation:
            late += 1
            assert "ended at hand" in e.explanation
    assert late >= 5
    assert "Each game ends on its own" in generate("hollywood_score", 0).prompt


def test_exercise_texts_take_their_numbers_from_the_rules(monkeypatch):
    import gintrainer.exercises.matches as matches
    odd = Rules(gin_bonus=21, undercut_bonus=12)
    monkeypatch.setattr(matches, "rule_sets", lambda: (("standard", odd),))
    e = generate("variant_points", 0)
    assert "gin bonus 21, undercut bonus 12" in e.prompt


def test_gin_against_a_hand_with_no_deadwood_is_still_gin():
    seen = 0
    for seed in range(80):
        e = generate("hand_outcome", seed)
        if e.answer.startswith("Gin") and min_deadwood(e.panels[2].cards) == 0:
            seen += 1
            assert "cannot be undercut" in e.explanation
            assert "cannot be undercut" in e.check("Undercut: the defender scores").text
    assert seen


def test_the_last_discard_of_a_dead_hand_cannot_be_taken():
    for seed in range(80):
        e = generate("hand_outcome", seed)
        if e.answer.startswith("Dead"):
            hand = e.panels[0].hand
            assert not hand.is_legal("take") and "may not take" in e.explanation
            return
    raise AssertionError("no dead hand in 80 seeds")


@pytest.mark.parametrize("kind, low, high", [
    ("stock_count", "fewer than are left", "more than are left"),
    ("deadwood_count", "leaves so little", "can be arranged to leave less"),
    ("knock_deadwood", "leaves so little", "can be arranged to leave less"),
    ("deadwood_after_layoffs", "less than your cards can get down to", "you can get lower"),
])
def test_a_wrong_number_is_told_which_way_it_is_wrong(kind, low, high):
    special = re.compile(r"that counts|your count without")  # a named slip instead of a direction
    for seed in range(10):
        e = generate(kind, seed)
        below, above = e.check(e.answer - 1).text, e.check(e.answer + 3).text
        assert low in below or special.search(below), (seed, below)
        assert high in above or special.search(above), (seed, above)


def test_a_cards_question_needs_cards_for_its_answer():
    """The answer of a cards question is what "Show answer" draws: cards, or the exercise is refused."""
    from gintrainer.exercises import Exercise
    fields = dict(kind="pick_meld", seed=0, title="Find a meld", prompt="Click a meld.", answer_type="cards",
                  explanation="", checker=lambda picked: None, options=())
    with pytest.raises(GinError, match="a tuple of cards"):
        Exercise(answer="7H 8H 9H", **fields)
    assert Exercise(answer=parse_cards("7H 8H 9H"), **fields).answer_text() == "7♥ 8♥ 9♥"


def test_no_reason_is_made_up_for_a_meld():
    from gintrainer.exercises.basics import not_a_meld_reason
    assert not_a_meld_reason("7H 8H TH").startswith("the ranks are not in sequence")
    with pytest.raises(GinError, match="is a meld"):
        not_a_meld_reason("7H 8H 9H")


@pytest.mark.parametrize("shape", ["big_gin", "big-gin", ActionKind.BIG_GIN], ids=["snake", "text", "member"])
def test_eleven_cards_are_dealt_for_the_way_out_asked_for(shape):
    """The shape of an 11-card position is an action kind, given as a member or in its text."""
    from gintrainer.exercises.going_out import eleven_cards
    from gintrainer.material.deals import rng_for
    hands = [h for h in (eleven_cards(rng_for("shape", seed), shape) for seed in range(10)) if h is not None]
    assert hands and all(min_deadwood(h.held(h.to_act)) == 0 for h in hands)
    members = [eleven_cards(rng_for("shape", seed), ActionKind.BIG_GIN) for seed in range(10)]
    assert [h.to_dict() for h in hands] == [h.to_dict() for h in members if h is not None]
    with pytest.raises(GinError, match="unknown action"):
        eleven_cards(rng_for("shape", 0), "any")


def test_a_table_panel_needs_its_hand():
    from gintrainer.exercises import Panel, panel_html
    with pytest.raises(GinError, match="shows a hand"):
        Panel("The table", "table")
    hand = deal("2C 3C 4C 7H 7S 7D JS QS KS 9D", "5C 5D 6H 6C TH TD 2H 4S QD KC", "5H")
    assert "gt-table" in panel_html(Panel("The table", "table", hand=hand))


def test_no_position_of_lessons_5_to_9_shows_its_outcome_before_the_answer():
    """A table drawn above the answer buttons shows neither that the hand is over nor its result: a dead
    hand's "Who scores?" asks just that (in every language)."""
    from gintrainer.exercises import panel_html
    from gintrainer.material.drawing import words
    from gintrainer.words.language import in_language
    kinds = [kind for number, lesson in LESSONS.items() if 5 <= number <= 9 for kind in lesson.kinds]
    assert "hand_outcome" in kinds
    tables = 0
    for language in ("en", "ps"):
        with in_language(language):
            over = words("phase_over")
            for kind in kinds:
                for seed in seeds_for(kind):
                    e = generate(kind, seed)
                    shown = "".join(panel_html(p) for p in e.panels)
                    tables += any(p.kind == "table" for p in e.panels)
                    assert "gt-result" not in shown and over not in shown, (kind, seed)
                    hands = [p.hand for p in e.panels if p.hand is not None and p.hand.result is not None]
                    assert not any(hand.result.explain() in shown for hand in hands), (kind, seed)
    assert tables


def test_what_may_the_player_do_says_only_what_is_true_of_its_position():
    """The reason a choice is wrong holds in every position: the choice between stock and pile follows a
    discard (a dealer whose non-dealer took the upcard has it though the upcard was never offered to him)."""
    from gintrainer.exercises.basics import TURN_OPTIONS
    seen = 0
    for seed in range(40):
        e = generate("turn_options", seed)
        if e.answer == TURN_OPTIONS[2]:
            continue
        text = e.check(TURN_OPTIONS[2]).text
        assert "offered to both players" not in text, (seed, text)
        assert "nobody has discarded yet" in text, (seed, text)
        assert "discards" not in e.prompt and "throws" not in e.prompt, (seed, e.prompt)  # nobody has
        seen += "takes the upcard" in e.prompt
    assert seen
    position_6 = generate("turn_options", 5)
    assert "Ben passes. Ann takes the upcard" in position_6.prompt
    assert "starts each turn that follows a discard" in position_6.check(TURN_OPTIONS[2]).text


def test_a_wrong_number_for_gin_is_told_the_rule_for_gin_not_lay_offs():
    """Position 1 of "The same knock, other rules" is gin under the classic preset: the hint names that rule
    and its bonus, and speaks of no lay-offs but to say there are none against gin."""
    e = generate("variant_points", 0)
    assert "classic rules" in e.prompt and e.answer == 91
    text = e.check(96).text
    assert "this is gin under classic rules" in text and "gin bonus of 20" in text, text
    assert "lay-offs" not in text and "apply the rule for this result" not in text
    for kind in ("variant_points", "hand_points"):
        for seed in range(40):
            e = generate(kind, seed)
            if e.explanation.startswith("Gin"):
                for number in (e.answer + 5, e.answer - 3):
                    text = e.check(number).text
                    assert "lay-offs" not in text and "laid off against gin" in text, (kind, seed, text)
