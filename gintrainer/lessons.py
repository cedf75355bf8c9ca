"""The lessons' content: titles and goals, stacked demonstration deals with their
captions, the exercise kinds of each lesson, and the end-of-lesson checks.

Every answer of a check is computed with the engine when the check is built,
and every number in a goal, a caption or a check comes from the rules or the
engine: captions are templates filled from the demonstration's hand
(:class:`~gintrainer.steps.Caption`), and the facts they claim are tested.

>>> LESSONS[5].title, LESSONS[5].file
('Knocking and gin', '05_knocking_and_gin.ipynb')
>>> LESSONS[5].goal
'End a hand: knock with 10 or less deadwood, go gin with none, and know big gin.'
>>> demo_hand(6).result.points
32
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card, parse_cards
from .deals import deal
from .errors import IllegalActionError
from .exercises import Exercise, generate, kinds_for
from .exercises.core import choice_checker
from .hand import Hand
from .melds import meld_kind
from .rules import PRESETS, Rules
from .scoring import check_melds, settle
from .steps import Caption, HandSteps

NAMES = ("Ann", "Ben")
STANDARD = PRESETS["standard"]


@dataclass(frozen=True, slots=True)
class Demo:
    """A stacked deal played step by step: Ann (seat 0) deals, Ben gets the first card.

    ``captions`` add words to steps (:class:`~gintrainer.steps.Caption` templates);
    ``lead`` is the sentence the lesson's text says just before the demonstration,
    a template filled from the finished hand (:meth:`lead_text`), which the tests
    find, word for word, in the notebook.
    """

    title: str
    ben: str
    ann: str
    upcard: str
    stock: str
    actions: tuple[str, ...]
    captions: dict = field(default_factory=dict)
    rules: Rules = Rules()
    lead: Caption | None = None

    def hand(self) -> Hand:
        return deal(self.ben, self.ann, self.upcard, self.stock, rules=self.rules, actions=self.actions)

    def steps(self) -> HandSteps:
        return HandSteps(self.hand(), captions=self.captions, title=self.title)

    def lead_text(self) -> str:
        """The lead sentence with the finished hand's values."""
        if self.lead is None:
            return ""
        steps = self.steps()
        return self.lead.text.format_map(steps.values(steps.count - 1))


@dataclass(frozen=True, slots=True)
class Lesson:
    number: int
    slug: str
    title: str
    goal_text: str
    demos: tuple[Demo, ...] = ()

    @property
    def goal(self) -> str:
        """The goal, with the standard rules' numbers."""
        return self.goal_text.format_map(STANDARD.to_dict())

    @property
    def file(self) -> str:
        return f"{self.number:02d}_{self.slug}.ipynb"

    @property
    def kinds(self) -> list[str]:
        return kinds_for(self.number)


# -- the demonstrations --------------------------------------------------------------
# Caption texts carry no cards or numbers of their own: those come from the step's
# values (gintrainer.steps.StepValues), and the facts each caption claims are tested.

_MELDS = Demo(
    "Melds grow as the players draw",
    ben="7S 7H 7D 4C 5C 6C KH QD 2S 9H", ann="AH 2H 3H 8S 8C JC JD 5S 3D QC", upcard="7C", stock="JH 3C",
    actions=("take", "discard KH", "draw", "discard QC", "draw", "discard QD"),
    captions={
        0: Caption("Look at Ben's hand: {ben_set} is a set (cards of one rank) and {ben_run} is a run (cards of "
                   "one suit in sequence). {ben_deadwood_cards} are in no meld: they are deadwood, "
                   "{ben_deadwood_sum} points."),
        1: Caption("{card} joins {meld_before}: the set grows to {meld_size} cards.", ("card_melds",)),
        2: Caption("Ben throws away {card}, worth {value}: none of his deadwood is worth more.",
                   ("highest_deadwood",)),
        3: Caption("{card} joins {meld_before}: a new set for Ann.", ("card_melds",)),
        4: Caption("Ann's deadwood is now {ann_deadwood_cards}: {ann_deadwood_sum} points."),
        5: Caption("{card} extends Ben's run at the low end: {meld}.", ("card_melds", "at_low_end")),
        6: Caption("Ben's deadwood is now {ben_deadwood_cards}: {ben_deadwood_sum} points. The fewer deadwood "
                   "points, the better."),
    })

