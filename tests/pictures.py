"""The pictures of the app that README.md shows (docs/images/), taken by the browser test that
measures the pages' first screens (tests/browser/test_puzzle_first.py), so that each run of the
suite makes them again from the pages as they are: ``landing.png``, the landing page's first screen
on a laptop (1280 × 800), and ``puzzle-phone.png``, the best-discard trainer's on a phone (390 × 844)."""

from __future__ import annotations

from pathlib import Path

from conftest import settle

IMAGES = Path(__file__).resolve().parents[1] / "docs" / "images"
PICTURES = ("landing.png", "puzzle-phone.png")
"""Every picture the README shows, each saved by one browser test."""


def save_picture(page, element, name: str) -> Path:
    """Save one element of a page (``None``: the window, the first screen), once its widgets have settled,
    as ``docs/images/<name>``."""
    assert name in PICTURES, f"{name} is not a picture the README shows"
    settle(page)
    IMAGES.mkdir(parents=True, exist_ok=True)
    path = IMAGES / name
    if element is None:
        page.screenshot(path=str(path), animations="disabled")
    else:
        element.scroll_into_view_if_needed()
        element.screenshot(path=str(path), animations="disabled")
    return path
