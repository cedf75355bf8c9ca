"""The tutor's notes as a review keeps them: in practice the tutor (:mod:`gintrainer.trainers.tutor`) stops a
move whose mark reaches its threshold, and the learner rethinks it or plays it anyway (with a hint or
without). Each answer is a :class:`TutorNote`, kept with the practice game, shown in its move log, in the
review of the hand (beside the decision the tutor stopped: :func:`tutor_choice_words`, :meth:`TutorNote.review_text`)
and in the review kept with the learner's profile and in the class store
(:class:`~gintrainer.records.reviews.KeptReview`'s ``tutor``, read back by :func:`read_notes`).

The notes live here, beside the review that shows them, so that a kept review is checked whole below the
trainers; the tutor itself is the trainers'.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.evaluate import Estimate, Move
from ..engine.hand import Action
from ..words.errors import GinError
from ..words.language import N_, t, tc
from ..words.vocab import Vocabulary
from . import review_words as said
from .review import MARKS, Mark, move_words


class TutorChoice(Vocabulary, noun=N_("tutor choice")):
    """What the learner did with a move the tutor stopped."""

    RETHINK = "rethink"
    PLAYED = "played"


NOTE_KEYS = ("hand", "before", "made", "mark", "loss", "choice", "hinted")
"""The keys of a tutor note's record."""
NOTES_LIMIT = 200
"""The most notes one hand's record may hold (a learner rethinks a few times a hand)."""


@dataclass(frozen=True, slots=True)
class TutorNote:
    """The learner's answer to the tutor, kept with the game: in hand ``hand`` (from 1), at the position after
    ``before`` actions, the move stopped, its mark and loss, what the learner chose and whether a hint was
    taken."""

    hand: int
    before: int
    made: Move
    mark: Mark
    loss: Estimate
    choice: TutorChoice
    hinted: bool = False

    @property
    def step(self) -> int:
        """The step (from 1) of the move played at that position: the one played anyway, or the one the
        learner chose after rethinking."""
        return self.before + 1

    def _values(self) -> dict[str, str]:
        return {"move": move_words(self.made), "mark": said.mark_words(self.mark)}

    def text(self) -> str:
        """The note in words, for the move log."""
        # Translators: in the tutor's notes {move} is the move ("discard 7♥"), {mark} its mark with its sign
        # ("?? blunder").
        values = self._values()
        if self.choice is TutorChoice.PLAYED:
            said_here = (t("The tutor warned against your move ({move}: {mark}) and gave a hint; you played it "
                           "anyway.", **values) if self.hinted else
                         t("The tutor warned against your move ({move}: {mark}); you played it anyway.", **values))
        else:
            said_here = (t("The tutor warned against your move ({move}: {mark}) and gave a hint; you rethought it.",
                           **values) if self.hinted else
                         t("The tutor warned against your move ({move}: {mark}); you rethought it.", **values))
        return said_here

    def review_text(self) -> str:
        """The note in words under its decision in a review's table: after a rethink, it says that the move
        in the row is the one played after rethinking, not the one the tutor stopped."""
        if self.choice is TutorChoice.PLAYED:
            return self.text()
        # Translators: a tutor's note under a decision of a review; {move} is the move the tutor stopped
        # ("discard 7♥"), {mark} its mark with its sign ("?? blunder").
        return (t("The tutor warned against your first move ({move}: {mark}) and gave a hint; you rethought it, "
                  "and the move in this row is the one you played after rethinking.", **self._values())
                if self.hinted else
                t("The tutor warned against your first move ({move}: {mark}); you rethought it, and the move in "
                  "this row is the one you played after rethinking.", **self._values()))

    def to_data(self) -> dict[str, Any]:
        return {"hand": self.hand, "before": self.before, "made": [str(a) for a in self.made],
                "mark": self.mark.value, "loss": {"mean": self.loss.mean, "stderr": self.loss.stderr,
                                                  "samples": self.loss.samples},
                "choice": self.choice.value, "hinted": self.hinted}

    @classmethod
    def from_data(cls, data: object) -> TutorNote:
        """A note from :meth:`to_data`; GinError says what is wrong."""
        if not isinstance(data, dict) or set(data) != set(NOTE_KEYS):
            raise GinError(f"a tutor note has hand, before, made, mark, loss, choice and hinted, not {data!r:.80}")
        hand, before, made, loss = data["hand"], data["before"], data["made"], data["loss"]
        if not _whole(hand) or hand < 1 or not _whole(before) or before < 0:
            raise GinError(f"a tutor note's hand is from 1 and its position from 0, not {hand!r}, {before!r}")
        if not isinstance(made, list) or not made or not all(isinstance(a, str) for a in made):
            raise GinError(f"a tutor note's move is a list of actions, not {made!r:.80}")
        if not isinstance(loss, dict) or set(loss) != {"mean", "stderr", "samples"}:
            raise GinError(f"a tutor note's loss has mean, stderr and samples, not {loss!r:.80}")
        mean, stderr, samples = loss["mean"], loss["stderr"], loss["samples"]
        if not (_number(mean) and _number(stderr) and stderr >= 0 and _whole(samples) and samples >= 1):
            raise GinError(f"a tutor note's loss is two numbers and a count of samples, not {loss!r:.80}")
        if not isinstance(data["hinted"], bool):
            raise GinError(f"a tutor note's hinted is true or false, not {data['hinted']!r}")
        mark = Mark.parse(data["mark"])
        if mark not in MARKS:
            raise GinError("a tutor note is of a marked move")
        return cls(hand=hand, before=before, made=tuple(Action.parse(a) for a in made), mark=mark,
                   loss=Estimate(float(mean), float(stderr), samples), choice=TutorChoice.parse(data["choice"]),
                   hinted=data["hinted"])


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value \
        and abs(value) != float("inf")


