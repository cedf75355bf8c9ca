"""The learner's mistakes made puzzles (gintrainer/trainers/mistakes.py): from real played hands reviewed with
marks forced by the fake judge, each kind made when the bank's standard is met (verified by the solver as bank
puzzles are, from the learner's view, tagged with the game's date), refused with its reason when not; served
first by the trainer, listed on the "Your mistakes" page, kept in the profile and read again."""

from __future__ import annotations

import random
from html import escape

import pytest

from fake_judge import FakeJudge
from gintrainer.engine.cards import DECK, parse_card, parse_cards
from gintrainer.engine.evaluate import decisions
from gintrainer.engine.hand import Hand, Phase
from gintrainer.engine.rules import Rules
from gintrainer.engine.solver import Objective
from gintrainer.engine.view import SeatView
from gintrainer.puzzles import PuzzleError, PuzzleKind, description, make_puzzle, verify
from gintrainer.puzzles.core import assess_puzzle
from gintrainer.puzzles.kinds import Unclear
from gintrainer.puzzles.positions import Position
from gintrainer.records.reviews import KeptReview
from gintrainer.replay.review import DecisionKind, Mark, review
from gintrainer.trainers import mistakes
from gintrainer.trainers.mistakes import Refusal, from_kept, make_from, own_set, position_of
from gintrainer.trainers.training import choose_next
from gintrainer.widgets.mistakes import MistakesPage
from gintrainer.widgets.profile import Learner
from gintrainer.words import language
from mistake_hands import KEPT_AT, MADE, case, defended_badly, judged, kept, played


@pytest.mark.parametrize("kind", list(MADE))
def test_each_kind_of_mistake_is_made_a_puzzle_of_its_kind_from_the_learner_s_view_and_verified(kind):
    hand, seat, step = case(kind)
    made, decision = judged(hand, seat, step)
    assert decision.kind is MADE[kind][3] and decision.mark is Mark.BLUNDER
    puzzle = make_from(hand, seat, decision)
    assert not isinstance(puzzle, Refusal), puzzle
    assert puzzle.kind is kind
    record = puzzle.to_dict()
    assert verify(record).to_dict() == record  # remade from its record by the kind's verifier: the solver agrees
    # the position before the decision, as the learner saw it
    state = hand.prefix(decision.before)
    view = SeatView.of(state, seat)
    assert sorted(puzzle.hand) == sorted(state.held(seat))
    assert set(puzzle.opponent_known) <= set(view.opponent_known)
    assert puzzle.stock_count == view.stock_count
    pile = puzzle.discard_pile
    if kind in (PuzzleKind.KNOCK_LAYOUT, PuzzleKind.DEFEND):  # the face-down knock discard on top (module text)
        assert pile[-1] is state.knock_card
        pile = pile[:-1]
    assert pile == view.discard_pile
    # the move made is no answer the puzzle accepts
    answer = mistakes.answer_of(decision.kind, decision.made, puzzle)
    assert answer is not None and not description(kind).mark(puzzle, answer)[1].correct


def test_only_mistakes_and_blunders_are_made_puzzles_tagged_with_the_date_the_review_was_kept():
    hand, seat, step = case(PuzzleKind.TAKE_OR_DRAW)
    assert from_kept(kept(hand, judged(hand, seat, step, loss=3.0)[0])).puzzles == ()  # an inaccuracy
    made = from_kept(kept(hand, judged(hand, seat, step, loss=5.0)[0]))  # a mistake
    assert [(p.step, p.mark, p.kind) for p in made.puzzles] == [(step, Mark.MISTAKE, PuzzleKind.TAKE_OR_DRAW)]
    found = made.puzzles[0]
    with language.in_language("en"):
        assert found.tag == "from your game of 2026-11-02"
    with language.in_language("tr"):
        assert "2026-11-02" in found.tag and found.tag != "from your game of 2026-11-02"


def first_of(hand: Hand, seat: int, kind: DecisionKind, phase: Phase | None = None) -> int:
    """The step of the first decision of ``kind`` of ``seat`` (in ``phase``)."""
    from gintrainer.replay.review import decision_kind
    return next(before + 1 for before, _ in decisions(hand, seat)
                if decision_kind(hand.prefix(before)) is kind
                and (phase is None or hand.prefix(before).phase is phase))