_DEAL = Demo("The deal", ben="2C 3C 4C 8D 8H KS QH 5S 6D JC", ann="AS AH AD 9C TC JD 7H 7S 3H 4D",
             upcard="KD", stock="5C 7D", actions=())

_FIRST_TURN = Demo(
    "Both players pass the upcard",
    ben="2C 3C 4C 8D 8H KS QH 5S 6D JC", ann="AS AH AD 9C TC JD 7H 7S 3H 4D", upcard="KD", stock="5C 7D",
    actions=("pass", "pass", "draw", "discard KS", "draw", "discard JD"),
    captions={
        1: Caption("Ben is the non-dealer, so he is offered the upcard first. {card} would go into no meld of "
                   "his.", ("not worth_taking",)),
        2: Caption("Now the dealer may take it. Ann does not want it either: it would go into no meld of hers.",
                   ("not worth_taking",)),
        3: Caption("Both passed, so Ben, the non-dealer, starts by drawing from the stock. {card} extends his run "
                   "{meld_before}.", ("card_melds",)),
        4: Caption("Every turn ends with a discard: Ben holds {ben_count} cards again."),
        5: Caption("From now on each turn is a normal turn: draw, then discard. {card} makes a set for Ann: "
                   "{meld}.", ("card_melds",)),
    })

_NORMAL_TURN = Demo(
    "Drawing from the stock or the pile",
    ben="KC KS 4H 5H 9S 9D 2C 7C 3D AS", ann="6C 6S JH JD TS 8C 8H 2D 3S KH", upcard="QC", stock="TD 6D JS",
    actions=("pass", "pass", "draw", "discard TD", "draw", "discard KH", "take", "discard 9D", "draw", "discard TS"),
    captions={
        3: Caption("{card} goes into no meld of Ben's.", ("not card_melds",)),
        4: Caption("A card drawn from the stock may go straight back on the pile.", ("card_just_drawn",)),
        5: Caption("{card} makes a set for Ann: {meld}.", ("card_melds",)),
        6: Caption("Ann throws {card}: none of her deadwood is worth more. She cannot see Ben's cards, so she "
                   "does not know it would give him a set.", ("highest_deadwood", "next_player_wants_it")),
        7: Caption("Ben takes {card} from the discard pile: {meld} is a set.", ("worth_taking", "card_melds")),
        8: Caption("Ben had to discard another card: {card}, his highest deadwood.", ("highest_deadwood",)),
        9: Caption("{card} makes a set for Ann: {meld}.", ("not worth_taking", "card_melds")),
    })

_KNOCK = Demo(
    "Ben knocks",
    ben="2C 3C 4C 7H 7S 7D JS QS 9D 8H", ann="5C 5D 6H 6C TH TD 2H 4S QD KC", upcard="JC", stock="KS",
    actions=("pass", "pass", "draw", "knock 9D", "auto", "auto"),
    captions={
        1: Caption("{card} would go into no meld of Ben's.", ("not worth_taking",)),
        2: Caption("Nor of Ann's.", ("not worth_taking",)),
        3: Caption("{card} completes Ben's run {meld}. He now has {ben_deadwood_cards} as deadwood. If he throws "
                   "{best_discard} away, {after_discard_cards} is left: {after_discard} points, within the limit "
                   "of {knock_limit}.", ("card_melds", "within_limit")),
        4: Caption("Ben knocks: he puts {card} face down on the pile and shows his hand."),
    },
    lead=Caption("Here Ben knocks with {knocker_deadwood} points of deadwood:"))

