"""A lesson or a trainer built ahead of its request (gintrainer.app.build_ahead: a kernel Voila preheated for a
prepared class) and then told who asked is the page built for that request: the same widgets with the same
texts, the learner's four-colour deck and difficulty, the "continue" at a lesson's end, the answers kept in the
learner's profile; a trainer built in one language and asked for in another is made again in that one. Driven
in this process, the request's details handed over as Voila's query websocket would."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from gintrainer import app
from gintrainer.records import profiles as store
from gintrainer.widgets import lesson, profile, site
from gintrainer.widgets import trainer as trainers
from gintrainer.widgets.base import settings
from gintrainer.words.language import current_language

SHOWN = ("value", "description", "options", "disabled", "_dom_classes", "index", "button_style")


@pytest.fixture
def kernel(fresh_kernel, monkeypatch):
    """A page's kernel: no request seen, no page learner yet."""
    monkeypatch.delenv(app.PSEUDO_SWITCH, raising=False)
    monkeypatch.setattr(app, "_request_seen", False)
    monkeypatch.setattr(app, "_building_ahead", False)
    monkeypatch.setattr(app, "_warmed", True)  # the catalogs and imports: this process has them
    profile._page_learners.clear()
    yield fresh_kernel
    for view in BUILT:
        view.close()  # a settings bar left open would write the next test's profile
    BUILT.clear()
    profile._page_learners.clear()


BUILT: list = []
"""The views a test built."""


def request_comes(monkeypatch, query: str) -> list[str]:
    """The kernel is a preheated one, and its request (``query``) comes when the page waits for it; the
    addresses it waited on."""
    waited: list[str] = []

    def details(url: str) -> dict[str, str]:
        waited.append(url)
        return {"QUERY_STRING": query}

    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr(app, "_request_details", details)
    return waited


def widgets_of(*roots) -> list[tuple]:
    """Every widget under ``roots`` in order, with the traits a learner sees."""
    seen: list[tuple] = []

    def walk(widget) -> None:
        seen.append((type(widget).__name__, tuple((name, repr(getattr(widget, name))) for name in SHOWN
                                                  if widget.has_trait(name))))
        for child in getattr(widget, "children", ()):
            walk(child)
    for root in roots:
        walk(root)
    return seen


def lesson_five(lang: str | None):
    """Lesson 5's cells in a notebook's order (one demonstration and one exercise of them)."""
    top = lesson.toolbar(5, lang=lang)
    demo = lesson.demo("knock")
    exercise = lesson.exercise("can_knock")
    end = lesson.nav(5)
    BUILT.extend((top, demo, exercise, end))
    return top, demo, exercise, end


@pytest.mark.parametrize("lang, query", [(None, "profile=Ann"), ("tr", "profile=Ann"), ("tr", "profile=Ann&lang=ku")])
def test_a_lesson_built_ahead_and_told_who_asked_is_the_lesson_built_for_the_request(kernel, monkeypatch, lang,
                                                                                      query):
    store.load("Ann")
    store.update_settings("Ann", four_colour=True)
    store.record_exercise("Ann", 5, "knock_card", right=True)  # lesson 5 in progress: the end continues it
    waited = request_comes(monkeypatch, query)
    ahead = lesson_five(lang)
    assert len(waited) == 1  # the page waited once, at its last cell
    learner = ahead[2].listeners[0].learner
    assert learner.name == "Ann" and ahead[3].learner is learner and settings.four_colour
    built_ahead, language = widgets_of(*ahead), current_language()
    assert language == (lang or "en")

    for view in ahead:
        view.close()  # the page's settings bar changes the profile with the settings no more
    profile._page_learners.clear()
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("QUERY_STRING", query)
    cold = lesson_five(lang)
    assert widgets_of(*cold) == built_ahead and current_language() == language
    assert "profile=Ann" in ahead[0].top_links.value and "profile=Ann" in ahead[3].value  # built for a guest, told


def test_answers_given_on_a_lesson_built_ahead_go_to_the_learner_who_asked(kernel, monkeypatch):
    store.load("Cem")
    request_comes(monkeypatch, "profile=Cem")
    top, _demo, exercise, _end = lesson_five(None)
    recorder = exercise.listeners[0]
    assert recorder.learner.name == "Cem"
    recorder.learner.record_exercise(5, "can_knock", right=True)
    assert "can_knock" in str(store.load("Cem", create=False).progress.to_dict())


def test_a_page_built_for_its_request_waits_before_it_is_built(kernel, monkeypatch):
    """Without build_ahead (every page but a lesson's), the first cell that asks for the learner waits."""
    store.load("Ann")
    waited = request_comes(monkeypatch, "profile=Ann")
    learner = profile.Learner.from_page()
    assert waited and learner.name == "Ann"
    assert profile.tell_who_asks() is None  # nothing was built ahead


def test_a_server_speaking_the_pseudo_language_builds_no_lesson_ahead(kernel, monkeypatch):
    request_comes(monkeypatch, "lang=qps")
    monkeypatch.setenv(app.PSEUDO_SWITCH, "1")
    assert not app.build_ahead() and not app._building_ahead


def trainer_page(kind: str):
    """A trainer's cells in its notebook's order (its top, then its trainer)."""
    top = site.nav(f"puzzles/{kind}.ipynb")
    page = trainers.trainer(kind)
    BUILT.extend((top, page))
    return top, page


@pytest.mark.parametrize("ahead_in, query, speaks", [(None, "profile=Ann", "en"), ("tr", "profile=Ann", "tr"),
                                                     (None, "profile=Ann&lang=ps", "ps"),
                                                     ("tr", "lang=ku", "ku")])
def test_a_trainer_built_ahead_and_told_who_asked_is_the_trainer_built_for_the_request(kernel, monkeypatch, ahead_in,
                                                                                        query, speaks):
    store.load("Ann")
    store.update_settings("Ann", four_colour=True, difficulty="harder")
    seeded = SimpleNamespace(Random=lambda seed=None: random.Random(5 if seed is None else seed))
    monkeypatch.setattr(trainers, "random", seeded)  # each page's puzzles chosen the same
    if ahead_in:
        monkeypatch.setenv(app.AHEAD_LANGUAGE, ahead_in)
    waited = request_comes(monkeypatch, query)
    top, page = trainer_page("can_knock")
    assert len(waited) == 1 and current_language() == speaks
    live = page.made_again if speaks != (ahead_in or "en") else page  # (made again in the request's language)
    assert live is not None and top.learner is live.learner and live.shown == 1
    assert (live.learner.name, live.difficulty.value) == (("Ann", "harder") if "Ann" in query else (None, "adaptive"))
    built_ahead = widgets_of(top, page)

    for view in (top, page):
        view.close()
    profile._page_learners.clear()
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("QUERY_STRING", query)
    monkeypatch.setattr(app, "_request_seen", False)
    assert widgets_of(*trainer_page("can_knock")) == built_ahead and current_language() == speaks


def test_a_trainer_made_again_in_the_request_s_language_closes_what_it_made_ahead(kernel, monkeypatch):
    request_comes(monkeypatch, "lang=tr")
    app.build_ahead()
    top = site.nav("puzzles/defend.ipynb")
    first = list(top.children)
    page = trainers.trainer("defend")
    BUILT.extend((top, page))
    assert current_language() == "tr" and top.learner.language == "tr"
    assert all(widget.comm is None for widget in first if widget not in top.children)  # closed, the style sheet kept
    assert top.closed and page.closed  # the cells show their parts, which work for the views made again
    assert "Türkçe" in str(widgets_of(top)) and profile._made_ahead == []
