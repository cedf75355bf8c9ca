"""The scripts of the shipped example hands, in teaching order.

Each script stacks a deal so its theme shows clearly, lists every action, and
comments on each decision of the featured player in plain words. The keyword
arguments of :func:`~gintrainer.replay.examples.move` after the comment are
the numbers the comment quotes; building the example checks each against the
solver (see :func:`~gintrainer.replay.examples.step_facts`). After editing a
script, rebuild the shipped files with ``python -m gintrainer.replay build-examples``.

Ann is seat 0 and deals every hand; Ben is seat 1, the non-dealer.
"""

from __future__ import annotations

from ..rules import Rules
from .examples import Script, move

BOTH_PASS = Script(
    name="both_pass",
    title="The first turn: both players pass",
    description="Neither player wants the upcard, so the non-dealer opens with a stock draw. "
                "Ben then builds two melds in two turns and knocks early.",
    featured=1,
    tags=("first turn", "pass", "knock"),
    non_dealer="3C 4C 5C 7D 7S 2H 3H JD QC 9S",
    dealer_cards="TC TD TH 5S 6S AD 2D KD QH 8C",
    upcard="KS",
    stock="7H 2S 4H",
    deal_comment="Ann deals ten cards each and turns up K♠. Ben, the non-dealer, has one meld, the run "
                 "3♣ 4♣ 5♣, and seven loose cards: 48 points of deadwood.",
    moves=(
        move("pass", "The first turn starts with an offer. Ben may take the upcard K♠ or pass. A king fits "
                     "nothing he holds (no other king, no Q♠ or J♠), so taking it would only swap one "
                     "10-point card for another: his deadwood would stay at 48. He passes.",
             deadwood=48, take=48),
        move("pass", "Now Ann, the dealer, may take K♠. It does not help her either, so she passes too."),
        move("draw", "Both passed, so the non-dealer draws the top card of the stock; K♠ stays on the "
                     "discard pile. Ben has no choice here. He draws 7♥."),
        move("discard QC", "7♥ joins 7♦ 7♠: a set of sevens, his second meld. His loose cards are now "
                           "2♥ 3♥ 9♠ J♦ Q♣. He throws Q♣, one of the two 10-point cards, which leaves 24. "
                           "27 of the 40 cards he has not seen would lower that on his next draw.",
             deadwood=24, outs=27, unseen=40, best="QC"),
        move("draw"),
        move("discard KD"),
        move("draw", "Ann threw K♦. It fits nothing of Ben's (taking it would leave him at 24), so he draws "
                     "from the stock: 4♥, which makes the run 2♥ 3♥ 4♥.",
             take=24),
        move("knock JD", "Three melds now: 2♥ 3♥ 4♥, 3♣ 4♣ 5♣ and 7♦ 7♥ 7♠. Discarding J♦ face down leaves "
                         "only 9♠ loose: 9 deadwood, within the knock limit of 10. After a single turn Ann most "
                         "likely still holds plenty of deadwood, so an early knock is very likely to win. Ben "
                         "knocks.",
             deadwood=9, limit=10),
        move("meld 2H 3H 4H", "The knocker lays out his melds one at a time. Ben starts with the run "
                              "2♥ 3♥ 4♥.", left=42),
        move("meld 3C 4C 5C", "Then the run 3♣ 4♣ 5♣.", left=30),
        move("meld 7D 7H 7S", "Then the set of sevens. Only 9♠ is left over.", left=9),
        move("done", "Ben is done: 9 deadwood, shown face up. Now Ann lays out and may lay off.", left=9),
        move("meld TC TD TH"),
        move("done", "Ann has one meld, 10♣ 10♦ 10♥, and no card that fits Ben's melds, so 34 points stay in "
                     "her hand. Ben scores the difference: 34 − 9 = 25."),
    ),
)

