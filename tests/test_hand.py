"""The hand state machine, in card notation on stacked decks."""

import json

import pytest

from decks import stacked_deck
from gintrainer import (
    Action,
    ActionKind,
    GinError,
    Hand,
    IllegalActionError,
    InvalidNotationError,
    Phase,
    Rules,
    ScoreKind,
    parse_cards,
    score_hand,
)

KNOCKER = "6H 7H 8H 2C 2D 2S 5S 6S 7S KC"  # seat 1, the non-dealer
DEFENDER = "9H TH JH 4S 8S KD QD 5D AC 9C"  # seat 0, the dealer


def knock_deck(upcard="QS", stock="3C"):
    return stacked_deck(KNOCKER, DEFENDER, upcard, stock)


def play(hand, *actions):
    for action in actions:
        hand.apply(action)
    return hand


def test_deal_ten_each_non_dealer_first_then_upcard_and_stock():
    deck = knock_deck()
    hand = Hand.deal(dealer=0, deck=deck)
    assert hand.held(1) == tuple(deck[0:20:2]) == parse_cards(KNOCKER)
    assert hand.held(0) == tuple(deck[1:20:2]) == parse_cards(DEFENDER)
    assert hand.upcard == deck[20] == parse_cards("QS")[0]
    assert hand.discard_pile == (hand.upcard,)
    assert hand.stock_count == 31 and hand.stock == tuple(deck[21:])
    assert (hand.phase, hand.to_act) == (Phase.UPCARD, 1)


def test_seeded_deals_are_reproducible():
    a, b = Hand.deal(seed=42), Hand.deal(seed=42)
    assert a.deck == b.deck and a.dealer == b.dealer
    assert {Hand.deal(seed=s).deck for s in range(20)}.__len__() == 20
    assert {Hand.deal(seed=s).dealer for s in range(20)} == {0, 1}
    with pytest.raises(GinError):
        Hand.deal(seed=1.5)


def test_first_turn_both_pass_then_non_dealer_draws_from_stock():
    hand = Hand.deal(dealer=0, deck=knock_deck())
    assert [str(a) for a in hand.legal_actions()] == ["take", "pass"]
    hand.apply("pass")
    assert (hand.phase, hand.to_act) == (Phase.UPCARD, 0)
    hand.apply("pass")
    assert (hand.phase, hand.to_act) == (Phase.DRAW, 1)
    assert [str(a) for a in hand.legal_actions()] == ["draw"] and hand.decision == "draw_stock"
    with pytest.raises(IllegalActionError, match="both players passed"):
        hand.apply("take")
    with pytest.raises(IllegalActionError) as refused:  # the refusal says what the seat may do: draw from the stock
        hand.apply("discard 3C")
    assert "must draw from the stock (both players passed the upcard)" in str(refused.value)
    assert "take" not in str(refused.value)
    hand.apply("draw")
    assert hand.last_draw == (parse_cards("3C")[0], "stock")
    assert len(hand.held(1)) == 11


def test_dealer_may_take_the_upcard_after_the_non_dealer_passes():
    hand = play(Hand.deal(dealer=0, deck=knock_deck()), "pass", "take")
    assert hand.to_act == 0 and hand.phase == Phase.DISCARD == hand.decision
    assert hand.taken_card == parse_cards("QS")[0]
    hand.apply("discard KD")
    assert (hand.phase, hand.to_act) == (Phase.DRAW, 1) and hand.decision == "draw"  # may take the discard
    assert hand.top_discard == parse_cards("KD")[0]


def test_card_just_taken_may_not_be_discarded_nor_knocked_with():
    hand = play(Hand.deal(dealer=0, deck=knock_deck(upcard="7C")), "take")
    before = hand.to_dict()
    with pytest.raises(IllegalActionError) as info:
        hand.apply("discard 7C")
    assert str(info.value) == "cannot discard 7♣: it was just taken from the discard pile"
    with pytest.raises(IllegalActionError, match="cannot knock with 7♣: it was just taken"):
        hand.apply("knock 7C")
    assert hand.to_dict() == before
    assert "discard 7C" not in [str(a) for a in hand.legal_actions()]


