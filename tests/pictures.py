"""The pictures of the app that README.md shows (docs/images/), taken by the browser tests
that open those pages, so that each run of the suite makes them again from the pages as they
are: ``lesson.png`` by tests/browser/test_lesson_pages.py, ``puzzle.png`` by
tests/browser/test_theme_filters.py."""

from __future__ import annotations

from pathlib import Path

from conftest import settle

IMAGES = Path(__file__).resolve().parents[1] / "docs" / "images"
PICTURES = ("lesson.png", "puzzle.png")
"""Every picture the README shows, each saved by one browser test."""


def save_picture(page, element, name: str) -> Path:
    """Save one element of a page, once its widgets have settled, as ``docs/images/<name>``."""
    assert name in PICTURES, f"{name} is not a picture the README shows"
    settle(page)
    element.scroll_into_view_if_needed()
    IMAGES.mkdir(parents=True, exist_ok=True)
    path = IMAGES / name
    element.screenshot(path=str(path), animations="disabled")
    return path