_GIN = Demo(
    "Ben goes gin",
    ben="2C 3C 4C 7H 7S 7D JS QS KS 9D", ann="5C 5D 6H 6C TH TD 2H 4S QD KC", upcard="AC", stock="",
    actions=("take", "gin 9D", "auto", "auto"),
    captions={
        1: Caption("{card} joins {meld_before}. Without {best_discard} every card is in a meld.",
                   ("worth_taking", "card_melds", "no_deadwood_after_discard")),
        2: Caption("That is gin, on the very first turn: no deadwood at all. The defender may not lay off against "
                   "gin."),
    })

_LAYOFF = Demo(
    "Laying off, one card after another",
    ben="6H 7H 8H 2C 2D 5S 6S 7S KC 3C", ann="9H TH JH 4S 8S KD QD 5D AC 9C", upcard="QS", stock="2S",
    actions=("pass", "pass", "draw", "knock KC", "meld 6H 7H 8H", "meld 2C 2D 2S", "meld 5S 6S 7S", "done",
             "layoff 9H on 1", "layoff TH on 1", "layoff JH on 1", "layoff 4S on 3", "layoff 8S on 3", "done"),
    captions={
        1: Caption("{card} would go into no meld of Ben's.", ("not worth_taking",)),
        2: Caption("Nor of Ann's.", ("not worth_taking",)),
        3: Caption("{card} makes Ben a set: {meld}.", ("card_melds",)),
        5: Caption("The knocker lays out his melds one by one."),
        8: Caption("Ben's deadwood is {knocker_deadwood_cards}: {knocker_deadwood} points. Now Ann, the defender, "
                   "may lay off cards on Ben's melds."),
        9: Caption("{card} extends Ben's run {meld_1} at the top.", ("at_high_end",)),
        10: Caption("{card} follows on from the card just laid off: lay-offs can chain.", ("chain",)),
        11: Caption("And {card} after that. (Ann could also have kept these cards as her own run: either way "
                    "they are not deadwood.)", ("chain", "laid_form_a_run")),
        12: Caption("{card} extends the run {meld_3} at the low end...", ("at_low_end",)),
        13: Caption("...and {card} at the high end. Ann's deadwood is what is left: {defender_left_cards}.",
                    ("at_high_end",)),
    },
    lead=Caption("Watch Ann lay off {laid_on_1} cards in a chain on {meld_1} and {laid_on_3} more on {meld_3}:"))

_LAYOUT = Demo(
    "The knocker chooses his layout",
    ben="6H 7H 8H 9C 9D 9H 9S AS 2D KC", ann="TH JH KD QD 5C 4D 8S 2H 6C AC", upcard="QC", stock="3C",
    actions=("pass", "pass", "draw", "knock KC", "meld 6H 7H 8H", "meld 9C 9D 9H 9S", "done", "auto"),
    captions={
        7: Caption("{moved_card} could have gone on his run instead, for the same {knocker_deadwood} deadwood: "
                   "{other_layout}. Then Ann could lay off {other_layout_layoffs} and keep only "
                   "{other_layout_left}. As Ben laid out, she keeps {layout_left}.", ("layout_blocks",)),
    },
    lead=Caption("Here Ben's choice leaves Ann {layout_left} deadwood instead of {other_layout_left}:"))

_UNDERCUT = Demo(
    "An undercut",
    ben="AH 2H 3H 5C 5D 5S 9C 9D 9S KC", ann="6C 6D 6H JS QS KS 4H 2C AC 3D", upcard="8H", stock="",
    actions=("take", "knock KC", "meld AH 2H 3H", "meld 5C 5D 5S", "meld 9C 9D 9S", "done",
             "meld 6C 6D 6H", "meld JS QS KS", "layoff 4H on 1", "done"),
    captions={
        1: Caption("{card} goes into no meld, but with it Ben can knock at once.",
                   ("worth_taking", "not card_melds")),
        2: Caption("Ben knocks with {knocker_deadwood_cards} as deadwood: {knocker_deadwood} points."),
        8: Caption("Ann has laid out her own melds. Left: {defender_left_cards}."),
        9: Caption("{card} goes on Ben's run. Ann is left with {defender_left_sum} points, no more than Ben's "
                   "{knocker_deadwood}: an undercut.", ("defender_not_above",)),
    })

