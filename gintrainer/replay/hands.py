"""The scripts of the shipped example hands, in teaching order.

Each script stacks a deal so its theme shows clearly, lists every action, and
comments on each decision of the featured player in plain words. The keyword
arguments of :func:`~gintrainer.replay.scripts.move` after the comment are
the facts the comment relies on (``at`` gives those of other steps);
``deal_facts`` and ``facts`` do the same for the deal comment and the
description. Building an example checks each fact against the engine and
refuses a comment with a card, a number or a claim that no fact or visible
card accounts for (see :mod:`gintrainer.replay.facts`). After editing a
script, rebuild the shipped files with ``python -m gintrainer.replay build-examples``.

Ann is seat 0 and deals every hand; Ben is seat 1, the non-dealer.
"""

from __future__ import annotations

from ..engine.rules import Rules
from ..words.language import N_
from .scripts import Script, blame, close, move, praise

BOTH_PASS = Script(
    name="both_pass",
    title=N_("The first turn: both players pass"),
    description=N_("Neither player wants the upcard, so the non-dealer opens with a stock draw. {ben}'s first "
                "two draws give him a set and a run, and he knocks at once."),
    facts=dict(knocker="Ben", knocker_draws=2, kind="knock"),
    featured=1,
    tags=("first turn", "pass", "knock"),
    non_dealer="3C 4C 5C 7D 7S 2H 3H JD QC 9S",
    dealer_cards="TC TD TH 5S 6S AD 2D KD QH 8C",
    upcard="KS",
    stock="7H 2S 4H",
    deal_comment=N_("{ann} deals ten cards each and turns up K♠. {ben}, the non-dealer, has one meld, the run "
                 "3♣ 4♣ 5♣, and seven loose cards: 48 points of deadwood."),
    deal_facts=dict(dealer="Ann", hand_size=10, melds="3C 4C 5C", loose="7D 7S 2H 3H JD QC 9S", deadwood=48,
                    upcard="KS"),
    moves=(
        move("pass", N_("The first turn starts with an offer. {ben} may take the upcard K♠ or pass. A king fits "
                     "nothing he holds: he has no other king and no spade near it. Taking it would only swap "
                     "one 10-point card for another: his deadwood would stay at 48. He passes."),
             deadwood=48, take=48, fits={"KS": ""}, partners={"KS": ""}, judged=praise()),
        move("pass", N_("Now {ann}, the dealer, may take K♠. It does not help her either: with it her deadwood "
                     "would stay at 42. She passes too."),
             deadwood=42, take=42, judged=praise()),
        move("draw", N_("Both passed, so the non-dealer draws the top card of the stock; K♠ stays on the "
                     "discard pile. {ben} has no choice here. He draws 7♥."),
             drawn="7H"),
        move("discard QC", N_("7♥ joins 7♦ 7♠: a set of sevens, his second meld. His loose cards are now "
                           "2♥ 3♥ 9♠ J♦ Q♣. He throws Q♣, one of the two 10-point cards, which leaves 24. "
                           "27 of the 40 cards he has not seen would lower that on his next draw."),
             melds_before="3C 4C 5C / 7D 7H 7S", loose_before="2H 3H 9S JD QC", highest="JD QC", deadwood=24,
             outs=27, unseen=40, best="QC", judged=praise()),
        move("draw"),
        move("discard KD"),
        move("draw", N_("{ann} threw K♦. It fits nothing of {ben}'s (taking it would leave him at 24), so he draws "
                     "from the stock: 4♥, which makes the run 2♥ 3♥ 4♥."),
             take=24, fits={"KD": ""}, drawn="4H", meld="2H 3H 4H", judged=praise()),
        move("knock JD", N_("Three melds now: 2♥ 3♥ 4♥, 3♣ 4♣ 5♣ and 7♦ 7♥ 7♠. Discarding J♦ face down leaves "
                         "only 9♠ loose: 9 deadwood, within the knock limit of 10. {ann} has had a single turn "
                         "and most likely still holds plenty of deadwood: reading her moves as the computer "
                         "player does, this knock beats about 99% of the hands she may hold. {ben} knocks."),
             melds="2H 3H 4H / 3C 4C 5C / 7D 7H 7S", loose="9S", deadwood=9, limit=10, knock_wins=99,
             judged=praise()),
        move("meld 2H 3H 4H", N_("The knocker lays out his melds one at a time. {ben} starts with the run "
                              "2♥ 3♥ 4♥."), left=42),
        move("meld 3C 4C 5C", N_("Then the run 3♣ 4♣ 5♣."), left=30),
        move("meld 7D 7H 7S", N_("Then the set of sevens. Only 9♠ is left over."), left=9, loose="9S"),
        move("done", N_("{ben} is done: 9 deadwood, shown face up. Now {ann} lays out and may lay off."), left=9),
        move("meld TC TD TH"),
        move("done", N_("{ann} has one meld, 10♣ 10♦ 10♥, and no card that fits {ben}'s melds, so 34 points stay in "
                     "her hand. {ben} scores the difference: 34 − 9 = 25."),
             melds="TC TD TH", can_lay_off="", layoffs="", defender_deadwood=34, knocker_deadwood=9, points=25),
    ),
)

