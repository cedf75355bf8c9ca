"""A hand's review in words, in the current language: its heading, its table's columns and each decision's
cells, and its summary's sentences. The one owner of how a review reads: ``gintrainer review`` prints them
(gintrainer/cli.py) and the pages draw them (gintrainer/widgets/review.py)."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.evaluate import Estimate
from ..engine.hand import ActionKind
from ..words.language import format_number, left_to_right, list_words, t, tc, tn
from .review import Decision, HandReview, Mark, move_words


def review_heading(reviewed: HandReview, players: Sequence[str] | None = None, *, name: str | None = None) -> str:
    """Whose decisions are reviewed and on how many sampled deals each. ``name``: the player as a page calls
    them (the learner's name, "Guest", a hand's player), and the heading says that name alone; else the
    seat's number, as the command line's ``--seat`` takes it, with its player's name when the hand's players
    are named."""
    seat = reviewed.seat
    if name is not None:
        # Translators: {name} is the player whose decisions are reviewed (the learner's name, or "Guest").
        return tn("Review of {name}: each decision judged on {n} sampled deal.",
                  "Review of {name}: each decision judged on {n} sampled deals.", reviewed.samples, name=name)
    if players is not None:
        # Translators: {name} is the player's name, as the hand history writes it.
        return tn("Review of seat {seat} ({name}): each decision judged on {n} sampled deal.",
                  "Review of seat {seat} ({name}): each decision judged on {n} sampled deals.", reviewed.samples,
                  seat=seat, name=players[seat])
    return tn("Review of seat {seat}: each decision judged on {n} sampled deal.",
              "Review of seat {seat}: each decision judged on {n} sampled deals.", reviewed.samples, seat=seat)


def no_decision_sentence(reviewed: HandReview, *, name: str | None = None) -> str:
    """What a review without decisions says (``name``: as :func:`review_heading`'s)."""
    if name is not None:
        # Translators: {name} is the player whose decisions are reviewed (the learner's name, or "Guest").
        return t("{name} took no decision in this hand.", name=name)
    return t("Seat {seat} took no decision in this hand.", seat=reviewed.seat)


def review_columns() -> tuple[str, ...]:
    """The heads of a review's table, a column for each of :func:`decision_cells`."""
    return (tc("review column", "step"), tc("review column", "decision"), tc("review column", "made"),
            tc("review column", "best"), tc("review column", "points lost"), tc("review column", "mark"))


def loss_words(loss: Estimate) -> str:
    """The points lost and their standard error: ``9.00 ± 0.50`` (left to right in a right-to-left
    sentence too, as every figure with its sign)."""
    return left_to_right(f"{format_number(loss.mean)} ± {format_number(loss.stderr)}")


def mark_words(mark: Mark) -> str:
    """A mark with its sign: ``?? blunder`` ("" for none)."""
    return f"{mark.symbol} {mark.words}".strip()


_GOING_OUT = (ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN)


def best_words(decision: Decision) -> str:
    """The best move as the review names it: its words (``discard 9♣``), which say that it plays on when the
    move made went out (a knock, gin or big gin) and the best is a discard: ``play on: discard 9♣``."""
    words = move_words(decision.best)
    if decision.made[0].kind in _GOING_OUT and decision.best[0].kind is ActionKind.DISCARD:
        # Translators: the best move of a reviewed decision whose move made went out (a knock, gin): {move} is
        # the discard that plays on instead ("discard 9♣").
        return t("play on: {move}", move=words)
    return words


def decision_cells(decision: Decision) -> tuple[str, ...]:
    """A decision's row of the table, under :func:`review_columns`: the step, the kind, the move made, the
    best move (:func:`best_words`), the points lost and the mark."""
    return (str(decision.step), decision.kind.words, move_words(decision.made), best_words(decision),
            loss_words(decision.loss), mark_words(decision.mark))


def reason_sentence(decision: Decision) -> str:
    """Why the best move is better than the move made, below the table ("" when the move made was the best)."""
    if not decision.why:
        return ""
    # Translators: a reviewed decision's reason, below the review's table; {step} is its step in the table,
    # {reason} the sentences that say why the best move is better than the move made.
    return t("Step {step}: {reason}", step=decision.step, reason=decision.reason)


def totals_sentence(reviewed: HandReview, *, name: str | None = None) -> str:
    """The number of decisions, the points lost in all and per decision (the error rate); ``name``: as
    :func:`review_heading`'s."""
    if name is not None:
        # Translators: {name} is the player whose decisions are reviewed (the learner's name, or "Guest").
        return tn("{name}: {n} decision, {lost} points of the hand lost in all, {rate} per decision (the error "
                  "rate).", "{name}: {n} decisions, {lost} points of the hand lost in all, {rate} per decision (the "
                  "error rate).", reviewed.count, name=name, lost=reviewed.total_loss, rate=reviewed.error_rate)
    return tn("Seat {seat}: {n} decision, {lost} points of the hand lost in all, {rate} per decision (the error "
              "rate).", "Seat {seat}: {n} decisions, {lost} points of the hand lost in all, {rate} per decision (the "
              "error rate).", reviewed.count, seat=reviewed.seat, lost=reviewed.total_loss, rate=reviewed.error_rate)


def marks_sentence(reviewed: HandReview) -> str:
    """How many decisions got each mark."""
    marks = reviewed.marks
    return t("Inaccuracies: {inaccuracies}, mistakes: {mistakes}, blunders: {blunders}.",
             inaccuracies=marks[Mark.INACCURACY], mistakes=marks[Mark.MISTAKE], blunders=marks[Mark.BLUNDER])


def worst_sentence(reviewed: HandReview) -> str:
    """The steps of the worst decisions, or that none lost points beyond the error of the estimates."""
    worst = reviewed.worst
    if worst:
        # Translators: {steps} are the steps of the hand, the worst first ("14, 8, 3").
        return t("The worst decisions, by points lost: steps {steps}.", steps=list_words(str(d.step) for d in worst))
    return no_worst_sentence()


def no_worst_sentence() -> str:
    return t("No decision lost points beyond the error of the estimates.")


def thresholds_sentence(reviewed: HandReview) -> str:
    """The points lost each mark starts from."""
    thresholds = reviewed.thresholds
    return t("Marks by the points lost: an inaccuracy from {inaccuracy}, a mistake from {mistake}, a blunder from "
             "{blunder}; never a loss within two standard errors of 0.", inaccuracy=thresholds[Mark.INACCURACY],
             mistake=thresholds[Mark.MISTAKE], blunder=thresholds[Mark.BLUNDER])


def summary_sentences(reviewed: HandReview) -> list[str]:
    """The summary under the table: the totals, the marks, the worst decisions and the thresholds."""
    return [totals_sentence(reviewed), marks_sentence(reviewed), worst_sentence(reviewed),
            thresholds_sentence(reviewed)]


__all__ = ["best_words", "decision_cells", "loss_words", "mark_words", "marks_sentence", "no_decision_sentence",
           "no_worst_sentence", "review_columns", "review_heading", "summary_sentences", "thresholds_sentence",
           "totals_sentence", "worst_sentence"]
