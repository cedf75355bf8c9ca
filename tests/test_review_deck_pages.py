"""The review deck on the pages: the landing page's count of reviews due today and its link, the review page
serving the due puzzles, the trainers mixing them in, the profile page's deck (due, learned, the retention
reached)."""

import datetime as dt
import re
from html import unescape

import pytest

pytest.importorskip("ipywidgets")

from gintrainer.puzzles import bank  # noqa: E402
from gintrainer.records import profiles as store  # noqa: E402
from gintrainer.widgets.deck import ReviewPage  # noqa: E402
from gintrainer.widgets.profile import Learner, ProfilePage, deck_html  # noqa: E402
from gintrainer.widgets.site import REVIEW, LandingPage, reviews_due_html  # noqa: E402
from gintrainer.widgets.trainer import TrainerPage  # noqa: E402
from gintrainer.words.language import LANGUAGES  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")

NOW = dt.datetime.now(dt.UTC).replace(microsecond=0)
NO_KNOCK = next(p for p in bank("can_knock") if not p.can_knock)


def missed(learner, puzzle=NO_KNOCK, at=NOW - dt.timedelta(hours=1)):
    """The learner missed ``puzzle`` at ``at`` (an hour ago: due again now)."""
    store.record_attempt(learner.name, puzzle, "failed", answer="yes", hints=0, at=at, seconds=10)
    learner.reload()


def test_the_landing_page_counts_the_reviews_due_now_and_links_to_the_review_page(data):
    learner = Learner("Ann")
    assert "No review is due today" in reviews_due_html(learner, now=NOW)
    missed(learner)
    html = reviews_due_html(learner, now=NOW)
    assert "1 review is due now" in html and f'href="{REVIEW}?profile=Ann"' in html
    assert LandingPage(learner).reviews.value == reviews_due_html(learner)


def test_the_puzzles_made_from_a_hand_review_kept_enter_the_deck_due_at_once(data):
    from gintrainer.puzzles import PuzzleKind
    from mistake_hands import case, judged
    hand, seat, step = case(PuzzleKind.CAN_KNOCK)
    learner = Learner("Ann")
    learner.keep_review(judged(hand, seat, step)[0], hand, match="7", number=1)
    [entered] = store.load("Ann").progress.deck.cards.items()
    assert entered[1].kind == "can_knock" and entered[1].last_review is None
    assert "1 review is due now" in reviews_due_html(learner)
    page = ReviewPage(learner=learner)
    assert page.view.puzzle.id == entered[0] and "1 puzzle to review now" in page.due_line.value


def test_the_review_page_serves_the_due_puzzle_and_after_a_clean_answer_says_when_the_next_is_due(data):
    learner = Learner("Ann")
    missed(learner)
    page = ReviewPage(learner=learner)
    assert page.view.puzzle.id == NO_KNOCK.id and "1 puzzle to review now" in page.due_line.value
    page.view.attempt.answer_yes_no(False)
    page.view.on_result(page.view, page.view.attempt)
    card = store.load("Ann").progress.deck.cards[NO_KNOCK.id]
    assert card.learned and card.last_review is not None and dt.datetime.fromisoformat(card.due) > NOW
    assert "Nothing to review now. The next review is due on" in page.due_line.value
    assert page.next_button.layout.display == "none"


def test_a_review_page_with_nothing_due_shows_no_puzzle_and_says_the_deck_is_empty(data):
    page = ReviewPage(learner=Learner("Ann"))
    assert page.view.layout.display == "none" and "Your review deck is empty" in page.due_line.value


def test_the_trainer_mixes_in_the_due_reviews_and_not_a_missed_puzzle_until_it_is_due(data):
    learner = Learner("Ann")
    missed(learner, at=NOW)  # due in ten minutes: not yet
    page = TrainerPage("can_knock", learner=learner, seed=3)
    page.now = lambda: NOW  # the test's moment, however long after the module's import the test runs
    page.shown = 2  # the third puzzle is a review's turn
    page.next_puzzle()
    assert not page.from_review and page.view.puzzle.id != NO_KNOCK.id
    missed(learner, at=NOW - dt.timedelta(hours=1))  # answered again an hour ago, missed again: due now
    page.shown = 2
    page.next_puzzle()
    assert page.from_review and page.view.puzzle.id == NO_KNOCK.id