KNOCK = Script(
    name="knock",
    title=N_("A knock that wins"),
    description=N_("{ben} knocks with 6 on his first draw. {ann} lays off two cards and is still left with 21, "
                "so {ben} scores 15 (the rule book's own example)."),
    facts=dict(knocker="Ben", knocker_draws=1, knocker_deadwood=6, layoffs="5C 8C", defender_deadwood=21,
               points=15, winner="Ben"),
    featured=1,
    tags=("knock", "layoff"),
    non_dealer="2C 3C 4C 8D 8H 8S 5S 6S 6H KH",
    dealer_cards="QC QS 8C 5C 9D 7D 3H AH AD 9C",
    upcard="QD",
    stock="7S",
    deal_comment=N_("{ben}'s hand: the run 2♣ 3♣ 4♣, the set 8♦ 8♥ 8♠, and 5♠ 6♠ 6♥ K♥ loose, 27 points. "
                 "The upcard is Q♦."),
    deal_facts=dict(melds="2C 3C 4C / 8D 8H 8S", loose="5S 6S 6H KH", deadwood=27, upcard="QD"),
    moves=(
        move("pass", N_("Q♦ fits nothing in {ben}'s hand: he holds no other queen and no diamond near it. "
                     "Taking it would just replace K♥ with another 10-point card and leave 27. He passes."),
             deadwood=27, take=27, take_discard="KH", fits={"QD": ""}, partners={"QD": ""}, judged=praise()),
        move("take", N_("{ann} takes Q♦: with her Q♣ and Q♠ it makes a set of queens. {ben} now knows one of her "
                     "cards, Q♦, but not the queens it joins."),
             meld="QC QD QS", known_by_opponent="QD"),
        move("discard 9D"),
        move("draw", N_("{ann} threw 9♦. It would only replace K♥ (26 deadwood); a stock draw does better on "
                     "average ({draw} expected), so {ben} draws: 7♠, which completes the run 5♠ 6♠ 7♠."),
             take=26, draw="21.45", drawn="7S", meld="5S 6S 7S", judged=praise()),
        move("knock KH", N_("Three melds now, and only 6♥ and K♥ loose. Discarding K♥ face down leaves 6 "
                         "deadwood, well within the limit of 10. Knock now: {ann} is building (she took the "
                         "queen), every turn of waiting gives her another draw, and reading her moves as the "
                         "computer player does, this knock beats about 99% of the hands she may hold."),
             melds_before="2C 3C 4C / 5S 6S 7S / 8D 8H 8S", loose_before="6H KH", deadwood=6, limit=10,
             best="KH", knock_wins=99, judged=praise()),
        move("meld 2C 3C 4C", N_("{ben} lays out the run 2♣ 3♣ 4♣ (meld 1)."), left=48),
        move("meld 8D 8H 8S", N_("The set of eights 8♦ 8♥ 8♠ (meld 2)."), left=24),
        move("meld 5S 6S 7S", N_("The run 5♠ 6♠ 7♠ (meld 3). 6♥ is his deadwood."), left=6, loose="6H"),
        move("done", N_("{ben} shows 6 deadwood. {ann} now lays out her melds and lays off what she can."), left=6),
        move("meld QC QD QS", N_("{ann} lays down her set of queens.")),
        move("layoff 5C on 1", N_("5♣ extends {ben}'s run 2♣ 3♣ 4♣: laying it off removes 5 points from {ann}'s "
                               "deadwood."), targets="2C 3C 4C", saved=5),
        move("layoff 8C on 2", N_("8♣ is the fourth eight for {ben}'s set: another 8 points saved."),
             targets="8D 8H 8S", saved=8),
        move("done", N_("{ann} is left with 9♣ 7♦ 3♥ A♥ A♦: 21 deadwood against {ben}'s 6. The knocker scores "
                     "the difference, 21 − 6 = 15."),
             defender_loose="9C 7D 3H AH AD", can_lay_off="", defender_deadwood=21, knocker_deadwood=6,
             points=15),
    ),
)

