"""Lesson 10, strategy: its exercise kinds answered by the engine, its figures measured
from fixed deals, and the puzzle themes its prose names."""

import functools
import itertools
import json
import re
from pathlib import Path

import pytest

from conftest import bench_module
from gintrainer.engine.cards import DECK, parse_cards
from gintrainer.engine.melds import all_best_arrangements, best_arrangement, meld_kind
from gintrainer.engine.scoring import ScoreKind, best_layoffs, score_hand
from gintrainer.exercises import generate
from gintrainer.exercises.strategy import EITHER, HAND_RUN, feeds, layout_words, meld_outs, never_melds
from gintrainer.lessons import LESSONS, knock_figures
from gintrainer.lessons.path import step
from gintrainer.puzzles.themes import THEMES, theme_title
from gintrainer.trainers.training import themes_in_bank
from gintrainer.words.language import LANGUAGES, t

ROOT = Path(__file__).resolve().parents[1]
SEEDS = range(40)


def test_meld_outs_are_the_cards_that_sit_in_a_meld_of_a_best_arrangement():
    hand = parse_cards("5S 5H 9C 7D 8D 2C 3C 4C KS QH")
    found = set(meld_outs(hand))
    for card in DECK:
        if card in hand:
            continue
        best = best_arrangement((*hand, card))
        if card in best.deadwood:
            assert card not in found, card
        else:  # in a meld: counted unless the meld saves no more than the card adds
            assert (card in found) == (best.points < best_arrangement(hand).points + card.value), card
    assert {str(c) for c in found} == {"A♣", "5♣", "5♦", "6♦", "9♦"}
    assert meld_outs(parse_cards("5S 5H"), seen=parse_cards("5C")) == parse_cards("5D")


@functools.cache
def every_meld():
    """Every meld of the deck, whatever its length: each set of three or four cards of a rank
    and each run of three to thirteen cards of a suit in a row (a meld is a set or a run),
    each one the engine calls a meld."""
    melds = [m for rank in range(1, 14) for size in (3, 4)
             for m in itertools.combinations([c for c in DECK if c.rank == rank], size)]
    for suit in "CDHS":
        ordered = sorted((c for c in DECK if c.suit == suit), key=lambda c: c.rank)
        melds += [tuple(ordered[a:b]) for a in range(13) for b in range(a + 3, 14)]
    assert all(meld_kind(m) for m in melds)
    return melds


def shares_a_meld(card, other, longest=13):
    return any(card in meld and other in meld for meld in every_meld() if len(meld) <= longest)


def test_a_card_feeds_one_it_could_share_a_meld_of_a_hand_with():
    for card, other in itertools.permutations(DECK, 2):
        assert feeds(card, other) == shares_a_meld(card, other, longest=HAND_RUN), (card, other)
        assert never_melds(card, other) == (not shares_a_meld(card, other)), (card, other)
    assert feeds(*parse_cards("5C 9C")) and not never_melds(*parse_cards("5C 9C"))


def test_what_a_card_needs_to_share_a_meld_with_a_taken_card_is_what_the_lesson_says():
    """Lesson 10 on reading a card taken from the pile, held against every meld of the deck."""
    nb = json.loads((ROOT / "lessons" / LESSONS[10].file).read_text(encoding="utf-8"))
    text = " ".join("".join(cell["source"]) for cell in nb["cells"])
    assert ("A card of its rank, or up to two away in its suit, needs at most one more card to share a meld with "
            "it; one farther along its suit needs more, and a card of another rank and another suit never can.") in text
    for card, taken in itertools.permutations(DECK, 2):
        needs = min((len(meld) - 2 for meld in every_meld() if card in meld and taken in meld), default=None)
        if card.rank == taken.rank or (card.suit == taken.suit and abs(card.rank - taken.rank) <= 2):
            assert needs is not None and needs <= 1, (card, taken)
        elif card.suit == taken.suit:
            assert needs is not None and needs >= 2, (card, taken)
        else:
            assert needs is None, (card, taken)


@pytest.mark.parametrize("seed", range(200))
def test_safe_discard_says_only_what_is_true(seed):
    """The explanation's card can join no meld with what Ann took, whatever else comes (every
    meld of the deck tried), and each other choice could join one in her hand with a card she
    took, as its feedback says (seed 12 once said 5♣ could join no meld with 8♣ 9♣)."""
    exercise = generate("safe_discard", seed)
    said = re.match(r"(\S+) can join no meld with (.+?)[,:]", exercise.explanation)
    safe, taken = parse_cards(said.group(1))[0], parse_cards(said.group(2))
    assert exercise.answer == (safe,)
    assert not any(shares_a_meld(safe, card) for card in taken), exercise.explanation
    for option in exercise.options:
        if option is not safe:
            named = re.match(r"(\S+) could join a meld with (\S+),", exercise.check((option,)).text)
            assert parse_cards(named.group(1))[0] is option
            assert shares_a_meld(option, parse_cards(named.group(2))[0], longest=HAND_RUN)


