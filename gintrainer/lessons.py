"""The lessons' content: titles and goals, stacked demonstration deals with their
captions, the exercise kinds of each lesson, and the end-of-lesson checks.

Every answer of a check is computed with the engine when the check is built,
so a rules change that breaks a lesson shows in the tests.

>>> LESSONS[5].title, LESSONS[5].file
('Knocking and gin', '05_knocking_and_gin.ipynb')
>>> demo_hand(6).result.points
32
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card, parse_cards
from .errors import IllegalActionError
from .exercises import Exercise, generate, kinds_for
from .exercises.core import choice_checker
from .hand import Hand
from .melds import meld_kind
from .deals import deal
from .rules import PRESETS, Rules
from .scoring import check_melds, settle

NAMES = ("Ann", "Ben")


@dataclass(frozen=True, slots=True)
class Demo:
    """A stacked deal played step by step: Ann (seat 0) deals, Ben gets the first card."""

    title: str
    ben: str
    ann: str
    upcard: str
    stock: str
    actions: tuple[str, ...]
    captions: dict = field(default_factory=dict)
    rules: Rules = Rules()

    def hand(self) -> Hand:
        return deal(self.ben, self.ann, self.upcard, self.stock, rules=self.rules, actions=self.actions)


@dataclass(frozen=True, slots=True)
class Lesson:
    number: int
    slug: str
    title: str
    goal: str
    demos: tuple[Demo, ...] = ()

    @property
    def file(self) -> str:
        return f"{self.number:02d}_{self.slug}.ipynb"

    @property
    def kinds(self) -> list[str]:
        return kinds_for(self.number)


# -- the demonstrations --------------------------------------------------------------

_MELDS = Demo(
    "Melds grow as the players draw",
    ben="7S 7H 7D 4C 5C 6C KH QD 2S 9H", ann="AH 2H 3H 8S 8C 8D JC JD 5S 3D", upcard="7C", stock="JH 3C",
    actions=("take", "discard KH", "draw", "discard 5S", "draw", "discard QD"),
    captions={
        0: "Look at Ben's hand: 7♠ 7♥ 7♦ is a set (three sevens) and 4♣ 5♣ 6♣ is a run (three clubs in a row). "
           "K♥ Q♦ 2♠ 9♥ are in no meld: they are deadwood, 10 + 10 + 2 + 9 = 31 points.",
        1: "7♣ is the fourth seven: the set grows to four cards.",
        2: "Ben throws away his king of hearts, his highest deadwood card.",
        3: "J♥ joins J♣ J♦: a new set for Ann.",
        4: "Ann's deadwood is now only 3♦: 3 points.",
        5: "3♣ extends Ben's run at the low end: 3♣ 4♣ 5♣ 6♣.",
        6: "Ben's deadwood is now 2♠ 9♥: 11 points. The fewer deadwood points, the better.",
    })

_DEAL = Demo("The deal", ben="2C 3C 4C 8D 8H KS QH 5S 6D JC", ann="AS AH AD 9C TC JD 7H 7S 3H 4D",
             upcard="KD", stock="5C 7D", actions=())

_FIRST_TURN = Demo(
    "Both players pass the upcard",
    ben="2C 3C 4C 8D 8H KS QH 5S 6D JC", ann="AS AH AD 9C TC JD 7H 7S 3H 4D", upcard="KD", stock="5C 7D",
    actions=("pass", "pass", "draw", "discard KS", "draw", "discard JD"),
    captions={
        1: "Ben is the non-dealer, so he is offered the upcard first. K♦ fits nothing in his hand.",
        2: "Now the dealer may take it. Ann does not want it either.",
        3: "Both passed, so Ben, the non-dealer, starts by drawing from the stock. 5♣ extends his run 2♣ 3♣ 4♣.",
        4: "Every turn ends with a discard: Ben holds ten cards again.",
        5: "From now on each turn is a normal turn: draw, then discard.",
    })

_NORMAL_TURN = Demo(
    "Drawing from the stock or the pile",
    ben="4H 5H 9S 9D 2C KC QS 7C 3D AS", ann="6C 6S JH JD TS 8C 8H 2D 3H KH", upcard="QH", stock="KD 6D JS",
    actions=("pass", "pass", "draw", "discard KD", "draw", "discard 3H", "take", "discard KC", "draw", "discard TS"),
    captions={
        3: "K♦ is no use to Ben.",
        4: "A card drawn from the stock may go straight back on the pile.",
        5: "6♦ makes a set of sixes for Ann.",
        6: "Ann throws 3♥, not noticing Ben's hearts.",
        7: "Ben takes 3♥ from the discard pile: 3♥ 4♥ 5♥ is a run.",
        8: "Ben had to discard another card: K♣.",
        9: "J♠ makes a set of jacks for Ann.",
    })

_KNOCK = Demo(
    "Ben knocks",
    ben="2C 3C 4C 7H 7S 7D JS QS KS 9D", ann="5C 5D 6H 6C TH TD 2H 4S QD KC", upcard="5H", stock="8H",
    actions=("pass", "pass", "draw", "knock 9D", "auto", "auto"),
    captions={
        3: "Ben now has 9♦ and 8♥ as deadwood. If he throws 9♦ away, only 8♥ is left: 8 points, within the "
           "limit of 10.",
        4: "Ben knocks: he puts 9♦ face down on the pile and shows his hand.",
    })

_GIN = Demo(
    "Ben goes gin",
    ben="2C 3C 4C 7H 7S 7D JS QS KS 9D", ann="5C 5D 6H 6C TH TD 2H 4S QD KC", upcard="5H", stock="AC",
    actions=("pass", "pass", "draw", "gin 9D", "auto", "auto"),
    captions={
        3: "A♣ joins 2♣ 3♣ 4♣. Without 9♦ every card would be in a meld.",
        4: "That is gin: no deadwood at all. The defender may not lay off against gin.",
    })

_LAYOFF = Demo(
    "Laying off, one card after another",
    ben="6H 7H 8H 2C 2D 2S 5S 6S 7S KC", ann="9H TH JH 4S 8S KD QD 5D AC 9C", upcard="QS", stock="3C",
    actions=("pass", "pass", "draw", "knock KC", "meld 6H 7H 8H", "meld 2C 2D 2S", "meld 5S 6S 7S", "done",
             "layoff 9H on 1", "layoff TH on 1", "layoff JH on 1", "layoff 4S on 3", "layoff 8S on 3", "done"),
    captions={
        5: "The knocker lays out his melds one by one.",
        8: "Ben's deadwood is 3♣: 3 points. Now Ann, the defender, may lay off cards on Ben's melds.",
        9: "9♥ extends Ben's run 6♥ 7♥ 8♥ at the top.",
        10: "10♥ follows on from the 9♥ just laid off: lay-offs can chain.",
        11: "And J♥ after that. (Ann could also have kept 9♥ 10♥ J♥ as her own run: either way they are "
            "not deadwood.)",
        12: "4♠ extends the spade run at the low end...",
        13: "...and 8♠ at the high end. Ann's deadwood is what is left: K♦ Q♦ 5♦ A♣ 9♣.",
    })

_UNDERCUT = Demo(
    "An undercut",
    ben="AH 2H 3H 5C 5D 5S 9C 9D 9S KC", ann="6C 6D 6H JS QS KS 4H 2C AC 3D", upcard="8H", stock="",
    actions=("take", "knock KC", "meld AH 2H 3H", "meld 5C 5D 5S", "meld 9C 9D 9S", "done",
             "meld 6C 6D 6H", "meld JS QS KS", "layoff 4H on 1", "done"),
    captions={
        2: "Ben knocks with 8♥ as his only deadwood: 8 points.",
        8: "Ann has laid out her own melds. Left: 4♥ 2♣ A♣ 3♦.",
        9: "4♥ goes on Ben's run. Ann is left with 2 + 1 + 3 = 6 points, fewer than Ben's 8: an undercut.",
    })

_OKLAHOMA = Demo(
    "Oklahoma: the upcard sets the limit",
    ben="2C 3C 4C 7H 7S 7D JS QS KS 9D", ann="5C 5D 6H 6C TH TD 2H 4S QD KC", upcard="3S", stock="8H 9H 2D",
    rules=Rules(oklahoma=True, oklahoma_spades_double=True),
    actions=("pass", "pass", "draw", "discard 9D", "draw", "discard QD", "draw", "knock 8H", "auto", "auto"),
    captions={
        0: "These are Oklahoma rules. The upcard is 3♠, so in this hand a player may knock only with 3 or "
           "less; and with the spades option, a spade upcard doubles the score of the hand.",
        3: "Under standard rules Ben could knock now, keeping 8♥ (8 points). Here the limit is 3, so he plays on.",
        7: "With 2♦ his only deadwood, Ben is within the limit of 3.",
        15: "That is (56 − 2) × 2: the spade upcard doubles the score.",
    })


LESSONS: dict[int, Lesson] = {lesson.number: lesson for lesson in (
    Lesson(1, "cards_and_melds", "Cards, values and melds",
           "Know what each card is worth, recognise sets and runs, and count a hand's deadwood.", (_MELDS,)),
    Lesson(2, "dealing", "Dealing",
           "Deal a hand: who deals, ten cards each one at a time, the upcard and the stock.", (_DEAL,)),
    Lesson(3, "first_turn", "The first turn",
           "Play the first turn: the upcard is offered to the non-dealer, then the dealer; if both pass, "
           "the non-dealer draws from the stock.", (_FIRST_TURN,)),
    Lesson(4, "normal_turn", "A normal turn",
           "Play a normal turn: draw from the stock or take the top discard, then discard; never throw back "
           "the card you just took.", (_NORMAL_TURN,)),
    Lesson(5, "knocking_and_gin", "Knocking and gin",
           "End a hand: knock with 10 or less deadwood, go gin with none, and know big gin.", (_KNOCK, _GIN)),
    Lesson(6, "laying_off", "Laying off",
           "As the defender, lay off cards on the knocker's melds: the fourth card of a set, run ends, and "
           "chains; and know that gin allows no lay-offs.", (_LAYOFF,)),
    Lesson(7, "scoring_a_hand", "Scoring a hand",
           "Score a hand: the difference for a knock, the undercut and its bonus, the gin bonus, and the "
           "dead hand.", (_UNDERCUT,)),
    Lesson(8, "scoring_a_match", "Scoring a match",
           "Score a whole match: the target, the game bonus, box bonuses, the shutout, and who deals next.", ()),
    Lesson(9, "variants", "Variants",
           "Know the variants (Oklahoma, straight gin, Hollywood, big gin) and the presets, and see how the "
           "same hand scores under each.", (_OKLAHOMA,)),
)}


def lesson(number: int) -> Lesson:
    try:
        return LESSONS[number]
    except (KeyError, TypeError):
        raise ValueError(f"there is no lesson {number!r}: lessons are numbered 1 to {len(LESSONS)}") from None


def demo_hand(number: int, which: int = 0) -> Hand:
    """The played hand of a lesson's demonstration."""
    return lesson(number).demos[which].hand()