TAKE_AND_KNOCK = Script(
    name="take_and_knock",
    title=N_("A take from the discard pile sets up a knock"),
    description=N_("{ben} keeps 4♦ 5♦ waiting for a third diamond. {ann} throws 6♦, {ben} takes it and knocks "
                "with 1 on the same turn."),
    facts=dict(knocker="Ben", knocker_deadwood=1),
    featured=1,
    tags=("take", "knock"),
    non_dealer="4D 5D JH JS JC AC 2C 3C 9S 7H",
    dealer_cards="2S 3S 4S 8H 8S 6D TC TD KC KH",
    upcard="QD",
    stock="AH 5C",
    deal_comment=N_("{ben}'s hand: A♣ 2♣ 3♣ and J♣ J♥ J♠ melded; 4♦ 5♦ 7♥ 9♠ loose, 25 points. The upcard "
                 "is Q♦."),
    deal_facts=dict(melds="AC 2C 3C / JC JH JS", loose="4D 5D 7H 9S", deadwood=25, upcard="QD"),
    moves=(
        move("pass", N_("Q♦ fits nothing: {ben} holds no other queen and no diamond near it. Taking it would "
                     "even raise his deadwood to 26 after throwing 9♠. Pass."),
             deadwood=25, take=26, take_discard="9S", fits={"QD": ""}, partners={"QD": ""}, judged=praise()),
        move("pass"),
        move("draw", N_("Both passed, so {ben} draws from the stock: A♥, a cheap card worth only 1."), drawn="AH"),
        move("discard 9S", N_("Throw the highest card that fits nothing: 9♠. That leaves 17 (A♥ 4♦ 5♦ 7♥). "
                           "Keep 4♦ 5♦: either 3♦ or 6♦ would make a run."),
             highest="9S", fits={"9S": ""}, loose="AH 4D 5D 7H", deadwood=17, completes={"4D 5D": "3D 6D"},
             best="9S", judged=praise()),
        move("draw"),
        move("discard 6D"),
        move("take", N_("{ann} threw 6♦, exactly the card {ben} hoped for: 4♦ 5♦ 6♦. Taking it drops his best "
                     "deadwood from 17 to 1, far better than a stock draw, which expects {draw}. Remember the "
                     "rule: the card just taken from the pile may not be discarded this turn, not even as "
                     "the knock card."),
             deadwood=17, take=1, draw="14.95", meld="4D 5D 6D", judged=praise()),
        move("knock 7H", N_("Now only A♥ and 7♥ are loose. Discarding 7♥ face down leaves 1 deadwood: knock. "
                         "Waiting for gin is tempting, but only 4 unseen cards (3♦ 4♣ 7♦ J♦) would give it, "
                         "and {ann} gets a turn every time {ben} waits."),
             loose_before="AH 7H", deadwood=1, gin_outs="3D 4C 7D JD", judged=praise()),
        move("meld AC 2C 3C", N_("{ben} lays out A♣ 2♣ 3♣,"), left=46),
        move("meld 4D 5D 6D", N_("the new run 4♦ 5♦ 6♦,"), left=31),
        move("meld JC JH JS", N_("and the set of jacks. A♥ is his only deadwood."), left=1, loose="AH"),
        move("done", N_("{ben} shows 1 deadwood."), left=1),
        move("meld 2S 3S 4S"),
        move("done", N_("{ann} has the run 2♠ 3♠ 4♠ and nothing to lay off on {ben}'s melds: 61 deadwood. {ben} "
                     "scores 61 − 1 = 60. {ann}'s 6♦ handed {ben} his knock. The solver, counting only her "
                     "next draw, rated 10♣ a better discard for her own hand; the evaluator, playing the whole "
                     "hand out from her view, finds 6♦ sound all the same: less than an inaccuracy from its best. "
                     "A good discard can still feed the opponent."),
             melds="2S 3S 4S", can_lay_off="", defender_deadwood=61, knocker_deadwood=1, points=60,
             at={6: dict(best="TC")}, judged_at={6: praise()}),
    ),
)

GIN = Script(
    name="gin",
    title=N_("Gin"),
    description=N_("{ben} takes the upcard, counts his gin cards, and goes gin on his next draw: no deadwood, "
                "the gin bonus, and no laying off for {ann}."),
    facts=dict(kind="gin", knocker="Ben", knocker_draws=2, knocker_deadwood=0, layoffs=""),
    featured=1,
    tags=("gin", "take"),
    non_dealer="5H 6H 7H 7C 7D AS 2S 3S KD QC",
    dealer_cards="9D TD JD 4C 4D 8S 9S 2C KH 6C",
    upcard="4S",
    stock="3C 4H",
    deal_comment=N_("{ben}'s hand: A♠ 2♠ 3♠ and the set 7♣ 7♦ 7♥, with 5♥ 6♥ Q♣ K♦ loose: 31 points. Note "
                 "the 7♥: it can be in the set of sevens or in the run 5♥ 6♥ 7♥, but not both. The upcard "
                 "is 4♠."),
    deal_facts=dict(melds="AS 2S 3S / 7C 7D 7H", loose="5H 6H QC KD", deadwood=31, upcard="4S",
                    fits={"7H": "5H 6H 7H / 7C 7D 7H"}),
    moves=(
        move("take", N_("4♠ extends A♠ 2♠ 3♠ to a four-card run. Taking it and throwing Q♣ drops {ben}'s "
                     "deadwood from 31 to 21. Passing, then drawing from the stock, would expect about {draw}."),
             meld="AS 2S 3S 4S", deadwood=31, take=21, take_discard="QC", draw="26.85", judged=praise()),
        move("discard QC", N_("Q♣ and K♦ are both worth 10 and both fit nothing. Q♣ goes now, K♦ next time. "
                           "Look at what {ben} keeps: 5♥ 6♥ 7♥ 7♣ 7♦. With 4♥, the run 4♥ 5♥ 6♥ frees 7♥ for "
                           "the set of sevens; with 7♠, the set needs no 7♥ and the run 5♥ 6♥ 7♥ stands. "
                           "Either card gives gin."),
             fits={"QC": "", "KD": ""}, deadwood=21, gin_outs="4H 7S", best="QC", judged=praise()),
        move("draw"),
        move("discard KH"),
        move("draw", N_("K♥ is no use (taking it leaves 21), so {ben} draws from the stock: 4♥, one of his two "
                     "gin cards."),
             take=21, drawn="4H", at={2: dict(gin_outs="4H 7S")}, judged=praise()),
        move("gin KD", N_("With 4♥ every card but K♦ melds: A♠ 2♠ 3♠ 4♠, 4♥ 5♥ 6♥, 7♣ 7♦ 7♥. {ben} discards "
                       "K♦ face down and goes gin, with 0 deadwood."),
             melds="AS 2S 3S 4S / 4H 5H 6H / 7C 7D 7H", loose_before="KD", deadwood=0, judged=praise()),
        move("meld AS 2S 3S 4S", N_("A gin hand lays out every card in melds: first the spade run,"), left=36),
        move("meld 4H 5H 6H", N_("then the heart run,"), left=21),
        move("meld 7C 7D 7H", N_("then the set of sevens."), left=0),
        move("done", left=0),
        move("meld 2C 3C 4C"),
        move("meld 9D TD JD"),
        move("done", N_("{ann} lays down 2♣ 3♣ 4♣ and 9♦ 10♦ J♦, but nobody lays off against gin: her "
                     "4♦ 6♣ 8♠ 9♠ count in full, 27. {ben} scores the gin bonus and her deadwood: "
                     "25 + 27 = 52."),
             melds="2C 3C 4C / 9D TD JD", layoffs="", defender_loose="4D 6C 8S 9S", defender_deadwood=27,
             gin_bonus=25, bonus=25, points=52),
    ),
)