def refusal(hand: Hand, seat: int, step: int) -> object:
    return make_from(hand, seat, judged(hand, seat, step)[1])


OUTSIDE = {Refusal.EARLY, Refusal.LATE, Refusal.FAR_FROM_MELDS, Refusal.FAR_FROM_KNOCK, Refusal.GIN_THERE,
           Refusal.KNOCK_THERE}
"""The reasons a position is not one its kind asks about, each naming the check it failed."""


def test_a_mistake_at_the_first_upcard_s_offer_is_refused_with_its_reason():
    hand = played(0)
    seat = hand.actions[0][0]  # the first to act: offered the first upcard
    step = first_of(hand, seat, DecisionKind.TAKE_OR_DRAW, Phase.UPCARD)
    assert refusal(hand, seat, step) is Refusal.FIRST_UPCARD


def test_positions_the_bank_would_not_pose_are_refused_with_the_kind_s_reason():
    """Every decision of a played hand made a blunder: those not made puzzles say why, each reason the
    kind's own (its make refuses the position for every objective), and the reasons are varied."""
    hand = played(0)
    reasons = set()
    for seat in (0, 1):
        marked = review(hand, seat, samples=10, judge=FakeJudge({b: (9.0, 1.0) for b, _ in decisions(hand, seat)}))
        for decision in marked.decisions:
            found = make_from(hand, seat, decision)
            if not isinstance(found, Refusal):
                continue
            reasons.add(found)
            if found.value in tuple(Unclear):
                kind = mistakes.kind_for(decision.kind)
                assert kind is not None
                position = position_of(hand, decision.before, seat, decision.kind)
                assert all(kind.make(position, o) is None for o in kind.objectives)
    assert {Refusal.MARGIN, Refusal.PLAIN, Refusal.MOVE_ACCEPTED, Refusal.FIRST_UPCARD} <= reasons
    assert reasons & OUTSIDE  # a position the kind does not ask about, the check it failed named


def test_a_position_whose_best_answer_is_not_unique_is_tied():
    """Three unmatched ten-point cards: throwing any of them leaves the same least deadwood."""
    position = Position(hand=parse_cards("2C 3C 4C 5C 7D 8D 9D TD KH QS JC"), drawn=parse_card("JC"),
                        drawn_from="stock", discard_pile=parse_cards("5H 2S 9C AH 6S 4D"), opponent_known=(),
                        stock_count=25, rules=Rules(), upcard=None, seed="tied")
    assert position.problems() == ()
    assert assess_puzzle(position, PuzzleKind.BEST_DISCARD, Objective.DEADWOOD) is Unclear.TIED
    assert make_puzzle(position, PuzzleKind.BEST_DISCARD, Objective.DEADWOOD) is None
    assert Refusal(Unclear.TIED.value).words


def test_the_defender_s_layout_after_a_gin_is_refused():
    hand = played(49, careless=True)
    assert hand.out_kind is not None and hand.out_kind.value == "gin"
    defender = 1 - (hand.knocker or 0)
    step = first_of(hand, defender, DecisionKind.DEFENDER_LAYOUT)
    assert refusal(hand, defender, step) is Refusal.GIN


def test_a_puzzle_the_kind_s_verifier_refuses_is_not_made(monkeypatch):
    hand, seat, step = case(PuzzleKind.TAKE_OR_DRAW)

    def refuse(record):
        raise PuzzleError("its answer disagrees with the solver")
    monkeypatch.setattr(mistakes, "verify", refuse)
    assert refusal(hand, seat, step) is Refusal.NOT_VERIFIED


def test_every_reason_is_said_in_four_languages():
    for reason in Refusal:
        with language.in_language("en"):
            english = reason.words
        for lang in ("tr", "ku", "ps"):
            with language.in_language(lang):
                assert reason.words not in ("", english)


