"""The chart of a learner's points lost per decision over their last reviewed hands
(material/drawing.py's error_rate_chart_svg) and the profile page that shows it."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from datetime import UTC, datetime, timedelta

import pytest

from gintrainer import GinError
from gintrainer.material.drawing import error_rate_chart_svg
from gintrainer.records.progress import Progress
from gintrainer.records.reviews import KeptReview
from gintrainer.words.language import in_language, tc

SVG = "{http://www.w3.org/2000/svg}"
T0 = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


def parsed(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg)  # well-formed XML, or this fails


def points(svg: str) -> list[tuple[float, float]]:
    return [(float(c.get("cx", "nan")), float(c.get("cy", "nan"))) for c in parsed(svg).iter(f"{SVG}circle")]


def baseline(svg: str) -> float:
    """The y of the chart's 0 line: its first line across (the axis), drawn darker than the others."""
    return next(float(line.get("y1", "nan")) for line in parsed(svg).iter(f"{SVG}line")
                if line.get("y1") == line.get("y2") and line.get("stroke") == "#888888")


def texts(svg: str) -> list[str]:
    return ["".join(node.itertext()) for node in parsed(svg).iter(f"{SVG}text")]


def test_each_hand_is_a_point_whose_height_is_its_error_rate_the_oldest_on_the_left():
    rates = [0.4, 2.25, 0.0, 1.1, 3.7]
    svg = error_rate_chart_svg(rates)
    found = points(svg)
    zero = baseline(svg)
    assert len(found) == len(rates)
    assert [x for x, _ in found] == sorted(x for x, _ in found)  # in the order given, left to right
    heights = [zero - y for _, y in found]
    scale = heights[1] / rates[1]
    assert heights == pytest.approx([rate * scale for rate in rates], abs=0.02)  # one scale for every point
    assert all(0 <= y <= 220 for _, y in found) and heights[2] == pytest.approx(0)
    line = parsed(svg).find(f"{SVG}polyline").get("points").split()
    assert [tuple(map(float, pair.split(","))) for pair in line] == found  # the line joins the points
    assert "Your reviewed hands" in texts(svg)
    assert "your last 5 reviewed hands, the oldest on the left" in texts(svg)


def test_the_scale_reaches_the_worst_hand_and_is_labelled_in_the_language_s_numbers():
    svg = error_rate_chart_svg([0.5, 9.0])
    labels = [text for text in texts(svg) if text[:1].isdigit()]
    assert labels[0] in ("0", "0.0", "0.00") and float(labels[-1]) >= 9.0
    top = min(y for _, y in points(svg))
    assert top >= 34  # the worst hand is inside the frame, under the title
    with in_language("tr"):
        turkish = texts(error_rate_chart_svg([0.5, 0.75]))
    assert "0,25" in turkish  # Turkish writes a decimal comma


def test_one_hand_is_one_point_in_the_middle_and_no_line():
    svg = error_rate_chart_svg([1.5], tips=["Hand 1"])
    [(x, _)] = points(svg)
    axis = next(line for line in parsed(svg).iter(f"{SVG}line") if line.get("y1") == line.get("y2"))
    assert x == pytest.approx((float(axis.get("x1")) + float(axis.get("x2"))) / 2)  # the middle of the axis
    assert parsed(svg).find(f"{SVG}polyline") is None
    assert "1 reviewed hand" in texts(svg)


def test_no_hand_draws_the_frame_with_its_sentence():
    svg = error_rate_chart_svg([])
    assert points(svg) == [] and "No reviewed hands yet." in texts(svg)


def test_every_text_is_escaped():
    hostile = '<script>alert("x")</script> & \'quoted\''
    svg = error_rate_chart_svg([1.0, 2.0], tips=[hostile, "ok"], title=hostile, x_label=hostile, y_label=hostile)
    assert "<script>" not in svg
    root = parsed(svg)
    assert root.get("aria-label") == hostile and root.find(f"{SVG}title").text == hostile
    assert texts(svg).count(hostile) == 3 and root.find(f"{SVG}circle/{SVG}title").text == hostile


def test_bad_rates_are_refused():
    for rates in ([float("nan")], [-1.0], [float("inf")]):
        with pytest.raises(GinError, match="error rate"):
            error_rate_chart_svg(rates)
    with pytest.raises(GinError, match="tooltips"):
        error_rate_chart_svg([1.0], tips=[])