_OKLAHOMA = Demo(
    "Oklahoma: the upcard sets the limit",
    ben="2C 3C 4C 7H 7S 7D JS QS 9D 8H", ann="5C 5D 6H 6C TH TD 2H 4S QD KC", upcard="3S", stock="KS 9H 2D",
    rules=Rules(oklahoma=True, oklahoma_spades_double=True),
    actions=("pass", "pass", "draw", "discard 9D", "draw", "discard QD", "draw", "knock 8H", "auto", "auto"),
    captions={
        0: Caption("These are Oklahoma rules. The upcard is {upcard}, so in this hand a player may knock only "
                   "with {knock_limit} or less; and with the spades option, a spade upcard doubles the score of "
                   "the hand."),
        3: Caption("Under the standard rules Ben could knock now, keeping {after_discard_cards} ({after_discard} "
                   "points). Here the limit is {knock_limit}, so he plays on.",
                   ("within_standard_limit", "not within_limit")),
        7: Caption("With {best_discard} gone, his deadwood is {after_discard_cards}: Ben is within the limit of "
                   "{knock_limit}.", ("within_limit",)),
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
           "the card you just took from the pile.", (_NORMAL_TURN,)),
    Lesson(5, "knocking_and_gin", "Knocking and gin",
           "End a hand: knock with {knock_limit} or less deadwood, go gin with none, and know big gin.",
           (_KNOCK, _GIN)),
    Lesson(6, "laying_off", "Laying off",
           "As the defender, lay off cards on the knocker's melds: the fourth card of a set, run ends, and "
           "chains; see how the knocker's layout can block them; and know that gin allows no lay-offs.",
           (_LAYOFF, _LAYOUT)),
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


def _question(lesson_number: int, index: int, prompt: str, options, answer: str, explanation: str,
              why_not) -> Exercise:
    """A check question; ``why_not`` says why each wrong choice is wrong (a dict, or one reason)."""
    options = tuple(options)
    if answer not in options:
        raise ValueError(f"check {lesson_number}.{index}: the engine's answer {answer!r} is not a choice")
    return Exercise(kind=f"check_{lesson_number}", seed=index, title=f"Check {index + 1}", prompt=prompt,
                    answer_type="choice", options=options, answer=answer, explanation=explanation,
                    checker=choice_checker(answer, explanation, why_not=why_not))


def _yes(flag: bool) -> str:
    return "Yes" if flag else "No"


def _numbers(*values: int) -> tuple[str, ...]:
    """Choices from numbers, smallest first, each once."""
    return tuple(str(v) for v in sorted(set(values)))


def _legal_after(deck_demo: Demo, actions, action: str) -> bool:
    hand = deal(deck_demo.ben, deck_demo.ann, deck_demo.upcard, deck_demo.stock, rules=deck_demo.rules,
                actions=actions)
    return hand.is_legal(action)


def _until(demo: Demo, done) -> tuple[str, ...]:
    """The demonstration's actions up to the first state where ``done(hand)`` holds."""
    hand = deal(demo.ben, demo.ann, demo.upcard, demo.stock, rules=demo.rules)
    for count, action in enumerate(demo.actions):
        if done(hand):
            return demo.actions[:count]
        hand.apply(action)
    raise ValueError(f"{demo.title}: no such moment in the demonstration")


def _preset_words(rules: Rules) -> str:
    return "the standard rules" if rules == STANDARD else "these rules"


def checks(number: int, rules: Rules = STANDARD) -> list[Exercise]:
    """The short check at the end of a lesson: questions whose answers the engine gives,
    with every number taken from ``rules`` (the standard rules unless told)."""
    q = []
    where = _preset_words(rules)
    if number == 1:
        king, ace = Card.parse("KS").value, Card.parse("AS").value
        q.append(_question(1, 0, "How many points is a king worth as deadwood?", _numbers(ace, king, 13), str(king),
                           f"Jacks, queens and kings count {king}; an ace {ace}; the others their number.",
                           "picture cards do not count by their rank: J, Q and K are all worth the same as a "
                           "ten."))
        ace_high = meld_kind("QH KH AH") == "run"
        q.append(_question(1, 1, "Is Q♥ K♥ A♥ a run?", ("Yes", "No"), _yes(ace_high),
                           "The ace is low: A♥ 2♥ 3♥ is a run, Q♥ K♥ A♥ is not.",
                           "the ace is low: it comes before the two, never after the king." if not ace_high
                           else "these three hearts are in sequence."))
        try:
            check_melds(["8C 8D 8H", "8H 9H TH"], "8C 8D 8H 9H TH")
            both = True
        except IllegalActionError:
            both = False
        q.append(_question(1, 2, "You hold 8♣ 8♦ 8♥ 9♥ 10♥. May 8♥ count in the set of eights and in the run "
                                 "8♥ 9♥ 10♥ at the same time?", ("Yes", "No"), _yes(both),
                           "A card belongs to one meld only: use it where it leaves the least deadwood.",
                           "a card belongs to one meld only." if not both else "a card may be in two melds here."))
    elif number == 2:
        hand = Hand.deal(rules, seed=0)
        each = len(hand.held(0))
        dealt = 2 * each
        q.append(_question(2, 0, "How many cards does each player get?", _numbers(each - 3, each, each + 1),
                           str(each), f"{each} each, dealt one at a time.",
                           "count the cards in one player's hand just after the deal, before anyone draws."))
        first = "The non-dealer" if hand.deck[0] in hand.held(hand.non_dealer) else "The dealer"
        other = "The dealer" if first == "The non-dealer" else "The non-dealer"
        q.append(_question(2, 1, "Who gets the first card of the deal?", ("The dealer", "The non-dealer"), first,
                           "The dealer deals to the other player first.",
                           {other: "the dealer deals the first card to the other player."}))
        stock = hand.stock_count
        q.append(_question(2, 2, "How many cards are in the stock after the deal?", _numbers(stock - 1, stock,
                                                                                              stock + 1),
                           str(stock), f"{len(hand.deck)} − {dealt} dealt − 1 upcard = {stock}.",
                           "the stock is the deck less the cards dealt and less the upcard."))
    elif number == 3:
        d = _FIRST_TURN
        hand = deal(d.ben, d.ann, d.upcard, d.stock, rules=rules, actions=["pass"])
        nxt = "The dealer" if hand.to_act == hand.dealer else "The non-dealer"
        q.append(_question(3, 0, "The non-dealer passes the upcard. Who may take it now?",
                           ("The dealer", "The non-dealer", "Nobody"), nxt,
                           "The dealer gets the second chance to take the upcard.",
                           {"The non-dealer": "the non-dealer has had his chance: he passed.",
                            "Nobody": "the upcard is offered to both players before anyone draws.",
                            "The dealer": "the dealer has had his chance."}))
        hand.apply("pass")
        only_draw = [str(a) for a in hand.legal_actions()] == ["draw"]
        starts = "The non-dealer draws from the stock" if only_draw and hand.to_act == hand.non_dealer else \
            "The upcard is buried and a new one is turned"
        q.append(_question(3, 1, "Both players pass the upcard. What happens next?",
                           ("The non-dealer draws from the stock", "The dealer draws from the stock",
                            "The upcard is buried and a new one is turned"), starts,
                           "The non-dealer starts by drawing from the stock, and may throw that card straight "
                           "back; play goes on as normal turns.",
                           {"The dealer draws from the stock": "the dealer was offered the upcard last; the "
                                                               "other player starts the play.",
                            "The upcard is buried and a new one is turned": "the upcard stays on the discard "
                                                                            "pile; no new card is turned.",
                            "The non-dealer draws from the stock": "not in these rules."}))
        g = _GIN
        knock_now = deal(g.ben, g.ann, "8H", rules=rules, actions=["take"]).is_legal("knock 9D")
        q.append(_question(3, 2, "May a player knock on the very first turn?", ("Yes", "No"), _yes(knock_now),
                           "Yes: if taking the upcard (or the first draw) gives a hand within the knock limit.",
                           "the first turn is a turn like any other: after taking a card a player may "
                           "discard or knock." if knock_now else "not in these rules."))
    elif number == 4:
        n = _NORMAL_TURN
        taken_at = n.actions.index("take") + 1
        taken = _at(n, taken_at).taken_card
        back = _legal_after(n, n.actions[:taken_at], f"discard {taken.code()}")
        q.append(_question(4, 0, "You take the top card of the discard pile. May you discard that same card this "
                                 "turn?", ("Yes", "No"), _yes(back),
                           "No: the card just taken from the discard pile may not be thrown back that turn.",
                           "the card just taken from the discard pile must stay in your hand this turn."))
        drawn_at = n.actions.index("draw") + 1
        drawn = _at(n, drawn_at).last_draw[0]
        stock_back = _legal_after(n, n.actions[:drawn_at], f"discard {drawn.code()}")
        q.append(_question(4, 1, "You draw a card from the stock. May you discard that same card?", ("Yes", "No"),
                           _yes(stock_back), "Yes: a card drawn from the stock may go straight back.",
                           "only a card taken from the discard pile must stay: a card from the stock may go "
                           "straight back."))
        hand = n.hand()
        between = len(hand.held(0))
        q.append(_question(4, 2, "How many cards does a player hold between turns?",
                           _numbers(between - 1, between, between + 1), str(between),
                           f"{between}: you draw to {between + 1}, then discard back to {between}.",
                           "count again: a turn is one card in, one card out, and the deal gives each player "
                           "his starting hand."))
    elif number == 5:
        limit, gin = rules.knock_limit, rules.gin_bonus
        q.append(_question(5, 0, f"In {where}, at most how much deadwood may you have to knock?",
                           _numbers(limit // 2, limit, limit + limit // 2), str(limit),
                           f"The knock limit is {limit} points.",
                           {str(limit // 2): "you may knock with more deadwood than that.",
                            str(limit + limit // 2): "that is more deadwood than a knock allows."}))
        hand = _KNOCK.hand()
        face_down = hand.knock_card is not None and hand.knock_card not in hand.discard_pile
        q.append(_question(5, 1, "When you knock, how do you discard?", ("Face up", "Face down"),
                           "Face down" if face_down else "Face up",
                           "The knock discard goes face down; then you show your hand.",
                           "a knock discard is not an ordinary discard: think of what the other player may "
                           "not do with it."))
        classic = PRESETS["classic"].gin_bonus
        q.append(_question(5, 2, f"How big is the gin bonus in {where} (added to the opponent's deadwood)?",
                           _numbers(rules.undercut_bonus, classic, gin), str(gin),
                           f"Gin scores {gin} plus the defender's deadwood.",
                           {str(rules.undercut_bonus): "that is the undercut bonus.",
                            str(classic): "that is the gin bonus of the classic preset.",
                            str(gin): "that is the gin bonus of the standard rules."}))
    elif number == 6:
        gin = deal(_GIN.ben, _GIN.ann, _GIN.upcard, _GIN.stock, rules=rules,
                   actions=_until(_GIN, lambda h: h.phase == "defender_layout"))
        can = any(a.kind == "layoff" for a in gin.legal_actions())
        q.append(_question(6, 0, "Your opponent goes gin. May you lay off cards on his melds?", ("Yes", "No"),
                           _yes(can), "There is no laying off against gin.",
                           "gin leaves the defender no lay-offs: he only lays out his own melds."))
        lay = _LAYOFF
        first = lay.actions.index("layoff 9H on 1") + 1
        chained = _legal_after(lay, lay.actions[:first], "layoff TH on 1")
        q.append(_question(6, 1, "The knocker laid out 6♥ 7♥ 8♥ and you laid off 9♥. May you now lay off 10♥ "
                                 "on the same run?", ("Yes", "No"), _yes(chained),
                           "Yes: lay-offs chain, each extending the run further.",
                           "a card may extend a run that an earlier lay-off already extended."))
        knocker_turn = deal(lay.ben, lay.ann, lay.upcard, lay.stock, rules=rules,
                            actions=_until(lay, lambda h: h.phase == "knocker_layout"))
        knocker_lays = any(a.kind == "layoff" for a in knocker_turn.legal_actions())
        q.append(_question(6, 2, "May the knocker lay off cards on the defender's melds?", ("Yes", "No"),
                           _yes(knocker_lays), "No: only the defender lays off, on the knocker's melds.",
                           "laying off is the defender's way to save points; the knocker only lays out."))
        layout = _LAYOUT.steps()
        final = layout.values(layout.count - 1)
        chooses = final["layout_blocks"]
        q.append(_question(6, 3, "The knocker can lay out his cards in two ways with the same deadwood. Does his "
                                 "choice matter?", ("Yes", "No"), _yes(chooses),
                           f"Yes: in the lesson's deal Ben's layout leaves Ann {final['layout_left']} deadwood; "
                           f"the other would have left her {final['other_layout_left']}. The knocker chooses, to "
                           "leave the defender as few lay-offs as he can.",
                           "the layout decides which cards can be laid off: look at the lesson's second deal."))
    elif number == 7:
        knock = settle(rules, out="knock", knocker_melds=(), knocker_dead=parse_cards("6C"), defender_melds=(),
                       layoffs=(), defender_dead=parse_cards("TD TH AS"))
        k, d = knock.knocker_deadwood, knock.defender_deadwood
        q.append(_question(7, 0, f"The knocker has {k} deadwood; after lay-offs the defender has {d}. Who scores, "
                                 "and how much?", (f"The knocker, {d - k}", f"The defender, {d - k}",
                                                   f"The knocker, {d}"),
                           f"The {knock.winner}, {knock.points}", knock.explain(),
                           {f"The defender, {d - k}": "the defender scores only with as little deadwood as the "
                                                      "knocker, or less.",
                            f"The knocker, {d}": "the knocker scores the difference, not all of the defender's "
                                                 "deadwood.",
                            f"The knocker, {d - k}": "look at the rule for a knock again."}))
        tie = settle(rules, out="knock", knocker_melds=(), knocker_dead=parse_cards("7C"), defender_melds=(),
                     layoffs=(), defender_dead=parse_cards("7D"))
        t = tie.knocker_deadwood
        options = ("Nobody", f"The knocker, {t}", f"The defender, {rules.undercut_bonus}")
        q.append(_question(7, 1, f"The knocker and the defender both have {t} deadwood. Who scores, and how much?",
                           options, f"The {tie.winner}, {tie.points}" if tie.winner else "Nobody", tie.explain(),
                           {"Nobody": "in these rules a tie is an undercut.",
                            f"The knocker, {t}": "a knocker who does not have less deadwood than the defender "
                                                 "scores nothing.",
                            f"The defender, {rules.undercut_bonus}": "in these rules a tie scores nothing."}))
        gin = settle(rules, out="knock", knocker_melds=(parse_cards("2C 3C 4C"),), knocker_dead=(),
                     defender_melds=(parse_cards("7H 8H 9H"),), layoffs=(), defender_dead=())
        q.append(_question(7, 2, "You go gin, and your opponent's ten cards are all in melds too. Who scores, and "
                                 "how much?", (f"You, {rules.gin_bonus}", f"Your opponent, {rules.undercut_bonus}",
                                               "Nobody"),
                           f"You, {gin.points}" if gin.winner == "knocker" else "Nobody",
                           gin.explain() + " Gin cannot be undercut, even by a hand with no deadwood.",
                           {f"Your opponent, {rules.undercut_bonus}": "gin cannot be undercut.",
                            "Nobody": "the knocker scores for gin even against a hand with no deadwood.",
                            f"You, {rules.gin_bonus}": "look at the rule for gin again."}))
        from .exercises.going_out import dead_hand
        import random
        dead = dead_hand(random.Random("check-7"))
        last_seat, last = dead.actions[-1]
        may_take = dead.is_legal("take")
        q.append(_question(7, 3, f"The stock is down to {dead.stock_count} cards. {NAMES[last_seat]} draws and "
                                 f"discards {last.card} without knocking. May {NAMES[1 - last_seat]} take "
                                 f"{last.card}, even if it would complete a meld?",
                           ("Yes", "No"), _yes(may_take),
                           f"No. {dead.result.explain()} {NAMES[1 - last_seat]} may not take the last discard.",
                           "when the stock runs down to its last cards and a player discards without knocking, "
                           "the hand is over at once."))
    elif number == 8:
        target, box, game = rules.target, rules.box_bonus, rules.game_bonus
        q.append(_question(8, 0, f"How many points does a player need to win the match ({where})?",
                           _numbers(target // 2, target, target * 5 // 2), str(target),
                           f"The first to reach {target} wins the match.",
                           {str(target // 2): "a match goes on longer than that.",
                            str(target * 5 // 2): "a match ends sooner than that."}))
        q.append(_question(8, 1, "How many bonus points is each hand you won worth at the end (a box)?",
                           _numbers(rules.undercut_bonus, box, game), str(box),
                           f"{box} for each hand won, for both players.",
                           {str(rules.undercut_bonus): "that is the undercut bonus.",
                            str(game): "that is the game bonus, for winning the match.",
                            str(box): "look at the box bonus again."}))
        shutout = game * rules.shutout_multiplier
        q.append(_question(8, 2, "The loser won no hand at all (a shutout). How big is the winner's game bonus?",
                           _numbers(game, game * 3 // 2, shutout), str(shutout),
                           f"The game bonus of {game} is multiplied by {rules.shutout_multiplier}: {shutout}.",
                           {str(game): "that is the game bonus without a shutout.",
                            str(game * 3 // 2): "a shutout multiplies the game bonus by a whole number.",
                            str(shutout): "look at the shutout rule again."}))
    elif number == 9:
        ok = rules.replace(oklahoma=True)
        ace_limit = ok.knock_limit_for("AS")
        ace = "Only gin" if ace_limit == 0 else f"A knock with {ace_limit} or less"
        options = ("Only gin", f"A knock with {Card.parse('AS').value} or less", f"A knock with {rules.knock_limit} "
                                                                              "or less")
        q.append(_question(9, 0, "Oklahoma: the first upcard is A♠. How may a player go out?", options, ace,
                           "An ace upcard means only gin may go out.",
                           {options[1]: "the ace is the exception in Oklahoma: it does not set a limit of its "
                                        "value.",
                            options[2]: "in Oklahoma the upcard, not the usual knock limit, decides.",
                            options[0]: "look at the Oklahoma rule again."}))
        straight = rules.replace(straight_gin=True).knock_limit_for()
        q.append(_question(9, 1, "Straight gin: may you knock with 1 point of deadwood?", ("Yes", "No"),
                           _yes(straight >= 1), "No: in straight gin you may only go out with gin.",
                           "in straight gin any deadwood at all keeps you from going out."))
        big = [name for name, preset in PRESETS.items() if preset.big_gin]
        modern = PRESETS[big[0]]
        q.append(_question(9, 2, "Which preset has big gin switched on?", tuple(PRESETS), big[0],
                           f"The {big[0]} preset plays big gin (bonus {modern.big_gin_bonus}) and a "
                           f"{modern.undercut_bonus}-point undercut bonus.",
                           {name: f"the {name} preset plays without big gin." for name in PRESETS
                            if name not in big} | {name: "look at the presets again." for name in big}))
    else:
        lesson(number)
    return q


def _at(demo: Demo, steps: int) -> Hand:
    """The demonstration's hand after its first ``steps`` actions."""
    return deal(demo.ben, demo.ann, demo.upcard, demo.stock, rules=demo.rules, actions=demo.actions[:steps])


def exercise(kind: str, seed: int = 0) -> Exercise:
    """An exercise of a lesson (re-exported for the notebooks)."""
    return generate(kind, seed)