def test_every_decision_s_position_in_played_hands_accounts_for_its_cards():
    """Card conservation: the positions rebuilt from real hands are real positions of their kind (the
    first upcard's offer and the defender after a gin aside, refused by name)."""
    from gintrainer.replay.review import decision_kind
    for hand in (played(0), played(5, careless=True), played(31, careless=True), defended_badly(1)[0]):
        for seat in (0, 1):
            for before, _ in decisions(hand, seat):
                position = position_of(hand, before, seat, decision_kind(hand.prefix(before)))
                assert isinstance(position, Refusal) or position.problems() == ()


def test_a_review_kept_without_its_hand_says_so():
    hand, seat, step = case(PuzzleKind.TAKE_OR_DRAW)
    made, _ = judged(hand, seat, step)
    bare = KeptReview.make(made.to_dict(), at=KEPT_AT, match="7", hand=1)
    assert [u.reason for u in from_kept(bare).unposed] == [Refusal.NO_HAND]


def test_the_trainer_serves_the_learner_s_own_puzzle_of_its_kind_first_until_answered():
    hand, seat, step = case(PuzzleKind.TAKE_OR_DRAW)
    own = from_kept(kept(hand, judged(hand, seat, step)[0])).puzzles[0].puzzle
    chosen, from_review = choose_next("take_or_draw", own=[own], rng=random.Random(1))
    assert chosen is own and not from_review
    chosen, _ = choose_next("take_or_draw", own=[own], seen=frozenset({own.id}), rng=random.Random(1))
    assert chosen.id != own.id  # answered: the bank's again
    chosen, from_review = choose_next("take_or_draw", own=[own], seen=frozenset({own.id}), review=(own.id,),
                                      count=2, rng=random.Random(1))
    assert chosen is own and from_review  # got wrong: back from the review list
    chosen, _ = choose_next("best_discard", own=[own], rng=random.Random(1))
    assert chosen.kind is PuzzleKind.BEST_DISCARD  # another kind's trainer does not serve it


def test_the_page_lists_the_learner_s_puzzles_to_solve_in_place_and_the_mistakes_not_made_puzzles():
    hand, seat, step = case(PuzzleKind.TAKE_OR_DRAW)
    learner = Learner()
    page = MistakesPage(learner=learner)
    assert page.comm is not None  # the page is open: a widget's own methods are not overridden
    assert page.mistakes.puzzles == () and "practice/practice.ipynb" in page.listing.children[0].value
    other = played(0)
    first_upcard = first_of(other, other.actions[0][0], DecisionKind.TAKE_OR_DRAW, Phase.UPCARD)
    learner.keep_review(judged(other, other.actions[0][0], first_upcard)[0], other, match="7", number=1)
    made, _ = judged(hand, seat, step)
    learner.keep_review(made, hand, match="7", number=2)
    assert len(page.mistakes.puzzles) == 1 and len(page.buttons) == 1
    row = page.listing.children[1].children[0].value
    assert "Take or draw?" in row and "2026-" in row and "not tried yet" in row
    assert "first upcard" in page.refused.value
    page.buttons[0].click()
    puzzle = page.mistakes.puzzles[0].puzzle
    assert page.view.puzzle is puzzle and "from your game of" in page.view.note.value
    page.view._choose(puzzle.answer[0])
    assert learner.progress.solved_ids == {puzzle.id}
    assert "solved" in page.listing.children[1].children[0].value
    assert all(row.comm is not None for row in page.listing.children)


def test_the_page_says_when_the_hands_reviewed_held_no_mistake_to_make_a_puzzle_of():
    hand, seat, step = case(PuzzleKind.TAKE_OR_DRAW)
    learner = Learner()
    page = MistakesPage(learner=learner)
    assert "No puzzles from your games yet" in page.listing.children[0].value
    learner.keep_review(judged(hand, seat, step, loss=3.0)[0], hand, match="7", number=1)  # an inaccuracy only
    said = page.listing.children[0].value
    assert page.mistakes.puzzles == () and page.mistakes.unposed == ()
    assert "The 1 hand you reviewed had no mistake or blunder" in said and "practice/practice.ipynb" in said
    learner.keep_review(judged(hand, seat, step, loss=3.0)[0], hand, match="7", number=2)
    assert "The 2 hands you reviewed had no mistake or blunder" in page.listing.children[0].value
    other = played(0)  # a mistake at the first upcard's offer: no puzzle, listed below with the reason
    first_upcard = first_of(other, other.actions[0][0], DecisionKind.TAKE_OR_DRAW, Phase.UPCARD)
    learner.keep_review(judged(other, other.actions[0][0], first_upcard)[0], other, match="7", number=3)
    said = page.listing.children[0].value
    assert "The 3 hands you reviewed held 1 mistake or blunder, and it did not meet the puzzle bank&#x27;s " \
           "standard: the reason is listed below." in said and page.refused.value
    assert "No puzzles from your games yet" not in said and "practice/practice.ipynb" in said


