"""The lessons' own words: every sentence of a lesson notebook that quotes a card or a
number is listed here with what the engine says of it, and the engine agrees."""

import functools
import json
import re
from pathlib import Path

import pytest

from gintrainer.engine.cards import DECK, RANK_NAMES, Card, parse_cards
from gintrainer.engine.hand import Hand
from gintrainer.engine.melds import best_arrangement, meld_kind
from gintrainer.engine.rules import PRESETS, Rules
from gintrainer.engine.scoring import HandScore, layoff_targets, score_hand, settle
from gintrainer.exercises.matches import compare_rules, played_match
from gintrainer.exercises.strategy import meld_outs
from gintrainer.lessons import LESSONS, demo, knock_figures
from gintrainer.lessons.model import HandDemo
from gintrainer.material.deals import deal, in_discard
from gintrainer.material.drawing import meld_groups

ROOT = Path(__file__).resolve().parent.parent
STANDARD = PRESETS["standard"]
CARD = re.compile(r"(?:10|[2-9AJQK])[♣♦♥♠]")


def sentences(path: Path) -> list[str]:
    """The sentences of a notebook's markdown, without links, headings' lesson numbers and list numbers."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    found = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        text = re.sub(r"\[[^\]]*\]\([^)]*\)", "", "".join(cell["source"]))
        for line in text.split("\n"):
            if line.startswith("# Lesson") or line.startswith("**Goal:**"):
                continue  # the title and the goal are held against the lesson's definition elsewhere
            line = re.sub(r"^\d+\.\s", "", line)
            line = re.sub(r"\blessons? \d+( and \d+)?", "lesson", line)
            found += [s for s in re.split(r"(?<=[.:!?])\s+(?=[A-Z*(])", line) if s]
    return found


def hand_of(name: str) -> Hand:
    """The hand a lesson's demonstration plays."""
    shown = demo(name)
    assert isinstance(shown, HandDemo), name
    return shown.hand()


def result_of(name: str) -> HandScore:
    result = hand_of(name).result
    assert result is not None, name
    return result


def first_turn_knock():
    gin = demo("gin")
    return deal(gin.ben, gin.ann, "8H", actions=["take"]).is_legal("knock 9D")


def drawn_hand():
    hand = Hand.deal(seed=0)
    for action in ("pass", "pass", "draw"):
        hand.apply(action)
    return hand


def big_gin_with_eleven():
    hand = in_discard("AC 2C 3C 4C 7H 7S 7D JS QS KS", "TS", "2D 3D 5D 6D 8D 9D TD JD QD KD",
                      rules=Rules(big_gin=True))
    return hand.is_legal("big-gin") and len(hand.held(hand.to_act)) == 11


def hollywood_counts():
    """A player's first win adds to game 1 only, his second to games 1 and 2, his third to all three."""
    rules = Rules(hollywood=True)
    whole = played_match(11, rules)
    seen = {0: 0, 1: 0}
    for number, hand in enumerate(whole.hands, start=1):
        seat = hand.result.winner_seat
        if seat is None:
            continue
        seen[seat] += 1
        before, after = played_match(11, rules, number - 1) if number > 1 else None, played_match(11, rules, number)
        for game in range(3):
            was = before.games[game].points[seat] if before else 0
            if before is not None and before.games[game].is_over:
                continue
            counts = after.games[game].points[seat] > was
            if counts != (game < min(seen[seat], 3)):
                return False
    return max(seen.values()) >= 3


@functools.cache
def figures():
    """The strategy lesson's figures as ``bench/bench_strategy.py`` stored them (fixed deals,
    :mod:`gintrainer.lessons.knock_figures`; tests/test_strategy_lesson.py plays a spread of them again)."""
    return knock_figures.stored()


def cut():
    return figures().undercuts


def wait():
    return figures().knock_or_wait


def share(figure):
    """An undercut share as the lesson quotes it: so many of so many, and the percentage."""
    return figure.part, figure.whole, figure.percent()


def undercut_rule():
    tie = settle(STANDARD, out="knock", knocker_melds=(), knocker_dead=parse_cards("6C"), defender_melds=(),
                 layoffs=(), defender_dead=parse_cards("4D 2H"))
    return tie.kind == "undercut" and tie.points == STANDARD.undercut_bonus == 10


def fits(card, meld):
    return layoff_targets(Card.parse(card), [parse_cards(meld)]) == [0]