KNOCK = Script(
    name="knock",
    title="A knock that wins",
    description="Ben knocks with 6 on his second turn. Ann lays off two cards and is still left with 21, "
                "so Ben scores 15 (the rule book's own example).",
    featured=1,
    tags=("knock", "layoff"),
    non_dealer="2C 3C 4C 8D 8H 8S 5S 6S 6H KH",
    dealer_cards="QC QS 8C 5C 9D 7D 3H AH AD 9C",
    upcard="QD",
    stock="7S",
    deal_comment="Ben's hand: the run 2♣ 3♣ 4♣, the set 8♦ 8♥ 8♠, and 5♠ 6♠ 6♥ K♥ loose, 27 points. "
                 "The upcard is Q♦.",
    moves=(
        move("pass", "Q♦ fits nothing in Ben's hand (no queen, no J♦ or K♦); taking it would just replace "
                     "K♥ with another 10-point card and leave 27. He passes.",
             deadwood=27, take=27),
        move("take", "Ann takes Q♦: with her Q♣ and Q♠ it makes a set of queens. Ben now knows three of "
                     "Ann's cards."),
        move("discard 9D"),
        move("draw", "Ann threw 9♦. It would only replace K♥ (26 deadwood); a stock draw does better on "
                     "average (21.45 expected), so Ben draws: 7♠, which completes the run 5♠ 6♠ 7♠.",
             take=26, draw="21.45"),
        move("knock KH", "Three melds now, and only 6♥ and K♥ loose. Discarding K♥ face down leaves 6 "
                         "deadwood, well within the limit of 10. Knock now: Ann is building (she took the "
                         "queen), every turn of waiting gives her another draw, and a low knock this early "
                         "usually wins.",
             deadwood=6, best="KH"),
        move("meld 2C 3C 4C", "Ben lays out the run 2♣ 3♣ 4♣ (meld 1).", left=48),
        move("meld 8D 8H 8S", "The set of eights (meld 2).", left=24),
        move("meld 5S 6S 7S", "The run 5♠ 6♠ 7♠ (meld 3). 6♥ is his deadwood.", left=6),
        move("done", "Ben shows 6 deadwood. Ann now lays out her melds and lays off what she can.", left=6),
        move("meld QC QD QS", "Ann lays down her set of queens."),
        move("layoff 5C on 1", "5♣ extends Ben's run 2♣ 3♣ 4♣: laying it off removes 5 points from Ann's "
                               "deadwood."),
        move("layoff 8C on 2", "8♣ is the fourth eight for Ben's set: another 8 points saved."),
        move("done", "Ann is left with 9♣ 7♦ 3♥ A♥ A♦: 21 deadwood against Ben's 6. The knocker scores "
                     "the difference, 21 − 6 = 15."),
    ),
)

TAKE_AND_KNOCK = Script(
    name="take_and_knock",
    title="A take from the discard pile sets up a knock",
    description="Ben keeps 4♦ 5♦ waiting for a third diamond. Ann throws 6♦, Ben takes it and knocks "
                "with 1 on the same turn.",
    featured=1,
    tags=("take", "knock"),
    non_dealer="4D 5D JH JS JC AC 2C 3C 9S 7H",
    dealer_cards="2S 3S 4S 8H 8S 6D TC TD KC KH",
    upcard="QD",
    stock="AH 5C",
    deal_comment="Ben's hand: A♣ 2♣ 3♣ and J♣ J♥ J♠ melded; 4♦ 5♦ 7♥ 9♠ loose, 25 points. The upcard "
                 "is Q♦.",
    moves=(
        move("pass", "Q♦ fits nothing (Ben's jacks want another jack, and a Q♦ run would need J♦ or K♦). "
                     "Taking it would even raise his deadwood to 26 after throwing 9♠. Pass.",
             deadwood=25, take=26),
        move("pass"),
        move("draw", "Both passed, so Ben draws from the stock: A♥, a cheap card worth only 1."),
        move("discard 9S", "Throw the highest card that fits nothing: 9♠. That leaves 17 (A♥ 4♦ 5♦ 7♥). "
                           "Keep 4♦ 5♦: either 3♦ or 6♦ would make a run.",
             deadwood=17, outs=19, best="9S"),
        move("draw"),
        move("discard 6D"),
        move("take", "Ann threw 6♦, exactly the card Ben hoped for: 4♦ 5♦ 6♦. Taking it drops his best "
                     "deadwood from 17 to 1, far better than any stock draw (14.95 expected). Remember the "
                     "rule: the card just taken from the pile may not be discarded this turn, not even as "
                     "the knock card.",
             deadwood=17, take=1, draw="14.95"),
        move("knock 7H", "Now only A♥ and 7♥ are loose. Discarding 7♥ face down leaves 1 deadwood: knock. "
                         "Waiting for gin is tempting, but only 4 unseen cards (3♦ 4♣ 7♦ J♦) would give it, "
                         "and Ann gets a turn every time Ben waits.",
             deadwood=1, gin_outs="3D 4C 7D JD"),
        move("meld AC 2C 3C", "Ben lays out A♣ 2♣ 3♣,", left=46),
        move("meld 4D 5D 6D", "the new run 4♦ 5♦ 6♦,", left=31),
        move("meld JC JH JS", "and the set of jacks. A♥ is his only deadwood.", left=1),
        move("done", "Ben shows 1 deadwood.", left=1),
        move("meld 2S 3S 4S"),
        move("done", "Ann has the run 2♠ 3♠ 4♠ and nothing to lay off on Ben's melds: 61 deadwood. Ben "
                     "scores 61 − 1 = 60. Ann's 6♦ was a costly discard twice over: the solver rates 10♣ "
                     "better for her own hand, and 6♦ handed Ben his knock."),
    ),
)

