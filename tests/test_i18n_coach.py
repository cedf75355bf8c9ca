"""The beginner coach in the tests' pseudo-language: every sentence it says, and the
practice page's coach menu and words, come from the catalogs (between the marks)."""

from __future__ import annotations

import pytest

from gintrainer import Rules
from gintrainer.trainers.coach import coaching
from i18n import pseudo_language, unmarked
from test_coach import NAME, deal, positions

pytestmark = pytest.mark.usefixtures("data")


def test_every_sentence_of_the_coach_is_from_the_catalogs():
    said: set[str] = set()
    with pseudo_language():
        for _, _, advice in positions(400, 7):
            for remark in advice.remarks:
                text = remark.text()
                assert text.startswith("⟦") and unmarked(text, allowed=(NAME,)) == [], text
                said.add(remark.key)
        big = deal("2C 3C 4C 5C 7H 7S 7D JS QS KS", "8C 9C TD JD 2H 4H 6S 8S KD QH", "6C", actions=["take"],
                   rules=Rules.preset("standard", big_gin=True))
        for remark in coaching(big, 0, NAME).remarks:  # big gin: its three sentences
            assert unmarked(remark.text(), allowed=(NAME,)) == []
            said.add(remark.key)
    assert len(said) >= 30


def test_the_practice_page_s_coach_menu_and_words_are_from_the_catalogs():
    pytest.importorskip("ipywidgets")
    from decks import stacked_deck
    from gintrainer import Match
    from gintrainer.trainers.practice import PracticeGame
    from gintrainer.widgets.practice import PracticePage
    from gintrainer.widgets.profile import Learner

    deck = stacked_deck("2C 3C 4C 7H 7S 7D JS QS KS 5D", "8C 9C TD JD 2H 4H 6S 8S KD QH", "AD")
    with pseudo_language():
        match = Match(Rules(), seed="knock", first_dealer=1, deck=deck)
        page = PracticePage(Learner(), game=PracticeGame(match=match, opponent="naive", coach="words"))
        labels = [label for label, _ in page.coach_box.options] + [page.coach_box.description]
        assert all(unmarked(label) == [] for label in labels), labels
        assert "gt-coach-words" in page.coach.value and unmarked(page.coach.value) == []
        page.take_button.click()
        assert "gt-coach-words" in page.coach.value and unmarked(page.coach.value) == []
