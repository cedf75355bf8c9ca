"""Learner profiles on the pages: who is playing, their progress, the profile page.

Progress lives in the progress store (JSON files written atomically under a
lock), so it survives moving between pages and restarting the server; a page
opened with ``?profile=Name`` starts with that learner, and its settings (the
four-colour deck) apply to the whole page.

The page's language is the one its address asks for (``?lang=tr``) when it is
one of the trainer's, else the one the learner's profile saved, else the
browser's preferred one (Voila hands the ``Accept-Language`` header to the
kernel), else English; asked for with a profile, it is saved in the profile.

On a shared server (:func:`gintrainer.app.profiles_shared`) a profile opens only
with its PIN (:func:`gintrainer.records.profiles.enter`), typed in the profile bar, or for a
browser that typed it earlier in its session: once the PIN is right, the page
sends the server a ticket (:class:`~.base.SignIn`) and the server gives the browser
a signed cookie naming the profile, which its next pages read
(:func:`gintrainer.app.learner_signed_in`). Until then a page opened with
``?profile=`` is a guest's, shows nothing of that profile, and its name box lists
no learner; the bar says which mode is in force.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from html import escape
from typing import TYPE_CHECKING, Any, TypeVar

from ..app import (
    LEARNER_TICKET_HEADER,
    SIGN_OUT,
    accept_language,
    allow_test_languages,
    arrive,
    building_ahead,
    learner_signed_in,
    learner_ticket,
    mode_line,
    profiles_shared,
    query_params,
)
from ..records import profiles as store
from ..records.deck import DueToday
from ..records.progress import DIFFICULTIES, Progress
from ..records.storage import clean_name, data_dir, name_key, name_stem
from ..words.errors import GinError
from ..words.language import (
    LANGUAGES,
    N_,
    check_language,
    choose_language,
    current_language,
    format_number,
    format_percent,
    t,
    tc,
    tn,
    use_language,
)
from . import ui as widgets
from .base import DISCLOSURE, Change, PageAddress, SignIn, View, download_link, guarded, settings, typed_name

if TYPE_CHECKING:
    from ..engine.hand import Hand
    from ..records.rating import Rating
    from ..replay.review import HandReview
    from ..replay.tutor_notes import TutorNote
    from ..trainers.training import PuzzleAttempt

GUEST = "Guest"
DIFFICULTY_LABELS = {"easiest": N_("Much easier (−600)"), "easier": N_("Easier (−300)"), "adaptive": N_("At my rating"),
                     "harder": N_("Harder (+300)"), "hardest": N_("Much harder (+600)")}
"""The difficulty choices (``progress.DIFFICULTIES``) as the profile page and the trainers show them: each says
how far from the learner's rating its puzzles are rated, short enough for a phone's dropdown."""
_SLOT = "\x00"  # where a name in bold goes in a sentence, after the sentence is escaped
_page_learners: dict[tuple[str, str, str], Learner] = {}


def _page_key(params: dict[str, str]) -> tuple[str, str, str]:
    """Which of the process's page learners an address names: its name, its language, the data folder."""
    return params.get("profile", ""), params.get("lang", ""), str(data_dir())