GIN = Script(
    name="gin",
    title="Gin",
    description="Ben takes the upcard, counts his gin cards, and goes gin on his next draw: no deadwood, "
                "the gin bonus, and no laying off for Ann.",
    featured=1,
    tags=("gin", "take"),
    non_dealer="5H 6H 7H 7C 7D AS 2S 3S KD QC",
    dealer_cards="9D TD JD 4C 4D 8S 9S 2C KH 6C",
    upcard="4S",
    stock="3C 4H",
    deal_comment="Ben's hand: A♠ 2♠ 3♠ and the set 7♣ 7♦ 7♥, with 5♥ 6♥ Q♣ K♦ loose: 31 points. Note "
                 "the 7♥: it can be in the set of sevens or in the run 5♥ 6♥ 7♥, but not both. The upcard "
                 "is 4♠.",
    moves=(
        move("take", "4♠ extends A♠ 2♠ 3♠ to a four-card run. Taking it and throwing Q♣ drops Ben's "
                     "deadwood from 31 to 21. Passing, then drawing from the stock, would expect about 26.85.",
             deadwood=31, take=21, draw="26.85"),
        move("discard QC", "Q♣ and K♦ are both worth 10 and both fit nothing. Q♣ goes now, K♦ next time. "
                           "Look at what Ben keeps: 5♥ 6♥ 7♥ 7♣ 7♦. With 4♥, the run 4♥ 5♥ 6♥ frees 7♥ for "
                           "the set of sevens; with 7♠, the set needs no 7♥ and the run 5♥ 6♥ 7♥ stands. "
                           "Either card gives gin.",
             deadwood=21, gin_outs="4H 7S", best="QC"),
        move("draw"),
        move("discard KH"),
        move("draw", "K♥ is no use (taking it leaves 21), so Ben draws from the stock: 4♥, one of his two "
                     "gin cards.",
             take=21),
        move("gin KD", "With 4♥ every card but K♦ melds: A♠ 2♠ 3♠ 4♠, 4♥ 5♥ 6♥, 7♣ 7♦ 7♥. Ben discards "
                       "K♦ face down and goes gin, with 0 deadwood.",
             deadwood=0),
        move("meld AS 2S 3S 4S", "A gin hand lays out every card in melds: first the spade run,", left=36),
        move("meld 4H 5H 6H", "then the heart run,", left=21),
        move("meld 7C 7D 7H", "then the set of sevens.", left=0),
        move("done", left=0),
        move("meld 2C 3C 4C"),
        move("meld 9D TD JD"),
        move("done", "Ann lays down 2♣ 3♣ 4♣ and 9♦ 10♦ J♦, but nobody lays off against gin: her "
                     "4♦ 6♣ 8♠ 9♠ count in full, 27. Ben scores the gin bonus of 25 plus her 27: 52."),
    ),
)