def test_hands_reviewed_whose_blunders_made_no_puzzle_are_counted_and_not_told_to_play_a_hand_first():
    """Two hands reviewed, each with a blunder none of which made a puzzle: the page says how many the reviews
    held and that none met the standard, each listed with its reason; not the instructions for a first review."""
    learner = Learner()
    page = MistakesPage(learner=learner)
    for number, seed in enumerate((0, 2), start=1):
        other = played(seed)
        first_upcard = first_of(other, other.actions[0][0], DecisionKind.TAKE_OR_DRAW, Phase.UPCARD)
        learner.keep_review(judged(other, other.actions[0][0], first_upcard)[0], other, match="7", number=number)
    said = page.listing.children[0].value
    assert page.mistakes.puzzles == () and len(page.mistakes.unposed) == 2
    assert "The 2 hands you reviewed held 2 mistakes or blunders, and none of them met the puzzle bank&#x27;s " \
           "standard: the reason for each is listed below." in said, said
    assert "No puzzles from your games yet" not in said
    assert page.refused.value.count("<li>") == 2
    assert page.refused.value.count(escape(Refusal.FIRST_UPCARD.words)) == 2
    with language.in_language("tr"):
        turkish = MistakesPage(learner=learner).listing.children[0].value
    assert "2" in turkish and "Henüz oyunlarından bulmaca yok" not in turkish


def test_the_learner_s_set_is_read_again_from_the_profile(data):
    hand, seat, step = case(PuzzleKind.CAN_KNOCK)
    made, _ = judged(hand, seat, step)
    Learner("Ann").keep_review(made, hand, match="7", number=1)
    again = Learner("Ann")
    found = own_set(again.progress)
    assert [p.kind for p in found.puzzles] == [PuzzleKind.CAN_KNOCK]
    assert MistakesPage(learner=again).mistakes == found


def test_the_trainer_page_shows_the_learner_s_own_puzzle_first_with_its_game_s_date():
    from gintrainer.widgets.trainer import TrainerPage
    hand, seat, step = case(PuzzleKind.TAKE_OR_DRAW)
    learner = Learner()
    learner.keep_review(judged(hand, seat, step)[0], hand, match="7", number=1)
    own = own_set(learner.progress).puzzles[0].puzzle
    page = TrainerPage("take_or_draw", learner=learner, seed=1)
    assert page.view.puzzle is own and "from your game of 2026-" in page.view.note.value
    page.view._choose(own.answer[0])
    page.next_button.click()
    assert page.view.puzzle.id != own.id and "from your game" not in page.view.note.value


def test_every_sentence_of_the_page_is_drawn_from_the_catalog():
    """In the pseudo-language every sentence is marked: the rows, the tag, the reasons, the headings."""
    from i18n import pseudo_language, unmarked
    hand, seat, step = case(PuzzleKind.TAKE_OR_DRAW)
    other = played(0)
    first_upcard = first_of(other, other.actions[0][0], DecisionKind.TAKE_OR_DRAW, Phase.UPCARD)
    with pseudo_language():
        learner = Learner(language="qps")
        empty = MistakesPage(learner=learner)
        texts = [empty.listing.children[0].value]
        learner.keep_review(judged(hand, seat, step, loss=3.0)[0], hand, match="7", number=3)  # no mistake
        texts.append(MistakesPage(learner=learner).listing.children[0].value)
        learner.keep_review(judged(hand, seat, step)[0], hand, match="7", number=1)
        learner.keep_review(judged(other, other.actions[0][0], first_upcard)[0], other, match="7", number=2)
        page = MistakesPage(learner=learner)
        page.buttons[0].click()
        texts += [row.value if hasattr(row, "value") else row.children[0].value for row in page.listing.children]
        texts += [page.refused.value, page.buttons[0].description, page.view.note.value]
    assert "<li>" in page.refused.value and unmarked(" ".join(texts)) == []


