"""The pages' language: which one a page speaks (the address, the profile, the
browser, English), links that carry it, the language menu on every page, the
lessons' notebooks in each language, and the pages' own text drawn in the tests'
pseudo-language with nothing left outside the marks."""

import datetime as dt
import json
import re
from html import unescape
from pathlib import Path
from urllib.parse import parse_qs

import pytest

pytest.importorskip("ipywidgets")

from gintrainer.lessons import LESSONS  # noqa: E402
from gintrainer.lessons.path import lesson_order  # noqa: E402
from gintrainer.records import profiles as store  # noqa: E402
from gintrainer.records.progress import Progress  # noqa: E402
from gintrainer.widgets import lesson as lesson_widgets  # noqa: E402
from gintrainer.widgets.base import PageLanguage, language_style  # noqa: E402
from gintrainer.widgets.present import PresentationPage  # noqa: E402
from gintrainer.widgets.profile import Learner, ProfileBar, ProfilePage  # noqa: E402
from gintrainer.widgets.site import (  # noqa: E402
    HOME,
    REFERENCE_FILES,
    LandingPage,
    NavBar,
    PageTop,
    language_menu_html,
    lesson_of,
    lesson_pages,
    lesson_path,
    page_title,
    reviews_due_html,
    site_pages,
)
from gintrainer.words import language  # noqa: E402
from gintrainer.words.language import LANGUAGES, NAMES, current_language, use_language  # noqa: E402
from i18n import pseudo_language, unmarked  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")

ROOT = Path(__file__).resolve().parents[1]
HREF = re.compile(r"""href=["']([^"']+)["']""")
NON_LESSON_PAGES = [p for p in site_pages() if lesson_of(p) is None]


def hrefs(html):
    return [unescape(h) for h in HREF.findall(html)]


def query_of(link):
    return parse_qs(link.partition("?")[2])


def open_page(monkeypatch, query="", accept=None):
    monkeypatch.setenv("QUERY_STRING", query)
    if accept is None:
        monkeypatch.delenv("HTTP_ACCEPT_LANGUAGE", raising=False)
    else:
        monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", accept)
    return Learner.from_page()


# --- which language a page speaks ------------------------------------------------------

def test_a_page_speaks_the_language_its_address_asks_for_before_the_profile_and_the_browser(data, monkeypatch):
    store.update_settings("Ann", language="ku")
    learner = open_page(monkeypatch, "profile=Ann&lang=ps", accept="tr-TR,tr;q=0.9")
    assert learner.language == "ps" and current_language() == "ps"


def test_without_lang_the_profile_s_language_comes_before_the_browser_s(data, monkeypatch):
    store.update_settings("Ann", language="ku")
    assert open_page(monkeypatch, "profile=ann", accept="tr").language == "ku"
    assert current_language() == "ku"


def test_without_lang_or_a_saved_language_the_browser_s_is_followed(data, monkeypatch):
    assert open_page(monkeypatch, "profile=Ben", accept="de-DE,de;q=0.9,tr;q=0.8,en;q=0.5").language == "tr"
    use_language("en")  # a new page is a new kernel, which speaks English until told otherwise
    assert open_page(monkeypatch, "", accept="fr, de").language == "en"  # none of the four: English
    assert open_page(monkeypatch, "lang=de", accept="ps").language == "ps"  # a language it does not speak
    assert current_language() == "ps"


def test_with_nothing_a_page_speaks_english(data, monkeypatch):
    assert open_page(monkeypatch).language == "en" and current_language() == "en"


def test_a_language_asked_for_with_a_profile_is_saved_in_it(data, monkeypatch):
    open_page(monkeypatch, "profile=Cem&lang=tr")
    assert store.load("Cem").progress.settings.language == "tr"
    assert store.saved_language("CEM") == "tr"
    assert open_page(monkeypatch, "profile=Cem").language == "tr"  # the next page, opened without lang
    open_page(monkeypatch, "profile=Cem&lang=en")
    assert store.load("Cem").progress.settings.language == "en"


def test_a_guest_s_language_is_saved_nowhere_and_a_bad_lang_changes_nothing(data, monkeypatch):
    store.update_settings("Dil", language="ku")
    open_page(monkeypatch, "profile=Dil&lang=xx")
    assert store.load("Dil").progress.settings.language == "ku"
    open_page(monkeypatch, "lang=tr")
    assert store.list_profiles() == ("Dil",)


def test_the_pseudo_language_needs_the_server_s_switch(data, monkeypatch):
    assert open_page(monkeypatch, "lang=qps").language == "en"
    monkeypatch.setenv("GINTRAINER_PSEUDO", "1")
    assert open_page(monkeypatch, "profile=Pat&lang=qps").language == "qps"