def test_card_drawn_from_stock_may_be_discarded():
    hand = play(Hand.deal(dealer=0, deck=knock_deck()), "pass", "pass", "draw", "discard 3C")
    assert hand.top_discard == parse_cards("3C")[0]


def test_player_may_knock_on_the_first_turn():
    hand = play(Hand.deal(dealer=0, deck=knock_deck(upcard="3C", stock="")), "take", "knock KC")
    assert hand.phase == Phase.KNOCKER_LAYOUT and hand.knock_card == parse_cards("KC")[0]


def test_knock_layout_and_chained_layoffs_of_three_on_one_end():
    hand = play(Hand.deal(dealer=0, deck=knock_deck()), "pass", "pass", "draw", "knock KC")
    assert hand.knock_card not in hand.discard_pile
    with pytest.raises(IllegalActionError, match="limit is 10"):
        hand.apply("done")
    play(hand, "meld 6H 7H 8H", "meld 2C 2D 2S", "meld 5S 6S 7S", "done")
    assert (hand.phase, hand.to_act) == (Phase.DEFENDER_LAYOUT, 0)
    play(hand, "layoff 9H on 1", "layoff TH on 1", "layoff JH on 1", "layoff 4S", "layoff 8S on 3")
    assert [c.code() for c in hand.table_melds[0]] == ["6H", "7H", "8H", "9H", "TH", "JH"]
    with pytest.raises(IllegalActionError, match="fits none"):
        hand.apply("layoff KD")
    hand.apply("done")
    result = hand.result
    assert (result.kind, result.winner, result.knocker) == (ScoreKind.KNOCK, "knocker", 1)
    assert (result.knocker_deadwood, result.defender_deadwood) == (3, 10 + 10 + 5 + 1 + 9)
    assert result.points == 35 - 3
    assert result.winner_seat == 1
    expected = score_hand(hand.held(1), hand.held(0))
    assert (expected.points, expected.kind) == (result.points, result.kind)


def test_a_lay_off_on_the_wrong_meld_is_told_only_what_fits_that_meld():
    hand = play(Hand.deal(dealer=0, deck=knock_deck()), "pass", "pass", "draw", "knock KC",
                "meld 6H 7H 8H", "meld 2C 2D 2S", "meld 5S 6S 7S", "done")
    run = hand.explain_illegal("layoff 9H on 3")
    assert run.endswith("(5♠ 6♠ 7♠): it does not extend that run") and "set" not in run
    a_set = hand.explain_illegal("layoff 9H on 2")
    assert a_set.endswith("(2♣ 2♦ 2♠): it does not complete that set") and "run" not in a_set


def test_auto_layout_matches_score_hand_and_is_recorded_as_steps():
    hand = play(Hand.deal(dealer=0, deck=knock_deck()), "pass", "pass", "draw", "knock KC", "auto", "auto")
    assert hand.is_over
    assert "auto" not in hand.history
    assert any(h.startswith("layoff") for h in hand.history)
    expected = score_hand(hand.held(1), hand.held(0))
    assert hand.result.points == expected.points == 32


def test_auto_after_a_meld_laid_by_hand_judges_the_defender_against_every_meld_on_the_table():
    """The knocker lays 4♣ 4♥ 4♠ himself, then asks for the engine's layout of the
    rest. Among the rest's least-deadwood layouts the engine takes the one that
    leaves the defender most deadwood against all the knocker's melds (the laid
    set takes the defender's 4♦), as the rule book says; judging the rest alone
    would leave the defender 2 less."""
    from gintrainer.engine.scoring import best_layoffs, knocker_layouts
    from gintrainer.material.deals import in_discard
    knocker, defender = "4S 2D 2C AD 2S 4C 3C 3D AH 4H", "QC 6H 4D 3H JC 6D 2H TH AC QS"
    ten = parse_cards(knocker)
    hand = play(in_discard(ten[:9] + parse_cards("KD"), ten[9], defender), "knock KD", "meld 4C 4H 4S")
    laid = hand.melds(1)
    rest = hand.unlaid(1)
    layouts = knocker_layouts(rest, defender)
    against_all = {best_layoffs(defender, laid + a.melds).points for a in layouts}
    assert against_all == {56, 58}
    assert best_layoffs(defender, laid + layouts[0].melds).points == 56  # the rest judged alone
    play(hand, "auto", "auto")
    assert hand.result.defender_deadwood == max(against_all) == 58
    assert knocker_layouts(rest, defender, laid=laid)[0].melds == hand.melds(1)[1:]