UNDERCUT = Script(
    name="undercut",
    title="An undercut",
    description="Ann keeps her deadwood in small cards. Ben knocks with 8; Ann lays off two cards, ends "
                "with 3 and undercuts him.",
    featured=0,
    tags=("undercut", "layoff", "defence"),
    non_dealer="9H TH 4C 4D 4S KC KD KS 9C 8S",
    dealer_cards="AC 2C 3C 7S 7H 7D 8H 4H 2D QS",
    upcard="JC",
    stock="QD AD JH",
    deal_comment="We follow Ann, the dealer. Her hand: A♣ 2♣ 3♣ and 7♦ 7♥ 7♠ melded; 2♦ 4♥ 8♥ Q♠ "
                 "loose, 24 points. The upcard is J♣.",
    moves=(
        move("pass", "Ben passes the J♣."),
        move("pass", "Now Ann may take J♣. It fits nothing of hers, and swapping it for Q♠ would leave her "
                     "at 24: no gain. She passes, and Ben must open with a stock draw.",
             deadwood=24, take=24),
        move("draw"),
        move("discard QD"),
        move("draw", "Ben threw Q♦; with it Ann would still be at 24. She draws from the stock: A♦.",
             take=24),
        move("discard QS", "Ann throws Q♠, her only high card. She keeps A♦ 2♦ 4♥ 8♥: 15 deadwood, all in "
                           "small cards. That is a defence too: if Ben knocks soon, a low count is what "
                           "beats him.",
             deadwood=15, best="QS"),
        move("draw"),
        move("knock 9C", "Ben drew J♥ for the run 9♥ 10♥ J♥ and knocks at once with 8 (the 8♠)."),
        move("meld 4C 4D 4S"),
        move("meld 9H TH JH"),
        move("meld KC KD KS"),
        move("done", "Ben's melds: 4♣ 4♦ 4♠ (meld 1), 9♥ 10♥ J♥ (meld 2), K♣ K♦ K♠ (meld 3); deadwood 8♠."),
        move("meld AC 2C 3C", "Ann first lays down her own melds: the run A♣ 2♣ 3♣,", left=36),
        move("meld 7D 7H 7S", "and the set of sevens. A♦ 2♦ 4♥ 8♥ are left: 15.", left=15),
        move("layoff 4H on 1", "4♥ is the fourth four: lay it off on Ben's set 4♣ 4♦ 4♠.", left=11),
        move("layoff 8H on 2", "8♥ extends Ben's run 9♥ 10♥ J♥ downwards: lay it off too.", left=3),
        move("done", "Ann is left with A♦ 2♦: 3 deadwood, less than Ben's 8. That is an undercut: the "
                     "defender scores the difference plus the undercut bonus, 8 − 3 + 10 = 15. An 8-point "
                     "knock is a risk against an opponent who keeps her small cards.",
             left=3),
    ),
)