UNDERCUT = Script(
    name="undercut",
    title=N_("An undercut"),
    description=N_("{ann} keeps her deadwood in small cards. {ben} knocks with 8; {ann} lays off two cards, ends "
                "with 3 and undercuts him."),
    facts=dict(kind="undercut", knocker="Ben", knocker_deadwood=8, layoffs="4H 8H", defender_deadwood=3,
               winner="Ann"),
    featured=0,
    tags=("undercut", "layoff", "defence"),
    non_dealer="9H TH 4C 4D 4S KC KD KS 9C 8S",
    dealer_cards="AC 2C 3C 7S 7H 7D 8H 4H 2D QS",
    upcard="JC",
    stock="QD AD JH",
    deal_comment=N_("We follow {ann}, the dealer. Her hand: A♣ 2♣ 3♣ and 7♦ 7♥ 7♠ melded; 2♦ 4♥ 8♥ Q♠ "
                 "loose, 24 points. The upcard is J♣."),
    deal_facts=dict(dealer="Ann", melds="AC 2C 3C / 7D 7H 7S", loose="2D 4H 8H QS", deadwood=24, upcard="JC"),
    moves=(
        move("pass", N_("{ben} passes the J♣.")),
        move("pass", N_("Now {ann} may take J♣. It fits nothing of hers, and swapping it for Q♠ would leave her "
                     "at 24: no gain. She passes, and {ben} must open with a stock draw."),
             fits={"JC": ""}, deadwood=24, take=24, take_discard="QS", judged=praise()),
        move("draw"),
        move("discard QD"),
        move("draw", N_("{ben} threw Q♦; with it {ann} would still be at 24. She draws from the stock: A♦."),
             take=24, drawn="AD", judged=praise()),
        move("discard QS", N_("{ann} throws Q♠, her only loose card worth 10. She keeps four loose cards, "
                           "A♦ 2♦ 4♥ 8♥: 15 deadwood. That is a defence too: if {ben} knocks soon, a low count "
                           "is what beats him."),
             highest="QS", loose="AD 2D 4H 8H", deadwood=15, best="QS", judged=praise()),
        move("draw"),
        move("knock 9C", N_("{ben} drew J♥ for the run 9♥ 10♥ J♥ and knocks at once with 8 (the 8♠). Reading "
                         "{ann}'s moves as the computer player does, his knock beats about 99% of the hands "
                         "she may hold. Yet the evaluator, playing the hand out from his view, marks the knock: "
                         "its best move is {review_best}, about {review_lost} points better. A knock that nearly "
                         "always wins can still win too little."),
             drawn="JH", meld="9H TH JH", deadwood=8, loose="8S", knock_wins=99, judged=blame()),
        move("meld 4C 4D 4S"),
        move("meld 9H TH JH"),
        move("meld KC KD KS"),
        move("done", N_("{ben}'s melds: 4♣ 4♦ 4♠ (meld 1), 9♥ 10♥ J♥ (meld 2), K♣ K♦ K♠ (meld 3); deadwood 8♠."),
             loose="8S"),
        move("meld AC 2C 3C", N_("{ann} first lays down her own melds: the run A♣ 2♣ 3♣,"), left=36),
        move("meld 7D 7H 7S", N_("and the set of sevens. A♦ 2♦ 4♥ 8♥ are left: 15."), left=15, loose="AD 2D 4H 8H"),
        move("layoff 4H on 1", N_("4♥ is the fourth four: lay it off on {ben}'s set 4♣ 4♦ 4♠."), left=11,
             targets="4C 4D 4S"),
        move("layoff 8H on 2", N_("8♥ extends {ben}'s run 9♥ 10♥ J♥ downwards: lay it off too."), left=3,
             targets="9H TH JH"),
        move("done", N_("{ann} is left with A♦ 2♦: 3 deadwood, less than {ben}'s 8. That is an undercut: the "
                     "defender scores the difference plus the undercut bonus, 8 − 3 + 10 = 15. {ben}'s knock "
                     "beat about 99% of the hands {ann} might have held; her low cards and her two lay-offs "
                     "made hers one of the few that beat it."),
             left=3, defender_loose="AD 2D", defender_deadwood=3, knocker_deadwood=8, undercut_bonus=10,
             points=15, layoffs="4H 8H", at={8: dict(knock_wins=99)}),
    ),
)

