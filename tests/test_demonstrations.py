"""The lessons' demonstrations: every card and number in a caption or a lead sentence
comes from the demonstration's hand, every fact a caption claims holds there, and
the players play the way the lessons teach."""

import json
import re
from pathlib import Path

import pytest

from gintrainer.deals import best_discards, worth_taking
from gintrainer.lessons import LESSONS, demo_hand
from gintrainer.melds import min_deadwood
from gintrainer.steps import Caption, HandSteps

ROOT = Path(__file__).resolve().parent.parent
DEMOS = [(number, which) for number, info in sorted(LESSONS.items()) for which in range(len(info.demos))]
CARD = re.compile(r"(10|[2-9AJQKT])\s?[♣♦♥♠CDHS]\b|[♣♦♥♠]")
NUMBER_WORDS = re.compile(r"\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty)\b", re.I)


def demo(number, which):
    return LESSONS[number].demos[which]


def markdown(number) -> str:
    nb = json.loads((ROOT / "lessons" / LESSONS[number].file).read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


@pytest.mark.parametrize("number, which", DEMOS)
def test_captions_type_in_no_card_and_no_number(number, which):
    d = demo(number, which)
    texts = [c.text for c in d.captions.values()] + ([d.lead.text] if d.lead else [])
    for text in texts:
        words = re.sub(r"\{[a-z_0-9]+\}", "", text)
        assert not re.search(r"\d", words) and not CARD.search(words) and not NUMBER_WORDS.search(words), text
    assert all(isinstance(c, Caption) for c in d.captions.values())


@pytest.mark.parametrize("number, which", DEMOS)
def test_every_caption_fills_in_and_its_facts_hold(number, which):
    d = demo(number, which)
    steps = d.steps()
    for step, caption in d.captions.items():
        text = steps.caption(step)
        assert "{" not in text and text.endswith(caption.text.split("}")[-1])
        facts = steps.facts(step)
        assert facts == {fact: True for fact in caption.facts}, (step, text, facts)
    if d.lead:
        assert "{" not in d.lead_text()


@pytest.mark.parametrize("number, which", [(n, w) for n, w in DEMOS if demo(n, w).lead])
def test_the_lesson_says_just_what_the_demonstration_shows(number, which):
    """The sentence before a demonstration in the notebook is its lead, filled from its hand."""
    assert demo(number, which).lead_text() in markdown(number)


def test_lesson_6_counts_the_chain_it_shows():
    hand = demo_hand(6)
    chained = [l.card for l in hand.layoffs if l.meld == 0]
    assert len(chained) == 3 and f"lay off {len(chained)} cards in a chain" in markdown(6)
    assert "four cards in a chain" not in markdown(6)


@pytest.mark.parametrize("number, which", DEMOS)
def test_the_players_play_as_the_lessons_teach(number, which):
    """Take the top discard only when it goes into a meld or lets you go out at once;
    discard a card that leaves the least deadwood, the highest such; go out when you can."""
    hand = demo_hand(number, which)
    steps = HandSteps(hand)
    for step, (seat, action) in enumerate(hand.actions, start=1):
        before = steps.state(step - 1)
        where = f"lesson {number} demo {which} step {step} ({action})"
        if before.phase in ("upcard", "draw") and before.is_legal("take"):
            assert (action.kind == "take") == worth_taking(before), where
        if before.phase == "discard":
            held = before.held(seat)
            outs = [a for a in before.legal_actions() if a.kind in ("knock", "gin", "big-gin")]
            if outs:
                assert action.kind in ("knock", "gin", "big-gin"), where + ": he could go out"
                best = min(min_deadwood([c for c in held if c is not a.card]) for a in outs if a.card)
                assert min_deadwood([c for c in held if c is not action.card]) == best, where
            else:
                points, cards = best_discards(before)
                assert action.card in cards and action.card.value == max(c.value for c in cards), where


def test_lesson_4_says_nothing_a_player_cannot_see():
    steps = demo(4, 0).steps()
    for step in range(steps.count):
        assert "notic" not in steps.caption(step)
    throw = next(step for step, c in demo(4, 0).captions.items() if "cannot see" in c.text)
    assert steps.facts(throw) == {"highest_deadwood": True, "next_player_wants_it": True}


def test_the_layout_demonstration_blocks_a_lay_off():
    steps = demo(6, 1).steps()
    values = steps.values(steps.count - 1)
    assert values["layout_left"] > values["other_layout_left"] and values["moved_card"] == "9♥"
    assert values["other_layout_layoffs"] == "10♥ J♥" and demo_hand(6, 1).result.defender_deadwood == 66