def test_a_profile_written_before_the_language_setting_reads_unchanged(data):
    """A version-2 file without ``language`` (every file written so far) reads as no choice,
    and a learner who never chose writes the settings as before."""
    old = Progress.new("Eda").to_dict()
    old["settings"] = {"four_colour": True, "difficulty": "harder"}
    path = store.profile_path("Eda")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(old), encoding="utf-8")
    progress = store.load("Eda").progress
    assert progress.settings.language is None and progress.settings.four_colour is True
    assert store.saved_language("Eda") is None
    assert "language" not in json.loads(path.read_text(encoding="utf-8"))["settings"]
    store.update_settings("Eda", language="ps")
    assert json.loads(path.read_text(encoding="utf-8"))["settings"]["language"] == "ps"
    with pytest.raises(Exception, match="setting language must be one of"):
        store.update_settings("Eda", language="qps")


def test_a_bad_profile_in_the_address_is_reported_in_the_page_s_language(data, monkeypatch):
    learner = open_page(monkeypatch, "profile=%00&lang=qps")
    assert learner.notice.startswith("Could not open the profile from the address:")
    monkeypatch.setenv("GINTRAINER_PSEUDO", "1")
    with pseudo_language():
        learner = open_page(monkeypatch, "profile=%00%01&lang=qps")
        assert learner.notice.startswith("⟦Could not open the profile from the address:")


# --- links carry the language ------------------------------------------------------------

@pytest.mark.parametrize("here", [*NON_LESSON_PAGES, lesson_path(3), lesson_path(3, "tr"),
                                  lesson_path("glossary", "ps")])
def test_every_link_carries_the_learner_s_language(data, here):
    learner = Learner("Ann", language="tr")
    links = hrefs(NavBar(here, learner).value)
    assert links and all(query_of(h) == {"profile": ["Ann"], "lang": ["tr"]} for h in links)
    assert all(query_of(h) == {"lang": ["ps"]} for h in hrefs(NavBar(here, Learner(language="ps")).value))


def test_links_carry_english_when_the_next_page_would_choose_another_language(data):
    assert Learner().query() == "" and Learner("Ann").query() == "?profile=Ann"
    assert Learner(language="en", browser="tr-TR").query() == "?lang=en"  # a guest whose browser asks Turkish
    store.update_settings("Ann", language="ku")
    assert Learner("Ann", language="en").query() == "?profile=Ann&lang=en"
    assert Learner("Ann", language="ku").query(code="AB12") == "?code=AB12&profile=Ann&lang=ku"


def test_the_landing_page_links_to_the_lessons_of_the_learner_s_language(data):
    page = LandingPage(Learner("Ann", language="ps"))
    [resume], links = hrefs(page.next_step.value), hrefs(page.lessons.value)  # the "continue" button, each lesson
    assert resume == links[0] == f"lessons/ps/{LESSONS[1].file}?profile=Ann&lang=ps"
    assert [h.partition("?")[0] for h in links] == [p.path for p in lesson_pages("ps")]
    assert all(h.endswith("?profile=Ann&lang=ps") for h in hrefs(page.puzzles.value + page.extras.value))


# --- the language menu ----------------------------------------------------------------

@pytest.mark.parametrize("here", NON_LESSON_PAGES)
def test_every_page_offers_each_language_under_its_own_name(data, here):
    learner = Learner("Zoë", language="tr")
    with language.in_language("tr"):
        top = PageTop(here, learner) if here != HOME else LandingPage(learner)
    menu = top.menu.value
    links = hrefs(menu)
    assert [unescape(name) for name in re.findall(r">([^<>]+)</(?:a|b)>", menu)] == [NAMES[x] for x in LANGUAGES]
    assert '<b lang="tr" aria-current="true">Türkçe</b>' in menu  # the page's language, not a link
    assert [h.partition("?")[0] for h in links] == [Path(here).name] * 3  # the same page
    assert [query_of(h) for h in links] == [{"profile": ["Zoë"], "lang": [x]} for x in LANGUAGES if x != "tr"]


def test_a_lesson_s_menu_opens_the_lesson_in_each_language(data):
    menu = language_menu_html(lesson_path(6), Learner())
    assert hrefs(menu) == [f"{x}/{LESSONS[6].file}?lang={x}" for x in LANGUAGES if x != "en"]
    with language.in_language("ku"):
        menu = language_menu_html(lesson_path("glossary", "ku"), Learner(language="ku"))
    assert hrefs(menu) == ["../glossary.ipynb?lang=en", "../tr/glossary.ipynb?lang=tr", "../ps/glossary.ipynb?lang=ps"]