def test_a_kind_that_does_not_say_why_and_a_decision_no_kind_takes(monkeypatch):
    """A plugged-in kind without ``assess`` is asked its ``make`` alone; a decision no kind takes is named so."""
    import dataclasses
    hand = played(0)
    seat = 0
    marked = review(hand, seat, samples=10, judge=FakeJudge({b: (9.0, 1.0) for b, _ in decisions(hand, seat)}))
    unclear = next(d for d in marked.decisions if make_from(hand, seat, d) in OUTSIDE | {Refusal.MARGIN})
    shipped = mistakes.kind_for(unclear.kind)
    assert shipped is not None
    monkeypatch.setattr(mistakes, "kind_for", lambda decision: dataclasses.replace(shipped, assess=None))
    assert make_from(hand, seat, unclear) is Refusal.NO_CLEAR_ANSWER
    monkeypatch.setattr(mistakes, "kind_for", lambda decision: None)
    assert make_from(hand, seat, unclear) is Refusal.NO_KIND


def discard_position(hand: str, pile: str, *, seed: str) -> Position:
    """A position after a draw from the stock, the stock holding what the hand, the pile and the opponent's
    ten cards leave."""
    cards, discards = parse_cards(hand), parse_cards(pile)
    return Position(hand=cards, drawn=cards[-1], drawn_from="stock", discard_pile=discards, opponent_known=(),
                    stock_count=52 - 11 - 10 - len(discards), rules=Rules(), upcard=None, seed=seed)


@pytest.mark.parametrize("kind, objective, hand, pile, reason", [
    # 30 cards in the stock: the hand has only begun
    (PuzzleKind.BEST_DISCARD, Objective.DEADWOOD, "2C 3C 4C 5C 7D 8D 9D TD KH QS JC", "5H", Unclear.EARLY),
    # the best discard leaves 62 deadwood
    (PuzzleKind.BEST_DISCARD, Objective.DEADWOOD, "AC 3D 5H 7S 9C JD KH QS 8H 6C TS", "5S 2H 9S 4D AH 6S",
     Unclear.FAR_FROM_MELDS),
    # discarding 9♣ leaves gin
    (PuzzleKind.BEST_DISCARD, Objective.DEADWOOD, "2C 3C 4C 5C 7D 8D 9D 4H 4S 4D 9C", "5H 2S 9S AH 6S 3H",
     Unclear.GIN_THERE),
    # discarding K♥ leaves 7: a knock, where the lookahead asks about the draws before one
    (PuzzleKind.BEST_DISCARD, Objective.LOOKAHEAD, "2C 3C 4C 5C 7D 8D 9D 4H 4S AD KH", "5H 2S 9S AH 6S 3H",
     Unclear.KNOCK_THERE),
    # 62 deadwood at best: far above the knock limit
    (PuzzleKind.CAN_KNOCK, None, "AC 3D 5H 7S 9C JD KH QS 8H 6C TS", "5S 2H 9S 4D AH 6S", Unclear.FAR_FROM_KNOCK),
])
def test_a_position_outside_its_kind_names_the_check_it_failed(kind, objective, hand, pile, reason):
    position = discard_position(hand, pile, seed="outside")
    assert position.problems() == ()
    assert assess_puzzle(position, kind, objective) is reason
    assert Refusal(reason.value).words


def test_a_lookahead_position_too_near_the_hand_s_end_is_late():
    """Three cards in the stock, 15 deadwood after the best discard: the hand may end before the next draw."""
    hand = "2C 3C 4C 7D 8D 9D 3H 4H 6S 2S KH"
    pile = " ".join(c.code() for c in DECK if c not in parse_cards(hand))[:28 * 3]
    position = discard_position(hand, pile, seed="late")
    assert position.stock_count < position.rules.dead_stock_cards + 2, position.stock_count
    assert assess_puzzle(position, PuzzleKind.BEST_DISCARD, Objective.LOOKAHEAD) is Unclear.LATE