def test_the_profile_page_shows_the_deck_and_the_retention_measured_not_the_target(data):
    learner = Learner("Ann")
    assert "Retention: not measured yet" in deck_html(learner.progress, NOW)
    # Midday eleven days ago (10.5 to 11.5 days back): the puzzle missed on day 5 falls due ten minutes later,
    # the same UTC day, however near midnight the suite runs.
    start = (NOW - dt.timedelta(days=11)).replace(hour=12, minute=0, second=0)
    for n, puzzle in enumerate(bank("best_discard")[:4]):
        store.record_attempt("Ann", puzzle, "failed", answer="ZZ", hints=0, at=start)
        store.record_attempt("Ann", puzzle, "solved", answer="ZZ", hints=0, at=start + dt.timedelta(minutes=11))
        store.record_attempt("Ann", puzzle, "failed" if n == 0 else "solved", answer="ZZ", hints=0,
                             at=start + dt.timedelta(days=5))
    learner.reload()
    html = deck_html(learner.progress, start + dt.timedelta(days=5))
    assert "4 puzzles in your deck · due now 0 · later today 1 · learned 3" in html
    assert "Retention reached: 75% of 4 answers" in html and "aims at 90%" in html
    assert "to review now (all kinds) 4" in ProfilePage(learner).summary.value  # the four due now, eleven days on


def test_the_landing_page_the_profile_and_the_review_page_agree_on_what_is_due_now_and_later_today(data):
    """Six puzzles missed at 06:54 fall due at 07:04. At 07:00 the landing page, the profile (its summary and
    its deck's line) and the review page all say none is due now and six later today, the first at 07:04; at
    07:05 all three say six are due now, and the review page serves one. A puzzle page's line counts its own
    kind's, and says so."""
    from html import unescape
    missed_at = dt.datetime(2026, 12, 7, 6, 54, tzinfo=dt.UTC)
    for puzzle in bank("best_discard")[:6]:
        store.record_attempt("Ann", puzzle, "failed", answer="ZZ", hints=0, at=missed_at)
    learner = Learner("Ann")
    seven = dt.datetime(2026, 12, 7, 7, 0, tzinfo=dt.UTC)
    later = "6 reviews fall due later today, the first at 07:04 UTC."
    landing = unescape(reviews_due_html(learner, now=seven))
    assert "No review is due now: " in landing and later in landing and "Review</a>" in landing
    profile = ProfilePage(learner, now=lambda: seven)
    assert "to review now (all kinds) 0" in profile.summary.value
    assert f"6 puzzles in your deck · due now 0 · later today 6 · learned 0</p><p class='gt-info gt-deck-later'>" \
        f"{later}</p>" in unescape(profile.deck.value)
    review = ReviewPage(learner=learner, now=lambda: seven)
    assert f"Nothing to review now. {later}" in unescape(review.due_line.value)
    assert review.view.layout.display == "none" and review.next_button.layout.display == "none"
    five_past = dt.datetime(2026, 12, 7, 7, 5, tzinfo=dt.UTC)
    assert "6 reviews are due now: " in reviews_due_html(learner, now=five_past)
    assert "fall due later today" not in reviews_due_html(learner, now=five_past)
    assert "to review now (all kinds) 6" in ProfilePage(learner, now=lambda: five_past).summary.value
    review = ReviewPage(learner=learner, now=lambda: five_past)
    assert "6 puzzles to review now." in review.due_line.value and review.view.layout.display == ""
    trainer = TrainerPage("best_discard", learner=learner, seed=3)
    trainer.now = lambda: five_past
    trainer.refresh()
    assert "to review now (this kind) 6" in trainer.stats.value
    trainer = TrainerPage("can_knock", learner=learner, seed=3)
    trainer.now = lambda: five_past
    trainer.refresh()
    assert "to review now (this kind) 0" in trainer.stats.value


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_deck_s_counts_and_the_reviews_due_later_today_read_as_two_sentences(data, lang):
    """The profile's line of counts (which ends in no full stop) and the sentence on the reviews due later
    today are two paragraphs, and the landing page's sentence (ending with its link) and that one two lines:
    they once ran together ("… · learned 0 6 reviews fall due later today, …")."""
    from gintrainer.widgets.profile import later_today_words
    from gintrainer.words.language import in_language, tn

    missed_at = dt.datetime(2026, 12, 7, 6, 54, tzinfo=dt.UTC)
    for puzzle in bank("best_discard")[:6]:
        store.record_attempt("Ann", puzzle, "failed", answer="ZZ", hints=0, at=missed_at)
    learner = Learner("Ann")
    seven = dt.datetime(2026, 12, 7, 7, 0, tzinfo=dt.UTC)
    with in_language(lang):
        counts = tn("{n} puzzle in your deck · due now {due} · later today {later} · learned {learned}",
                    "{n} puzzles in your deck · due now {due} · later today {later} · learned {learned}", 6,
                    due=0, later=6, learned=0)
        later = later_today_words(learner.progress.deck.due_today(seven))
        profile, landing = deck_html(learner.progress, seven), reviews_due_html(learner, now=seven)
    assert "07:04" in later
    paragraphs = [unescape(text) for text in re.findall(r"<p[^>]*>(.*?)</p>", profile)]
    assert paragraphs[:2] == [counts, later]
    [line] = re.findall(r'<p class="gt-reviews-due">(.*?)</p>', landing)
    first, second = line.split("<br>")
    assert first.endswith("</a>") and unescape(second) == later


