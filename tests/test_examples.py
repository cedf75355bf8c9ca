"""The shipped example hands: they load, replay to their stated results, cover the themes, every
decision of the featured player is explained, and what a comment says of a move (its verdict) is what the
example's shipped review finds."""

import re
from dataclasses import replace
from itertools import pairwise

import pytest

from gintrainer import Rules
from gintrainer.engine.hand import ActionKind
from gintrainer.engine.melds import meld_kind
from gintrainer.replay import Replay, ReplayError, examples, load, result_record
from gintrainer.replay.example_reviews import example_reviews
from gintrainer.replay.examples import (
    build,
    build_examples,
    comment_problems,
    data_folder,
    example,
    example_names,
    step_facts,
    verdict_problems,
    verdicts,
)
from gintrainer.replay.facts import arithmetic_problems, mentions
from gintrainer.replay.hands import (
    BOTH_PASS,
    CHAINED_LAYOFFS,
    DEAD_HAND,
    GIN,
    KNOCK,
    OKLAHOMA,
    SCRIPTS,
    TAKE_AND_KNOCK,
    UNDERCUT,
)
from gintrainer.replay.scripts import Script, Verdict, blame, close, move, praise

NAMES = example_names()


@pytest.fixture(scope="module")
def shipped():
    return examples()


def test_at_least_eight_examples_in_a_fixed_teaching_order(shipped):
    assert len(NAMES) >= 8 and list(shipped) == list(NAMES)
    assert sorted(p.name for p in data_folder().glob("*.json")) == sorted(f"{n}.json" for n in NAMES)
    assert examples() is not shipped and list(examples()) == list(NAMES)
    assert example("gin") is shipped["gin"]
    with pytest.raises(ReplayError, match="no example hand"):
        example("nothing")


@pytest.mark.parametrize("name", NAMES)
def test_every_shipped_history_loads_and_replays_to_its_stated_result(name, shipped):
    replay = load(data_folder() / f"{name}.json")
    assert isinstance(replay, Replay) and replay.hand.is_over
    assert replay.stated_result is not None
    assert replay.stated_result == result_record(replay.hand)
    assert replay.title and replay.description and replay.featured in (0, 1)
    assert replay.players is None  # the lessons' two players, named in the learner's language
    assert shipped[name].dump() == replay.dump()


@pytest.mark.parametrize("name", NAMES)
def test_annotations_point_at_existing_steps(name, shipped):
    replay = shipped[name]
    assert replay.annotations
    for note in replay.annotations:
        assert 0 <= note.step <= replay.step_count
        assert note.comment.strip()
        if note.better is not None:
            before = replay.state(note.step - 1)
            assert before.is_legal(note.better)


@pytest.mark.parametrize("name", NAMES)
def test_every_decision_of_the_featured_player_is_explained_by_the_teacher(name, shipped):
    replay = shipped[name]
    decisions = replay.decision_steps(replay.featured)
    assert decisions
    for step in decisions:
        assert any(a.author == "teacher" for a in replay.annotations_at(step)), f"{name}: step {step}"
    assert replay.annotations_at(0), f"{name}: the deal is introduced"


@pytest.mark.parametrize("script", SCRIPTS, ids=NAMES)
def test_the_shipped_files_are_what_the_scripts_build(script):
    built = build(script)
    assert (data_folder() / f"{script.name}.json").read_text(encoding="utf-8") == built.dump()


def test_build_examples_writes_every_file(tmp_path):
    written = build_examples(tmp_path)
    assert list(written) == list(NAMES)
    for name, path in written.items():
        assert path.read_text(encoding="utf-8") == (data_folder() / f"{name}.json").read_text(encoding="utf-8")


def test_the_featured_player_plays_as_the_solver_would(shipped):
    # The one-draw solver finds no fault with any featured move. (The evaluator, which plays the hand out,
    # marks a few of them; their comments say so: see the verdicts below.)
    for name, replay in shipped.items():
        faults = [a for a in replay.annotations if a.author == "solver"
                  and replay.step(a.step).seat == replay.featured]
        assert faults == [], name


# -- the themes -----------------------------------------------------------------------------------------