def test_auto_layout_is_score_hands_layout_wherever_the_choice_matters():
    """The hand's "auto" and score_hand take the knocker's layout from one function:
    on knocks where the least-deadwood layouts leave the defender different counts,
    both give the same melds, lay-offs and points."""
    import random

    import strategies
    from gintrainer import DECK, Card
    from gintrainer.engine.melds import all_best_arrangements, min_deadwood
    from gintrainer.engine.scoring import best_layoffs
    from gintrainer.material.deals import in_discard
    rng = random.Random(14)
    checked = 0
    while checked < 40:
        ten = [Card.from_index(c) for c in strategies.meld_rich_hand(rng, 10)]
        if not 0 < min_deadwood(ten) <= 10:
            continue
        rest = [c for c in DECK if c not in ten]
        rng.shuffle(rest)
        defender, knock = rest[:10], rest[10]
        layouts = all_best_arrangements(ten)
        if len({best_layoffs(defender, a.melds).points for a in layouts}) < 2:
            continue
        hand = play(in_discard(ten[:9] + [knock], ten[9], defender), f"knock {knock.code()}", "auto", "auto")
        expected = score_hand(ten, defender)
        assert {**hand.result.to_dict(), "knocker": None} == expected.to_dict()
        checked += 1


def test_knock_over_the_limit_is_refused_and_changes_nothing():
    hand = play(Hand.deal(dealer=0, deck=knock_deck(stock="KH")), "pass", "pass", "draw")
    before = json.dumps(hand.to_dict())
    with pytest.raises(IllegalActionError, match="over the knock limit of 10"):
        hand.apply("knock 2C")
    assert json.dumps(hand.to_dict()) == before


def test_knocker_may_not_lay_out_a_meld_that_breaks_the_limit():
    hand = play(Hand.deal(dealer=0, deck=knock_deck()), "pass", "pass", "draw", "knock KC")
    with pytest.raises(IllegalActionError, match="not a meld"):
        hand.apply("meld 6H 7H 2C")
    with pytest.raises(IllegalActionError, match="not in the hand"):
        hand.apply("meld 9H TH JH")
    hand.apply("meld 6H 7H 8H")
    with pytest.raises(IllegalActionError, match="laid out already"):
        hand.apply("meld 6H 7H 8H")


def test_gin_and_no_layoff_against_gin():
    knocker = "6H 7H 8H 2C 2D 2S 5S 6S 7S KC"
    hand = play(Hand.deal(dealer=0, deck=stacked_deck(knocker, DEFENDER, "QS", "2H")),
                "pass", "pass", "draw")
    assert "gin KC" in [str(a) for a in hand.legal_actions()]
    hand.apply("knock KC")  # a knock that leaves no deadwood is gin
    assert hand.history[-1] == "gin KC" and hand.out_kind == ScoreKind.GIN
    hand.apply("auto")
    with pytest.raises(IllegalActionError, match="no laying off against gin"):
        hand.apply("layoff 9H on 1")
    hand.apply("auto")
    assert hand.result.kind == ScoreKind.GIN
    assert hand.result.points == 25 + hand.result.defender_deadwood


def test_big_gin_when_the_option_is_on():
    knocker = "6H 7H 8H 2C 2D 2S 5S 6S 7S 9H"
    deck = stacked_deck(knocker, "3H 4D 4S 8S KD QD 5D AC 9C JC", "QS", "TH")
    hand = play(Hand.deal(dealer=0, deck=deck), "pass", "pass", "draw")
    with pytest.raises(IllegalActionError, match="big gin option is off"):
        hand.apply("big-gin")
    hand = play(Hand.deal(Rules(big_gin=True), dealer=0, deck=deck), "pass", "pass", "draw", "big-gin")
    assert hand.knock_card is None
    play(hand, "auto", "auto")
    assert hand.result.kind == ScoreKind.BIG_GIN and hand.result.points == 31 + hand.result.defender_deadwood