def chain_rule():
    return fits("TH", "6H 7H 8H 9H") and not fits("TH", "6H 7H 8H")


# notebook prefix, a piece of the sentence, what the engine must say.
CHECKED = [
    ("01", "one ordinary deck of 52 cards", lambda: len(DECK) == 52 and len(RANK_NAMES) == 13),
    ("01", "A 2 3 4 5 6 7 8 9 10 J Q K.", lambda: " ".join(RANK_NAMES) == "A 2 3 4 5 6 7 8 9 10 J Q K"),
    ("01", "the **ace** (A) is worth **1**", lambda: Card.parse("AS").value == 1),
    ("01", "**2 to 10** are worth their number", lambda: all(Card(r, "S").value == r for r in range(2, 11))),
    ("01", "are worth **10** each", lambda: {Card(r, "S").value for r in (11, 12, 13)} == {10}),
    ("01", "like 7♠ 7♥ 7♦", lambda: meld_kind("7S 7H 7D") == "set"),
    ("01", "like 4♣ 5♣ 6♣ 7♣", lambda: meld_kind("4C 5C 6C 7C") == "run"),
    ("01", "A♥ 2♥ 3♥ is a run, but Q♥ K♥ A♥ is not", lambda: meld_kind("AH 2H 3H") == "run"
     and meld_kind("QH KH AH") is None),
    ("01", "The sets of fours and eights are melds; A♠ 2♣ 2♦ 5♥ are deadwood: 1 + 2 + 2 + 5 = 10", lambda: (
        # in the order the hand above the sentence shows its groups
        meld_groups("8C 8D 8H 4C 4D 4S 5H 2C 2D AS") == (parse_cards("4C 4D 4S"), parse_cards("8C 8D 8H"),
                                                         parse_cards("AS 2C 2D 5H"))
        and best_arrangement("8C 8D 8H 4C 4D 4S 5H 2C 2D AS").points == 10)),
    ("01", "Ace 1, two to ten their number, pictures 10", lambda: Card.parse("AS").value == 1
     and Card.parse("QS").value == 10),
    ("01", "A set is 3 or 4 of a rank; a run is 3 or more", lambda: meld_kind("7S 7H 7D 7C") == "set"
     and meld_kind("7S 7H") is None and meld_kind("2C 3C 4C 5C 6C") == "run"),
    ("02", "The next card, the 21st", lambda: Hand.deal(seed=0).deck[20] is Hand.deal(seed=0).upcard),
    ("02", "The remaining **31** cards", lambda: Hand.deal(seed=0).stock_count == 31),
    ("02", "The 21st card is the upcard", lambda: Hand.deal(seed=1).deck[20] is Hand.deal(seed=1).upcard),
    ("02", "The other 31 cards are the stock", lambda: Hand.deal(seed=1).stock_count == 31),
    ("03", "now holds 11 cards", lambda: len(deal("2C 3C 4C 8D 8H KS QH 5S 6D JC", "AS AH AD 9C TC JD 7H 7S 3H 4D",
                                                 "KD", actions=["take"]).held(1)) == 11),
    ("03", "knocking is allowed on the very first turn", first_turn_knock),
    ("05", "After you draw you hold 11 cards", lambda: len(drawn_hand().held(drawn_hand().to_act)) == 11),
    ("05", "a deadwood count of **10 or less**", lambda: STANDARD.knock_limit == 10),
    ("05", "Here Ben knocks with 8 points of deadwood", lambda: result_of("knock").knocker_deadwood == 8),
    ("05", "when all **11** cards form melds", big_gin_with_eleven),
    ("05", "keep 10 or less deadwood", lambda: STANDARD.knock_limit == 10),
    ("05", "all 11 cards meld, no discard", big_gin_with_eleven),
    ("06", "the fourth seven on 7♠ 7♥ 7♦", lambda: fits("7C", "7S 7H 7D")),
    ("06", "(8♥ or 4♥ on 5♥ 6♥ 7♥)", lambda: fits("8H", "5H 6H 7H") and fits("4H", "5H 6H 7H")),
    ("06", "after 9♥ on 6♥ 7♥ 8♥, the 10♥ can follow", chain_rule),
    ("06", "Watch Ann lay off 3 cards in a chain on 6♥ 7♥ 8♥ and 2 more on 5♠ 6♠ 7♠",
     lambda: [str(layoff) for layoff in hand_of("layoff").layoffs] == ["9♥ on meld 1", "10♥ on meld 1",
                                                                       "J♥ on meld 1", "4♠ on meld 3", "8♠ on meld 3"]),
    ("06", "Here Ben's choice leaves Ann 66 deadwood instead of 46",
     lambda: result_of("layout").defender_deadwood == 66),
    ("07", "Knock with 6 against 21: the knocker scores 15", lambda: (
        score_hand("2C 3C 4C 7D 7H 7S 9H TH JH 6S", "4H 4D 4S 8C 9C TC KD 5H AS 5D").points == 15)),
    ("07", "plus an undercut bonus of 10", undercut_rule),
    ("07", "Gin scores a **bonus of 25", lambda: STANDARD.gin_bonus == 25),
    ("07", "Big gin (when played) scores 31", lambda: STANDARD.big_gin_bonus == 31),
    ("07", "If the stock runs down to **2 cards**", lambda: STANDARD.dead_stock_cards == 2),
    ("07", "the difference plus 10, to the defender", lambda: STANDARD.undercut_bonus == 10),
    ("07", "Gin: 25 plus the defender's deadwood", lambda: STANDARD.gin_bonus == 25),
    ("08", "reaches **100** (the target)", lambda: STANDARD.target == 100),
    ("08", "**Game bonus**: 100 points", lambda: STANDARD.game_bonus == 100),
    ("08", "**Box bonus**: 25 points", lambda: STANDARD.box_bonus == 25),
    ("08", "the game bonus is doubled (200)", lambda: STANDARD.shutout_multiplier == 2
     and STANDARD.game_bonus * STANDARD.shutout_multiplier == 200),
    ("08", "Play to 100.", lambda: STANDARD.target == 100),
    ("08", "Game bonus 100 (doubled in a shutout), 25 per hand won", lambda: (
        STANDARD.game_bonus, STANDARD.shutout_multiplier, STANDARD.box_bonus) == (100, 2, 25)),
    ("09", "(picture cards 10)", lambda: Rules(oklahoma=True).knock_limit_for("KS") == 10),
    ("09", "counts in game 1, your second in games 1 and 2", hollywood_counts),
    ("09", "all 11 cards in melds, no discard", big_gin_with_eleven),
    ("09", "big gin on (31), undercut bonus 25", lambda: (PRESETS["modern"].big_gin, PRESETS["modern"].big_gin_bonus,
                                                         PRESETS["modern"].undercut_bonus) == (True, 31, 25)),
    ("09", "gin bonus 20", lambda: PRESETS["classic"].gin_bonus == 20),
    ("09", "Ben has drawn and holds 11 cards", lambda: len(compare_rules(0)[0][0]) == 11),
    ("10", "on 10,000 fixed deals: of its 9,787 knocks, 438 were undercut (4.5%)", lambda: (
        (cut().hands, *share(cut().knocks)) == (10000, 438, 9787, 4.5))),
    ("10", "(knocking only once the stock was down to 8 cards), over 10,000 hands, each deal played from both seats, "
     "the knocker scored 84,711 points to 73,447: 1.13 points a hand more (95% interval 0.89 to 1.36), though the "
     "waiting player made more gins (722 to 229)", lambda: (
         knock_figures.WAIT_LATE_STOCK, wait().hands, wait().eager_points, wait().waiting_points,
         *(round(x, 2) for x in (wait().points_per_hand.value, wait().points_per_hand.low,
                                 wait().points_per_hand.high)),
         wait().waiting_gins, wait().eager_gins) == (8, 10000, 84711, 73447, 1.13, 0.89, 1.36, 722, 229)),
    ("10", "A knock with a high count was undercut far more often: 416 of 7,467 knocks with more than 5 deadwood "
     "(5.6%), against 22 of 2,320 with 5 or less (0.9%)", lambda: (
         knock_figures.LOW_COUNT, share(cut().high), share(cut().low)) == (5, (416, 7467, 5.6), (22, 2320, 0.9))),
    ("10", "Late knocks were undercut more often than early ones: 240 of 3,379 knocks made once the stock was down "
     "to fewer than 21 cards (7.1%), against 198 of 6,408 made while it still had 21 or more (3.1%)", lambda: (
         knock_figures.EARLY_STOCK, share(cut().late), share(cut().early)) == (21, (240, 3379, 7.1), (198, 6408, 3.1))),
    ("10", "So were knocks after the opponent had taken 2 cards or more from the pile: 122 of 1,619 (7.5%), against "
     "316 of 8,168 after fewer (3.9%)", lambda: (
         knock_figures.MANY_TAKEN, share(cut().many_taken), share(cut().few_taken))
     == (2, (122, 1619, 7.5), (316, 8168, 3.9))),
    ("10", "On this many knocks each of these differences is clear of chance: its 95% interval leaves out zero",
     lambda: all(gap.low > 0 for gap in (cut().high_less_low, cut().late_less_early, cut().many_less_few))),
    ("10", "Ben knocks with 9 at once; Ann keeps only 6", lambda: (
        result_of("early_undercut").knocker_deadwood, result_of("early_undercut").defender_deadwood) == (9, 6)),
    ("10", "A pair waits for two cards (the other two of its rank)", lambda: len(meld_outs(parse_cards("5S 5H"))) == 2),
    ("10", "two cards of a suit next to each other wait for the cards at either end, or for the one where the suit "
     "ends (A♠ 2♠ only for 3♠, Q♠ K♠ only for J♠)", lambda: (
         set(meld_outs(parse_cards("5S 6S"))) == set(parse_cards("4S 7S"))
         and meld_outs(parse_cards("AS 2S")) == parse_cards("3S")
         and meld_outs(parse_cards("QS KS")) == parse_cards("JS"))),
    ("10", "Ben keeps 6♠ in his set, so that Ann keeps 50 deadwood instead of 35", lambda: (
        demo("fewest_layoffs").lead_text() == "Ben keeps 6♠ in his set, so that Ann keeps 50 deadwood instead of 35:")),
]