CHAINED_LAYOFFS = Script(
    name="chained_layoffs",
    title=N_("Chained lay-offs"),
    description=N_("{ben} knocks with a heart run on the table. {ann} lays off 9♥ and then 10♥ on it (a lay-off "
                "on a lay-off) and 5♥ at the other end, cutting {ben}'s win from 29 to 5."),
    facts=dict(knocker="Ben", layoffs="9H TH 5H", points_without_layoffs=29, points=5),
    featured=0,
    tags=("layoff", "knock", "defence"),
    non_dealer="6H 7H 8H 9C 9D 2S 3S 4S 5C QD",
    dealer_cards="9H TH 5H KC KD KH 2D 3D QS JS",
    upcard="QC",
    stock="JD 4D 9S",
    deal_comment=N_("We follow {ann}, the dealer: K♣ K♦ K♥ melded; 2♦ 3♦ 5♥ 9♥ 10♥ J♠ Q♠ loose, 49 points. "
                 "The upcard is Q♣."),
    deal_facts=dict(dealer="Ann", melds="KC KD KH", loose="2D 3D 5H 9H TH JS QS", deadwood=49, upcard="QC"),
    moves=(
        move("pass", N_("{ben} passes the Q♣.")),
        move("pass", N_("Q♣ would pair with {ann}'s Q♠ but not meld; swapping it for another 10-point card "
                     "leaves 49. She passes."),
             partners={"QC": "QS KC"}, fits={"QC": ""}, deadwood=49, take=49, judged=praise()),
        move("draw"),
        move("discard QD"),
        move("draw", N_("Q♦ from {ben} would again only be a pair. {ann} draws from the stock: 4♦, which makes "
                     "the run 2♦ 3♦ 4♦."),
             partners={"QD": "QS KD"}, fits={"QD": ""}, take=49, drawn="4D", meld="2D 3D 4D", judged=praise()),
        move("discard QS", N_("Two melds now. The loose cards are 5♥ 9♥ 10♥ J♠ Q♠; Q♠ goes, leaving 34. "
                           "9♥ 10♥ stay: 8♥ or J♥ would make a run. By deadwood alone Q♠ is the throw, but the "
                           "evaluator, playing the rest of the hand out from {ann}'s view, marks it: its best move "
                           "is {review_best}, about {review_lost} points better."),
             melds_before="2D 3D 4D / KC KD KH", loose_before="5H 9H TH JS QS", deadwood=34,
             completes={"9H TH": "8H JH"}, judged=blame()),
        move("draw"),
        move("knock JD", N_("{ben} drew 9♠ for a set of nines and knocks with 5 (the 5♣)."),
             drawn="9S", meld="9C 9D 9S", deadwood=5, loose="5C"),
        move("meld 6H 7H 8H"),
        move("meld 9C 9D 9S"),
        move("meld 2S 3S 4S"),
        move("done", N_("{ben}'s melds are numbered in the order laid: 6♥ 7♥ 8♥ is meld 1, 9♣ 9♦ 9♠ meld 2, "
                     "2♠ 3♠ 4♠ meld 3.")),
        move("meld KC KD KH", N_("{ann} lays down her kings,"), left=43),
        move("meld 2D 3D 4D", N_("and her diamond run. 5♥ 9♥ 10♥ J♠ are left: 34."), left=34,
             loose="5H 9H TH JS"),
        move("layoff 9H on 1", N_("9♥ fits two of {ben}'s melds: it is the fourth nine for 9♣ 9♦ 9♠, and it "
                               "extends 6♥ 7♥ 8♥. Put it on the run: there it makes room for 10♥ to follow, "
                               "which the set could never take."),
             arrows=("9H 8H",), left=25, targets="6H 7H 8H / 9C 9D 9S", judged=praise()),
        move("layoff TH on 1", N_("10♥ now extends the run 6♥ 7♥ 8♥ 9♥: a lay-off on a lay-off, a chained "
                               "lay-off."), arrows=("TH 9H",), left=15, targets="6H 7H 8H 9H"),
        move("layoff 5H on 1", N_("5♥ fits the other end of the same run."), arrows=("5H 6H",), left=10,
             targets="6H 7H 8H 9H TH"),
        move("done", N_("Only J♠ is left: 10 against {ben}'s 5, so {ben} scores 10 − 5 = 5. Without lay-offs {ann} "
                     "would have kept 34 and lost 29; with 9♥ on the set instead of the run, 10♥ would have "
                     "stayed in her hand and she would have lost 15."),
             left=10, defender_loose="JS", defender_deadwood=10, knocker_deadwood=5, points=5,
             deadwood_without_layoffs=34, points_without_layoffs=29,
             at={15: dict(instead={"layoff 9H on 2; layoff 5H on 1; done": dict(points=15,
                                                                                 defender_loose="TH JS")})}),
    ),
)

