"""Scenario tests in card notation: the worked examples and rulings of RULES.md."""

from dataclasses import replace

import pytest

from gintrainer import (
    GinError,
    IllegalActionError,
    Rules,
    ScoreKind,
    best_arrangement,
    best_layoffs,
    min_deadwood,
    parse_cards,
    score_hand,
)
from gintrainer.engine.scoring import knocker_layouts, layoff_targets, settle

# The Kurmanji page's defender hand: 8 8 8 · 4 4 4 · 5 2 2 A.
KURMANJI = "8C 8D 8S 4C 4D 4S 5H 2C 2D AS"
OTHER = "KD QD JS 6C 8C AC 3D 2H TS 4H"


def test_kurmanji_hand_has_ten_deadwood():
    arrangement = best_arrangement(KURMANJI)
    assert arrangement.points == 10
    assert sorted(c.code() for c in arrangement.deadwood) == sorted(["5H", "2C", "2D", "AS"])
    assert min_deadwood(KURMANJI) == 10


def test_gin_scores_bonus_plus_defender_deadwood():
    score = score_hand("2H 3H 4H 5S 6S 7S 9C 9D 9H 9S", KURMANJI)
    assert (score.kind, score.winner) == (ScoreKind.GIN, "knocker")
    assert score.points == 25 + 10 == 35
    assert score.layoffs == ()


def test_gin_bonus_follows_the_rules():
    score = score_hand("2H 3H 4H 5S 6S 7S 9C 9D 9H 9S", KURMANJI, Rules.preset("classic"))
    assert score.points == 20 + 10


def test_no_laying_off_against_gin():
    # The defender holds 5H 6D and 8H, each of which would fit a knocker meld.
    knocker = "2H 3H 4H 5S 6S 7S 9C 9D 9H 9S"
    defender = "5H 8S 8C 8D AC KC QD JC 2S 3C"
    score = score_hand(knocker, defender)
    assert score.kind == ScoreKind.GIN
    assert score.layoffs == ()
    assert score.defender_deadwood == min_deadwood(defender) == 1 + 10 + 10 + 10 + 2 + 3 + 5


def test_turkish_knock_example_6_against_21_scores_15():
    knocker = "2C 3C 4C 7D 7H 7S 9H TH JH 6S"
    defender = "4H 4D 4S 8C 9C TC KD 5H AS 5D"
    score = score_hand(knocker, defender)
    assert (score.kind, score.winner) == (ScoreKind.KNOCK, "knocker")
    assert (score.knocker_deadwood, score.defender_deadwood) == (6, 21)
    assert score.points == 21 - 6 == 15


def test_ten_of_diamonds_lays_off_on_seven_eight_nine():
    reply = best_layoffs("TD KC QC JS 2S 3S 5H 6C AH 4C", ["7D 8D 9D"])
    assert [(layoff.card.code(), layoff.meld) for layoff in reply.layoffs] == [("TD", 0)]
    assert layoff_targets(parse_cards("TD")[0], [parse_cards("7D 8D 9D")]) == [0]


def test_fourth_four_lays_off_on_a_set_of_fours():
    reply = best_layoffs("4H KC QC JS 2S 3S 5H 6C AH 9C", ["4C 4D 4S"])
    assert [layoff.card.code() for layoff in reply.layoffs] == ["4H"]
    # a full set of four takes nothing
    assert best_layoffs("4H KC", ["4C 4D 4S"]).points == 10


def test_chained_layoffs_extend_a_run_already_extended():
    reply = best_layoffs("9H TH KC QC JS 2S 3S 4D AC 6C", ["6H 7H 8H"])
    assert [layoff.card.code() for layoff in reply.layoffs] == ["9H", "TH"]
    assert reply.points == min_deadwood("KC QC JS 2S 3S 4D AC 6C")


def test_chained_layoffs_at_both_ends():
    reply = best_layoffs("2H 3H 9H TH KC QS 5C 6D 8S 4C", ["4H 5H 6H 7H 8H"])
    laid = sorted(layoff.card.code() for layoff in reply.layoffs)
    assert laid == sorted(["2H", "3H", "9H", "TH"])
    assert reply.points == min_deadwood("KC QS 5C 6D 8S 4C")