def test_the_profile_page_says_the_schedule_is_the_defaults_until_fitted_then_the_learner_s_factor(data):
    from dataclasses import replace
    from html import unescape

    from gintrainer.records.deck import FIT_FROM, Deck
    from gintrainer.words.language import use_language

    learner = Learner("Ann")
    missed(learner)
    html = unescape(deck_html(learner.progress, NOW))
    assert f"assumes an average learner's memory until it has counted {FIT_FROM} of your answers" in html
    deck = learner.progress.deck
    fitted = replace(learner.progress, deck=Deck(deck.cards, 0.84, 240, 180))
    html = unescape(deck_html(fitted, NOW))
    assert "fitted to 180 of your answers: you remember a puzzle about 0.8 times as long" in html
    use_language("tr")  # the fixtures speak English again after the test
    html = deck_html(fitted, NOW)
    assert "180 cevabına göre ayarlandı" in html and "yaklaşık 0,8 kat" in html


def test_a_missed_daily_puzzle_comes_back_on_the_review_page_and_in_its_trainer(data):
    """A daily puzzle is in no bank: missed, it enters the deck all the same, and the review page and its kind's
    trainer find it again by the day the learner answered it, today's puzzle or one of the archive's (the
    landing page counted it due while the review page said nothing was)."""
    from gintrainer.puzzles import daily, find_daily
    answered = NOW - dt.timedelta(hours=1)
    today = daily(answered, "best_discard")
    archived = daily(answered.date() - dt.timedelta(days=5), "can_knock")
    assert today.id not in {p.id for p in bank("best_discard")} and archived.id not in {p.id for p in bank("can_knock")}
    assert find_daily(archived.id, "can_knock", answered.date() - dt.timedelta(days=6)) is None  # not yet made
    store.record_attempt("Ann", today, "failed", answer="ZZ", hints=0, at=answered - dt.timedelta(minutes=5))
    store.record_attempt("Ann", archived, "failed", answer="yes" if not archived.can_knock else "no", hints=0,
                         at=answered)
    learner = Learner("Ann")
    assert "2 reviews are due now" in reviews_due_html(learner, now=NOW)
    page = ReviewPage(learner=learner, now=lambda: NOW)
    assert page.view.puzzle.id == today.id and "2 puzzles to review now." in page.due_line.value
    assert page.view.puzzle.to_dict() == today.to_dict()
    trainer = TrainerPage("can_knock", learner=learner, seed=3)
    trainer.now = lambda: NOW
    trainer.shown = 2  # the third puzzle is a review's turn
    trainer.next_puzzle()
    assert trainer.from_review and trainer.view.puzzle.id == archived.id


def test_the_review_page_and_the_mistakes_page_show_a_puzzle_s_rating_as_the_trainers_do(data):
    """A puzzle is "rated 1299 (± 181)" on the trainers and the daily page (its learned rating, else its
    starting one); the review page said "difficulty 1240" (the ladder's) for the same puzzle."""
    from gintrainer.puzzles import PuzzleKind
    from gintrainer.widgets.mistakes import MistakesPage
    from gintrainer.widgets.trainer import puzzle_rating, rated_about
    from mistake_hands import case, judged
    learner = Learner("Ann")
    missed(learner)
    page = ReviewPage(learner=learner)
    rating = puzzle_rating(NO_KNOCK).rating
    line = rated_about(NO_KNOCK, rating, revealed=False)
    assert f"rated {round(rating.rating)} (± {round(rating.deviation)})" in line
    assert line in page.view.title.value and "difficulty" not in page.view.title.value
    hand, seat, step = case(PuzzleKind.CAN_KNOCK)
    learner.keep_review(judged(hand, seat, step)[0], hand, match="7", number=1)
    mistakes = MistakesPage(learner=learner)
    mistakes.open_puzzle(0)
    own = mistakes.view.puzzle
    assert rated_about(own, puzzle_rating(own).rating, revealed=False) in mistakes.view.title.value