def _themes(shipped) -> dict[str, list[str]]:
    """The names of the examples that show each theme (a name once for each time it shows it)."""
    found: dict[str, list[str]] = {}
    for name, replay in shipped.items():
        for theme in _result_themes(replay.hand) + _play_themes(replay) + _layoff_themes(replay.hand):
            found.setdefault(theme, []).append(name)
    return found


def _result_themes(hand) -> list[str]:
    result = hand.result
    themes = {"gin": "gin", "undercut": "undercut", "dead": "dead hand"}
    found = [themes[result.kind]] if result.kind in themes else []
    if result.kind == "knock" and result.winner == "knocker":
        found.append("knock that wins")
    if hand.rules.oklahoma and hand.knock_limit < Rules().knock_limit:
        found.append("oklahoma")
    return found


def _play_themes(replay) -> list[str]:
    steps = replay.steps
    found = ["both pass"] if [s.text for s in steps[:3]] == ["pass", "pass", "draw"] else []
    found += ["take sets up a knock" for first, second in pairwise(steps)
              if first.action.kind is ActionKind.TAKE and second.action.kind in (ActionKind.KNOCK, ActionKind.GIN)
              and first.seat == second.seat]
    return found


def _layoff_themes(hand) -> list[str]:
    """A chained lay-off: a card laid off next to a card laid off before it, on one run."""
    result = hand.result
    found = []
    laid: dict[int, set] = {}
    for layoff in result.layoffs:
        earlier = laid.setdefault(layoff.meld, set())
        meld = result.knocker_melds[layoff.meld]
        if meld_kind(meld) == "run" and any(c.suit == layoff.card.suit and abs(c.rank - layoff.card.rank) == 1
                                             for c in earlier):
            found.append("chained lay-offs")
        earlier.add(layoff.card)
    return found


TITLE_THEMES = {"both_pass": "both pass", "knock": "knock that wins", "take_and_knock": "take sets up a knock",
                "gin": "gin", "undercut": "undercut", "chained_layoffs": "chained lay-offs",
                "dead_hand": "dead hand", "oklahoma": "oklahoma"}


def test_each_title_names_what_its_own_hand_shows(shipped):
    themes = _themes(shipped)
    assert set(TITLE_THEMES) == set(NAMES)
    for name, theme in TITLE_THEMES.items():
        assert name in themes[theme], (name, shipped[name].title)


def test_the_examples_cover_every_theme(shipped):
    themes = _themes(shipped)
    for theme in ("gin", "knock that wins", "undercut", "chained lay-offs", "dead hand", "both pass",
                  "take sets up a knock", "oklahoma"):
        assert theme in themes, theme
    assert themes["dead hand"] == ["dead_hand"] and themes["oklahoma"] == ["oklahoma"]


def _texts(script):
    """The title, the description and every comment of a script, as written (English, values named)."""
    return [script.title, script.description, script.deal_comment or ""] + [m.comment or "" for m in script.moves]


def test_the_texts_name_the_rules_options_in_words_never_by_their_field_names():
    """An option is named as a learner reads it ("the spades option", as lesson 9 says), never as the rule
    book's field (oklahoma_spades_double)."""
    fields = [name for name in Rules().to_dict() if "_" in name]
    assert "oklahoma_spades_double" in fields
    for script in SCRIPTS:
        for text in _texts(script):
            assert not [field for field in fields if field in text], (script.name, text)


def test_no_comment_is_a_card_and_a_bare_no():
    """A comment says who did what: "{ann} threw J♦: no use to {ben}. He draws 9♣ from the stock", never
    "J♦: no." with the card's owner and the move left to guess."""
    for script in SCRIPTS:
        for text in _texts(script):
            assert not re.search(r"(^|\. )(10|[2-9AJQK])[♣♦♥♠]: no\b", text), (script.name, text)


def test_the_gin_example_scores_the_bonus_and_no_layoffs(shipped):
    result = shipped["gin"].hand.result
    assert (result.kind, result.points, result.layoffs) == ("gin", 25 + result.defender_deadwood, ())


# -- the script machinery --------------------------------------------------------------------------------


def _script(*moves, **changes):
    base = dict(name="t", title="t", description="t", featured=1, non_dealer="2C 3C 4C 7H 7S 7D JS QS 5D 9D",
                dealer_cards="5C 6D 6H 6C TH TD 2H 4S QD KC", upcard="KH", stock="AC", moves=moves)
    base.update(changes)
    return Script(**base)