CHAINED_LAYOFFS = Script(
    name="chained_layoffs",
    title="Chained lay-offs",
    description="Ben knocks with a heart run on the table. Ann lays off 9♥ and then 10♥ on it (a lay-off "
                "on a lay-off) and 5♥ at the other end, cutting Ben's win from 29 to 5.",
    featured=0,
    tags=("layoff", "knock", "defence"),
    non_dealer="6H 7H 8H 9C 9D 2S 3S 4S 5C QD",
    dealer_cards="9H TH 5H KC KD KH 2D 3D QS JS",
    upcard="QC",
    stock="JD 4D 9S",
    deal_comment="We follow Ann, the dealer: K♣ K♦ K♥ melded; 2♦ 3♦ 5♥ 9♥ 10♥ J♠ Q♠ loose, 49 points. "
                 "The upcard is Q♣.",
    moves=(
        move("pass", "Ben passes the Q♣."),
        move("pass", "Q♣ would pair with Ann's Q♠ but not meld; swapping it for another 10-point card "
                     "leaves 49. She passes.",
             deadwood=49, take=49),
        move("draw"),
        move("discard QD"),
        move("draw", "Q♦ from Ben would again only be a pair. Ann draws from the stock: 4♦, which makes "
                     "the run 2♦ 3♦ 4♦.",
             take=49),
        move("discard QS", "Two melds now. The loose cards are 5♥ 9♥ 10♥ J♠ Q♠; Q♠ goes, leaving 34. "
                           "9♥ 10♥ stay: 8♥ or J♥ would make a run.",
             deadwood=34),
        move("draw"),
        move("knock JD", "Ben drew 9♠ for a set of nines and knocks with 5 (the 5♣)."),
        move("meld 6H 7H 8H"),
        move("meld 9C 9D 9S"),
        move("meld 2S 3S 4S"),
        move("done", "Ben's melds are numbered in the order laid: 6♥ 7♥ 8♥ is meld 1, 9♣ 9♦ 9♠ meld 2, "
                     "2♠ 3♠ 4♠ meld 3."),
        move("meld KC KD KH", "Ann lays down her kings,", left=43),
        move("meld 2D 3D 4D", "and her diamond run. 5♥ 9♥ 10♥ J♠ are left: 34.", left=34),
        move("layoff 9H on 1", "9♥ fits two of Ben's melds: it is the fourth nine for 9♣ 9♦ 9♠, and it "
                               "extends 6♥ 7♥ 8♥. Put it on the run: there it makes room for 10♥ to follow, "
                               "which the set could never take.",
             arrows=("9H 8H",), left=25),
        move("layoff TH on 1", "10♥ now extends the run 6♥ 7♥ 8♥ 9♥: a lay-off on a lay-off, a chained "
                               "lay-off.", arrows=("TH 9H",), left=15),
        move("layoff 5H on 1", "5♥ fits the other end of the same run.", arrows=("5H 6H",), left=10),
        move("done", "Only J♠ is left: 10 against Ben's 5, so Ben scores 5. Without lay-offs Ann would have "
                     "kept 34 and lost 29; with 9♥ on the set instead of the run, 10♥ would have stayed "
                     "in her hand and she would have lost 15.",
             left=10),
    ),
)