def test_a_lay_off_waiting_for_cards_still_in_the_hand_says_to_lay_them_off_too():
    """Lay-offs are taken in any order (RULES.md: a card on a run already extended by one laid off before it),
    but every card of the chain must be laid off: a reply that leaves the connecting card in the hand is refused
    with the card to lay off too, not only "does not extend"."""
    from gintrainer.engine.scoring import Layoff, check_reply, connecting_cards
    hand, knocker = "AD 2D 3D KC QS 5C 9C 8S 4H JH", ["4D 5D 6D 7D"]
    two, ace, three = (parse_cards(c)[0] for c in ("2D", "AD", "3D"))
    with pytest.raises(IllegalActionError, match="2♦ does not extend the knocker's meld 1 4♦ 5♦ 6♦ 7♦ by itself: "
                                                 "lay off 3♦ too, and 2♦ goes on after it$"):
        check_reply(hand, knocker, [], [Layoff(two, 0)])
    with pytest.raises(IllegalActionError, match="A♦ does not extend the knocker's meld 1 4♦ 5♦ 6♦ 7♦ by itself: "
                                                 "lay off 2♦ 3♦ too, and A♦ goes on after them$"):
        check_reply(hand, knocker, [], [Layoff(ace, 0)])
    assert check_reply(hand, knocker, [], [Layoff(ace, 0), Layoff(two, 0), Layoff(three, 0)]).points == \
        min_deadwood("KC QS 5C 9C 8S 4H JH")  # the whole chain, in any order
    with pytest.raises(IllegalActionError, match="K♣ does not extend the knocker's meld 1 4♦ 5♦ 6♦ 7♦$"):
        check_reply(hand, knocker, [], [Layoff(parse_cards("KC")[0], 0)])  # nothing in the hand connects it
    assert connecting_cards(two, parse_cards("4D 5D 6D"), parse_cards("9C")) == ()  # 3♦ is not held
    assert connecting_cards(two, parse_cards("4C 4D 4S"), parse_cards("3D")) == ()  # a set takes no chain


def test_lay_off_goes_to_the_run_not_first_fit_on_the_set():
    # 8H fits the set of eights or extends 5H 6H 7H; only the run lets 9H follow.
    reply = best_layoffs("8H 9H KC QS 2D 3S 4C JD AC 6D", ["8C 8D 8S", "5H 6H 7H"])
    targets = {layoff.card.code(): layoff.meld for layoff in reply.layoffs}
    assert targets == {"8H": 1, "9H": 1}
    assert reply.points == min_deadwood("KC QS 2D 3S 4C JD AC 6D")


def test_undercut_scores_difference_plus_bonus():
    knocker = "2C 3C 4C 7D 7H 7S 9H TH JH 8S"  # 8 deadwood
    defender = "AD AH AS 5C 6C 7C KD QD JD 3S"  # 3 deadwood
    score = score_hand(knocker, defender)
    assert (score.kind, score.winner) == (ScoreKind.UNDERCUT, "defender")
    assert score.points == 8 - 3 + 10
    assert score_hand(knocker, defender, Rules.preset("modern")).points == 8 - 3 + 25


def test_undercut_on_tie_by_default_and_tie_when_option_off():
    knocker = "2C 3C 4C 7D 7H 7S 9H TH JH 5S"  # 5 deadwood
    defender = "AD AH AS 5C 6C 7C KD QD JD 5D"  # 5 deadwood
    tie = score_hand(knocker, defender)
    assert (tie.kind, tie.winner, tie.points) == (ScoreKind.UNDERCUT, "defender", 10)
    off = score_hand(knocker, defender, Rules(undercut_on_tie=False))
    assert (off.kind, off.winner, off.points) == (ScoreKind.TIE, None, 0)


def test_knock_over_the_limit_is_refused():
    with pytest.raises(IllegalActionError, match="limit is 10"):
        score_hand("2C 3C 4C 7D 7H 7S 9H TH 5S 6D", OTHER)
    with pytest.raises(IllegalActionError, match="limit is 5"):
        score_hand("2C 3C 4C 7D 7H 7S 9H TH JH 8S", OTHER, Rules(knock_limit=5))


def test_straight_gin_allows_only_gin():
    with pytest.raises(IllegalActionError, match="only gin"):
        score_hand("2C 3C 4C 7D 7H 7S 9H TH JH AS", OTHER, Rules(straight_gin=True))
    assert score_hand("2H 3H 4H 5S 6S 7S 9C 9D 9H 9S", KURMANJI, Rules(straight_gin=True)).kind == ScoreKind.GIN


def test_oklahoma_limit_from_upcard_and_ace_means_gin_only():
    rules = Rules(oklahoma=True)
    knocker = "2C 3C 4C 7D 7H 7S 9H TH JH 5S"  # 5 deadwood
    defender = "KD QD JS 6C 8C AC 3D 2H TS 4H"
    assert score_hand(knocker, defender, rules, upcard="5D").winner == "knocker"
    with pytest.raises(IllegalActionError, match="limit is 4"):
        score_hand(knocker, defender, rules, upcard="4S")
    with pytest.raises(IllegalActionError, match="only gin"):
        score_hand(knocker.replace("5S", "AS"), defender, rules, upcard="AD")
    with pytest.raises(GinError, match="upcard"):
        score_hand(knocker, defender, rules)


def test_oklahoma_spades_double():
    rules = Rules(oklahoma=True, oklahoma_spades_double=True)
    knocker = "2C 3C 4C 7D 7H 7S 9H TH JH 5S"
    defender = "KD QD JS 6C 8C AC 3D 2H TS 4H"
    plain = score_hand(knocker, defender, rules, upcard="KH")
    doubled = score_hand(knocker, defender, rules, upcard="KS")
    assert doubled.points == 2 * plain.points
    assert doubled.multiplier == 2