def notebooks():
    return sorted((ROOT / "lessons").glob("[01][0-9]_*.ipynb"))


@pytest.mark.parametrize("path", notebooks(), ids=lambda p: p.name)
def test_every_sentence_with_a_card_or_a_number_is_checked(path):
    prefix = path.name[:2]
    keys = [key for nb, key, _ in CHECKED if nb == prefix]
    for sentence in sentences(path):
        if re.search(r"\d", sentence) or CARD.search(sentence):
            assert any(key in sentence for key in keys), f"{path.name}: nothing checks {sentence!r}"
    text = " ".join(sentences(path))
    for key in keys:
        assert key in text, f"{path.name} no longer says {key!r}: drop it from CHECKED"


@pytest.mark.parametrize("prefix, key, check", CHECKED, ids=[f"{nb}:{key[:30]}" for nb, key, _ in CHECKED])
def test_the_engine_agrees_with_the_lesson(prefix, key, check):
    assert check(), f"lesson {prefix}: {key!r} is not what the engine says"


def test_lesson_3_does_not_say_every_first_card_stays():
    text = " ".join(sentences(ROOT / "lessons" / LESSONS[3].file))
    assert "Whoever takes a card now" not in text and "Whoever takes the upcard now holds" in text
    assert "may go straight back" in text and "knock" in text


def test_the_lessons_teach_the_rules_their_exercises_rely_on():
    """The knocker chooses his layout (lesson 6), gin cannot be undercut and the last
    discard of a dead hand cannot be taken (lesson 7): each said, and each what the engine does."""
    import random

    from gintrainer.exercises.going_out import dead_hand
    six = " ".join(sentences(ROOT / "lessons" / LESSONS[6].file))
    seven = " ".join(sentences(ROOT / "lessons" / LESSONS[7].file))
    assert "**he chooses**" in six and "The choice can block lay-offs" in six
    layout = demo("layout").hand()
    assert not layout.layoffs and layout.result.defender_deadwood == min_deadwood_of(layout.held(0))
    assert "Gin **cannot be undercut**" in seven
    gin = settle(STANDARD, out="knock", knocker_melds=(parse_cards("2C 3C 4C"),), knocker_dead=(),
                 defender_melds=(parse_cards("7H 8H 9H"),), layoffs=(), defender_dead=())
    assert gin.kind == "gin" and gin.winner == "knocker"
    assert "may **not** take that last discard" in seven
    assert not dead_hand(random.Random(1)).is_legal("take")


def min_deadwood_of(cards):
    return best_arrangement(cards).points