DEAD_HAND = Script(
    name="dead_hand",
    title="A dead hand",
    description="Both players keep low cards and wait for each other's discards; the cards Ben needs "
                "stay in Ann's hand. The stock runs down to two cards with no knock, and nobody scores.",
    featured=1,
    tags=("dead hand", "reading discards"),
    # A shuffled deck (seed 2527, Ann dealing) found by playing many deals with both players
    # following the solver: one where neither could ever knock.
    deck_order="5D QH 3C AD AS 4C 2C 6S 6H 7D QS JS 9H 5H 9S AC 7C 3D 2D TD 9D JC KS QD AH KD 4D 2H 5S 7S "
               "TC 6C 8D 4S 5C TH TS 8H 3H 4H 8S KC 8C 7H KH QC JH 6D JD 9C 3S 2S",
    deal_comment="Ann deals. Ben's ten cards make no meld: A♠ 2♣ 2♦ 3♣ 5♦ 6♥ 7♣ 9♥ 9♠ Q♠, 54 points. "
                 "The upcard is 9♦.",
    moves=(
        move("take", "9♦ joins 9♥ 9♠ for a set of nines at once. Taking it (and throwing Q♠) drops Ben's "
                     "deadwood from 54 to 26; a stock draw would expect about 49.",
             deadwood=54, take=26, draw="49.44"),
        move("discard QS", "Q♠ is Ben's only high card and fits nothing. What is left is small and close "
                           "together (A♠ 2♣ 2♦ 3♣ 5♦ 6♥ 7♣, 26 points): 19 of the 41 cards he has not seen "
                           "would lower his count.",
             deadwood=26, outs=19, unseen=41),
        move("draw"),
        move("discard TD"),
        move("draw", "Ann threw 10♦: no use to Ben (taking it would leave 29). He draws K♠ from the stock.",
             take=29),
        move("discard KS", "K♠ fits nothing: straight back. Still 26.", deadwood=26),
        move("draw"),
        move("discard QD"),
        move("draw", "Q♦: no use either. From the stock: A♥, a pair of aces with A♠.", take=29),
        move("discard 7C", "7♣ is now the highest loose card and the loneliest: throw it. 20 deadwood "
                           "(A♥ A♠ 2♣ 2♦ 3♣ 5♦ 6♥), and 4 unseen cards would now bring a knock.",
             deadwood=20, knock_outs=4),
        move("draw"),
        move("discard KD"),
        move("draw", "K♦: no. From the stock: 4♦, next to 5♦.", take=24),
        move("discard 6H", "6♥ goes; 4♦ 5♦ wait for 3♦ or 6♦. 18 deadwood, and 12 cards would lower it.",
             deadwood=18, outs=12),
        move("draw"),
        move("discard QH"),
        move("draw", "Q♥: no. From the stock: 5♠.", take=23),
        move("discard 5S", "5♠ fits nothing (a set of fives would need a third five). Back it goes: 18.",
             deadwood=18),
        move("draw"),
        move("discard JC"),
        move("draw", "J♣: no. From the stock: 10♣.", take=23),
        move("discard TC", "10♣ goes. Notice Ann's discards: 10♦ Q♦ K♦ Q♥ J♣, all high. She is keeping "
                           "her low cards, and those may well be the ones Ben needs (A♣, A♦, 4♣, 3♦).",
             deadwood=18),
        move("draw"),
        move("discard JS"),
        move("draw", "J♠: no. From the stock: 8♦.", take=23),
        move("discard 8D", "8♦ is too far from 4♦ 5♦. Ben has been stuck at 18 for four turns.",
             deadwood=18),
        move("draw"),
        move("discard 7D"),
        move("draw", "7♦: taking it would leave 20, worse than drawing. From the stock: 5♣.", take=20),
        move("discard 5C", "5♣ fits nothing of Ben's, and by his own numbers it is the best discard "
                           "(14.96 expected after his next draw). But watch Ann's next move: the solver "
                           "counts only Ben's chances and cannot see that a low card next to cards Ann has "
                           "never thrown may feed her.",
             deadwood=18, expected="14.96", best="5C"),
        move("take", "Ann takes 5♣ and so shows it fits her hand."),
        move("discard 7S"),
        move("draw", "What does Ann hold with 5♣? Not a set of fives: Ben holds 5♦ and threw 5♠. Not "
                     "3♣ 4♣ 5♣ (Ben has 3♣), nor 5♣ 6♣ 7♣ (Ben threw 7♣). If 5♣ made a meld, it is "
                     "4♣ 5♣ 6♣, so 4♣ is very likely gone for Ben. 7♠ is no use; from the stock: 10♥.",
             take=20),
        move("discard TH", "10♥ back: 18.", deadwood=18),
        move("draw"),
        move("discard TS"),
        move("draw", "10♠: no. From the stock: 8♥.", take=23),
        move("discard 8H", "8♥ back: 18. The stock is down to 14 cards.", deadwood=18, stock=14),
        move("draw"),
        move("discard 6S"),
        move("draw", "6♠: no. From the stock: 4♥, a pair of fours with 4♦.", take=19),
        move("discard 5D", "Keep 4♦ 5♦ (waiting for 3♦ or 6♦) or the pair 4♦ 4♥ (waiting for 4♠, as "
                           "4♣ is very likely with Ann)? Throwing 5♦ lowers the count to 17 and still leaves a chance; "
                           "the solver agrees: 5♦.",
             deadwood=17, best="5D"),
        move("draw"),
        move("discard 8S"),
        move("draw", "8♠: no. From the stock: K♣.", take=21),
        move("discard KC", "K♣ back: 17.", deadwood=17),
        move("draw"),
        move("discard 8C"),
        move("draw", "8♣: no. From the stock: 7♥.", take=21),
        move("discard 7H", "7♥ back: 17. Only 8 cards are left in the stock.", deadwood=17, stock=8),
        move("draw"),
        move("discard KH"),
        move("draw", "K♥: no. From the stock: Q♣.", take=23),
        move("discard QC", "Q♣ back: 17.", deadwood=17),
        move("draw"),
        move("discard JH"),
        move("draw", "J♥: no. From the stock: 6♦, which would have made 4♦ 5♦ 6♦ had Ben kept 5♦. "
                     "Throwing 5♦ was still right by the numbers; this time the cards went the other way.", take=23),
        move("discard 6D", "6♦ back: 17. Four cards in the stock.", deadwood=17, stock=4),
        move("draw"),
        move("discard JD"),
        move("draw", "J♦: no. Ben's stock draw is 9♣, the fourth nine, and it leaves exactly two cards in "
                     "the stock.", take=23, stock=2),
        move("discard 4H", "With 9♣ in the set, throwing 4♥ leaves 13: still over the knock limit. Ben "
                           "discards without knocking while two cards are left in the stock, so the hand "
                           "ends at once: a dead hand. Nobody scores, Ann does not get to take this "
                           "discard, and she deals again. She held A♣ A♦ 3♦ 4♣, the very cards Ben needed, "
                           "and kept them all hand long.",
             deadwood=13, stock=2),
    ),
)

