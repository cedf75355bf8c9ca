"""Answers as a student writes them (on a worksheet, in a results file, on the
class page), read and judged for each kind of puzzle: the kinds' part of marking
(:attr:`~gintrainer.puzzles.description.KindDescription.mark`).

For "Can you knock?" ``no`` or ``yes`` and the card to discard (``yes 7H``; a
card alone means yes), for "Which card?" the card, for "Take or draw?" ``take``
or ``draw``, for "Defend" the melds, the lay-offs and whether you undercut
(``7H 8H 9H / 2C 2D 2S ; 9C on 1 ; yes``: melds apart by ``/``, each lay-off a
card ``on`` the knocker's meld's number from 1, then yes or no; "Lay out your
knock" is read by :mod:`.knock_layout`); the words in
any language the trainer speaks (a results file written in one is marked in any).
Throwing back the card just taken from the discard pile is marked wrong, as it
would be on paper; a card not in the hand, or an answer that does not fit the
question, is refused with :class:`AnswerError`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any, NamedTuple

from ..engine.cards import Card, CardsLike, format_cards, parse_card, parse_cards, show_cards
from ..engine.scoring import Layoff
from ..engine.solver import DrawChoice
from ..material.messages import say
from ..words.errors import GinError
from ..words.language import LANGUAGES, in_language, t, tc
from .core import Grade, Puzzle


class AnswerError(GinError):
    """An answer that does not fit the question (nothing was recorded)."""


class Reading(NamedTuple):
    """A recorded answer as the student reads it (cards drawn with their suits, the words
    in the current language), and what it chose in the solver's table: the card
    discarded, take or draw, or None (a layout: the table lists layouts, not choices).
    Each kind's description reads its own answers (:attr:`~gintrainer.puzzles.description.KindDescription.reading`)."""

    words: str
    chosen: Card | DrawChoice | None = None


@cache
def _answer_words() -> tuple[frozenset[str], frozenset[str]]:
    """The words a "can you knock?" answer may start with, in every language the
    trainer speaks: yes, y, evet, erê...; no, n, hayır, na..."""
    yes, no = {"yes", "y"}, {"no", "n"}
    for lang in LANGUAGES:
        with in_language(lang):
            # Translators: the word a student writes to answer "can you knock?" with yes (one word, lower case).
            yes.add(tc("answer word", "yes").lower())
            # Translators: the word a student writes to answer "can you knock?" with no (one word, lower case).
            no.add(tc("answer word", "no").lower())
    return frozenset(yes), frozenset(no)


@cache
def _choice_words() -> tuple[frozenset[str], frozenset[str]]:
    """The words a "take or draw?" answer is written with, in every language the
    trainer speaks: take, al, hilde...; draw, çek, bikişîne..."""
    take, draw = {DrawChoice.TAKE.value}, {DrawChoice.DRAW.value}
    for lang in LANGUAGES:
        with in_language(lang):
            # Translators: the word a student writes to answer "take or draw?" with take (one word, lower case).
            take.add(tc("answer word", "take").lower())
            # Translators: the word a student writes to answer "take or draw?" with draw (one word, lower case).
            draw.add(tc("answer word", "draw").lower())
    return frozenset(take), frozenset(draw)


def words_of(response: object) -> list[str]:
    """The words of an answer, lower case (a card as its code)."""
    if isinstance(response, Card):
        words = [response.code()]
    elif isinstance(response, str):
        words = [w for w in re.split(r"[\s,;:]+", response.strip().lower()) if w]
    else:
        raise AnswerError(f"an answer is text or a card, not {response!r}")  # only code passes the wrong type
    if not words:
        raise AnswerError(t("the answer is empty"))
    return words


def parse_choice_response(response: object) -> DrawChoice:
    """"take" or "draw" from a "take or draw?" answer in any language; raises :class:`AnswerError`.

    >>> parse_choice_response(" Take "), parse_choice_response("DRAW")
    (DrawChoice.TAKE, DrawChoice.DRAW)
    """
    words = words_of(response)
    take, draw = _choice_words()
    if len(words) == 1 and words[0] in take | draw:
        return DrawChoice.TAKE if words[0] in take else DrawChoice.DRAW
    # Translators: 'take' and 'draw' are the words the answer is written with (the worksheet's, not translated).
    raise AnswerError(t("answer 'take' or 'draw', not {answer}", answer=repr(response)))


DiscardAnswer = tuple[bool | None, Card | None]
"""An answer to a discard puzzle: the word on the knock (None for "best discard"; True
with no card for a bare yes) and the card to discard."""


def parse_knock(response: object) -> DiscardAnswer:
    """``(can_knock, card)`` from an answer to "can you knock?": ``no``, ``yes``, ``yes``
    and a card, or a card alone (yes), the words in any language. Raises :class:`AnswerError`.

    >>> parse_knock("Yes, 7h"), parse_knock("hayır")
    ((True, Card.parse('7H')), (False, None))
    """
    words = words_of(response)
    try:
        return _knock_response(words, response)
    except AnswerError:
        raise
    except GinError as error:
        raise AnswerError(str(error)) from None