class Learner:
    """The learner a page works for: a stored profile, or a guest whose progress
    lasts only as long as the page."""

    def __init__(self, name: str | None = None, *, language: str | None = None, browser: str | None = None):
        self.name: str | None = None
        self.progress: Progress = Progress.new(GUEST)
        self.notice: str | None = None
        self.language: str = check_language(language) if language else current_language()
        """The learner's language, carried by every link (a lesson notebook speaks its own)."""
        self.browser = browser
        """The browser's ``Accept-Language`` header, as the page received it."""
        self.asked: str | None = None
        """The language the page's address asked for (``?lang=``), when it is one the trainer speaks."""
        self.class_code: str | None = None
        """A class set's code (from the address, or a set the teacher made on the page) that the
        links to the class pages carry (:meth:`class_query`)."""
        self.class_name: str | None = None
        """The name of the class of :attr:`class_code` (the set the teacher made on the page, or the address's
        ``class=`` when it is that code's class), which the language menu carries with the code
        (:meth:`class_params`), so that the teacher page opened in another language shows that set again."""
        self.waiting: str | None = None
        """On a shared server, the name the page's address asked for, whose PIN was not typed yet."""
        self.ticket: str = ""
        """On a shared server, once a profile's PIN was typed: the ticket that signs the browser in to it."""
        self._listeners: list[Callable[[], None]] = []
        self._told: list[Callable[[Learner], None]] = []
        self._displays = True
        """Whether opening a profile makes its four-colour choice the page's."""
        if name:
            self.choose(name)

    @classmethod
    def from_page(cls) -> Learner:
        """The learner named by the page's ``?profile=`` query, if any (a bad name is
        reported in the notice, and the page starts as a guest), speaking the page's
        language (see the module's docstring), which the process speaks from now on.

        One learner per page: every widget of the page that asks gets the same
        one, so the links, the settings and the trainer follow a change of name.
        """
        params = query_params()
        key = _page_key(params)
        if key not in _page_learners:
            _page_learners[key] = cls._for(params)
        return _page_learners[key]

    @classmethod
    def _for(cls, params: dict[str, str], *, displays: bool = True) -> Learner:
        """The learner a page's address (``params``) and browser name, speaking the page's language
        (which the process speaks from now on); its profile's four-colour choice made the page's unless
        ``displays`` is False (a page built ahead: :func:`tell_who_asks`, whose views must not redraw in
        the language the learner speaks before the page's is spoken again)."""
        name, asked = params.get("profile", ""), params.get("lang", "")
        allow_test_languages()
        browser = accept_language()
        readable = name and (not profiles_shared() or _signed_in(name))
        lang = use_language(choose_language(asked, store.saved_language(name) if readable else None, browser,
                                            default=current_language()))
        learner = cls(language=lang, browser=browser)
        learner._displays = displays
        learner.asked = lang if asked and lang == choose_language(asked) else None
        if readable:
            try:
                learner.choose(name)
            except GinError as error:
                learner.notice = t("Could not open the profile from the address: {error}", error=str(error))
        elif name:
            try:
                learner.waiting = clean_name(name)
            except GinError as error:
                learner.notice = t("Could not open the profile from the address: {error}", error=str(error))
        if learner.asked in LANGUAGES and learner.name is not None and learner.progress.settings.language != lang:
            learner.set_language(lang)
        if params.get("code"):
            learner.class_code = _class_code(params["code"])
            learner.class_name = _class_name(params.get("class", ""), learner.class_code)
        learner._displays = True
        return learner

    def when_told(self, callback: Callable[[Learner], None]) -> None:
        """Call ``callback(learner)`` when a page built ahead of its request is told who asked
        (:func:`tell_who_asks`), before its views follow: what the page fixed of the learner as it was built
        (a lesson notebook's language) is fixed again."""
        self._told.append(callback)

    def _become(self, other: Learner) -> None:
        """Be ``other`` (the learner the request names), as if the page had been built for it; the views
        follow."""
        for name in ("name", "progress", "notice", "language", "browser", "asked", "class_code", "class_name",
                     "waiting", "ticket"):
            setattr(self, name, getattr(other, name))
        if self.name is not None:
            settings.four_colour = self.progress.settings.four_colour
        for callback in list(self._told):
            callback(self)
        self._changed()

    @property
    def is_guest(self) -> bool:
        return self.name is None

    def observe(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every change of learner, progress or settings."""
        self._listeners.append(callback)

    def unobserve(self, callback: Callable[[], None]) -> None:
        """Stop calling ``callback`` (a view that is closed); nothing if it was not observing."""
        if callback in self._listeners:
            self._listeners.remove(callback)

    def _changed(self) -> None:
        for callback in list(self._listeners):
            callback()

    def choose(self, name: str, pin: str | None = None) -> None:
        """Open (or start) the named profile, under the spelling it was first given. On a shared
        server it needs its PIN (a new profile is started with ``pin`` as its PIN), unless this
        browser typed it earlier in its session; a wrong one changes nothing of the page."""
        if not profiles_shared():
            outcome = store.load(name)
        elif pin is None and _signed_in(name):
            outcome = store.load(name, create=False)
        elif pin is None:
            raise GinError(t("To open {name}, type its PIN and press Open.", name=clean_name(name)))
        else:
            outcome = store.enter(name, pin, create=True)
            self.ticket = learner_ticket(store.sign_in_key(name) or "") or ""
        self._opened(outcome)

    def close(self) -> None:
        """Play as a guest from now on; on a shared server, the page's browser must type the
        profile's PIN again (the ticket ends its sign-in)."""
        if self.name is None:
            return
        if profiles_shared():
            self.ticket = learner_ticket(SIGN_OUT) or ""
        self.name, self.progress, self.notice = None, Progress.new(GUEST), None
        self._changed()

    def _opened(self, outcome: store.Outcome) -> None:
        self.name, self.progress, self.notice = outcome.progress.name, outcome.progress, outcome.notice
        self.waiting = None
        if self._displays:
            settings.four_colour = outcome.progress.settings.four_colour
        self._changed()

    def record(self, attempt: PuzzleAttempt, *, against: Rating | None = None, themed: bool = False) -> str:
        """Record a finished attempt (see :class:`~gintrainer.trainers.training.PuzzleAttempt`; ``against``: the
        puzzle's learned rating, ``themed`` when the learner chose its theme); returns what it did to the
        rating and why (a puzzle answered before is practice)."""
        if attempt.result is None:
            raise GinError("the puzzle is not finished")
        answer, hints = attempt.answer_text, attempt.hints_used
        rated: dict[str, Any] = dict(against=against, themed=themed, seconds=attempt.seconds)
        if self.name is None:
            before = self.progress
            self.progress = self.progress.with_attempt(attempt.puzzle, attempt.result, answer=answer, hints=hints,
                                                       **rated)
        else:
            outcome = store.record_attempt(self.name, attempt.puzzle, attempt.result, answer=answer, hints=hints,
                                           **rated)
            if outcome.previous is None:
                raise GinError("the profile store did not say what the progress was before this attempt")
            before, self.progress, self.notice = outcome.previous, outcome.progress, outcome.notice
        self._changed()
        from ..trainers.training import rating_words  # a puzzle's page: a lesson's imports no puzzles
        return rating_words(before.rating, self.progress.history[-1])

    def record_exercise(self, lesson: int | str, kind: str, *, right: bool) -> None:
        """Record the first answer to a position of a lesson's exercise (in the profile, for
        a named learner; for a guest, in this page's memory only)."""
        if self.name is None:
            self.progress = self.progress.with_exercise(lesson, kind, right=right)
        else:
            outcome = store.record_exercise(self.name, lesson, kind, right=right)
            self.progress, self.notice = outcome.progress, outcome.notice
        self._changed()

    def record_check(self, lesson: int | str, *, right: int, questions: int) -> None:
        """Record a lesson's closing check, every question answered, ``right`` of them at
        the first try (kept as :meth:`record_exercise` keeps an exercise)."""
        if self.name is None:
            self.progress = self.progress.with_check(lesson, right=right, questions=questions)
        else:
            outcome = store.record_check(self.name, lesson, right=right, questions=questions)
            self.progress, self.notice = outcome.progress, outcome.notice
        self._changed()

    def keep_review(self, review: HandReview, hand: Hand, *, match: object, number: int,
                    notes: Sequence[TutorNote] = ()) -> None:
        """Keep the review of a finished practice hand (``number`` of the match whose seed is ``match``), with
        the tutor's ``notes`` of the hand: in the profile for a named learner, for a guest in this page's memory
        only. The profile page draws the kept reviews' error rates; a review that is not one is refused
        (GinError) and nothing is kept."""
        from ..replay.kept import keep_review, kept_review  # a page that reviews hands: a lesson's does not
        if self.name is None:
            self.progress = self.progress.with_review(kept_review(review, hand, match=match, number=number,
                                                                  notes=notes))
        else:
            outcome = keep_review(self.name, review, hand, match=match, number=number, notes=notes)
            self.progress, self.notice = outcome.progress, outcome.notice
        self._changed()
        self._enter_own_puzzles()

    def _enter_own_puzzles(self) -> None:
        """Enter the puzzles made from the mistakes of the hand review just kept in the review deck (a few
        milliseconds: one review's mistakes), so that the landing page counts them as due at once."""
        from ..trainers.mistakes import deck_entries, from_kept  # a page that reviews hands: a lesson's does not
        if self.progress.hand_reviews:
            self.enter_deck(deck_entries(from_kept(self.progress.hand_reviews[-1])))

    def enter_deck(self, puzzles: Sequence[tuple[str, str]]) -> None:
        """Enter each ``(puzzle id, kind)`` in the learner's review deck (the learner's own puzzles, made from
        their mistakes); the profile is written, and the page told, only when one of them is new."""
        new = [(pid, kind) for pid, kind in puzzles if pid not in self.progress.deck.cards]
        if not new:
            return
        if self.name is None:
            self.progress = self.progress.with_deck_entries(new)
        else:
            outcome = store.enter_deck(self.name, new)
            self.progress, self.notice = outcome.progress, outcome.notice
        self._changed()

    def set_four_colour(self, flag: bool) -> None:
        if not isinstance(flag, bool):
            raise GinError(f"the four-colour option is on or off, not {flag!r}")
        settings.four_colour = flag
        self._set(four_colour=flag)

    def set_language(self, lang: str) -> None:
        """Keep ``lang`` as the learner's language (in the profile, for a named learner);
        the page goes on speaking the language it was drawn in."""
        lang = check_language(lang)
        self.language = lang
        if lang in LANGUAGES:
            self._set(language=lang)
        else:
            self._changed()

    def default_language(self) -> str:
        """The language a page opened without ``?lang=`` would speak for this learner."""
        return choose_language(None, self.progress.settings.language if self.name else None, self.browser)

    def set_difficulty(self, choice: str) -> None:
        """How far from the rating the trainers pick puzzles (see ``progress.DIFFICULTIES``)."""
        if choice not in DIFFICULTIES:
            raise GinError(f"choose the puzzles' level from {', '.join(DIFFICULTIES)}, not {choice!r}")
        self._set(difficulty=choice)

    def set_practice(self, *, opponent: str, coach: str) -> None:
        """Keep the computer player and the coach of the learner's practice (in the profile,
        for a named learner), for their next match; nothing is written when they are kept
        already. The practice page reads them back (:func:`gintrainer.trainers.practice.chosen_opponent`)."""
        settings = self.progress.settings
        if (settings.practice_opponent, settings.practice_coach) != (opponent, coach):
            self._set(practice_opponent=opponent, practice_coach=coach)

    def _set(self, **changes: object) -> None:
        if self.name is None:
            self.progress = self.progress.with_settings(**changes)
        else:
            self.progress = store.update_settings(self.name, **changes).progress
        self._changed()

    def reload(self) -> None:
        """Read the profile again (another page may have changed it)."""
        if self.name is not None:
            self._opened(store.load(self.name))

    def reset(self) -> str | None:
        if self.name is None:
            raise GinError(t("choose your name first: a guest has nothing to reset"))
        outcome = store.reset(self.name)
        self.progress, self.notice = outcome.progress, outcome.notice
        self._changed()
        return outcome.notice

    def export(self) -> str:
        if self.name is None:
            raise GinError(t("choose your name first: a guest's progress is not kept"))
        return store.export(self.name)

    def carry_code(self, code: str, name: str | None = None) -> None:
        """Let the page's links to the class pages carry a class set's code from now on (and the language
        menu its class's ``name``, when given: :meth:`class_params`)."""
        self.class_code = _class_code(code)
        self.class_name = _class_name(name or "", self.class_code)
        self._changed()

    def class_query(self) -> str:
        """The query string of a link to a class page: :meth:`query` with the class code, if any."""
        return self.query(code=self.class_code) if self.class_code else self.query()

    def class_params(self) -> dict[str, str]:
        """The class set a link to this page in another language carries (the language menu's): its code and,
        when known, its class's name (``code=``, ``class=``); none without a code."""
        if not self.class_code:
            return {}
        return {"code": self.class_code, **({"class": self.class_name} if self.class_name else {})}

    def query(self, **params: str) -> str:
        """The query string that opens another page as this learner in their language,
        with ``params`` (a class code) first; ``lang=`` asks for another language.

        The language is written unless the page it opens would choose it anyway
        (English, for a learner whose profile and browser name no other): a link
        always keeps the learner's language.

        >>> Learner().query(code="AB12"), Learner().query(), Learner(language="tr").query()
        ('?code=AB12', '', '?lang=tr')
        >>> Learner().query(lang="ps")
        '?lang=ps'
        """
        from urllib.parse import urlencode
        lang = params.pop("lang", None)
        if lang is None and (self.language != "en" or self.default_language() != "en"):
            lang = self.language
        values = {**params, **({} if self.name is None else {"profile": self.name}),
                  **({} if lang is None else {"lang": lang})}
        return "?" + urlencode(values) if values else ""


def _signed_in(name: str) -> bool:
    """Whether this page's browser typed the profile's PIN earlier in its session."""
    try:
        return learner_signed_in(store.sign_in_key(name))
    except GinError:  # a name the profiles refuse
        return False


def _class_code(text: str) -> str | None:
    """A class code as shown, or None for text that is not one (an address is not to be trusted)."""
    from ..classroom.codes import normalise_code  # only on a page whose address has a code
    try:
        return normalise_code(text)
    except GinError:
        return None


def _class_name(text: str, code: str | None) -> str | None:
    """The class name ``text`` as kept, when it is the class of ``code`` (whose code holds its name's hash); None
    for none, for text that is no class name and for another class's (an address is not to be trusted)."""
    if not text or code is None:
        return None
    from ..classroom.sets import ClassSet  # only on a page whose address has a code
    try:
        return ClassSet.from_code(code, text).name
    except GinError:
        return None


V = TypeVar("V", bound=View)
_made_ahead: list[tuple[View, Callable[[], View]]] = []
"""The views of a page built ahead of its request, each with the call that makes it again."""


def made_ahead(view: V, remake: Callable[[], V]) -> V:
    """Keep ``view``, a part of a page being built ahead of its request (:func:`gintrainer.app.build_ahead`) in
    the language guessed, with the call that makes it: told that the request speaks another language, the page
    makes it again in that one (:func:`tell_who_asks`). ``view``; nothing kept for a page built for its request."""
    if building_ahead():
        _made_ahead.append((view, remake))
    return view


def tell_who_asks() -> Learner | None:
    """For a page built ahead of its request (:func:`gintrainer.app.build_ahead`): wait for the request, then
    make the learner the page was built for (a guest) the one the request names, as :meth:`Learner.from_page`
    makes it for a page built for its request, and the page's views follow it as they follow a change of name.
    The page keeps speaking the language it was built in. That learner, or None (at once) for a page built
    for its request."""
    if not arrive():
        return None
    here = current_language()
    learner = _page_learners.pop(_page_key({}), None) or Learner()  # (nothing of the page asked for it ahead)
    asked = query_params()
    told = Learner._for(asked, displays=False)
    spoken = current_language()
    made, _made_ahead[:] = list(_made_ahead), []
    again = spoken != here and bool(made)
    if again:  # the views made ahead speak another language: made again in the request's
        for view, _remake in made:
            view.stop_listening()
    else:
        use_language(here)
    _page_learners[_page_key(asked)] = learner
    learner._become(told)
    if again:
        for view, remake in made:
            view.show_parts_of(remake())
    return learner


class ProfileBar(View):
    """Pick or type a name; shows who is playing and offers the four-colour deck. The name
    opened goes into the page's address (``?profile=``, :class:`PageAddress`), so that a
    reload of the page opens it again.

    On a shared server the name box lists no learner, a PIN box stands beside it, and a
    new name is started once its PIN was typed twice; the bar says which mode is in force."""

    def __init__(self, learner: Learner):
        self.learner = learner
        self.shared = profiles_shared()
        self.name_box = widgets.Combobox(placeholder=t("Type or pick your name"),
                                         options=() if self.shared else store.list_profiles(),
                                         ensure_option=False, description=tc("label", "Name:"),
                                         _dom_classes=("gt-name-box",))
        self.pin_box = widgets.Password(placeholder=t("your PIN"), description=tc("label", "PIN:")) \
            if self.shared else None
        self.open_button = widgets.Button(description=tc("button", "Open"),
                                          tooltip=t("Keep progress under this name"))
        self.close_button = widgets.Button(description=tc("button", "Close my profile"),
                                           tooltip=t("Play as a guest: this browser asks for your PIN again"),
                                           layout=widgets.Layout(display="none")) if self.shared else None
        self.colour_box = widgets.Checkbox(value=settings.four_colour, description=tc("option", "Four-colour deck"),
                                           indent=False)
        self.who = widgets.HTML()
        """Who is playing, any notice, and the mode the profiles are in."""
        self.address = PageAddress()
        self.sign_in = SignIn(header=LEARNER_TICKET_HEADER) if self.shared else None
        self._new: tuple[str, str] | None = None  # a new name and the PIN typed once for it
        inputs = [self.name_box, self.open_button, self.colour_box]
        if self.pin_box is not None and self.close_button is not None:
            inputs[1:1] = [self.pin_box]
            inputs[3:3] = [self.close_button]
            self.close_button.on_click(self._on_close)
        super().__init__([widgets.HBox(inputs, layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
                          self.who, self.address, *([self.sign_in] if self.sign_in else [])],
                         _dom_classes=("gt-profile-bar",))
        self.open_button.on_click(self._on_open)
        self.colour_box.observe(self._on_four_colour, names="value")
        self.listen(learner, self.refresh)
        if learner.waiting and not self.name_box.value:
            self.name_box.value = learner.waiting
        self.refresh()

    @guarded
    def _on_open(self, _button: widgets.Button | None = None) -> None:
        if self.pin_box is None:
            self.learner.choose(typed_name(self.name_box.value))
            self.name_box.options = store.list_profiles()
            return
        name, pin = self.name_box.value, self.pin_box.value
        self.pin_box.value = ""  # never kept on the page
        name = clean_name(typed_name(name))
        if pin and not store.profile_exists(name):
            pin = store.clean_pin(pin)
            if self._new != (name_key(name), pin):
                self._new = (name_key(name), pin)
                raise GinError(t("There is no profile named {name} yet: type the same PIN again and press Open "
                                 "to start it.", name=name))
        self._new = None
        self.learner.choose(name, pin or None)

    @guarded
    def _on_close(self, _button: widgets.Button | None = None) -> None:
        self.learner.close()
        self.name_box.value = ""

    @guarded
    def _on_four_colour(self, change: Change) -> None:
        if change["new"] != settings.four_colour:
            self.learner.set_four_colour(change["new"])

    def refresh(self) -> None:
        learner = self.learner
        progress = learner.progress
        name = learner.name
        if self.sign_in is not None and self.learner.ticket and self.sign_in.ticket != self.learner.ticket:
            self.sign_in.ticket = self.learner.ticket
        if self.close_button is not None:
            self.close_button.layout.display = "none" if name is None else ""
            if name is None and self.address.query.get("profile"):
                self.address.query = {"profile": ""}  # the address opens it no more
        if name is None and self.shared:
            text = escape(t("Playing as a guest: type your name and your PIN and press Open to keep your progress."))
            if learner.waiting and not learner.notice:
                text = escape(t("To open {name}, type its PIN and press Open.", name=_SLOT)).replace(
                    _SLOT, f"<b>{escape(learner.waiting)}</b>")
        elif name is None:
            text = escape(t("Playing as a guest: type your name and press Open to keep your progress."))
        else:
            text = escape(t("Playing as {name} · rating {rating} · streak {streak} · solved {solved}",
                            name=_SLOT, rating=round(progress.rating.rating), streak=progress.streak,
                            solved=progress.solved)).replace(_SLOT, f"<b>{escape(name)}</b>")
            if self.name_box.value != name:
                self.name_box.value = name
            if self.address.query != {"profile": name}:
                self.address.query = {"profile": name}
        notice = f"<div class='gt-notice'>{escape(learner.notice)}</div>" if learner.notice else ""
        mode = f"<div class='gt-mode'>{escape(mode_line())}</div>"
        self.who.value = f"<div class='gt-info'>{text}</div>{notice}{mode}"
        if self.colour_box.value != settings.four_colour:
            self.colour_box.value = settings.four_colour


class ProfilePage(View):
    """A learner's progress: rating, counts, streaks, each theme's record, the
    latest attempts; export and reset."""

    def __init__(self, learner: Learner | None = None, *, now: Callable[[], datetime] | None = None):
        self.learner = learner or Learner.from_page()
        self.now = now or (lambda: datetime.now(UTC))
        """The clock the reviews due are counted by (as the review page's)."""
        self.bar = ProfileBar(self.learner)
        self.summary = widgets.HTML()
        self.chart = widgets.HTML(_dom_classes=("gt-review-chart",))
        """The error rate of the learner's reviewed hands, drawn (:func:`review_chart_html`)."""
        self.deck = widgets.HTML(_dom_classes=("gt-deck",))
        """The review deck: due, learned, the retention reached (:func:`deck_html`)."""
        self.difficulty = widgets.Dropdown(options=[(t(label), key) for key, label in DIFFICULTY_LABELS.items()],
                                           value=self.learner.progress.settings.difficulty,
                                           description=tc("label", "Puzzles:"),
                                           style={"description_width": "initial"})
        self.export_button = widgets.Button(description=tc("button", "Export my progress"),
                                            layout=widgets.Layout())
        self.export_link = widgets.HTML()
        self.reset_button = widgets.Button(description=tc("button", "Reset my progress…"), button_style="warning",
                                           layout=widgets.Layout())
        self.confirm = widgets.Button(description=tc("button", "Yes, start afresh"), button_style="danger",
                                      layout=widgets.Layout(display="none"))
        self.message = widgets.HTML()
        self._exported: Progress | None = None
        self._confirm_for: str | None = None
        super().__init__([self.bar, self.difficulty, self.summary, self.deck, self.chart,
                          widgets.wrapping_row(self.export_button, self.reset_button, self.confirm),
                          self.export_link, self.message], _dom_classes=("gt-profile",))
        self.export_button.on_click(self._on_export)
        self.reset_button.on_click(self._on_reset)
        self.confirm.on_click(self._on_confirm)
        self.difficulty.observe(self._on_difficulty, names="value")
        self.listen(self.learner, self.refresh)
        self.refresh()

    @guarded
    def _on_difficulty(self, change: Change) -> None:
        if change["new"] != self.learner.progress.settings.difficulty:
            self.learner.set_difficulty(change["new"])

    @guarded
    def _on_export(self, _button: widgets.Button | None = None) -> None:
        text = self.learner.export()
        self._exported = self.learner.progress
        self.export_link.value = download_link(text, f"gintrainer-{name_stem(self.learner.name)}.json",
                                               t("Download your progress (JSON)"))

    @guarded
    def _on_reset(self, _button: widgets.Button | None = None) -> None:
        if self.learner.is_guest:
            raise GinError(t("choose your name first: a guest has nothing to reset"))
        self._confirm_for = self.learner.name
        self.confirm.layout.display = ""
        question = t("Start afresh? Your current progress will be kept as a backup file, not deleted.")
        self.message.value = f"<div class='gt-notice'>{escape(question)}</div>"

    @guarded
    def _on_confirm(self, _button: widgets.Button | None = None) -> None:
        if self.confirm.layout.display == "none" or self._confirm_for != self.learner.name:
            raise GinError(t("press Reset first"))
        notice = self.learner.reset()
        self.confirm.layout.display = "none"
        done = t("Progress reset.")
        self.message.value = f"<div class='gt-info'>{escape(done)} {escape(notice or '')}</div>"

    def refresh(self) -> None:
        from ..puzzles.themes import theme_title  # the profile page: a lesson's imports no puzzles
        progress = self.learner.progress
        self.deck.value = deck_html(progress, self.now())
        rows = "".join(
            f"<tr><td>{escape(theme_title(theme))}</td><td>{tally.solved}</td><td>{tally.failed}</td>"
            f"<td>{tally.hinted}</td><td>{escape(format_percent(success(tally)))}</td></tr>"
            for theme, tally in sorted(progress.themes.items()))
        history = "".join(f"<li>{escape(attempt_line(a))}</li>" for a in reversed(progress.history[-10:]))
        if self.difficulty.value != progress.settings.difficulty:
            self.difficulty.value = progress.settings.difficulty
        if self._exported is not None and self._exported is not progress:  # the link would offer old progress
            self.export_link.value, self._exported = "", None
        shown = "none" if self.learner.is_guest else ""  # a guest has nothing to export or reset
        if self.export_button.layout.display != shown:
            self.export_button.layout.display = self.reset_button.layout.display = shown
        if self.confirm.layout.display != "none" and self._confirm_for != self.learner.name:
            self.confirm.layout.display, self.message.value = "none", ""  # the question was for another learner
        # Translators: "to review now (all kinds)": the puzzles of every kind due now in the review deck, which
        # the review page serves (a puzzle page's line counts its own kind's: "to review now (this kind)").
        stats = t("Rating {rating} (± {deviation}) · solved {solved} · failed {failed} · with hints {hinted} · "
                  "streak {streak} (best {best}) · to review now (all kinds) {review}",
                  rating=round(progress.rating.rating), deviation=round(progress.rating.deviation),
                  solved=progress.solved, failed=progress.failed, hinted=progress.hinted, streak=progress.streak,
                  best=progress.best_streak, review=progress.deck.due_today(self.now()).now)  # as the review page
        heads = "".join(f"<th>{escape(head)}</th>" for head in map(t, THEME_COLUMNS))
        latest = t("Latest attempts")
        self.summary.value = (
            f"<div class='gt-stats'>{escape(stats)}</div>"
            + (f"<table class='gt-solver'><thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table>"
               if rows else "")
            + (f"<h4>{escape(latest)}</h4><ul>{history}</ul>" if history else ""))
        self.summary.value += kind_ratings_html(progress)
        chart = review_chart_html(progress)
        if self.chart.value != chart:
            self.chart.value = chart


def later_today_words(due: DueToday) -> str:
    """How many reviews fall due later today and when the first does (UTC), as the landing page, the profile
    and the review page say it; nothing when none does."""
    if not due.later or due.next_at is None:
        return ""
    time = datetime.fromisoformat(due.next_at).strftime("%H:%M")
    return tn("{n} review falls due later today, at {time} UTC.",
              "{n} reviews fall due later today, the first at {time} UTC.", due.later, time=time)


def deck_html(progress: Progress, now: datetime | None = None) -> str:
    """The review deck on the profile page: how many puzzles it holds, how many are due today (UTC; those due
    later today, with the time of the first, in a paragraph of their own under the counts), how many are
    learned (past their learning steps), the retention the learner reached, measured from their answers a day
    or more after the last (:attr:`gintrainer.records.deck.Deck.retention`), beside the target, and whether the
    schedule is fitted to the learner (their forgetting factor, :attr:`gintrainer.records.deck.Deck.factor`) or
    still FSRS's defaults (an average learner, in the page's words)."""
    from ..records.deck import FIT_FROM, TARGET_RETENTION
    deck = progress.deck
    moment = now or datetime.now(UTC)
    heading = t("Review deck")
    due = deck.due_today(moment)
    counts = tn("{n} puzzle in your deck · due now {due} · later today {later} · learned {learned}",
                "{n} puzzles in your deck · due now {due} · later today {later} · learned {learned}", len(deck.cards),
                due=due.now, later=due.later, learned=deck.learned)
    later = later_today_words(due)  # a sentence of its own, under the line of counts (which ends in no stop)
    retention = deck.retention
    if retention is None:
        measured = t("Retention: not measured yet (it counts your answers to puzzles seen again a day or more "
                     "later).")
    else:
        measured = tn("Retention reached: {percent} of {n} answer to puzzles seen again a day or more later "
                      "(the schedule aims at {target}).",
                      "Retention reached: {percent} of {n} answers to puzzles seen again a day or more later "
                      "(the schedule aims at {target}).", deck.reviews,
                      percent=format_percent(round(100 * retention)),
                      target=format_percent(round(100 * TARGET_RETENTION)))
    if deck.fitted_from:
        # Translators: {factor} is a decimal number such as 0.8 or 1.4.
        fit = tn("Your schedule is fitted to {n} of your answers: you remember a puzzle about {factor} times as "
                 "long as the schedule assumes of an average learner, and your reviews are spaced to match.",
                 "Your schedule is fitted to {n} of your answers: you remember a puzzle about {factor} times as "
                 "long as the schedule assumes of an average learner, and your reviews are spaced to match.",
                 deck.fitted_from,
                 factor=format_number(deck.factor, places=1))
    else:
        fit = tn("Your schedule assumes an average learner's memory until it has counted {n} of your answers; "
                 "then it is fitted to how fast you forget.",
                 "Your schedule assumes an average learner's memory until it has counted {n} of your answers; "
                 "then it is fitted to how fast you forget.", FIT_FROM)
    return (f"<h3>{escape(heading)}</h3><p class='gt-info gt-deck-counts'>{escape(counts)}</p>"
            + (f"<p class='gt-info gt-deck-later'>{escape(later)}</p>" if later else "")
            + f"<p class='gt-info gt-deck-retention'>{escape(measured)}</p>"
            f"<p class='gt-info gt-deck-fit'>{escape(fit)}</p>")
KIND_COLUMNS = (N_("kind"), N_("rating"), N_("answers"))
"""The columns of the profile page's table of each kind's rating."""


def kind_ratings_html(progress: Progress) -> str:
    """Each puzzle kind's rating with its deviation (:meth:`~gintrainer.records.progress.Progress.kind_ratings`),
    as a table under a heading that says what it is made from; nothing before a puzzle was answered."""
    found = progress.kind_ratings()
    if not found:
        return ""
    from ..puzzles.registry import description  # a profile with answers: a lesson page imports no puzzles

    rows = []
    for kind, (rating, answers) in sorted(found.items()):
        try:
            title = t(description(kind).title)
        except GinError:  # a kind this gintrainer does not have (a record from a newer one)
            title = kind.replace("_", " ")
        value = t("{rating} (± {deviation})", rating=round(rating.rating), deviation=round(rating.deviation))
        rows.append(f"<tr><td>{escape(title)}</td><td>{escape(value)}</td><td>{answers}</td></tr>")
    heads = "".join(f"<th>{escape(t(head))}</th>" for head in KIND_COLUMNS)
    title = t("Your rating in each kind of puzzle, from your latest answers")
    return (f"<h4>{escape(title)}</h4><table class='gt-solver gt-kind-ratings'><thead><tr>{heads}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>")


def review_chart_html(progress: Progress) -> str:
    """The points lost per decision in the learner's reviewed hands, the oldest first, as a chart
    (:func:`~gintrainer.material.drawing.error_rate_chart_svg`; a hand without a decision of the learner has
    no rate and is left out); a sentence until a hand was reviewed."""
    from ..material.drawing import error_rate_chart_svg

    reviewed = [kept for kept in progress.hand_reviews if kept.summary.decisions]
    if not reviewed:
        none_yet = t("No hand of yours is reviewed yet: review a practice hand when it ends, and the points you lost "
                     "per decision show here, hand after hand.")
        return f"<div class='gt-info gt-no-reviews'>{escape(none_yet)}</div>"
    tips = [tn("{when}: {rate} points lost per decision ({n} decision)",
               "{when}: {rate} points lost per decision ({n} decisions)", kept.summary.decisions,
               when=kept.at[:16].replace("T", " "), rate=format_number(kept.summary.error_rate)) for kept in reviewed]
    return error_rate_chart_svg([kept.summary.error_rate for kept in reviewed], tips=tips)


THEME_COLUMNS = (N_("theme"), N_("solved"), N_("failed"), N_("hinted"), N_("success"))
"""The columns of the profile page's table of themes (translated with the context "column")."""
RESULTS = {"solved": N_("solved"), "failed": N_("failed"), "hinted": N_("hinted")}


def success(tally: Any) -> int:
    """A theme's share of attempts solved, in whole percent, the nearest (a half up; 0 before any attempt).

    >>> from types import SimpleNamespace as Tally
    >>> success(Tally(solved=2, attempts=3)), success(Tally(solved=1, attempts=8)), success(Tally(solved=0, attempts=0))
    (67, 13, 0)
    """
    return (200 * tally.solved + tally.attempts) // (2 * tally.attempts) if tally.attempts else 0


def attempt_line(attempt: Any) -> str:
    """One line of the latest attempts: when (UTC), the kind, the puzzle, the result."""
    # The puzzle kinds' table, imported when a profile with attempts is shown: a lesson page shows the
    # learner's name through this module and never imports the puzzles.
    from ..puzzles.registry import description

    try:
        kind = t(description(attempt.kind).title)  # as its page names it
    except GinError:  # a kind this gintrainer does not have (a record from a newer one)
        kind = str(attempt.kind).replace("_", " ")
    result = t(RESULTS[attempt.result]) if attempt.result in RESULTS else attempt.result
    when = attempt.at[:16].replace("T", " ")
    if attempt.counted:
        return t("{when} · {kind} · {puzzle} · {result}", when=when, kind=kind, puzzle=attempt.puzzle_id,
                 result=result)
    return t("{when} · {kind} · {puzzle} · {result} (practice, not rated)", when=when, kind=kind,
             puzzle=attempt.puzzle_id, result=result)

class SettingsBar(View):
    """The settings of a puzzle page (and of the practice page) in one line above its task: a toggle that opens
    them (``parts``: the name box, the difficulty, the theme filter, the day...) and the current choices beside
    it, in one line, with ``beside`` after them (the streak and rating), each marked off from what is before it
    (``gt-beside``: a rule where it shares the line, a line of its own on a phone's width) so that the two read
    as two parts.

    The toggle says whether the settings are open (``aria-expanded``, from its class ``gt-disclosure``: the
    template's ``page.js`` keeps it)."""

    def __init__(self, parts: Iterable[widgets.Widget], beside: Iterable[widgets.Widget] = ()):
        self.toggle = widgets.ToggleButton(description=tc("button", "Settings"), value=False, icon="cog",
                                           layout=widgets.fixed_layout(width="auto"),
                                           _dom_classes=("gt-settings-toggle", DISCLOSURE))
        self.choices = widgets.HTML(_dom_classes=("gt-choices",))
        """The current choices in one line."""
        self.panel = widgets.VBox(list(parts), layout=widgets.Layout(display="none"), _dom_classes=("gt-settings",))
        """The settings themselves, shown while the toggle is down."""
        beside = list(beside)
        for part in beside:
            part.add_class("gt-beside")
        line = widgets.HBox([self.toggle, self.choices, *beside],
                            layout=widgets.fixed_layout(flex_flow="row wrap", align_items="center"),
                            _dom_classes=("gt-settings-bar",))
        super().__init__([line, self.panel], _dom_classes=("gt-settings-top",))
        self.toggle.observe(self._on_toggle, names="value")

    @guarded
    def _on_toggle(self, change: Change) -> None:
        self.panel.layout.display = "" if change["new"] else "none"

    def show_choices(self, chosen: Iterable[str], *, asking: bool = False) -> None:
        """Show the current choices, in one line; ``asking``: the settings ask something of the learner (a PIN
        for the name in the page's address, a notice about the name), and open."""
        self.choices.value = f"<div class='gt-info'>{escape(' · '.join(chosen))}</div>"
        if asking:
            self.toggle.value = True


def asks_the_learner(learner: Learner) -> bool:
    """Whether the name box has something to say to the learner: a notice, or the PIN of the name in the
    page's address to type."""
    return bool(learner.notice) or (learner.name is None and bool(learner.waiting))


def learner_choices(learner: Learner) -> list[str]:
    """The choices every puzzle page shows in its settings bar: who is playing, and the four-colour deck when on."""
    return [learner.name or tc("player", "Guest"), *([tc("option", "Four-colour deck")] if settings.four_colour
                                                      else [])]