DEAD_HAND = Script(
    name="dead_hand",
    title=N_("A dead hand"),
    description=N_("Both players keep low cards and wait for each other's discards; cards {ben} needs stay in "
                "{ann}'s hand. The stock runs down to two cards with no knock, and nobody scores."),
    facts=dict(kind="dead", stock=2, points=0, opponent_outs="AC AD 2H 3D 3H 4C"),
    featured=1,
    tags=("dead hand", "reading discards"),
    # A shuffled deck (seed 2527, Ann dealing) found by playing many deals with both players
    # following the solver: one where neither could ever knock.
    deck_order="5D QH 3C AD AS 4C 2C 6S 6H 7D QS JS 9H 5H 9S AC 7C 3D 2D TD 9D JC KS QD AH KD 4D 2H 5S 7S "
               "TC 6C 8D 4S 5C TH TS 8H 3H 4H 8S KC 8C 7H KH QC JH 6D JD 9C 3S 2S",
    deal_comment=N_("{ann} deals. {ben}'s ten cards make no meld: A♠ 2♣ 2♦ 3♣ 5♦ 6♥ 7♣ 9♥ 9♠ Q♠, 54 points. "
                 "The upcard is 9♦."),
    deal_facts=dict(dealer="Ann", hand_size=10, melds="", loose="AS 2C 2D 3C 5D 6H 7C 9H 9S QS", deadwood=54,
                    upcard="9D"),
    moves=(
        move("take", N_("9♦ joins 9♥ 9♠ for a set of nines at once. Taking it (and throwing Q♠) drops {ben}'s "
                     "deadwood from 54 to 26; passing and then drawing from the stock would expect about 49."),
             meld="9D 9H 9S", deadwood=54, take=26, take_discard="QS", draw=49, judged=praise()),
        move("discard QS", N_("Q♠ is {ben}'s only high card and fits nothing. What is left is small and close "
                           "together (A♠ 2♣ 2♦ 3♣ 5♦ 6♥ 7♣, 26 points): 19 of the 41 cards he has not seen "
                           "would lower his count. By deadwood alone Q♠ is the throw; the evaluator, playing the "
                           "rest of the hand out from his view, finds another move a shade better "
                           "({review_best}), by less than an inaccuracy: a close call."),
             highest="QS", fits={"QS": ""}, loose="AS 2C 2D 3C 5D 6H 7C", deadwood=26, outs=19, unseen=41,
             judged=close()),
        move("draw"),
        move("discard TD"),
        move("draw", N_("{ann} threw 10♦: no use to {ben} (taking it would leave 29). He draws K♠ from the stock."),
             take=29, drawn="KS", judged=praise()),
        move("discard KS", N_("K♠ fits nothing: straight back. Still 26."),
             fits={"KS": ""}, deadwood=26, judged=praise()),
        move("draw"),
        move("discard QD"),
        move("draw", N_("{ann} threw Q♦: no use to {ben} either. He draws A♥ from the stock, a pair of aces with A♠."),
             take=29, drawn="AH", partners={"AH": "AS"}, judged=praise()),
        move("discard 7C", N_("7♣ is now the highest loose card, and no card of {ben}'s is of its rank or a club "
                           "near it: throw it. 20 deadwood (A♥ A♠ 2♣ 2♦ 3♣ 5♦ 6♥), and 4 unseen cards would "
                           "now bring a knock."),
             highest="7C", partners={"7C": ""}, loose="AH AS 2C 2D 3C 5D 6H", deadwood=20, knock_outs=4,
             judged=praise()),
        move("draw"),
        move("discard KD"),
        move("draw", N_("{ann} threw K♦: no use to {ben}. He draws 4♦ from the stock, next to 5♦."),
             take=24, drawn="4D", partners={"4D": "2D 5D"}, judged=praise()),
        move("discard 6H", N_("6♥ goes; 4♦ 5♦ wait for 3♦ or 6♦. 18 deadwood, and 12 unseen cards would lower "
                           "it."),
             completes={"4D 5D": "3D 6D"}, deadwood=18, outs=12, judged=praise()),
        move("draw"),
        move("discard QH"),
        move("draw", N_("{ann} threw Q♥: no use to {ben}. He draws 5♠ from the stock."),
             take=23, drawn="5S", judged=praise()),
        move("discard 5S", N_("5♠ fits nothing (a set of fives would need a third five). Back it goes: 18."),
             fits={"5S": ""}, deadwood=18, judged=praise()),
        move("draw"),
        move("discard JC"),
        move("draw", N_("{ann} threw J♣: no use to {ben}. He draws 10♣ from the stock."),
             take=23, drawn="TC", judged=praise()),
        move("discard TC", N_("10♣ goes. Notice {ann}'s discards: 10♦ Q♦ K♦ Q♥ J♣, all high. She is keeping "
                           "her low cards, and those may well include some of the 12 unseen cards that would "
                           "lower {ben}'s count."),
             opponent_discards="TD QD KD QH JC", outs=12, deadwood=18, judged=praise()),
        move("draw"),
        move("discard JS"),
        move("draw", N_("{ann} threw J♠: no use to {ben}. He draws 8♦ from the stock."),
             take=23, drawn="8D", judged=praise()),
        move("discard 8D", N_("8♦ is too far from 4♦ 5♦ and fits nothing. {ben} has been stuck at 18 for four "
                           "turns."),
             fits={"8D": ""}, deadwood=18, turns_at=4, judged=praise()),
        move("draw"),
        move("discard 7D"),
        move("draw", N_("7♦: taking it would leave 20, worse than drawing. From the stock: 5♣."),
             take=20, draw="15.07", drawn="5C", judged=praise()),
        move("discard 5C", N_("5♣ fits nothing of {ben}'s, and by his own numbers it is the best discard "
                           "({expected} expected after his next draw). But watch {ann}'s next move: the solver "
                           "counts only {ben}'s own draws and cannot see that a low card next to cards {ann} has "
                           "never thrown may feed her."),
             fits={"5C": ""}, deadwood=18, expected="14.96", best="5C", judged=praise("discard 5C")),
        move("take", N_("{ann} takes 5♣ and so shows it fits her hand."),
             fits={"5C": "4C 5C 6C"}, known_by_opponent="5C"),
        move("discard 7S"),
        move("draw", N_("What does {ann} hold with 5♣? Not a set of fives: {ben} holds 5♦ and threw 5♠. Not "
                     "3♣ 4♣ 5♣ ({ben} has 3♣), nor 5♣ 6♣ 7♣ ({ben} threw 7♣). If 5♣ made a meld, it is "
                     "4♣ 5♣ 6♣, so 4♣ may well be in her hand. 7♠ is no use; from the stock: 10♥."),
             known="5C", could_meld={"5C": "4C 5C 6C"}, discards="QS KS 7C 6H 5S TC 8D 5C", take=20,
             drawn="TH"),
        move("discard TH", N_("10♥ back: 18."), deadwood=18, judged=praise()),
        move("draw"),
        move("discard TS"),
        move("draw", N_("{ann} threw 10♠: no use to {ben}. He draws 8♥ from the stock."),
             take=23, drawn="8H", judged=praise()),
        move("discard 8H", N_("8♥ back: 18. The stock is down to 14 cards."), deadwood=18, stock=14, judged=praise()),
        move("draw"),
        move("discard 6S"),
        move("draw", N_("{ann} threw 6♠: no use to {ben}. He draws 4♥ from the stock, a pair of fours with 4♦."),
             take=19, drawn="4H", partners={"4H": "4D"}, judged=praise()),
        move("discard 5D", N_("Keep 4♦ 5♦ (waiting for 3♦ or 6♦) or the pair 4♦ 4♥ (waiting for 4♠, as 4♣ may "
                           "well be with {ann})? Throwing 5♦ lowers the count to 17, and 3♦ would still make "
                           "2♦ 3♦ 4♦; the solver, counting his next draw, agrees: 5♦. The evaluator, playing the "
                           "whole hand out, disagrees and marks it: its best move is {review_best}, about "
                           "{review_lost} points better."),
             completes={"4D 5D": "3D 6D", "4D 4H": "4C 4S", "2D 4D": "3D"}, deadwood=17, best="5D",
             at={33: dict(could_meld={"5C": "4C 5C 6C"})}, judged=blame()),
        move("draw"),
        move("discard 8S"),
        move("draw", N_("{ann} threw 8♠: no use to {ben}. He draws K♣ from the stock."),
             take=21, drawn="KC", judged=praise()),
        move("discard KC", N_("K♣ back: 17."), deadwood=17, judged=praise()),
        move("draw"),
        move("discard 8C"),
        move("draw", N_("{ann} threw 8♣: no use to {ben}. He draws 7♥ from the stock."),
             take=21, drawn="7H", judged=praise()),
        move("discard 7H", N_("7♥ back: 17. Only 8 cards are left in the stock."), deadwood=17, stock=8,
             judged=praise()),
        move("draw"),
        move("discard KH"),
        move("draw", N_("{ann} threw K♥: no use to {ben}. He draws Q♣ from the stock."),
             take=23, drawn="QC", judged=praise()),
        move("discard QC", N_("Q♣ back: 17."), deadwood=17, judged=praise()),
        move("draw"),
        move("discard JH"),
        move("draw", N_("{ann} threw J♥: no use to {ben}. He draws 6♦ from the stock, which would have made "
                     "4♦ 5♦ 6♦ had he kept 5♦. The evaluator had marked throwing 5♦ (its best move: {review_best}); "
                     "this draw shows one way it could cost him."),
             take=23, drawn="6D", judged_at={42: blame()}),
        move("discard 6D", N_("6♦ back: 17. Four cards in the stock."), deadwood=17, stock=4, judged=praise()),
        move("draw"),
        move("discard JD"),
        move("draw", N_("{ann} threw J♦: no use to {ben}. He draws 9♣ from the stock, the fourth nine, which leaves "
                     "exactly two cards in the stock."), take=23, drawn="9C", stock=2, judged=praise()),
        move("discard 4H", N_("With 9♣ in the set, throwing 4♥ leaves 13: still over the knock limit of 10. "
                           "{ben} discards without knocking while two cards are left in the stock, so the hand "
                           "ends at once: a dead hand. Nobody scores, {ann} does not get to take this discard, "
                           "and she deals again. She held six of the cards that would have lowered {ben}'s "
                           "count: A♣ A♦ 2♥ 3♦ 3♥ 4♣."),
             meld="9C 9D 9H 9S", deadwood=13, limit=10, stock=2, kind="dead", points=0,
             opponent_outs="AC AD 2H 3D 3H 4C", judged=praise()),
    ),
)

