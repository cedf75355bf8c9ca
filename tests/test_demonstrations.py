"""The lessons' demonstrations: every card and number in a caption or a lead sentence
comes from the demonstration's hand, every fact a caption claims holds there, and
the players play the way the lessons teach."""

import json
import re
from pathlib import Path

import pytest

from gintrainer.engine.hand import ActionKind, Phase
from gintrainer.engine.melds import min_deadwood
from gintrainer.lessons import DEMOS, LESSONS, demo, lesson_of
from gintrainer.lessons.model import HandDemo
from gintrainer.material.deals import best_discards, worth_taking
from gintrainer.material.steps import Caption, HandSteps
from gintrainer.words.language import in_language

ROOT = Path(__file__).resolve().parent.parent
HAND_DEMOS = sorted(name for name, d in DEMOS.items() if isinstance(d, HandDemo))
CARD = re.compile(r"(10|[2-9AJQKT])\s?[♣♦♥♠CDHS]\b|[♣♦♥♠]")
GOING_OUT = (ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN)
NUMBER_WORDS = re.compile(r"\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty)\b", re.I)


def markdown(number) -> str:
    nb = json.loads((ROOT / "lessons" / LESSONS[number].file).read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


@pytest.mark.parametrize("name", HAND_DEMOS)
def test_captions_type_in_no_card_and_no_number(name):
    d = demo(name)
    texts = [c.text for c in d.captions().values()] + ([d.lead.text] if d.lead else [])
    for text in texts:
        words = re.sub(r"\{[a-z_0-9]+\}", "", text)
        assert not re.search(r"\d", words) and not CARD.search(words) and not NUMBER_WORDS.search(words), text
    assert all(isinstance(c, Caption) for c in d.captions().values())


@pytest.mark.parametrize("name", HAND_DEMOS)
def test_every_caption_fills_in_and_its_facts_hold(name):
    d = demo(name)
    steps = d.steps()
    for step, caption in d.captions().items():
        text = steps.caption(step)
        assert "{" not in text and text.endswith(caption.text.split("}")[-1])
        facts = steps.facts(step)
        assert facts == {fact: True for fact in caption.facts}, (step, text, facts)
    if d.lead:
        assert "{" not in d.lead_text()


@pytest.mark.parametrize("name", [name for name in HAND_DEMOS if demo(name).lead])
def test_the_lesson_says_just_what_the_demonstration_shows(name):
    """The sentence before a demonstration in the notebook is its lead, filled from its hand
    (tests/test_lessons.py checks that it comes just before the demonstration)."""
    assert demo(name).lead_text() in markdown(lesson_of(demo(name)).number)


def test_lesson_6_counts_the_chain_it_shows():
    hand = demo("layoff").hand()
    chained = [layoff.card for layoff in hand.layoffs if layoff.meld == 0]
    assert len(chained) == 3 and f"lay off {len(chained)} cards in a chain" in markdown(6)
    assert "four cards in a chain" not in markdown(6)


@pytest.mark.parametrize("name", HAND_DEMOS)
def test_the_players_play_as_the_lessons_teach(name):
    """Take the top discard only when it goes into a meld or lets you go out at once;
    discard a card that leaves the least deadwood, the highest such; go out when you can."""
    hand = demo(name).hand()
    steps = HandSteps(hand)
    for step, (seat, action) in enumerate(hand.actions, start=1):
        before = steps.state(step - 1)
        where = f"demonstration {name} step {step} ({action})"
        if before.phase in (Phase.UPCARD, Phase.DRAW) and before.is_legal("take"):
            assert (action.kind is ActionKind.TAKE) == worth_taking(before), where
        if before.phase is Phase.DISCARD:
            held = before.held(seat)
            outs = [a for a in before.legal_actions() if a.kind in GOING_OUT]
            if outs:
                assert action.kind in GOING_OUT, where + ": he could go out"
                best = min(min_deadwood([c for c in held if c is not a.card]) for a in outs if a.card)
                assert min_deadwood([c for c in held if c is not action.card]) == best, where
            else:
                points, cards = best_discards(before)
                assert action.card in cards and action.card.value == max(c.value for c in cards), where


def test_lesson_4_says_nothing_a_player_cannot_see():
    steps = demo("normal_turn").steps()
    for step in range(steps.count):
        assert "notic" not in steps.caption(step)
    throw = next(step for step, c in demo("normal_turn").captions().items() if "cannot see" in c.text)
    assert steps.facts(throw) == {"highest_deadwood": True, "next_player_wants_it": True}


def test_the_layout_demonstration_blocks_a_lay_off():
    steps = demo("layout").steps()
    values = steps.values(steps.count - 1)
    assert values["layout_left"] > values["other_layout_left"] and values["moved_card"] == "9♥"
    assert values["other_layout_layoffs"] == "10♥ J♥" and demo("layout").hand().result.defender_deadwood == 66


def test_a_score_has_no_value_before_the_hand_is_over():
    """A caption that asks for the points too early is told why, not handed a None."""
    knock = demo("knock")
    steps = knock.steps()
    with pytest.raises(KeyError, match="the hand is not over"):
        steps.values(1)["points"]
    assert steps.values(steps.count - 1)["points"] == knock.hand().result.points


LRI, PDI = "\u2066", "\u2069"
ISOLATED = re.compile(f"{LRI}([^{PDI}]*){PDI}")


@pytest.mark.parametrize("name", sorted(DEMOS))
def test_a_right_to_left_caption_keeps_its_cards_and_sums_left_to_right_and_together(name):
    """In Pashto every card, run of cards and sum of a step's caption is isolated (it reads left to
    right, 7♦ 7♥ 7♠ and not 7♠ 7♥ 7♦), and a sum holds no space a line may break at."""
    with in_language("ps"):
        steps = DEMOS[name].steps()
        captions = [steps.caption(step) for step in range(steps.count)]
    for step, text in enumerate(captions):
        outside = ISOLATED.sub("", text)
        assert not re.search(r"[♣♦♥♠]|\d\s*[+=]\s*\d", outside), (name, step, text)
        for inside in ISOLATED.findall(text):
            if re.search(r"\d\s*[+=]", inside):
                assert " " not in inside, (name, step, inside)


def test_the_walkthrough_caption_box_in_pashto_isolates_the_set_and_keeps_the_sum_whole():
    pytest.importorskip("ipywidgets")
    from gintrainer.widgets import lesson as lesson_widgets
    with in_language("ps"):
        box = lesson_widgets.demo("melds").board.caption
    assert 'class="gt-caption-box"' in box
    assert f"{LRI}7♦ 7♥ 7♠{PDI}" in box and f"{LRI}4♣ 5♣ 6♣{PDI}" in box and f"{LRI}2♠ 9♥ Q♦ K♥{PDI}" in box
    assert f"{LRI}2\u00a0+\u00a09\u00a0+\u00a010\u00a0+\u00a010\u00a0=\u00a031{PDI}" in box
