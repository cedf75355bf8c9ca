"""The learning path: the steps a learner is led through, in order (the lessons by
number with the first hand after lesson 5, then the puzzle trainers and practice),
and what marks each one done. The order of the site's lesson pages (the landing
page's list with each lesson's state, the pages' previous and next links), the
landing page's "continue" button and the next step at the end of each lesson page
are all read from :data:`PATH`.

A step is a page (its path from the site root, English; a page in the lessons'
folder has a translation in each language's folder), a title, what marks it done
and the steps that use what it taught. A new page joins the path as one more
:class:`Step` in :data:`PATH` (a lesson page without a number, a puzzle kind's
trainer), where it belongs in the order.

A lesson's state: not started (nothing answered), in progress, done (every exercise
kind tried and the closing check taken), mastered (every exercise kind right at the
first try at least once, and the check passed: every question right at the first try).

The first hand (:mod:`.first_hand`) is done once the learner has played the hand to
its end (to the score, on the script's line or not): its page records it then as
the closing check of the page ``"first_hand"`` (``right`` of ``questions``: of the
learner's decisions on the line the hand ended on, the layout left out, those that
were sound play). Its state is not started or done (going back over a poor move
makes every decision of the line sound, so it has no "mastered").

>>> [step.page for step in PATH][4:7], [step.page for step in PATH][-7:]
([5, 'first_hand', 6], [10, 'can_knock', 'best_discard', 'take_or_draw', 'knock_layout', 'defend', 'practice'])
>>> [step.page for step in next_steps(5)]
['first_hand', 'can_knock', 'practice']
>>> lesson_state(Progress.new("Ann"), 5), first_unfinished(Progress.new("Ann")).page
(LessonState.NOT_STARTED, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..records.progress import Progress, Tally
from ..words.errors import GinError
from ..words.language import N_, PSEUDO, t, tc
from ..words.vocab import Vocabulary
from .table import FIRST_HAND_KEY as FIRST_HAND
from .table import FIRST_HAND_TITLE, PAGES

LESSON_FOLDER = "lessons"


class LessonState(Vocabulary):
    """How far a learner is in a lesson, from nothing to everything."""

    NOT_STARTED = "not_started"
    IN_PROGRESS = "in_progress"
    DONE = "done"
    MASTERED = "mastered"

    @property
    def label(self) -> str:
        """The state's words, in the current language."""
        return state_titles()[self]

    @property
    def finished(self) -> bool:
        return self in (LessonState.DONE, LessonState.MASTERED)


def state_titles() -> dict[LessonState, str]:
    """Each state's words, in the current language (on the landing page, the name of a lesson's mark for a
    screen reader, and its tooltip)."""
    return {LessonState.NOT_STARTED: tc("lesson state", "not started"),
            LessonState.IN_PROGRESS: tc("lesson state", "in progress"),
            LessonState.DONE: tc("lesson state", "done"), LessonState.MASTERED: tc("lesson state", "mastered")}


def lesson_state(progress: Progress, number: int) -> LessonState:
    """The state of lesson ``number`` for a learner (see the module's docstring); exercise
    kinds a lesson no longer shows do not count."""
    if number not in progress.lessons:  # never worked in (a page's navigation then needs no definition)
        return LessonState.NOT_STARTED
    from .syllabus import LESSONS  # the lesson's exercise kinds
    record = progress.lesson(number)
    kinds = [record.tries(kind) for kind in LESSONS[number].kinds]
    check = record.check
    if all(kind.right for kind in kinds) and check.passed:
        return LessonState.MASTERED
    if all(kind.tried for kind in kinds) and check.taken:
        return LessonState.DONE
    if any(kind.tried for kind in kinds) or check.taken:
        return LessonState.IN_PROGRESS
    return LessonState.NOT_STARTED


def first_hand_state(progress: Progress) -> LessonState:
    """The state of the first hand for a learner (see the module's docstring)."""
    return LessonState.DONE if progress.lesson(FIRST_HAND).check.taken else LessonState.NOT_STARTED