def test_the_menu_follows_a_change_of_name(data):
    learner = Learner(language="ku")
    top = PageTop("puzzles/daily.ipynb", learner)
    learner.choose("Ann")
    assert all(query_of(h)["profile"] == ["Ann"] for h in hrefs(top.menu.value))


# --- the lessons in each language --------------------------------------------------------

def test_site_pages_list_every_language_s_lessons():
    pages = site_pages()
    for lang in LANGUAGES:
        assert [p.path for p in lesson_pages(lang)] == [p for p in pages if (lesson_of(p) or (0, ""))[1] == lang]
    assert lesson_path(1, "tr") == "lessons/tr/01_cards_and_melds.ipynb" and lesson_of("lessons/tr/x.ipynb") is None
    lesson_pages_each = len(lesson_order()) + len(REFERENCE_FILES)  # the lessons with the first hand, the reference
    assert len(pages) == len(set(pages)) == 1 + 4 * lesson_pages_each + len(NON_LESSON_PAGES) - 1


def test_a_translated_lesson_s_toolbar_speaks_its_language_and_links_within_it(data, monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "profile=Ann")
    bar = lesson_widgets.toolbar(2, lang="tr")
    assert current_language() == "tr" and bar.language.lang == "tr" and bar.language.dir == "ltr"
    targets = [h.partition("?")[0] for h in hrefs(bar.top_links.links)]
    assert targets == ["../../index.ipynb", LESSONS[1].file, LESSONS[3].file, "glossary.ipynb",
                       "quick_reference.ipynb"]
    assert all(query_of(h) == {"profile": ["Ann"], "lang": ["tr"]} for h in hrefs(bar.top_links.links))
    bottom = lesson_widgets.nav(2)  # a translated lesson's last cell is the English one's
    # the next step, in Turkish, then the links again
    assert hrefs(bottom.value) == [f"{LESSONS[3].file}?profile=Ann&lang=tr", *hrefs(bar.top_links.links)]
    assert "Sırada ne var?" in bottom.value
    top = lesson_widgets.nav("glossary", lang="ps")
    assert top.language.dir == "rtl" and current_language() == "ps"


def test_an_english_lesson_opened_in_another_language_links_to_that_language_s_notebook(data, monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "lang=ku")
    bar = lesson_widgets.toolbar(4)
    assert current_language() == "en"  # the notebook's prose is English, so is the page
    assert hrefs(bar.top_links.other) == [f"ku/{LESSONS[4].file}?lang=ku"]
    assert "Kurmancî" in bar.top_links.other
    assert all(query_of(h) == {"lang": ["ku"]} for h in hrefs(bar.top_links.links))  # the learner's choice is kept
    assert lesson_widgets.toolbar(4, lang="ku").top_links.other == ""


# --- right to left ------------------------------------------------------------------------

def test_the_page_language_widget_says_lang_and_direction():
    with language.in_language("ps"):
        widget = PageLanguage.for_page()
    assert (widget.lang, widget.dir) == ("ps", "rtl")
    assert "document.documentElement.dir" in widget._esm
    css = language_style()
    assert "Noto Naskh Arabic" in css and "[dir=rtl] .gt-row" in css and "direction: ltr" in css


# --- the pseudo-language: nothing of these pages is left unmarked -----------------------

ALLOWED = [word for name in NAMES.values() for word in name.split()]
"""The language menu names each language in itself, never translated."""


def test_a_lesson_s_links_at_the_top_are_one_widget_that_follows_a_change_of_name(data, monkeypatch):
    """The language menu, the notice of the learner's language and the links are redrawn
    together: one widget model, not three (each costs the page's kernel and the server)."""
    monkeypatch.setenv("QUERY_STRING", "lang=ku")
    bar = lesson_widgets.toolbar(4)
    links = bar.top_links
    assert links.menu and links.other and links.links and links.value == links.menu + links.other + links.links
    assert 'class="gt-lang-menu"' in links.menu and "Kurmancî" in links.other and 'class="gt-nav"' in links.links
    assert list(bar.children)[1:] == [bar.language, links, bar.settings_bar]  # after the style sheet; no problem yet
    bar.learner.choose("Ann")
    assert hrefs(links.value) and all(query_of(h)["profile"] == ["Ann"] for h in hrefs(links.value))


def page_text(*htmls):
    return " ".join(htmls)


@pytest.mark.parametrize("here", NON_LESSON_PAGES[1:])
def test_each_page_s_top_is_drawn_from_the_catalog(data, here):
    with pseudo_language():
        top = PageTop(here, Learner(language="qps"))
        html = page_text(top.menu.value, top.heading.value, top.links.value)
    assert top.heading.value and unmarked(html, ALLOWED) == []