def demo_match_seed() -> int:
    """The seed of lesson 8's demonstration match."""
    return 7


# -- the end-of-lesson checks ------------------------------------------------------------


def _question(lesson_number: int, index: int, prompt: str, options, answer: str, explanation: str) -> Exercise:
    options = tuple(options)
    if answer not in options:
        raise ValueError(f"check {lesson_number}.{index}: the engine's answer {answer!r} is not a choice")
    return Exercise(kind=f"check_{lesson_number}", seed=index, title=f"Check {index + 1}", prompt=prompt,
                    answer_type="choice", options=options, answer=answer, explanation=explanation,
                    checker=choice_checker(answer, explanation))


def _yes(flag: bool) -> str:
    return "Yes" if flag else "No"


def _legal_after(deck_demo: Demo, actions, action: str) -> bool:
    hand = deal(deck_demo.ben, deck_demo.ann, deck_demo.upcard, deck_demo.stock, rules=deck_demo.rules,
                actions=actions)
    return hand.is_legal(action)


def checks(number: int) -> list[Exercise]:
    """The short check at the end of a lesson: questions whose answers the engine gives."""
    q = []
    if number == 1:
        king = Card.parse("KS").value
        q.append(_question(1, 0, "How many points is a king worth as deadwood?", ("1", "10", "13"), str(king),
                           "Jacks, queens and kings count 10; an ace 1; the others their number."))
        q.append(_question(1, 1, "Is Q♥ K♥ A♥ a run?", ("Yes", "No"), _yes(meld_kind("QH KH AH") == "run"),
                           "The ace is low: A♥ 2♥ 3♥ is a run, Q♥ K♥ A♥ is not."))
        try:
            check_melds(["8C 8D 8H", "8H 9H TH"], "8C 8D 8H 9H TH")
            both = True
        except IllegalActionError:
            both = False
        q.append(_question(1, 2, "You hold 8♣ 8♦ 8♥ 9♥ 10♥. May 8♥ count in the set of eights and in the run "
                                 "8♥ 9♥ 10♥ at the same time?", ("Yes", "No"), _yes(both),
                           "A card belongs to one meld only: use it where it leaves the least deadwood."))
    elif number == 2:
        hand = Hand.deal(seed=0)
        q.append(_question(2, 0, "How many cards does each player get?", ("7", "10", "11"), str(len(hand.held(0))),
                           "Ten each, dealt one at a time."))
        first = "The non-dealer" if hand.deck[0] in hand.held(hand.non_dealer) else "The dealer"
        q.append(_question(2, 1, "Who gets the first card of the deal?", ("The dealer", "The non-dealer"), first,
                           "The dealer deals to the other player first."))
        q.append(_question(2, 2, "How many cards are in the stock after the deal?", ("30", "31", "32"),
                           str(hand.stock_count), "52 − 20 dealt − 1 upcard = 31."))
    elif number == 3:
        d = _FIRST_TURN
        hand = deal(d.ben, d.ann, d.upcard, d.stock, actions=["pass"])
        nxt = "The dealer" if hand.to_act == hand.dealer else "The non-dealer"
        q.append(_question(3, 0, "The non-dealer passes the upcard. Who may take it now?",
                           ("The dealer", "The non-dealer", "Nobody"), nxt,
                           "The dealer gets the second chance to take the upcard."))
        hand.apply("pass")
        only_draw = [str(a) for a in hand.legal_actions()] == ["draw"]
        starts = "The non-dealer draws from the stock" if only_draw and hand.to_act == hand.non_dealer else \
            "The upcard is buried and a new one is turned"
        q.append(_question(3, 1, "Both players pass the upcard. What happens next?",
                           ("The non-dealer draws from the stock", "The dealer draws from the stock",
                            "The upcard is buried and a new one is turned"), starts,
                           "The non-dealer starts by drawing from the stock; play goes on as normal turns."))
        k = _KNOCK
        knock_now = deal(k.ben, k.ann, "8H", "", actions=["take"]).is_legal("knock 9D")
        q.append(_question(3, 2, "May a player knock on the very first turn?", ("Yes", "No"), _yes(knock_now),
                           "Yes: if taking the upcard (or the first draw) gives a hand within the knock limit."))
    elif number == 4:
        n = _NORMAL_TURN
        back = _legal_after(n, n.actions[:7], "discard 3H")
        q.append(_question(4, 0, "You take the top card of the discard pile. May you discard that same card this "
                                 "turn?", ("Yes", "No"), _yes(back),
                           "No: the card just taken from the discard pile may not be thrown back that turn."))
        stock_back = _legal_after(n, n.actions[:3], "discard KD")
        q.append(_question(4, 1, "You draw a card from the stock. May you discard that same card?", ("Yes", "No"),
                           _yes(stock_back), "Yes: a card drawn from the stock may go straight back."))
        hand = n.hand()
        q.append(_question(4, 2, "How many cards does a player hold between turns?", ("10", "11", "9"),
                           str(len(hand.held(0))), "Ten: you draw to 11, then discard back to 10."))
    elif number == 5:
        rules = Rules()
        q.append(_question(5, 0, "In standard rules, at most how much deadwood may you have to knock?",
                           ("5", "10", "15"), str(rules.knock_limit), "The knock limit is 10 points."))
        hand = _KNOCK.hand()
        face_down = hand.knock_card is not None and hand.knock_card not in hand.discard_pile
        q.append(_question(5, 1, "When you knock, how do you discard?", ("Face up", "Face down"),
                           "Face down" if face_down else "Face up",
                           "The knock discard goes face down; then you show your hand."))
        q.append(_question(5, 2, "How big is the gin bonus in standard rules (added to the opponent's deadwood)?",
                           ("10", "20", "25"), str(rules.gin_bonus), "Gin scores 25 plus the defender's deadwood."))
    elif number == 6:
        gin = deal(_GIN.ben, _GIN.ann, _GIN.upcard, _GIN.stock, actions=_GIN.actions[:5])
        can = any(a.kind == "layoff" for a in gin.legal_actions())
        q.append(_question(6, 0, "Your opponent goes gin. May you lay off cards on his melds?", ("Yes", "No"),
                           _yes(can), "There is no laying off against gin."))
        lay = _LAYOFF
        chained = _legal_after(lay, lay.actions[:9], "layoff TH on 1")
        q.append(_question(6, 1, "The knocker laid out 6♥ 7♥ 8♥ and you laid off 9♥. May you now lay off 10♥ "
                                 "on the same run?", ("Yes", "No"), _yes(chained),
                           "Yes: lay-offs chain, each extending the run further."))
        knocker_turn = deal(lay.ben, lay.ann, lay.upcard, lay.stock, actions=lay.actions[:4])
        knocker_lays = any(a.kind == "layoff" for a in knocker_turn.legal_actions())
        q.append(_question(6, 2, "May the knocker lay off cards on the defender's melds?", ("Yes", "No"),
                           _yes(knocker_lays), "No: only the defender lays off, on the knocker's melds."))
    elif number == 7:
        rules = Rules()
        knock = settle(rules, out="knock", knocker_melds=(), knocker_dead=parse_cards("6C"), defender_melds=(),
                       layoffs=(), defender_dead=parse_cards("TD TH AS"))
        q.append(_question(7, 0, "The knocker has 6 deadwood; after lay-offs the defender has 21. Who scores, "
                                 "and how much?", ("The knocker, 15", "The defender, 15", "The knocker, 21"),
                           f"The {knock.winner}, {knock.points}", knock.explain()))
        tie = settle(rules, out="knock", knocker_melds=(), knocker_dead=parse_cards("7C"), defender_melds=(),
                     layoffs=(), defender_dead=parse_cards("7D"))
        q.append(_question(7, 1, "The knocker and the defender both have 7 deadwood. Who scores, and how much?",
                           ("Nobody", "The knocker, 7", "The defender, 10"), f"The {tie.winner}, {tie.points}"
                           if tie.winner else "Nobody", tie.explain()))
        from .exercises.going_out import dead_hand
        import random
        dead = dead_hand(random.Random("check-7"))
        q.append(_question(7, 2, "A player draws from the stock and discards without knocking, leaving how many "
                                 "cards in the stock, for the hand to be dead?", ("0", "2", "5"),
                           str(dead.stock_count), "When only two cards are left the hand is dead: nobody scores."))
    elif number == 8:
        rules = Rules()
        q.append(_question(8, 0, "How many points does a player need to win the match (standard rules)?",
                           ("50", "100", "250"), str(rules.target), "The first to reach 100 wins the match."))
        q.append(_question(8, 1, "How many bonus points is each hand you won worth at the end (a box)?",
                           ("10", "25", "100"), str(rules.box_bonus), "25 for each hand won, for both players."))
        q.append(_question(8, 2, "The loser won no hand at all (a shutout). How big is the winner's game bonus?",
                           ("100", "150", "200"), str(rules.game_bonus * rules.shutout_multiplier),
                           "The game bonus of 100 is doubled: 200."))
    elif number == 9:
        ok = Rules(oklahoma=True)
        ace = "Only gin" if ok.knock_limit_for("AS") == 0 else "A knock with 1 or less"
        q.append(_question(9, 0, "Oklahoma: the first upcard is A♠. How may a player go out?",
                           ("Only gin", "A knock with 1 or less", "A knock with 10 or less"), ace,
                           "An ace upcard means only gin may go out."))
        straight = Rules(straight_gin=True).knock_limit_for()
        q.append(_question(9, 1, "Straight gin: may you knock with 1 point of deadwood?", ("Yes", "No"),
                           _yes(straight >= 1), "No: in straight gin you may only go out with gin."))
        big = [name for name, preset in PRESETS.items() if preset.big_gin]
        q.append(_question(9, 2, "Which preset has big gin switched on?", tuple(PRESETS), big[0],
                           "The modern preset plays big gin (bonus 31) and a 25-point undercut bonus."))
    else:
        lesson(number)
    return q


def exercise(kind: str, seed: int = 0) -> Exercise:
    """An exercise of a lesson (re-exported for the notebooks)."""
    return generate(kind, seed)