def test_a_fact_the_solver_does_not_confirm_stops_the_build():
    good = _script(move("pass"), move("pass"), move("draw"), move("discard 9D", "25 left.", deadwood=25))
    assert build(good).step_count == 4
    bad = _script(move("pass"), move("pass"), move("draw"), move("discard 9D", "24 left.", deadwood=24))
    with pytest.raises(ReplayError, match="says deadwood 24 but the solver finds 25"):
        build(bad)
    with pytest.raises(ReplayError, match="no fact 'colour'"):
        build(_script(move("pass", colour="red")))


def test_scripts_refuse_illegal_moves_and_auto():
    with pytest.raises(ReplayError, match="step 1"):
        build(_script(move("draw")))
    with pytest.raises(ReplayError, match="not 'auto'"):
        build(_script(move("auto")))


def test_step_facts_names_the_numbers_of_each_kind_of_step(shipped):
    replay = shipped["gin"]
    assert step_facts(replay, 1)["take"] == 21
    assert step_facts(replay, 2)["gin_outs"] == "4H 7S"
    assert step_facts(replay, 7)["left"] == 36


# -- every card, number and claim of a comment is accounted for ----------------------------------------


@pytest.mark.parametrize("script", SCRIPTS, ids=NAMES)
def test_every_card_number_and_claim_of_the_texts_is_covered_by_a_checked_fact(script):
    replay = build(script, check=False)
    assert comment_problems(script, replay) == []
    build(script)  # and every declared fact is true


def _with(script, number, comment, **facts):
    """The script with step ``number``'s comment and facts replaced."""
    moves = list(script.moves)
    at = facts.pop("at", None)
    moves[number - 1] = move(moves[number - 1].action, comment, at=at, **facts)
    return replace(script, moves=tuple(moves))


OLD_MISTAKES = [
    # Ben knows the one queen Ann took, not the two she already held.
    (KNOCK, 2, "Ann takes Q♦: with her Q♣ and Q♠ it makes a set of queens. Ben now knows three of Ann's cards.",
     {}, "the number 3"),
    (KNOCK, 2, "Ann takes Q♦: with her Q♣ and Q♠ it makes a set of queens. Ben now knows three of Ann's cards.",
     {"known_by_opponent": "QD"}, "the number 3"),
    # A rating of Ann's discard that nothing checked, then one that the solver denies.
    (TAKE_AND_KNOCK, 14, "Ann's 6♦ was a costly discard twice over: the solver rates 10♣ better for her own hand.",
     {}, "what the solver rates"),
    (TAKE_AND_KNOCK, 14, "Ann's 6♦ was a costly discard twice over: the solver rates 10♣ better for her own hand.",
     {"at": {6: {"best": "KH"}}}, "says best 'KH'"),
    # Cards Ben cannot see, named as what he needs.
    (DEAD_HAND, 22, "She is keeping her low cards, and those may well be the ones Ben needs (A♣, A♦, 4♣, 3♦).",
     {"outs": 12}, "A♣ is neither seen"),
    # Cards named as missing, with no fact behind them.
    (KNOCK, 1, "Q♦ fits nothing in Ben's hand (no queen, no J♦ or K♦). He passes.", {"fits": {"QD": ""}},
     "J♦ is neither seen"),
    # A chance claimed without a measure, then a wrong measure.
    (BOTH_PASS, 8, "Ann most likely still holds plenty of deadwood, so an early knock is very likely to win.", {},
     "a likelihood is claimed"),
    (BOTH_PASS, 8, "This knock beats about 90% of the hands she may hold.", {"knock_wins": 90},
     "says knock_wins 90"),
    # "The very cards Ben needed": four of the six.
    (DEAD_HAND, 62, "She held A♣ A♦ 3♦ 4♣, the very cards Ben needed.", {"opponent_outs": "AC AD 3D 4C"},
     "says opponent_outs"),
    # A sum that does not add up, a meld named by the wrong number, a line of play scored wrongly.
    (GIN, 13, "Ben scores 25 + 27 = 53.", {"points": 52, "gin_bonus": 25, "defender_deadwood": 27},
     "does not add up"),
    (KNOCK, 7, "The set of eights 8♦ 8♥ 8♠ (meld 1).", {}, "meld 1 is not the knocker's meld 1"),
    (CHAINED_LAYOFFS, 18, "With 9♥ on the set instead of the run she would have lost 10.",
     {"at": {15: {"instead": {"layoff 9H on 2; layoff 5H on 1; done": {"points": 10}}}}}, "instead"),
    # A judgement of a move with no verdict for the review to check.
    (DEAD_HAND, 57, "J♥: no. From the stock: 6♦. Throwing 5♦ was still right by the numbers.",
     {"take": 23, "drawn": "6D"}, "a judgement of a move"),
    (TAKE_AND_KNOCK, 14, "{ann}'s 6♦ cost her twice.", {}, "a judgement of a move"),
    # Oklahoma's spades option named with no fact of what it would score, then with a wrong one.
    (OKLAHOMA, 13, "{ben} scores 21; with the spades option a spade upcard would double it.", {"points": 21},
     "spades option"),
    (OKLAHOMA, 13, "{ben} scores 21; with the spades option it would be 42.",
     {"points": 21, "points_spades_double": 42}, "says points_spades_double 42"),
]