def test_big_gin_needs_option_and_scores_31_plus_deadwood():
    eleven = "TH JH QH KH 5S 6S 7S 9C 9D 9H 9S"
    with pytest.raises(IllegalActionError, match="big gin"):
        score_hand(eleven, KURMANJI)
    score = score_hand(eleven, KURMANJI, Rules(big_gin=True))
    assert (score.kind, score.points) == (ScoreKind.BIG_GIN, 31 + 10)


def test_knocker_layout_is_least_deadwood_then_worst_for_defender():
    # 7S fits the set of sevens or the spade run; both leave the knocker 9.
    knocker = "7C 7D 7H 7S 5S 6S 8D 9D TD 9C"
    defender = "7x".replace("7x", "4S 8S 2C 3H KH QH JC AH 5D 6D")
    layouts = knocker_layouts(knocker, defender)
    assert all(a.points == layouts[0].points for a in layouts)
    chosen = layouts[0]
    worst_for_defender = max(best_layoffs(defender, a.melds).points for a in layouts)
    assert best_layoffs(defender, chosen.melds).points == worst_for_defender
    assert score_hand(knocker, defender).defender_deadwood == worst_for_defender


def test_forced_layout_is_used():
    knocker = "7C 7D 7H 7S 5S 6S 8D 9D TD 3C"
    defender = "4S 8S 2C 3H KH QH JC AH 5D 6D"
    free = score_hand(knocker, defender)
    forced = score_hand(knocker, defender, knocker_melds=["7C 7D 7H", "5S 6S 7S", "8D 9D TD"])
    assert forced.knocker_deadwood == free.knocker_deadwood == 3
    assert [c.code() for c in forced.knocker_melds[1]] == ["5S", "6S", "7S"]
    with pytest.raises(IllegalActionError, match="not a meld"):
        score_hand(knocker, defender, knocker_melds=["7C 7D 8D"])
    with pytest.raises(IllegalActionError, match="two melds"):
        score_hand(knocker, defender, knocker_melds=["7C 7D 7H", "7H 7S 7D"])


def test_bad_inputs_raise_gin_errors():
    with pytest.raises(GinError, match="10 cards"):
        score_hand("5C 3C 6C", KURMANJI)
    with pytest.raises(GinError, match="both hands"):
        score_hand("8C 3C 6C 7D 7H 7S 9H TH JH 5S", KURMANJI)
    with pytest.raises(GinError, match="defender holds 10 cards"):
        score_hand("3C 6C 7D 7H 7S 9H TH JH 5S KS", KURMANJI.replace("AS", ""))


def test_explanations_quote_the_numbers():
    score = score_hand("2C 3C 4C 7D 7H 7S 9H TH JH 6S", "4H 4D 4S 8C 9C TC KD 5H AS 5D")
    assert "21 − 6 = 15" in score.explain()
    assert "25 bonus + the defender's 10 deadwood = 35" in score_hand("2H 3H 4H 5S 6S 7S 9C 9D 9H 9S",
                                                                       KURMANJI).explain()
    doubled = score_hand("2C 3C 4C 7D 7H 7S 9H TH JH 6S", "4H 4D 4S 8C 9C TC KD 5H AS 5D",
                         Rules(oklahoma=True, oklahoma_spades_double=True), upcard="KS")
    assert "(21 − 6) × 2 for the spade upcard = 30" in doubled.explain()


def test_settle_takes_only_a_way_of_going_out():
    """``out`` is how the knocker went out, as a member or its text; any other word
    is refused (it used to be scored as a knock)."""
    melds, dead = (parse_cards("2C 3C 4C"),), parse_cards("5H")
    hands = dict(knocker_melds=melds, knocker_dead=dead, defender_melds=(), layoffs=(),
                 defender_dead=parse_cards("KD QD"))
    assert settle(Rules(), out="knock", **hands) == settle(Rules(), out=ScoreKind.KNOCK, **hands)
    assert settle(Rules(), out="knock", **hands).kind == ScoreKind.KNOCK
    for word in ("nonsense", "tie", ScoreKind.UNDERCUT, "dead"):
        with pytest.raises(GinError):
            settle(Rules(), out=word, **hands)
    with pytest.raises(GinError, match="gin leaves no deadwood, not 5"):
        settle(Rules(), out="gin", **hands)
    gin = settle(Rules(), out=ScoreKind.GIN, **{**hands, "knocker_dead": ()})
    assert (gin.kind, gin.points) == (ScoreKind.GIN, 25 + 20)


def test_score_kinds_read_and_write_their_text():
    """A score's kind is a ScoreKind member; its record holds the member's text."""
    score = score_hand("TH JH QH KH 5S 6S 7S 9C 9D 9H 9S", KURMANJI, Rules(big_gin=True))
    assert score.kind is ScoreKind.BIG_GIN
    assert replace(score, kind="big-gin") == score
    assert score.to_dict()["kind"] == "big_gin" and type(score.to_dict()["kind"]) is str
    assert ScoreKind.parse("big-gin") is ScoreKind.parse("BIG_GIN") is ScoreKind.BIG_GIN
    assert [str(kind) for kind in ScoreKind] == ["knock", "gin", "big_gin", "undercut", "tie", "dead"]