def page_state(progress: Progress, page: int | str) -> LessonState:
    """The state of a lesson page for a learner: a lesson by its number, or the first hand."""
    if isinstance(page, int):
        return lesson_state(progress, page)
    if page == FIRST_HAND:
        return first_hand_state(progress)
    raise GinError(f"the learning path has no lesson page {page!r}")


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the path: ``page`` is a lesson's number or the page's key, ``path`` the
    English page's path from the site root, ``title_text`` its title (English, marked
    with N_; a lesson's is its definition's), ``done`` what marks it done (None: never,
    a step one keeps coming back to), ``then`` the steps (by page) that train what it
    taught, offered at its end beside the next step."""

    page: int | str
    path: str
    title_text: str
    done: Callable[[Progress], bool] | None = None
    then: tuple[int | str, ...] = ()

    @property
    def lesson(self) -> int | None:
        """The lesson's number, for a numbered lesson."""
        return self.page if isinstance(self.page, int) else None

    @property
    def title(self) -> str:
        """The title in the current language; a lesson's with its number."""
        if self.lesson is not None:
            return t("Lesson {number}: {title}", number=self.lesson, title=t(self.title_text))
        return t(self.title_text)

    def path_in(self, lang: str) -> str:
        """The page's path in a language: a lesson folder's page in that language's folder
        (English, and the tests' pseudo-language, in ``lessons/`` itself)."""
        folder, _, name = self.path.rpartition("/")
        return self.path if folder != LESSON_FOLDER else f"{lesson_folder(lang)}/{name}"

    def is_done(self, progress: Progress) -> bool:
        return self.done is not None and self.done(progress)


def lesson_folder(lang: str = "en") -> str:
    """The folder of a language's lesson notebooks: ``lessons`` for English (and the
    tests' pseudo-language, which has no notebooks of its own), ``lessons/<lang>``."""
    return LESSON_FOLDER if lang in ("en", PSEUDO) else f"{LESSON_FOLDER}/{lang}"


def _lesson_step(number: int, *then: int | str) -> Step:
    return Step(number, f"{LESSON_FOLDER}/{PAGES[number].file}", PAGES[number].title_text,
                lambda progress: lesson_state(progress, number).finished, then)


def _solved_a_puzzle(kind: str) -> Callable[[Progress], bool]:
    """Done once the learner has solved a puzzle of the kind (without hints)."""
    return lambda progress: progress.kinds.get(kind, Tally()).solved > 0


PATH: tuple[Step, ...] = (
    _lesson_step(1), _lesson_step(2), _lesson_step(3),
    # The best-discard puzzles train the normal turn's last decision: which card to throw; the
    # take-or-draw puzzles its first: the top discard or the stock.
    _lesson_step(4, "best_discard", "take_or_draw"),
    # Whether a hand can knock, and with which discard; then whole hands to the end.
    _lesson_step(5, "can_knock", "practice"),
    # A whole hand played to the score: then whole matches, and the discards and knocks it asked for.
    Step(FIRST_HAND, f"{LESSON_FOLDER}/{FIRST_HAND}.ipynb", FIRST_HAND_TITLE,
         lambda progress: first_hand_state(progress).finished, ("practice", "can_knock", "best_discard")),
    # Laying off: the knock-layout puzzles show both hands and ask for the melds the
    # defender lays off least on, the defend puzzles ask for the defender's own lay-offs;
    # then whole hands.
    _lesson_step(6, "knock_layout", "defend", "practice"),
    # Choosing the knock that scores most: the can-knock puzzles' discard, the knock-layout
    # puzzles' melds (the hand's score after the lay-offs), and whole hands.
    _lesson_step(7, "can_knock", "knock_layout", "practice"),
    # A match to the target score is what practice plays.
    _lesson_step(8, "practice"),
    # The variants are chosen on the practice page; then every puzzle kind.
    _lesson_step(9, "practice", "can_knock", "best_discard", "take_or_draw", "knock_layout", "defend"),
    # Strategy: the best-discard puzzles' "keep the pair", the can-knock puzzles' "close to the
    # limit", the take-or-draw puzzles' "only looks useful", the knock-layout puzzles' layout that
    # blocks lay-offs; then whole hands against the computer.
    _lesson_step(10, "best_discard", "can_knock", "take_or_draw", "knock_layout", "practice"),
    Step("can_knock", "puzzles/can_knock.ipynb", N_("Can you knock?"), _solved_a_puzzle("can_knock")),
    Step("best_discard", "puzzles/best_discard.ipynb", N_("Best discard"), _solved_a_puzzle("best_discard")),
    Step("take_or_draw", "puzzles/take_or_draw.ipynb", N_("Take or draw?"), _solved_a_puzzle("take_or_draw")),
    Step("knock_layout", "puzzles/knock_layout.ipynb", N_("Lay out your knock"), _solved_a_puzzle("knock_layout")),
    Step("defend", "puzzles/defend.ipynb", N_("Defend"), _solved_a_puzzle("defend")),
    Step("practice", "practice/practice.ipynb", N_("Practice against the computer")),
)
"""The learning path, in order."""