@pytest.mark.parametrize("script, number, comment, facts, reason", OLD_MISTAKES)
def test_a_comment_with_an_unchecked_or_false_claim_stops_the_build(script, number, comment, facts, reason):
    with pytest.raises(ReplayError, match=reason):
        build(_with(script, number, comment, **facts))


def test_the_old_wording_of_the_examples_is_refused():
    # The descriptions and deal comments as they were: each claim had no fact behind it.
    old = replace(KNOCK, description="Ben knocks with 6 on his second turn.", facts={})
    with pytest.raises(ReplayError, match="the number 6"):
        build(old)
    old = replace(DEAD_HAND, deal_facts={})
    with pytest.raises(ReplayError, match="the number 54"):
        build(old)


def test_mentions_find_numbers_and_counts_but_not_ranks_or_card_names():
    found = [n for n, _, _ in mentions("8♥ is the fourth eight; two melds, 21.45 expected, a third five, 10♦.")]
    assert found == ["21.45", "2"]
    assert arithmetic_problems("21 − 6 = 15 and 8 − 3 + 10 = 15") == []
    assert arithmetic_problems("34 − 9 = 24") == ["'34 − 9 = 24' does not add up (25)"]


# -- what a comment says of a move is what the shipped review finds ---------------------------------------


@pytest.mark.parametrize("script", SCRIPTS, ids=NAMES)
def test_every_verdict_of_a_comment_agrees_with_the_shipped_review(script, shipped):
    reviews = example_reviews(script.name)
    assert set(reviews) == {0, 1}
    assert verdict_problems(script, shipped[script.name], reviews) == []


def test_the_comments_judge_moves_of_both_players_and_every_stance():
    found = [(script, said, judged, verdict) for script in SCRIPTS for said, judged, verdict in verdicts(script)]
    replays = examples()
    seats = {replays[script.name].step(judged).seat == script.featured for script, _, judged, _ in found}
    assert seats == {True, False}  # the featured player's moves and the opponent's
    assert {verdict.stance for *_, verdict in found} == {"praise", "close", "blame"}


def _judged(script, number, verdict, judged=None):
    """The script with step ``number``'s comment judging its own step (or step ``judged``) by ``verdict``."""
    moves = list(script.moves)
    item = moves[number - 1]
    moves[number - 1] = replace(item, judged=verdict) if judged is None else \
        replace(item, judged_at={judged: verdict})
    return replace(script, moves=tuple(moves))