def parse_discard(response: object) -> DiscardAnswer:
    """``(None, card)`` from an answer to "best discard": one card. Raises :class:`AnswerError`.

    >>> parse_discard(" ks ")
    (None, Card.parse('KS'))
    """
    words = words_of(response)
    if len(words) != 1 or words[0] in _answer_words()[0] | _answer_words()[1]:
        raise AnswerError(t("answer with one card to discard, like 7H, not {answer}", answer=repr(response)))
    try:
        return None, parse_card(words[0])
    except GinError as error:
        raise AnswerError(str(error)) from None


def discard_text(answer: DiscardAnswer) -> str:
    """An answer to a discard puzzle as records write it: ``no``, ``yes``, ``yes 7H`` or ``7H``
    (read again by :func:`parse_knock` and :func:`parse_discard`).

    >>> discard_text((True, Card.parse("7H"))), discard_text((None, Card.parse("7H"))), discard_text((False, None))
    ('yes 7H', '7H', 'no')
    """
    can_knock, card = answer
    if can_knock is False:
        return "no"
    if card is None:
        return "yes"
    return f"yes {card.code()}" if can_knock else card.code()


def _knock_response(words: list[str], response: object) -> tuple[bool, Card | None]:
    """A "can you knock?" answer: ``no``, ``yes``, ``yes`` and a card, or a card alone (yes)."""
    yes, no = _answer_words()
    if words[0] in no:
        if len(words) > 1:
            # Translators: 'no' and 'yes' are the words the answer is written with (the worksheet's, not translated).
            raise AnswerError(t("answer 'no' alone, not {answer}", answer=repr(response)))
        return False, None
    if words[0] in yes:
        words = words[1:]
        if not words:
            return True, None  # wrong when no discard knocks; mark_discard() asks for the card otherwise
    if len(words) != 1:
        # Translators: 'no' and 'yes' are the words the answer is written with (the worksheet's, not translated).
        raise AnswerError(t("answer 'no', or 'yes' and one card, not {answer}", answer=repr(response)))
    return True, parse_card(words[0])


def mark_discard(puzzle: Puzzle, response: str, parse: Callable[[str], DiscardAnswer]) -> tuple[str, Grade]:
    """An answer to a discard puzzle, read by its kind's ``parse`` (:func:`parse_knock` or
    :func:`parse_discard`), as written in a results file ("no", "yes 7H", "7H": :func:`discard_text`)
    and its grade (:meth:`Puzzle.grade`)."""
    can_knock, card = parse(response)
    if can_knock and card is None and puzzle.can_knock:
        raise AnswerError(t("you can knock: say which card you discard, e.g. 'yes 7H'"))
    if card is not None and card not in puzzle.hand:
        raise AnswerError(t("{card} is not in the hand", card=card))
    written = discard_text((can_knock, card))
    if card is not None and card is puzzle.forbidden:
        return written, Grade(False, None, (say("grade_forbidden", card=card), *puzzle.explanation_messages),
                              None, None)
    try:
        grade = puzzle.grade(card, can_knock=can_knock)
    except GinError as error:
        raise AnswerError(str(error)) from None
    return written, grade


def discard_reading(answer: str) -> Reading:
    """A recorded answer to a discard puzzle (``no``, ``yes 7H``, ``7H``: :func:`discard_text`)
    as the student reads it; the card discarded is the choice. GinError for another answer.

    >>> discard_reading("yes 7H")
    Reading(words='yes 7♥', chosen=Card.parse('7H'))
    """
    can_knock, card = parse_knock(answer)
    if card is None:
        return Reading(tc("answer", "yes") if can_knock else tc("answer", "no"))
    return Reading(" ".join([*([tc("answer", "yes")] if words_of(answer)[:-1] else []), str(card)]), card)


def choice_reading(answer: str) -> Reading:
    """A recorded answer to a "take or draw?" puzzle (``take`` or ``draw``) as the student
    reads it, and the choice. GinError for another answer.

    >>> choice_reading("draw")
    Reading(words='draw', chosen=DrawChoice.DRAW)
    """
    choice = parse_choice_response(answer)
    return Reading(tc("answer word", "take") if choice == DrawChoice.TAKE else tc("answer word", "draw"), choice)


_LAYOFF = re.compile(r"^\s*(\S+)\s+on\s+(\d+)\s*$", re.IGNORECASE)


def layoff_text(layoff: Layoff) -> str:
    """A lay-off as records write it: "7H on 2" (the knocker's melds counted from 1)."""
    return f"{layoff.card.code()} on {layoff.meld + 1}"