@pytest.mark.parametrize("seed", SEEDS)
def test_undercut_risk_is_answered_by_the_score(seed):
    exercise = generate("undercut_risk", seed)
    knocker, defender = (panel.cards for panel in exercise.panels)
    result = score_hand(knocker, defender)
    assert result.kind in (ScoreKind.KNOCK, ScoreKind.UNDERCUT)
    assert exercise.answer == ("Yes" if result.kind == ScoreKind.UNDERCUT else "No")
    assert exercise.check(exercise.answer).correct
    wrong = next(o for o in exercise.options if o != exercise.answer)
    feedback = exercise.check(wrong)
    assert not feedback.correct and feedback.text.startswith(f"Not “{wrong}”")
    assert f"Ben knocks with {result.knocker_deadwood} deadwood" in exercise.explanation
    assert f"keeps {result.defender_deadwood} deadwood" in exercise.explanation


def test_undercut_risk_asks_both_ways():
    assert {generate("undercut_risk", seed).answer for seed in range(6)} == {"Yes", "No"}


@pytest.mark.parametrize("seed", SEEDS)
def test_meld_outs_exercise_counts_the_cards(seed):
    exercise = generate("meld_outs", seed)
    cards = exercise.panels[0].cards
    assert exercise.answer == len(meld_outs(cards)) >= 1
    assert exercise.check(exercise.answer).correct
    for wrong in (exercise.answer - 1, exercise.answer + 1):
        assert not exercise.check(wrong).correct


@pytest.mark.parametrize("seed", SEEDS)
def test_safe_discard_has_one_card_that_feeds_nothing(seed):
    exercise = generate("safe_discard", seed)
    taken = parse_cards(re.search(r"Ann took (.+?) from the discard pile", exercise.prompt).group(1))
    safe = [card for card in exercise.options if not any(feeds(card, x) for x in taken)]
    assert exercise.answer == tuple(safe) and len(safe) == 1
    hand = exercise.panels[0].cards
    assert set(exercise.options) <= set(best_arrangement(hand).deadwood)
    assert exercise.check(exercise.answer).correct
    for card in exercise.options:
        if card not in safe:
            feedback = exercise.check((card,))
            assert not feedback.correct and "could join a meld with" in feedback.text


@functools.cache
def figures():
    """The figures the lesson quotes, as the benchmark stored them."""
    return knock_figures.stored()


def spread(hands, count=25):
    """``count`` hand numbers spread from the first hand to the last."""
    return sorted({round(i * (hands - 1) / (count - 1)) for i in range(count)})


def test_the_stored_figures_are_what_the_players_play():
    """The stored hands played again from their fixed deals: the first four of each measurement
    through the functions the benchmark calls, and a spread from the first hand to the last one
    by one. Playing them all takes the benchmark minutes: the hands in between are the same code
    on the same seed, not played here."""
    import numpy  # noqa: F401  (the players solve in numpy batches once numpy is imported, much faster)

    stored = figures()
    assert stored.seed == knock_figures.SEED
    assert knock_figures.undercuts(4).played == stored.undercuts.played[:4]
    assert knock_figures.knock_or_wait(4).played == stored.knock_or_wait.played[:4]
    for number in spread(stored.undercuts.hands):
        assert knock_figures.knock_of(number) == stored.undercuts.played[number], number
    for number in spread(stored.knock_or_wait.hands):
        assert knock_figures.outcome_of(number) == stored.knock_or_wait.played[number], number


def test_the_stored_figures_read_back_as_written():
    stored = figures()
    assert knock_figures.from_json(knock_figures.to_json(stored)) == stored
    assert stored.knock_or_wait.hands % 2 == 0 and stored.undercuts.hands >= 5000 <= stored.knock_or_wait.hands
    cut = stored.undercuts
    assert cut.knocks.whole == cut.early.whole + cut.late.whole == cut.low.whole + cut.high.whole
    assert cut.knocks.part == cut.early.part + cut.late.part == cut.low.part + cut.high.part
    assert cut.knocks.whole == cut.few_taken.whole + cut.many_taken.whole


def test_the_benchmark_prints_each_figure_with_its_sample_and_interval(capsys, monkeypatch):
    with bench_module("bench_strategy") as bench:
        monkeypatch.setattr("sys.argv", ["bench_strategy.py", "--stored"])
        bench.main()
    out = capsys.readouterr().out
    cut = figures().undercuts
    low, high = cut.high.interval_percent()
    assert (f"count more than {knock_figures.LOW_COUNT}: {cut.high.part} of {cut.high.whole} undercut, "
            f"{cut.high.percent():.1f}% (95% {low:.1f}%–{high:.1f}%)") in out
    gap = figures().knock_or_wait.points_per_hand
    assert (f"points per hand, at once less waiting: {gap.value:+.2f} points "
            f"(95% {gap.low:+.2f} to {gap.high:+.2f})") in out
    assert out.count("95%") == 12 and out.count("decided") == 5