OLD_CONTRADICTIONS = [
    # The comments as they were beside the first review: each praised a move the review marks ...
    (CHAINED_LAYOFFS, 6, praise(), None, "praises the move, but the review marks it"),
    (OKLAHOMA, 2, praise(), None, "praises the move, but the review marks it"),
    (UNDERCUT, 8, praise(), None, "praises the move, but the review marks it blunder"),
    # ... called 5♦ right where the review's best is another move ...
    (DEAD_HAND, 57, praise("discard 5D"), 42, "names 'discard 5D' as the best move"),
    # ... or blamed Ann's 6♦, which the review does not mark.
    (TAKE_AND_KNOCK, 14, blame("discard TC"), 6, "finds fault with the move"),
    # The comments as they were beside the review of the evaluator with its stronger playouts: Q♠ and K♠
    # blamed, which it no longer marks, 5♦ a close call that it marks, 6♦ named her best where it is not.
    (DEAD_HAND, 2, blame("discard 6H"), None, "finds fault with the move"),
    (DEAD_HAND, 6, blame("discard 5D"), None, "finds fault with the move"),
    (DEAD_HAND, 6, blame("discard 5D"), None, "names 'discard 5D' as the best move"),
    (DEAD_HAND, 42, close("discard 4D"), None, "calls the move a close call"),
    (DEAD_HAND, 57, close("discard 4D"), 42, "calls the move a close call"),
    (TAKE_AND_KNOCK, 14, praise("discard 6D"), 6, "names 'discard 6D' as the best move"),
    # The other ways a verdict can be wrong: a close call on a marked move or on the best one.
    (CHAINED_LAYOFFS, 6, close("discard 5H"), None, "close call"),
    (GIN, 6, close(), None, "close call"),
    (KNOCK, 5, praise(), 99, "there is no step 99"),
]


@pytest.mark.parametrize("script, number, verdict, judged, reason", OLD_CONTRADICTIONS)
def test_a_verdict_the_shipped_review_does_not_bear_out_is_found(script, number, verdict, judged, reason, shipped):
    problems = verdict_problems(_judged(script, number, verdict, judged), shipped[script.name],
                                example_reviews(script.name))
    assert any(reason in problem for problem in problems), problems


def test_a_verdict_on_a_decision_without_a_review_is_found(shipped):
    # Ann's discard at step 3 of "knock", judged with only Ben's review at hand.
    featured = {1: example_reviews("knock")[1]}
    problems = verdict_problems(_judged(KNOCK, 4, praise(), 3), shipped["knock"], featured)
    assert problems == ["step 4 ('draw'), of step 3: no shipped review judges a decision at step 3"]


def test_a_verdict_has_one_of_the_stances():
    with pytest.raises(ReplayError, match="stance"):
        Verdict("fine")


# -- what a comment takes from the review is the review's, drawn in the learner's language ------------------


def test_a_comment_that_writes_the_reviews_points_itself_is_refused():
    # As the comment was: the points the review found, written into the text, went stale when the evaluator
    # changed (12 became 14); a verdict accounts for no number.
    said = ("{ben} knocks at once. Yet the evaluator, playing the hand out from his view, finds the knock a "
            "blunder: throwing 9♣ and playing on was about 12 points better.")
    moves = list(UNDERCUT.moves)
    moves[7] = replace(moves[7], comment=said, facts={}, judged=blame("discard 9C"))
    with pytest.raises(ReplayError, match="the number 12"):
        build(replace(UNDERCUT, moves=tuple(moves)))
    # The same comment with the review's values is built.
    moves[7] = replace(moves[7], comment=said.replace("throwing 9♣ and playing on was about 12",
                                                      "{review_best} was about {review_lost}"))
    assert build(replace(UNDERCUT, moves=tuple(moves))).step_count == len(UNDERCUT.moves)


@pytest.mark.parametrize("verdict, judged_at, reason", [
    (None, None, "no one verdict"),
    (praise(), None, "review_best, which a verdict of 'praise' does not allow"),
    (close(), None, "review_lost, which a verdict of 'close' does not allow"),
    (blame(), {3: blame()}, "no one verdict"),
])
def test_a_review_value_needs_one_verdict_that_allows_it(verdict, judged_at, reason):
    comment = "The evaluator prefers {review_best}, by about {review_lost} points."
    moves = list(OKLAHOMA.moves)
    moves[1] = replace(moves[1], comment=comment, facts={}, judged=verdict, judged_at=judged_at or {})
    script = replace(OKLAHOMA, moves=tuple(moves))
    with pytest.raises(ReplayError, match=reason):
        build(script)


def test_the_shipped_files_keep_the_review_values_for_the_page_to_fill(shipped):
    kept = [(script.name, number) for script in SCRIPTS for number, item in enumerate(script.moves, start=1)
            if item.review_values()]
    assert kept  # the comments that judge a move by the evaluator's numbers take them from the review
    for name, number in kept:
        (note,) = [n for n in shipped[name].annotations_at(number) if n.author == "teacher"]
        assert "{review_best}" in note.comment, (name, number)