def test_a_take_or_draw_position_names_the_check_it_failed():
    from gintrainer.puzzles.positions import DrawPosition
    from gintrainer.puzzles.take_or_draw import assess
    gin = DrawPosition(hand=parse_cards("2C 3C 4C 5C 7D 8D 9D 4H 4S 4D"), discard_pile=parse_cards("5H 2S 9S KD"),
                       opponent_known=(), stock_count=28, rules=Rules(), upcard=None, seed="gin")
    far = DrawPosition(hand=parse_cards("AC 3D 5H 7S 9C JD KH QS 8H TS"), discard_pile=parse_cards("5S 2H 9S KD"),
                       opponent_known=(), stock_count=28, rules=Rules(), upcard=None, seed="far")
    assert gin.problems() == () and far.problems() == ()
    assert assess(gin) is Unclear.GIN_THERE and assess(far) is Unclear.FAR_FROM_MELDS


def test_each_reason_names_one_cause():
    """No reason lists the causes at once ("too early in the hand or too near its end, too far from melds, or a
    knock or gin was already there"): each check has a reason of its own."""
    causes = ("too early", "near the hand's end", "far from melds", "knock limit", "go gin", "already knock")
    for reason in Refusal:
        said = reason.words
        assert sum(cause in said for cause in causes) <= 1, said
    assert not {"outside"} & {r.value for r in Refusal}


def test_every_reason_a_kind_gives_is_a_refusal_with_its_sentence():
    """The mistakes page turns a kind's reason into a refusal by its value: a reason added to Unclear needs its
    refusal and its sentence too."""
    for reason in Unclear:
        assert Refusal(reason.value).words, reason


def test_a_puzzle_from_a_mistake_says_once_answered_when_its_answer_is_not_the_review_s_best_move():
    """The review names a best move by the points of the whole hand, the puzzle answers what its question asks:
    where the puzzle does not accept the review's best move, the learner is told which it was and why the two
    differ (a tester met "best: discard 6♥" in the review and 10♦ as the puzzle's answer); nothing is said where
    it does. On the mistakes page and the kind's trainer the sentence follows the verdict."""
    from gintrainer.replay.review_words import best_words
    from gintrainer.widgets.trainer import TrainerPage
    told = {True: 0, False: 0}
    for kind in MADE:
        hand, seat, step = case(kind)
        made, decision = judged(hand, seat, step)
        [found] = from_kept(kept(hand, made)).puzzles
        words = found.review_words()
        best = mistakes.answer_of(decision.kind, decision.best, found.puzzle)
        accepted = best is None or mistakes._accepts(mistakes.kind_for(decision.kind), found.puzzle, best)
        assert (words == "") is accepted, kind
        if words:
            assert best_words(decision) in words and "points of the whole hand" in words
        told[bool(words)] += 1
    assert told[True] and told[False]
    with_words = [k for k in MADE if k in (PuzzleKind.TAKE_OR_DRAW, PuzzleKind.CAN_KNOCK, PuzzleKind.BEST_DISCARD)
                  and from_kept(kept(case(k)[0], judged(*case(k))[0])).puzzles[0].review_words()]
    assert with_words
    kind = with_words[0]
    hand, seat, step = case(kind)
    for page_of in (lambda learner: MistakesPage(learner=learner), lambda learner: TrainerPage(kind, learner=learner)):
        learner = Learner()
        learner.keep_review(judged(hand, seat, step)[0], hand, match="7", number=1)
        found = own_set(learner.progress).puzzles[0]
        page = page_of(learner)
        if isinstance(page, MistakesPage):
            page.buttons[0].click()
        view = page.view
        assert view.puzzle.id == found.puzzle.id
        if kind is PuzzleKind.TAKE_OR_DRAW:
            view._choose(found.puzzle.answer[0])
        elif kind is PuzzleKind.CAN_KNOCK:
            view._yes_no(found.puzzle.can_knock)
        else:
            view.picker.select([found.puzzle.answer[0]])
            view.discard_button.click()
        assert view.attempt.finished and escape(found.review_words(), quote=True) in view.feedback.value
        page.close()