def step(page: int | str) -> Step:
    """The path's step for a page (a lesson's number or a page's key)."""
    found = next((s for s in PATH if s.page == page and type(s.page) is type(page)), None)
    if found is None:
        raise GinError(f"the learning path has no step {page!r}")
    return found


def lesson_order() -> list[int | str]:
    """The lesson pages in the path's order: the numbered lessons and the first hand (the
    steps whose page is in the lessons' folder).

    >>> lesson_order()
    [1, 2, 3, 4, 5, 'first_hand', 6, 7, 8, 9, 10]
    """
    return [s.page for s in PATH if s.path.startswith(f"{LESSON_FOLDER}/")]


def lesson_steps() -> tuple[Step, ...]:
    """The path's numbered lessons, in the path's order."""
    return tuple(s for s in PATH if s.lesson is not None)


def lesson_numbers() -> list[int]:
    """The numbers of the path's lessons, in the path's order."""
    return [s.page for s in PATH if isinstance(s.page, int)]


def unfinished_exercise(progress: Progress, number: int) -> str | None:
    """The first exercise kind of a lesson the learner has not tried (None when every one
    has been: the closing check is what remains, or nothing)."""
    from .syllabus import LESSONS
    record = progress.lesson(number)
    return next((kind for kind in LESSONS[number].kinds if not record.tries(kind).tried), None)


def next_steps(page: int | str) -> list[Step]:
    """What the end of a step's page offers: the step after it on the path, then the
    steps that train what it taught (each once)."""
    here = step(page)
    index = PATH.index(here)
    following = [PATH[index + 1]] if index + 1 < len(PATH) else []
    return following + [step(p) for p in here.then if all(step(p) is not s for s in following)]


def first_unfinished(progress: Progress) -> Step:
    """The step the "continue" button opens: the first on the path not yet done (the last
    step when every other one is)."""
    return next((s for s in PATH if not s.is_done(progress)), PATH[-1])


def lesson_of_exercise(kind: str) -> int:
    """The lesson whose page shows an exercise kind."""
    from .syllabus import LESSONS
    found = [number for number, info in LESSONS.items() if kind in info.kinds]
    if len(found) != 1:
        raise GinError(f"the exercise kind {kind!r} is in {len(found)} lessons, not in one")
    return found[0]


__all__ = ["FIRST_HAND", "LESSON_FOLDER", "LessonState", "PATH", "Step", "first_hand_state", "first_unfinished",
           "lesson_folder", "lesson_numbers", "lesson_of_exercise", "lesson_order", "lesson_state", "lesson_steps",
           "next_steps", "page_state", "state_titles", "step", "unfinished_exercise"]