def notes_by_step(notes: Iterable[TutorNote], hand: int) -> Mapping[int, tuple[str, ...]]:
    """The notes of hand ``hand`` in words (as the move log says them), by the step of the move played at
    their position."""
    return {step: tuple(note.text() for note in found) for step, found in notes_at(notes, hand).items()}


def notes_at(notes: Iterable[TutorNote], hand: int) -> Mapping[int, tuple[TutorNote, ...]]:
    """The notes of hand ``hand``, by the step of the move played at their position, in the order given."""
    found: dict[int, list[TutorNote]] = {}
    for note in notes:
        if note.hand == hand:
            found.setdefault(note.step, []).append(note)
    return {step: tuple(items) for step, items in found.items()}


def tutor_choice_words(notes: Sequence[TutorNote]) -> str:
    """What the learner finally chose at a decision the tutor stopped (``notes``: that decision's, in order;
    the last answer is the one the move played followed), as a review's table says it beside the move."""
    if not notes:
        return ""
    last = notes[-1]
    if last.choice is TutorChoice.PLAYED:
        return tc("tutor choice", "tutor: played anyway")
    return tc("tutor choice", "tutor: rethought, this is the move played after rethinking")


def read_notes(items: object, *, hand: int | None = None) -> tuple[TutorNote, ...]:
    """Notes from their records (:meth:`TutorNote.to_data`), every one of hand ``hand`` when given; GinError
    says what is wrong with the first that is not one."""
    if not isinstance(items, (list, tuple)) or len(items) > NOTES_LIMIT:
        raise GinError(f"the tutor's notes are a list of at most {NOTES_LIMIT} notes, not {items!r:.60}")
    notes = tuple(TutorNote.from_data(item) for item in items)
    for note in notes:
        if hand is not None and note.hand != hand:
            raise GinError(f"a tutor note of hand {note.hand} is not one of hand {hand}")
    return notes


__all__ = ["NOTES_LIMIT", "NOTE_KEYS", "TutorChoice", "TutorNote", "notes_at", "notes_by_step", "read_notes",
           "tutor_choice_words"]