# Each claim the lesson makes on the measured figures: a piece of its English prose, and the differences it rests
# on with the direction it claims (+1 more, -1 less), or 0 where the lesson says the figures do not decide.
CLAIMS = [
    ("points a hand more", [(lambda f: f.knock_or_wait.points_per_hand, +1)]),
    ("So knock as soon as you may, as a rule.", [(lambda f: f.knock_or_wait.points_per_hand, +1)]),
    ("the waiting player made more gins", [(lambda f: f.knock_or_wait.gins_per_hand, -1)]),
    ("A knock with a high count was undercut far more often", [(lambda f: f.undercuts.high_less_low, +1)]),
    ("Late knocks were undercut more often than early ones", [(lambda f: f.undercuts.late_less_early, +1)]),
    ("So were knocks after the opponent had taken 2 cards or more from the pile",
     [(lambda f: f.undercuts.many_less_few, +1)]),
    ("each of these differences is clear of chance", [(lambda f: f.undercuts.high_less_low, +1),
                                                      (lambda f: f.undercuts.late_less_early, +1),
                                                      (lambda f: f.undercuts.many_less_few, +1)]),
    ("Knock as soon as you may; the undercut is likelier with a high count, late in the hand, and after your "
     "opponent has taken cards from the pile", [(lambda f: f.knock_or_wait.points_per_hand, +1),
                                                (lambda f: f.undercuts.high_less_low, +1),
                                                (lambda f: f.undercuts.late_less_early, +1),
                                                (lambda f: f.undercuts.many_less_few, +1)]),
]


@pytest.mark.parametrize("piece, rests_on", CLAIMS, ids=[piece[:40] for piece, _ in CLAIMS])
def test_each_claim_of_a_direction_is_significant(piece, rests_on):
    """The lesson says it, and the stored figures decide it at 95%: the interval of each difference
    it rests on lies on the side it claims (or holds 0 where the lesson says the figures do not decide)."""
    nb = json.loads((ROOT / "lessons" / LESSONS[10].file).read_text(encoding="utf-8"))
    text = " ".join("".join(cell["source"]) for cell in nb["cells"] if cell["cell_type"] == "markdown")
    assert piece in text
    for gap, sign in rests_on:
        assert gap(figures()).sign == sign, (piece, gap(figures()))


def test_the_closing_check_is_answered_by_the_engine():
    questions = LESSONS[10].checks()
    assert [q.answer for q in questions] == ["The defender", "2", "K♠"]
    assert all(q.check(q.answer).correct for q in questions)
    assert all(not q.check(o).correct for q in questions for o in q.options if o != q.answer)


THEMED = {"Keep the pair": "best_discard", "Close to the limit": "can_knock", "Only looks useful": "take_or_draw"}


def test_the_lesson_names_puzzle_themes_its_next_steps_train():
    nb = json.loads((ROOT / "lessons" / LESSONS[10].file).read_text(encoding="utf-8"))
    last = "".join(nb["cells"][-2]["source"])
    named = re.findall(r"\*([^*]+)\* \(", last)
    assert sorted(named) == sorted(THEMED)
    for title, kind in THEMED.items():
        theme = next(name for name in THEMES if theme_title(name) == title)
        assert kind in {k.value for k in THEMES[theme].kinds}, (title, kind)
        assert kind in step(10).then
        assert theme in themes_in_bank(kind), f"the {kind} trainer offers no theme {theme!r}"


@pytest.mark.parametrize("seed", SEEDS)
def test_layout_choice_is_answered_by_the_defender_s_best_reply(seed):
    exercise = generate("layout_choice", seed)
    knocker, defender = (panel.cards for panel in exercise.panels)
    layouts = all_best_arrangements(knocker)
    assert len(layouts) == 2 and 0 < layouts[0].points <= 10
    kept = {layout_words(layout): best_layoffs(defender, layout.melds).points for layout in layouts}
    assert set(exercise.options[:2]) == set(kept) and exercise.options[2] == t(EITHER)
    best = max(kept.values())
    right = [words for words, points in kept.items() if points == best]
    assert exercise.answer == (right[0] if len(right) == 1 else t(EITHER))
    assert exercise.check(exercise.answer).correct
    assert all(not exercise.check(o).correct for o in exercise.options if o != exercise.answer)
    assert all(f"keeps {points}" in exercise.explanation for points in kept.values())


def test_layout_choice_asks_both_a_tie_and_a_better_layout():
    answers = [generate("layout_choice", seed).answer for seed in range(8)]
    assert t(EITHER) in answers and any(answer != t(EITHER) for answer in answers)


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_each_translation_quotes_the_english_numbers_and_cards(lang):
    """The English prose's figures are checked against the measurement (test_lesson_text.py);
    each translated cell quotes the same numbers and cards as its English cell."""
    def quoted(path):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        texts = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
        return [sorted(re.findall(r"\d+|(?:10|[2-9AJQK])[♣♦♥♠]", text)) for text in texts]
    english = quoted(ROOT / "lessons" / LESSONS[10].file)
    assert quoted(ROOT / "lessons" / lang / LESSONS[10].file) == english
