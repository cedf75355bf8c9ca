"""The practice tutor in a real browser, in Pashto on a phone's width (390 px): the learner's discard of K♠,
where knocking (or throwing 5♦) is there, is a blunder by the evaluator; the tutor stops it before it is
played, the learner rethinks, and the hand is as it was, the log saying what happened."""

import json

import pytest
from playwright.sync_api import expect
from test_layout import PROBLEMS_JS

from conftest import open_page, settle
from decks import stacked_deck
from gintrainer import Match, Rules
from gintrainer.engine.cards import Card
from gintrainer.engine.hand import Action
from gintrainer.replay.review import move_words
from gintrainer.trainers.practice import PracticeGame, save_path
from gintrainer.trainers.tutor import TutorChoice
from gintrainer.words.language import in_language, tc

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("server_data")]

# The learner (seat 0, non-dealer) takes the A♦ upcard: 2♣-4♣, three sevens and J♠-K♠ meld, 5♦ and A♦ left.
KNOCK_DEAL = stacked_deck("2C 3C 4C 7H 7S 7D JS QS KS 5D", "8C 9C TD JD 2H 4H 6S 8S KD QH", "AD")


def test_the_tutor_stops_a_blunder_and_the_learner_rethinks_in_pashto(page, server, console):
    game = PracticeGame(match=Match(Rules(), seed="browser", first_dealer=1, deck=KNOCK_DEAL), opponent="naive",
                        owner="Rahim", coach="off", tutor="blunders")
    game.play("take")
    game.save()
    with in_language("ps"):
        discard, rethink = tc("button", "Discard it"), tc("button", "Rethink")
        king = str(Card.parse("KS"))
        moved = move_words((Action.parse("discard KS"),))
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, server, "practice/practice.ipynb", "profile=Rahim&lang=ps")
    practice = page.locator(".gt-practice")
    practice.get_by_role("button", name=king, exact=True).click()
    practice.get_by_role("button", name=discard, exact=True).click()
    panel = practice.locator(".gt-tutor")
    expect(panel).to_be_visible(timeout=30_000)
    expect(panel.locator(".gt-tutor-question")).to_contain_text(moved)  # the move stopped, named in Pashto
    expect(practice.get_by_role("button", name=discard, exact=True)).to_be_disabled()
    assert page.evaluate("document.documentElement.dir") == "rtl"
    settle(page)
    problems = page.evaluate(PROBLEMS_JS)
    assert not problems, "\n".join(problems)
    panel.get_by_role("button", name=rethink, exact=True).click()
    expect(panel).to_be_hidden()
    saved = PracticeGame.from_dict(json.loads(save_path("Rahim").read_text()))
    assert saved.hand.history == ("take",) and saved.learner_to_act  # nothing played
    [note] = saved.tutor_notes
    assert note.choice is TutorChoice.RETHINK and [str(a) for a in note.made] == ["discard KS"]
    with in_language("ps"):
        said = note.text()
    expect(practice.locator(".gt-log-tutor")).to_have_text(said)
    expect(practice.get_by_role("button", name=king, exact=True)).to_be_visible()