def test_dead_hand_when_the_stock_is_down_to_two():
    hand = play(Hand.deal(seed=11), "pass", "pass")
    while not hand.is_over:
        assert hand.stock_count > 2
        hand.apply("draw")
        hand.apply(f"discard {hand.last_draw[0].code()}")
    assert hand.stock_count == 2
    assert hand.result.kind == ScoreKind.DEAD and hand.result.winner is None
    assert hand.legal_actions() == []
    with pytest.raises(IllegalActionError, match="hand is over"):
        hand.apply("take")


def test_dead_stock_cards_option():
    hand = play(Hand.deal(Rules(dead_stock_cards=0), seed=11), "pass", "pass")
    while not hand.is_over:
        hand.apply("draw")
        hand.apply(f"discard {hand.last_draw[0].code()}")
    assert hand.stock_count == 0 and hand.result.kind == ScoreKind.DEAD


def test_oklahoma_ace_upcard_means_gin_only():
    rules = Rules(oklahoma=True)
    hand = play(Hand.deal(rules, dealer=0, deck=knock_deck(upcard="AS")), "pass", "pass", "draw")
    assert hand.knock_limit == 0
    with pytest.raises(IllegalActionError, match="ace: only gin"):
        hand.apply("knock KC")
    hand2 = play(Hand.deal(rules, dealer=0, deck=knock_deck(upcard="4C")), "pass", "pass", "draw")
    assert hand2.knock_limit == 4
    hand2.apply("knock KC")


def test_straight_gin_refuses_a_knock():
    hand = play(Hand.deal(Rules(straight_gin=True), dealer=0, deck=knock_deck()), "pass", "pass", "draw")
    assert not any(a.kind == ActionKind.KNOCK for a in hand.legal_actions())
    with pytest.raises(IllegalActionError, match="straight gin"):
        hand.apply("knock KC")


def test_actions_parse_and_print():
    for text in ["take", "pass", "draw", "discard 7H", "knock TD", "gin KS", "big-gin", "meld 7H 8H 9H",
                 "layoff 9H on 2", "layoff 9H", "done", "auto"]:
        assert str(Action.parse(text)) == text
    assert str(Action.parse("Discard 10♦")) == "discard TD"
    for bad in ["", "fly", "discard", "discard 7H 8H", "layoff 9H onto 2", "layoff 9H on 0", "take 7H"]:
        with pytest.raises(InvalidNotationError):
            Action.parse(bad)


def test_a_text_read_again_gives_the_same_action_and_a_refused_text_is_refused_again(monkeypatch):
    from gintrainer.engine import hand as hand_module
    monkeypatch.setattr(hand_module, "_READ", {})
    monkeypatch.setattr(hand_module, "_READ_MOST", 3)
    first = Action.parse("Discard 10♦")
    assert Action.parse("Discard 10♦") is first and first == Action(ActionKind.DISCARD, "TD")
    assert str(first) == str(Action(ActionKind.DISCARD, "TD")) == "discard TD"
    for _ in range(2):
        with pytest.raises(InvalidNotationError, match="takes no card"):
            Action.parse("take 7H")
    assert list(hand_module._READ) == ["Discard 10♦"]
    for text in ("take", "pass", "draw", "done"):
        Action.parse(text)
    assert list(hand_module._READ) == ["Discard 10♦", "take", "pass"]  # no more than the most kept
    assert Action.parse("done") == Action(ActionKind.DONE)
    monkeypatch.setattr(hand_module, "_READ", {})
    assert Action.parse("discard" + " " * 100_000 + "7H") == Action(ActionKind.DISCARD, "7H")
    assert not hand_module._READ  # a long text is read, not kept
    assert hash(first) == hash(Action(ActionKind.DISCARD, "TD"))  # the text made once is no part of the action


def test_illegal_actions_in_each_phase_change_nothing():
    hand = Hand.deal(seed=3)
    for bad in ["draw", "discard 2C", "meld 2C 3C 4C", "done", "auto", "layoff 2C", "knock 2C"]:
        before = hand.to_dict()
        with pytest.raises(IllegalActionError):
            hand.apply(bad)
        assert hand.to_dict() == before
    play(hand, "pass", "pass", "draw")
    not_held = next(c for c in hand.stock)
    with pytest.raises(IllegalActionError, match="not in the hand"):
        hand.apply(f"discard {not_held.code()}")