def test_the_landing_page_s_own_text_is_drawn_from_the_catalog(data):
    with pseudo_language():
        page = LandingPage(Learner("Ann", language="qps"))
        headings = [c.value for c in page.children if hasattr(c, "value") and "<h" in str(c.value)]
        html = page_text(page.menu.value, *headings, page.next_step.value, page.lessons.value, page.reviews.value,
                         page.puzzles.value,
                         page.extras.value,
                         page.bar.who.value, page.bar.open_button.description, page.bar.name_box.placeholder,
                         page.bar.name_box.description, page.bar.colour_box.description)
    assert unmarked(html, ALLOWED + ["Ann"]) == []


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_each_lesson_toolbar_is_drawn_from_the_catalog(data, number, monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "lang=qps")
    monkeypatch.setenv("GINTRAINER_PSEUDO", "1")
    with pseudo_language():
        bar = lesson_widgets.toolbar(number)
        sizes = bar.settings_bar.size
        html = page_text(bar.top_links.value, *(label for label, _ in sizes.options), sizes.description,
                         bar.settings_bar.four_colour.description)
    assert bar.language.lang == "qps" and unmarked(html, ALLOWED) == []


def test_the_profile_page_stepper_and_present_page_are_drawn_from_the_catalog(data):
    store.record_attempt("Ann", {"id": "k1", "kind": "can_knock", "themes": [], "difficulty": 1200}, "solved",
                         answer="no", hints=0)
    with pseudo_language():
        learner = Learner("Ann", language="qps")
        profile = ProfilePage(learner)
        profile.reset_button.click()
        bar = ProfileBar(Learner())
        present = PresentationPage()
        stepper = present.stepper
        html = page_text(profile.summary.value, profile.deck.value, profile.message.value,
                         profile.difficulty.description,
                         *(label for label, _ in profile.difficulty.options), profile.export_button.description,
                         profile.reset_button.description, profile.confirm.description, bar.who.value,
                         stepper.board.label, *stepper.board.texts.values(), present.choice.description,
                         present.choice.options[-1][0], present.stepper.board.heading)
    when = learner.progress.history[0].at[:16].split("T")
    assert "gt-kind-ratings" in profile.summary.value  # each kind's rating with its deviation
    assert "⟦" in html and unmarked(html, ALLOWED + ["Ann", "k1", *when]) == []


def test_the_review_page_and_the_deck_s_lines_are_drawn_from_the_catalog(data):
    from gintrainer.puzzles import bank
    from gintrainer.widgets.deck import ReviewPage
    puzzle = next(p for p in bank("can_knock") if not p.can_knock)
    an_hour_ago = dt.datetime.now(dt.UTC) - dt.timedelta(hours=1)
    store.record_attempt("Ann", puzzle, "failed", answer="yes", hints=0, at=an_hour_ago)
    with pseudo_language():
        empty = ReviewPage(learner=Learner("Ben", language="qps"))
        learner = Learner("Ann", language="qps")
        page = ReviewPage(learner=learner)
        html = page_text(empty.due_line.value, page.due_line.value, page.view.title.value, page.view.note.value,
                         page.next_button.description, reviews_due_html(learner), reviews_due_html(Learner()))
        page.view.attempt.answer_yes_no(False)
        page.view.on_result(page.view, page.view.attempt)
        html = page_text(html, page.due_line.value, ProfilePage(learner).deck.value)
    assert page.view.puzzle.id == puzzle.id and "⟦" in html
    assert unmarked(html, ALLOWED + ["Ann", "UTC", *re.findall(r"\d+[-:]\d+(?:[-:]\d+)?", html)]) == []


ENGLISH_TITLES = {"index.ipynb": "Gin Rummy trainer", "puzzles/daily.ipynb": "Daily puzzles",
                  "puzzles/defend.ipynb": "Defend", "puzzles/mistakes.ipynb": "Your mistakes",
                  "lessons/04_normal_turn.ipynb": "Lesson 4: A normal turn",
                  "lessons/tr/04_normal_turn.ipynb": "Lesson 4: A normal turn",
                  "classroom/student.ipynb": "Your class set", "classroom/gradebook.ipynb": "Gradebook"}


@pytest.mark.parametrize("notebook, english", ENGLISH_TITLES.items())
def test_a_page_s_tab_title_is_its_heading_or_its_lesson_s_in_the_language_spoken(notebook, english):
    """(In Chromium, every page's tab shows its title: tests/browser/test_layout.py.)"""
    with language.in_language("en"):
        assert page_title(notebook) == english
    with language.in_language("tr"):
        assert page_title(notebook) not in (english, "")