def test_in_pashto_the_texts_run_right_to_left_and_the_title_stands_on_the_right():
    with in_language("ps"):
        svg = error_rate_chart_svg([1.0, 2.0])
    title = parsed(svg).find(f"{SVG}text")
    assert title.get("direction") == "rtl" and float(title.get("x")) > 400
    assert [x for x, _ in points(svg)] == sorted(x for x, _ in points(svg))  # the hands still run left to right


@pytest.mark.parametrize("lang", ["tr", "ku", "ps"])
def test_the_chart_speaks_the_learner_s_language(lang):
    english = texts(error_rate_chart_svg([1.0, 2.0]))
    with in_language(lang):
        words = texts(error_rate_chart_svg([1.0, 2.0]))
        title = tc("chart", "Your reviewed hands")
    assert words[0] == title != english[0]
    assert not set(words) & {text for text in english if not text[:1].isdigit()}  # no English label is left


def test_the_chart_shrinks_to_a_narrow_screen():
    root = parsed(error_rate_chart_svg([1.0]))
    assert root.get("viewBox") == "0 0 480 220" and "max-width:100%" in root.get("style")


# -- the profile page ------------------------------------------------------------------------------


def kept(rate_seat: int, number: int) -> KeptReview:
    """A kept review of ``number`` decisions (none marked) and the error rate ``rate_seat / number``."""
    decision = {"step": 1, "kind": "discard", "made": ["discard 7H"], "best": ["discard 7H"],
                "loss": {"mean": 0.0, "stderr": 0.0, "samples": 10}, "made_value": {"mean": 1.0, "stderr": 1.0,
                "samples": 10}, "best_value": {"mean": 1.0, "stderr": 1.0, "samples": 10}, "mark": "none"}
    review = {"format": "gintrainer-hand-review", "version": 1, "seat": 0, "samples": 10, "seed": 0,
              "thresholds": {"inaccuracy": 2.0, "mistake": 4.0, "blunder": 8.0}, "decisions": [decision] * number,
              "summary": {"decisions": number, "total_loss": float(rate_seat), "error_rate": rate_seat / number
                          if number else 0.0, "marks": {"none": number}, "worst": []}}
    return KeptReview.make(review, match="3", hand=number or 1, at=T0 + timedelta(minutes=number))


def test_the_profile_page_draws_the_learner_s_reviewed_hands_or_says_there_are_none(fresh_kernel):
    from gintrainer.widgets.profile import Learner, ProfilePage, review_chart_html
    learner = Learner(language="en")
    page = ProfilePage(learner)
    assert "No hand of yours is reviewed yet" in page.chart.value and "<svg" not in page.chart.value
    progress = Progress.new("Guest")
    for rate, count in ((3, 4), (0, 0), (1, 8)):
        progress = progress.with_review(kept(rate, count))
    learner.progress = progress
    learner._changed()
    assert page.chart.value == review_chart_html(progress)
    svg = page.chart.value[page.chart.value.index("<svg"):]
    heights = [baseline(svg) - y for _, y in points(svg)]
    assert len(heights) == 2  # the hand without a decision of the learner has no rate
    assert heights[0] / heights[1] == pytest.approx((3 / 4) / (1 / 8), rel=1e-3)
    assert "2026-12-05 09:04: 0.75 points lost per decision (4 decisions)" in svg


def test_a_page_keeps_a_review_for_a_named_learner_in_the_profile_and_for_a_guest_in_the_page(fresh_kernel):
    from fake_judge import FakeJudge
    from gintrainer.engine.evaluate import decisions
    from gintrainer.records.profiles import hand_reviews
    from gintrainer.replay import examples
    from gintrainer.replay.review import review
    from gintrainer.widgets.profile import Learner, ProfilePage

    replay = examples()["undercut"]
    before = next(before for before, move in decisions(replay.hand, replay.featured) if len(move) == 1)
    hand_review = review(replay.hand, replay.featured, samples=10, judge=FakeJudge({before: (6.0, 1.0)}))
    for learner in (Learner("Ann", language="en"), Learner(language="en")):
        page = ProfilePage(learner)
        assert "<svg" not in page.chart.value
        learner.keep_review(hand_review, replay.hand, match=12, number=2)
        [kept] = learner.progress.latest_reviews
        assert (kept.match, kept.hand, kept.summary.error_rate) == ("12", 2, pytest.approx(hand_review.error_rate))
        assert len(points(page.chart.value)) == 1  # the page's chart follows at once
        with pytest.raises(GinError):
            learner.keep_review(hand_review, replay.hand.prefix(4), match=12, number=3)  # not over: nothing kept
        assert len(learner.progress.hand_reviews) == 1
    assert [k.hand for k in hand_reviews("ann")] == [2]  # the guest's stayed in the page
