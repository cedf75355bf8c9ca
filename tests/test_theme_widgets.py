"""Theme filters speak to learners: each theme by its title, its description
beside it, and the word that choosing no theme means every theme; the values
stay the themes' names. The position shown counts all 52 cards."""

import re
from html import unescape

import pytest

pytest.importorskip("ipywidgets")

from gintrainer.puzzles import THEMES, bank  # noqa: E402
from gintrainer.puzzles.themes import NO_THEME_MEANS_ALL  # noqa: E402
from gintrainer.widgets.classroom import TeacherPage  # noqa: E402
from gintrainer.widgets.profile import Learner  # noqa: E402
from gintrainer.widgets.trainer import TrainerPage, position_html  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")


def text(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("kind", ["can_knock", "best_discard"])
def test_the_trainer_theme_dropdown_shows_titles_and_says_none_means_all(kind):
    page = TrainerPage(kind, learner=Learner(), seed=1)
    labels = dict(page.theme.options)
    assert labels["All themes"] == ""
    shown = {value: label for label, value in page.theme.options if value}
    assert shown and all(label == THEMES[value].title != value for value, label in shown.items())
    help_text = text(page.theme_help.value)
    assert NO_THEME_MEANS_ALL in help_text
    for value in shown:
        assert THEMES[value].description in help_text
    theme = next(iter(shown))
    page.theme.value = theme
    assert theme in page.view.puzzle.themes
    assert f"✓  {THEMES[theme].title}" in text(page.theme_help.value)


def test_the_class_page_theme_list_shows_titles_and_says_none_means_all():
    page = TeacherPage()
    assert [value for _, value in page.themes.options] == [t for t in THEMES if t != "big-gin"]
    assert all(label == THEMES[value].title for label, value in page.themes.options)
    help_text = text(page.themes_help.value)
    assert NO_THEME_MEANS_ALL in help_text and "choose several" in help_text
    page.themes.value = ("gin", "long-run")
    assert page.options()["themes"] == ("gin", "long-run")  # the names, as codes and files keep them
    marked = text(page.themes_help.value)
    assert f"✓  {THEMES['gin'].title}" in marked and f"✓  {THEMES['set-or-run'].title}" not in marked


def test_the_position_shown_counts_all_52_cards():
    for puzzle in bank("can_knock")[:40] + bank("best_discard")[:40]:
        words = text(position_html(puzzle))
        found = re.search(r"your 11, your opponent's 10, (\d+) in the discard pile and (\d+) in the stock\. "
                          r"You have not seen (\d+) of them", words)
        assert found, words
        pile, stock, unseen = map(int, found.groups())
        assert 11 + 10 + pile + stock == 52 and pile == len(puzzle.discard_pile) and stock == puzzle.stock_count
        assert unseen == stock + 10 - len(puzzle.opponent_known)
        assert f"Stock: {stock} cards" in words