def test_to_dict_round_trip_and_prefix():
    hand = play(Hand.deal(dealer=0, deck=knock_deck()), "pass", "pass", "draw", "knock KC", "auto", "auto")
    data = json.loads(json.dumps(hand.to_dict()))
    again = Hand.from_dict(data)
    assert again.history == hand.history and again.result == hand.result
    early = hand.prefix(3)
    assert early.phase == Phase.DISCARD and early.history == hand.history[:3]
    assert hand.copy().history == hand.history


def test_tampered_records_are_refused_with_the_step():
    hand = play(Hand.deal(dealer=0, deck=knock_deck(upcard="7C")), "take", "discard KC")
    data = hand.to_dict()
    data["actions"][1] = "discard 7C"
    with pytest.raises(IllegalActionError, match=r"step 2 \('discard 7C'\): cannot discard 7♣: it was just taken"):
        Hand.from_dict(data)
    done = play(Hand.deal(dealer=0, deck=knock_deck()), "pass", "pass", "draw", "knock KC", "auto", "auto").to_dict()
    done["result"]["points"] += 1
    with pytest.raises(GinError, match="states points"):
        Hand.from_dict(done)
    with pytest.raises(GinError, match="needs"):
        Hand.from_dict({"rules": {}})


def test_an_action_built_with_the_wrong_parts_for_its_kind_is_refused():
    """Each kind has its parts (a card, a meld's cards, a lay-off's meld); an action
    built without them, or with parts its kind has no use for, is bad notation
    rather than a move that prints wrongly or fails later."""
    seven = parse_cards("7H")[0]
    for kind, parts, why in [("discard", {}, "discard takes one card, like 'discard 7H'"),
                             ("layoff", {}, "layoff takes one card"),
                             ("take", {"card": seven}, "take takes no card, not 7♥"),
                             ("meld", {}, "meld takes the meld's cards"),
                             ("done", {"cards": parse_cards("7H 8H 9H")}, "done takes no meld"),
                             ("knock", {"card": seven, "target": 0}, "knock names no meld"),
                             ("layoff", {"card": seven, "target": "1"}, "lay-off's target is the index of a meld")]:
        with pytest.raises(InvalidNotationError, match=why):
            Action(kind, **parts)


def test_an_action_built_with_card_text_names_those_cards():
    """Card text is read as cards, so a held card given as text is a legal discard
    (it used to be compared as text with the hand and called "not in the hand")."""
    assert Action("discard", "7H") == Action.parse("discard 7H") == Action(ActionKind.DISCARD, parse_cards("7H")[0])
    assert Action("meld", cards="9H 7H 8H") == Action.parse("meld 9H 7H 8H")
    hand = play(Hand.deal(dealer=0, deck=knock_deck()), "pass", "pass", "draw")
    assert hand.explain_illegal(Action("discard", "KC")) is None
    hand.apply(Action("discard", "KC"))
    assert hand.top_discard == parse_cards("KC")[0] and hand.history[-1] == "discard KC"


def test_kinds_and_phases_are_members_that_write_their_old_text():
    """Phases, action kinds and how the knocker went out are enumeration members
    in the state, and plain text in the record; the result's kind is its text."""
    deck = stacked_deck("6H 7H 8H 2C 2D 2S 5S 6S 7S 9H", "3H 4D 4S 8S KD QD 5D AC 9C JC", "QS", "TH")
    hand = play(Hand.deal(Rules(big_gin=True), dealer=0, deck=deck), "pass", "pass", "draw", "big-gin")
    assert hand.phase is Phase.KNOCKER_LAYOUT and hand.out_kind is ScoreKind.BIG_GIN
    assert hand.actions[-1][1].kind is ActionKind.BIG_GIN and hand.history[-1] == "big-gin"
    play(hand, "auto", "auto")
    record = json.loads(json.dumps(hand.to_dict()))
    assert record["result"]["kind"] == "big_gin" and type(hand.to_dict()["result"]["kind"]) is str
    assert record["actions"][3] == "big-gin" and hand.result.kind == ScoreKind.BIG_GIN
    assert Hand.from_dict(record).result == hand.result
