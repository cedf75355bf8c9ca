"""Lesson 4: a normal turn."""

from __future__ import annotations

from ..engine.rules import Rules
from ..words.language import N_
from .model import YES_NO, Ask, Check, HandDemo, Lesson, move, numbers, practice, yes
from .table import PAGES

NORMAL_TURN = HandDemo(
    "normal_turn", N_("Drawing from the stock or the pile"),
    ben="KC KS 4H 5H 9S 9D 2C 7C 3D AS", ann="6C 6S JH JD TS 8C 8H 2D 3S KH", upcard="QC", stock="TD 6D JS",
    moves=(
        "pass", "pass",
        move("draw", N_("{card} goes into no meld of {ben}'s."), "not card_melds"),
        move("discard TD", N_("A card drawn from the stock may go straight back on the pile."), "card_just_drawn"),
        move("draw", N_("{card} makes a set for {ann}: {meld}."), "card_melds"),
        move("discard KH", N_("{ann} throws {card}: none of her deadwood is worth more. She cannot see {ben}'s cards, "
                              "so she does not know it would give him a set."),
             "highest_deadwood", "next_player_wants_it"),
        move("take", N_("With it he has a set: {meld}."), "worth_taking", "card_melds"),
        move("discard 9D", N_("{ben} had to discard another card: {card}, his highest deadwood."), "highest_deadwood"),
        move("draw", N_("{card} makes a set for {ann}: {meld}."), "not worth_taking", "card_melds"),
        "discard TS",
    ))


def throw_back_taken(rules: Rules) -> Ask:
    d = NORMAL_TURN
    taken_at = d.actions.index("take") + 1
    hand = d.hand(taken_at, rules=rules)
    back = hand.taken_card is not None and hand.is_legal(f"discard {hand.taken_card.code()}")
    return Ask(N_("You take the top card of the discard pile. May you discard that same card this turn?"),
               YES_NO, yes(back),
               N_("No: the card just taken from the discard pile may not be thrown back that turn."),
               N_("the card just taken from the discard pile must stay in your hand this turn."))


def throw_back_drawn(rules: Rules) -> Ask:
    d = NORMAL_TURN
    hand = d.hand(d.actions.index("draw") + 1, rules=rules)
    back = hand.last_draw is not None and hand.is_legal(f"discard {hand.last_draw[0].code()}")
    return Ask(N_("You draw a card from the stock. May you discard that same card?"), YES_NO, yes(back),
               N_("Yes: a card drawn from the stock may go straight back."),
               N_("only a card taken from the discard pile must stay: a card from the stock may go straight back."))


def cards_between_turns(rules: Rules) -> Ask:
    between = len(NORMAL_TURN.hand(rules=rules).held(0))
    return Ask(N_("How many cards does a player hold between turns?"), numbers(between - 1, between, between + 1),
               str(between), N_("{between}: you draw to {drawn}, then discard back to {between}."),
               N_("count again: a turn is one card in, one card out, and the deal gives each player his starting "
                  "hand."), dict(between=between, drawn=between + 1))


LESSON = Lesson.from_page(
    PAGES[4],
    (NORMAL_TURN, *practice("take_or_draw", "forbidden_discard", "best_discard"),
     Check((throw_back_taken, throw_back_drawn, cards_between_turns))))
