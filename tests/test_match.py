"""Matches: target, bonuses, shutout, dealer rotation, Hollywood, saving and resuming."""

import json

import pytest

from decks import stacked_deck
from gintrainer import GinError, IllegalActionError, Match, Rules, ScoreKind

WINNING = "6H 7H 8H 2C 2D 2S 5S 6S 7S KC"  # knocks with 3 after taking the 3C upcard
LOSING = "9H TH JH 4S 8S KD QD 5D AC 9C"  # 35 left after lay-offs: the knock scores 32


def win_hand(match, seat):
    """Play the current hand so that ``seat`` knocks and scores 32."""
    hand = match.hand
    if hand.dealer == seat:
        actions = ["pass", "take", "knock KC", "auto", "auto"]
    else:
        actions = ["take", "knock KC", "auto", "auto"]
    for action in actions:
        match.apply(action)
    assert hand.result.winner_seat == seat and hand.result.points == 32


def deck_for(match, winner):
    return deck_for_dealer(match.next_dealer, winner)


def deck_for_dealer(dealer, winner):
    if dealer == winner:
        return stacked_deck(LOSING, WINNING, "3C")
    return stacked_deck(WINNING, LOSING, "3C")


def play_wins(match, winners):
    for i, seat in enumerate(winners):
        if i:
            match.next_hand(deck=deck_for(match, seat))
        win_hand(match, seat)


def new_match(rules=Rules(), winner=0, first_dealer=0):
    return Match(rules, seed=1, first_dealer=first_dealer, deck=deck_for_dealer(first_dealer, winner))


def test_shutout_doubles_the_game_bonus_and_boxes_count():
    match = new_match()
    play_wins(match, [0, 0, 0, 0])
    assert match.is_over and match.winner == 0
    game = match.games[0]
    assert game.scores == (128, 0)
    assert game.bonuses.shutout
    assert game.bonuses.game == (200, 0) and game.bonuses.boxes == (100, 0)
    assert match.totals == (128 + 200 + 100, 0)
    with pytest.raises(IllegalActionError, match="match is over"):
        match.next_hand()


def test_game_bonus_without_shutout():
    match = new_match()
    play_wins(match, [0, 1, 0, 0, 0])
    game = match.games[0]
    assert game.scores == (128, 32) and not game.bonuses.shutout
    assert match.totals == (128 + 100 + 4 * 25, 32 + 25)


def test_winner_deals_next_or_loser_by_option():
    match = new_match(winner=1, first_dealer=0)
    play_wins(match, [1])
    assert match.next_dealer == 1
    match = new_match(Rules(next_dealer="loser"), winner=1, first_dealer=0)
    play_wins(match, [1])
    assert match.next_dealer == 0


def test_same_dealer_after_a_dead_hand():
    match = Match(seed=5, first_dealer=1)
    match.apply("pass")
    match.apply("pass")
    while not match.hand.is_over:
        match.apply("draw")
        match.apply(f"discard {match.hand.last_draw[0].code()}")
    assert match.hand.result.kind == ScoreKind.DEAD
    assert match.next_dealer == 1 and match.scores == (0, 0)
    assert match.next_hand().dealer == 1


def test_hollywood_scores_three_games():
    rules = Rules(hollywood=True)
    match = new_match(rules)
    play_wins(match, [0, 0, 1, 0])
    g1, g2, g3 = match.games
    # seat 0's wins: 1st in game 1; 2nd in games 1-2; 3rd in all three.
    # seat 1's first win counts in game 1 only.
    assert g1.scores == (96, 32) and g2.scores == (64, 0) and g3.scores == (32, 0)
    play_wins_more(match, [0])
    assert g1.is_over and g1.winner == 0 and g1.scores == (128, 32)
    assert not g2.is_over
    play_wins_more(match, [0, 0])
    assert g2.is_over and g2.scores == (128, 0) and g2.bonuses.shutout
    assert g3.scores == (128, 0) and g3.is_over
    assert match.is_over
    assert match.totals == tuple(sum(g.totals[s] for g in match.games) for s in (0, 1))


def play_wins_more(match, winners):
    for seat in winners:
        match.next_hand(deck=deck_for(match, seat))
        win_hand(match, seat)


def test_save_and_resume_mid_hand_and_mid_match():
    match = new_match()
    play_wins(match, [0, 1])
    match.next_hand(deck=deck_for(match, 0))
    match.apply(match.hand.legal_actions()[1])
    data = json.loads(json.dumps(match.to_dict()))
    again = Match.from_dict(data)
    assert again.scores == match.scores == (32, 32)
    assert again.hand.history == match.hand.history
    assert again.next_dealer == match.next_dealer
    data["hands"][0]["result"]["points"] = 5
    with pytest.raises(GinError, match="hand 1"):
        Match.from_dict(data)


def test_seeded_matches_deal_the_same_hands():
    a, b = Match(seed="class-7"), Match(seed="class-7")
    assert a.hand.deck == b.hand.deck and a.first_dealer == b.first_dealer
    assert Match(seed="class-8").hand.deck != a.hand.deck