def parse_layoff(text: Layoff | str) -> Layoff:
    """A lay-off from "7H on 2" (melds counted from 1); GinError for anything else."""
    if isinstance(text, Layoff):
        return text
    found = _LAYOFF.match(text) if isinstance(text, str) else None
    if found is None or int(found.group(2)) < 1:
        raise GinError(t("a lay-off is a card and a meld number, like '7H on 2', not {text}", text=repr(text)))
    return Layoff(parse_card(found.group(1)), int(found.group(2)) - 1)


def answer_text(melds: Iterable[CardsLike], layoffs: Iterable[Layoff | str], undercut: bool) -> str:
    """A layout and the word on the undercut as a learner's record keeps it:
    "7H 8H 9H / 2C 2D 2S ; 9H on 1 / TH on 1 ; yes" (read by
    :func:`parse_reply_response`)."""
    meld_text = " / ".join(format_cards(parse_cards(m)) for m in melds)
    layoff_texts = " / ".join(layoff_text(parse_layoff(lo)) for lo in layoffs)
    return f"{meld_text} ; {layoff_texts} ; {'yes' if undercut else 'no'}"


def parse_reply_response(response: object) -> tuple[list[tuple[Card, ...]], list[Layoff], bool]:
    """The melds, lay-offs (:class:`~gintrainer.engine.scoring.Layoff`) and word on the undercut
    of a "defend" answer: ``melds ; lay-offs ; yes or no`` (melds and lay-offs each apart
    by ``/``, either part may be empty; the word in any language the trainer speaks),
    as :func:`answer_text` writes it. Raises :class:`AnswerError`.

    >>> melds, layoffs, undercut = parse_reply_response("7h 8h 9h ; 9c on 1 / tc on 1 ; Evet")
    >>> melds, [(lo.card.code(), lo.meld) for lo in layoffs], undercut
    ([(Card.parse('7H'), Card.parse('8H'), Card.parse('9H'))], [('9C', 0), ('TC', 0)], True)
    """
    if not isinstance(response, str):
        raise AnswerError(f"a defend answer is text, not {response!r}")  # only code passes the wrong type
    parts = response.split(";")
    yes, no = _answer_words()
    word = parts[-1].strip().lower()
    if len(parts) != 3 or word not in yes | no:
        # Translators: 'on', 'yes' and 'no' are the words the answer is written with (the worksheet's, not translated).
        raise AnswerError(t("answer melds ; lay-offs ; yes or no, like '7H 8H 9H ; 9C on 1 ; no', not {answer}",
                            answer=repr(response)))
    try:
        melds = [parse_cards(m) for m in parts[0].split("/") if m.strip()]
        layoffs = [parse_layoff(lo) for lo in parts[1].split("/") if lo.strip()]
    except GinError as error:
        raise AnswerError(str(error)) from None
    return melds, layoffs, word in yes


def reply_reading(answer: str) -> Reading:
    """A recorded "defend" answer (:func:`answer_text`) as the student reads it: the melds,
    each lay-off as its card → the number of the knocker's meld, and yes or no on the
    undercut (``7♥ 8♥ 9♥ · 9♣ → 1 · yes``). AnswerError for another answer.

    >>> reply_reading("7H 8H 9H ; 9C on 1 ; yes").words
    '7♥ 8♥ 9♥ · 9♣ → 1 · yes'
    """
    melds, layoffs, undercut = parse_reply_response(answer)
    parts = [" / ".join(show_cards(meld) for meld in melds) or "—",
             " / ".join(f"{lo.card} → {lo.meld + 1}" for lo in layoffs) or "—",
             tc("answer", "yes") if undercut else tc("answer", "no")]
    return Reading(" · ".join(parts))


def mark_reply(puzzle: Any, response: str) -> tuple[str, Grade]:
    """An answer to a "defend" puzzle as written in a results file (see
    :func:`parse_reply_response`), as the record keeps it, and its grade; a layout
    the rules refuse (a meld that is none, a card not in the hand, a lay-off that
    does not fit) is refused with :class:`AnswerError`."""
    melds, layoffs, undercut = parse_reply_response(response)
    try:
        grade = puzzle.grade(melds, layoffs, undercut)
    except GinError as error:
        raise AnswerError(str(error)) from None
    return answer_text(melds, layoffs, undercut), grade


def mark_choice(puzzle: Any, response: str) -> tuple[str, Grade]:
    """An answer to a "take or draw?" puzzle as written in a results file ("take"
    or "draw") and its grade."""
    choice = parse_choice_response(response)
    return choice.value, puzzle.grade(choice)


__all__ = ["AnswerError", "DiscardAnswer", "Reading", "choice_reading", "discard_reading", "discard_text",
           "mark_choice", "mark_discard", "mark_reply", "parse_choice_response", "parse_discard", "parse_knock",
           "parse_reply_response", "reply_reading", "words_of"]