OKLAHOMA = Script(
    name="oklahoma",
    title="Oklahoma: the upcard sets the knock limit",
    description="Under Oklahoma rules the first upcard, 4♣, makes the knock limit 4. Ben reaches 8, a "
                "knock in the standard game, but must play on until he is down to 2.",
    featured=1,
    rules=Rules(oklahoma=True),
    tags=("oklahoma", "variant", "knock"),
    non_dealer="5H 6H 7H QS QD QC 2C 3C 8S KH",
    dealer_cards="TC 9C 9D 5S 6S AD 3D KD JH 8C",
    upcard="4C",
    stock="7S 2D",
    deal_comment="Oklahoma rules: the value of the first upcard is the knock limit for the hand (an ace "
                 "would mean gin only). The upcard is 4♣, so the limit is 4. Ben holds 5♥ 6♥ 7♥ and "
                 "Q♣ Q♦ Q♠, with 2♣ 3♣ 8♠ K♥ loose: 23.",
    moves=(
        move("take", "4♣ completes 2♣ 3♣ 4♣. Taking it and throwing K♥ drops Ben's deadwood from 23 to 8. "
                     "The limit stays 4 whoever takes the upcard.",
             deadwood=23, take=8),
        move("discard KH", "Ben throws K♥: 8 deadwood, only the 8♠. In the standard game that would be a "
                           "knock; here the limit is 4, so he must play on. 16 of the 41 unseen cards would "
                           "let him knock next turn, and 5 of them (A♣ 4♥ 5♣ 8♥ Q♥) would give gin.",
             deadwood=8, limit=4, unseen=41, knock_outs=16, gin_outs="AC 4H 5C 8H QH"),
        move("draw"),
        move("discard KD"),
        move("draw", "K♦ does not help (taking it leaves 10). A stock draw: 2♦.", take=10),
        move("knock 8S", "Throwing 8♠ face down leaves only 2♦: 2 deadwood, within the limit of 4. Ben "
                         "knocks.",
             deadwood=2, limit=4),
        move("meld 2C 3C 4C", "Ben lays out 2♣ 3♣ 4♣,", left=50),
        move("meld 5H 6H 7H", "5♥ 6♥ 7♥,", left=32),
        move("meld QC QD QS", "and the queens. 2♦ is his deadwood.", left=2),
        move("done", left=2),
        move("meld 5S 6S 7S"),
        move("meld 8C 9C TC"),
        move("done", "Ann has 5♠ 6♠ 7♠ and 8♣ 9♣ 10♣ but nothing to lay off: A♦ 3♦ 9♦ J♥ count 23. Ben "
                     "scores 23 − 2 = 21. (With the option oklahoma_spades_double a spade upcard would "
                     "double the score; this upcard is a club.)"),
    ),
)

SCRIPTS: tuple[Script, ...] = (BOTH_PASS, KNOCK, TAKE_AND_KNOCK, GIN, UNDERCUT, CHAINED_LAYOFFS, DEAD_HAND,
                               OKLAHOMA)
"""Every example, in teaching order."""