OKLAHOMA = Script(
    name="oklahoma",
    title=N_("Oklahoma: the upcard sets the knock limit"),
    description=N_("Under Oklahoma rules the first upcard, 4♣, makes the knock limit 4. {ben} must play on with "
                "a count that would knock in the standard game, and knocks with 2."),
    facts=dict(upcard="4C", limit=4, knocker="Ben", knocker_deadwood=2),
    featured=1,
    rules=Rules(oklahoma=True),
    tags=("oklahoma", "variant", "knock"),
    non_dealer="5H 6H 7H QS QD QC 2C 3C 8S KH",
    dealer_cards="TC 9C 9D 5S 6S AD 3D KD JH 8C",
    upcard="4C",
    stock="7S 2D",
    deal_comment=N_("Oklahoma rules: the value of the first upcard is the knock limit for the hand (an ace "
                 "would mean gin only). The upcard is 4♣, so the limit is 4. {ben} holds 5♥ 6♥ 7♥ and "
                 "Q♣ Q♦ Q♠, with 2♣ 3♣ 8♠ K♥ loose: 23."),
    deal_facts=dict(upcard="4C", limit=4, melds="5H 6H 7H / QC QD QS", loose="2C 3C 8S KH", deadwood=23),
    moves=(
        move("take", N_("4♣ completes 2♣ 3♣ 4♣. Taking it and throwing K♥ drops {ben}'s deadwood from 23 to 8. "
                     "The limit stays 4 whoever takes the upcard."),
             meld="2C 3C 4C", deadwood=23, take=8, take_discard="KH", limit=4, judged=praise()),
        move("discard KH", N_("{ben} throws K♥: 8 deadwood, only the 8♠. In the standard game that would be a "
                           "knock; here the limit is 4, so he must play on. 16 of the 41 unseen cards would "
                           "let him knock next turn, and 5 of them (A♣ 4♥ 5♣ 8♥ Q♥) would give gin. By deadwood "
                           "alone K♥ is the throw, but the evaluator, playing the rest of the hand out from his "
                           "view, marks it: its best move is {review_best}, about {review_lost} points better."),
             deadwood=8, loose="8S", standard_knock=True, knock=False, limit=4, unseen=41, knock_outs=16,
             gin_outs="AC 4H 5C 8H QH", judged=blame()),
        move("draw"),
        move("discard KD"),
        move("draw", N_("K♦ does not help (taking it leaves 10). A stock draw: 2♦."), take=10, drawn="2D",
             judged=praise()),
        move("knock 8S", N_("Throwing 8♠ face down leaves only 2♦: 2 deadwood, within the limit of 4. {ben} "
                         "knocks."),
             loose="2D", deadwood=2, limit=4, judged=praise()),
        move("meld 2C 3C 4C", N_("{ben} lays out 2♣ 3♣ 4♣,"), left=50),
        move("meld 5H 6H 7H", N_("5♥ 6♥ 7♥,"), left=32),
        move("meld QC QD QS", N_("and the queens. 2♦ is his deadwood."), left=2, loose="2D"),
        move("done", left=2),
        move("meld 5S 6S 7S"),
        move("meld 8C 9C TC"),
        move("done", N_("{ann} has 5♠ 6♠ 7♠ and 8♣ 9♣ 10♣ but nothing to lay off: A♦ 3♦ 9♦ J♥ count 23. {ben} "
                     "scores 23 − 2 = 21. (Oklahoma has a spades option, under which a spade upcard doubles "
                     "the score; this upcard, 4♣, is a club, so with the option the hand would still score 21.)"),
             melds="5S 6S 7S / 8C 9C TC", can_lay_off="", defender_loose="AD 3D 9D JH", defender_deadwood=23,
             knocker_deadwood=2, points=21, points_spades_double=21),
    ),
)

SCRIPTS: tuple[Script, ...] = (BOTH_PASS, KNOCK, TAKE_AND_KNOCK, GIN, UNDERCUT, CHAINED_LAYOFFS, DEAD_HAND,
                               OKLAHOMA)
"""Every example, in teaching order."""
