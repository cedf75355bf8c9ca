"""Theme filters in a real browser: the trainer's dropdown and the class page's
list show each theme's title, its description beside it, and that choosing no
theme means every theme."""

import pytest
from playwright.sync_api import expect

from conftest import open_page
from gintrainer.puzzles import THEMES
from gintrainer.puzzles.themes import NO_THEME_MEANS_ALL
from gintrainer.trainers.training import themes_in_bank

pytestmark = pytest.mark.browser


def words(text: str) -> str:
    return " ".join(text.replace("\xa0", " ").split())  # the widgets write spaces as no-break spaces


def test_the_trainer_and_the_class_page_name_themes_for_people(page, server, console):
    open_page(page, server, "puzzles/best_discard.ipynb")
    trainer = page.locator(".gt-trainer")
    puzzle = trainer.locator(".gt-puzzle").first
    expect(puzzle).to_be_visible()
    select = trainer.locator(".widget-dropdown", has_text="Theme:").locator("select")
    expected = ["All themes"] + [THEMES[t].title for t in themes_in_bank("best_discard")]
    expect(select.locator("option")).to_have_count(len(expected))
    shown = [words(t) for t in select.locator("option").all_inner_texts()]
    assert shown == expected
    assert not {"naive-wrong", "set-or-run"} & set(shown)
    help_box = trainer.locator(".gt-theme-help")
    expect(help_box).to_contain_text(NO_THEME_MEANS_ALL)
    expect(help_box).to_contain_text(THEMES["keep-the-pair"].description)

    open_page(page, server, "classroom/teacher.ipynb")
    teacher = page.locator(".gt-teacher")
    listed = teacher.locator("select[multiple] option")
    expected = [THEMES[t].title for t in THEMES if t != "big-gin"]
    expect(listed).to_have_count(len(expected))
    assert [words(t) for t in listed.all_inner_texts()] == expected
    expect(teacher.locator(".gt-theme-help")).to_contain_text(NO_THEME_MEANS_ALL)
