"""The profile page's chart of the learner's reviewed hands in a real browser: in Pashto, on a phone's
390 px, the picture is drawn whole within the screen, titled in Pashto, one point per reviewed hand."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import open_page
from gintrainer.replay import examples
from gintrainer.replay.kept import keep_review
from gintrainer.words.language import in_language, tc

pytestmark = pytest.mark.browser

STORED = Path(__file__).resolve().parents[1] / "stored"


def test_the_chart_of_reviewed_hands_fits_a_phone_in_pashto(page, server, server_data, console):
    record = json.loads((STORED / "reviews" / "undercut-seat-1.json").read_text("utf-8"))
    hand = examples()["undercut"].hand
    for number in (1, 2, 3):
        keep_review("Chart", record, hand, match=8, number=number,
                    at=datetime(2026, 12, 5, 8, tzinfo=UTC) + timedelta(minutes=number))
    page.set_viewport_size({"width": 390, "height": 900})
    open_page(page, server, "puzzles/profile.ipynb", "profile=Chart&lang=ps")
    chart = page.locator("svg.gt-error-chart")
    expect(chart).to_be_visible()
    with in_language("ps"):
        title = tc("chart", "Your reviewed hands")
    expect(chart.locator("text").first).to_have_text(title)
    assert chart.locator("circle.gt-error-point").count() == 3
    box = chart.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 1
