"""The ``gintrainer`` command: solve hands, show the daily puzzle, generate puzzles, review a hand.

Bad input prints one line naming what was wrong and exits with status 2. The
commands that print text for people (``solve``, ``daily``, ``puzzles``,
``review``, ``class worksheet``) take ``--lang``: English, Turkish, Kurmanji or Pashto;
by default the user's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``) where it
is one of them, else English. ``--json`` output is the same in every language.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from gettext import gettext
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, TypeVar, overload

from .app import TEACHER_PASSPHRASE
from .engine.cards import Card, parse_cards, show_cards
from .engine.melds import best_arrangement
from .engine.rules import PRESETS, Rules
from .engine.solver import OBJECTIVES, DiscardTable
from .material.messages import render
from .words.errors import GinError, quoted
from .words.language import LANGUAGES, N_, check_language, format_number, in_language, t, tc, tn

if TYPE_CHECKING:  # imported where they are used, as the commands need them (a quick start)
    from .classroom.sets import ClassSet
    from .puzzles.core import PosedPuzzle
    from .puzzles.kinds import PuzzleKind
    from .replay.review import HandReview


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2, as for every bad input
        raise GinError(message)

    @overload
    def parse_args(self, args: Iterable[str] | None = None, namespace: None = None) -> argparse.Namespace: ...
    @overload
    def parse_args(self, args: Iterable[str] | None, namespace: _N) -> _N: ...
    @overload
    def parse_args(self, *, namespace: _N) -> _N: ...

    def parse_args(self, args: Iterable[str] | None = None, namespace: object = None) -> object:
        # as argparse's, quoting the extra words cut short
        parsed, extra = self.parse_known_args(args, namespace)
        if extra:
            words = " ".join(quoted(word) for word in extra[:3]) + (" ..." if len(extra) > 3 else "")
            self.error(gettext("unrecognized arguments: %s") % words)  # argparse's own message, as it translates it
        return parsed

    # argparse quotes a bad value whole: quote at most QUOTE_LIMIT characters of it
    def _get_value(self, action: argparse.Action, arg_string: str) -> Any:
        try:
            return super()._get_value(action, arg_string)
        except argparse.ArgumentError as error:
            raise argparse.ArgumentError(action, _shorten(error.message, arg_string)) from None

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        try:
            super()._check_value(action, value)
        except argparse.ArgumentError as error:
            raise argparse.ArgumentError(action, _shorten(error.message, value)) from None


def _shorten(message: str, value: object) -> str:
    """argparse's message with its quote of ``value`` cut short (:func:`~gintrainer.words.errors.quoted`)."""
    return message.replace(repr(value), quoted(value))


_HAND_EXAMPLE = "7H 8H 9H 2C"

_N = TypeVar("_N")


def locale_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the user's locale where it is one of the trainer's, else
    English: the first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set
    (``tr_TR.UTF-8`` gives ``tr``), as the C library reads them.

    >>> locale_language({"LANG": "tr_TR.UTF-8"}), locale_language({"LC_ALL": "de_DE", "LANG": "tr_TR"})
    ('tr', 'en')
    """
    environ = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            try:
                return check_language(value.split(".")[0].split("@")[0])
            except GinError:
                return "en"
    return "en"


def _language(value: str) -> str:
    """A ``--lang`` value: one of the trainer's languages."""
    try:
        code = check_language(value)
    except GinError:
        raise argparse.ArgumentTypeError(_no_language(value)) from None
    if code not in LANGUAGES:
        raise argparse.ArgumentTypeError(_no_language(value))
    return code


def _no_language(value: str) -> str:
    return t("no language {value}: use {languages}", value=quoted(value), languages=", ".join(LANGUAGES))


def _help_language(argv: Sequence[str] | None) -> str:
    """The language of the help and of argparse's checks: ``--lang`` where argv gives
    one of the trainer's languages (the parser is built before the arguments are
    read), else the locale's."""
    words = list(sys.argv[1:] if argv is None else argv)
    for index, word in enumerate(words):
        value = word.partition("=")[2] if word.startswith("--lang=") else (
            words[index + 1] if word == "--lang" and index + 1 < len(words) else None)
        if value is not None:
            try:
                return _language(value)
            except argparse.ArgumentTypeError:
                break  # parse_args names the bad value
    return locale_language()


def _add_lang(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", type=_language, metavar="LANG",
                        help=t("the language of the text: {languages} (default: the locale's where it is one of "
                               "them, else en)", languages=", ".join(LANGUAGES)))


_OUT_NEEDS = {"file": N_("--out needs a file name, not {value}"),
              "folder": N_("--out needs a folder name, not {value}")}


def _out_path(value: str | None, what: str) -> str | None:
    """An ``--out`` value (``what``: "file" or "folder"): None for the default, else a
    non-blank path (a blank one would silently mean the current folder)."""
    if value is not None and not value.strip():
        raise GinError(t(_OUT_NEEDS[what], value=quoted(value)))
    return value


def _print_json(data: object) -> None:
    """Machine output: the same in every language."""
    json.dump(data, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


def _fraction(value: Fraction) -> str:
    """An exact fraction in the table, with the language's decimal sign (``--json`` keeps its own)."""
    return format_number(value)


def _solve_rules(args: argparse.Namespace) -> Rules:
    """The rules of ``solve``: the preset, with Oklahoma if asked (an upcard needs it)."""
    rules = Rules.preset(args.rules or "standard")
    if args.oklahoma:
        rules = rules.replace(oklahoma=True)
    if args.upcard is not None and not rules.oklahoma:
        raise GinError(t("--upcard is the first upcard of Oklahoma rules: add --oklahoma"))
    return rules


def _print_table(cards: Iterable[Card], table: DiscardTable) -> None:
    # Translators: {hand} is the cards of the hand; {limit} the knock limit
    print(tn("Hand: {hand}   (knock limit {limit}, {n} unseen card)",
             "Hand: {hand}   (knock limit {limit}, {n} unseen cards)", len(table.unseen), hand=show_cards(cards),
             limit=table.knock_limit))
    heads = (tc("solver column", "discard"), tc("solver column", "deadwood"), tc("solver column", "knocks"),
             tc("solver column", "outs"), tc("solver column", "expected"))
    widths = tuple(max(width, len(head)) for width, head in zip((8, 9, 7, 5, 9), heads, strict=True))
    print(" ".join(f"{head:>{width}}" for head, width in zip(heads, widths, strict=True)))
    for row in table.rows:
        knock = tc("solver cell", "gin") if row.gin else (tc("solver cell", "yes") if row.knocks else "")
        cells = (str(row.card), str(row.deadwood), knock, str(len(row.outs)), _fraction(row.expected_deadwood))
        print(" ".join(f"{cell:>{width}}" for cell, width in zip(cells, widths, strict=True)))
    if table.big_gin:
        print(t("All 11 cards meld: big gin."))


def cmd_solve(args: argparse.Namespace) -> None:
    from .engine.solver import discard_table
    cards = parse_cards(args.cards)
    if not cards:
        raise GinError(t("give the cards of a hand, like {example}, not {cards}", example=repr(_HAND_EXAMPLE),
                         cards=quoted(args.cards)))
    rules = _solve_rules(args)
    if len(cards) == 11:
        table = discard_table(cards, rules=rules, drawn=args.drawn, drawn_from=args.source or "stock",
                              discard_pile=args.pile or (), opponent_known=args.known or (), upcard=args.upcard)
        if args.json:
            _print_json(table.to_dict())
        else:
            _print_table(cards, table)
        return
    if len(cards) > 11:
        raise GinError(t("give at most 11 cards, not {count}", count=len(cards)))
    given = [flag for flag, value in (("--drawn", args.drawn), ("--from", args.source), ("--pile", args.pile),
                                      ("--known", args.known), ("--rules", args.rules), ("--upcard", args.upcard))
             if value is not None] + (["--oklahoma"] if args.oklahoma else [])
    if given:
        raise GinError(t("only an 11-card hand takes {options}; the hand given is {hand}", options=", ".join(given),
                         hand=show_cards(cards)))
    arrangement = best_arrangement(cards)
    if args.json:
        _print_json(arrangement.to_dict())
    else:
        print(arrangement)


def _print_puzzle(puzzle: PosedPuzzle, *, show_answer: bool = True) -> None:
    from .puzzles import description
    kind = t(description(puzzle.kind).command_words)
    themes = ", ".join(puzzle.themes)
    if themes:
        # Translators: {themes} are the puzzle's theme names, as the command line's --theme writes them
        print(t("Puzzle {id} ({kind}, difficulty {difficulty}; themes: {themes})", id=puzzle.id, kind=kind,
                difficulty=puzzle.difficulty, themes=themes))
    else:
        print(t("Puzzle {id} ({kind}, difficulty {difficulty}; themes: none)", id=puzzle.id, kind=kind,
                difficulty=puzzle.difficulty))
    if puzzle.upcard:
        print(t("Rules: {rules}; upcard {card}", rules=puzzle.rules.describe(), card=puzzle.upcard))
    else:
        print(t("Rules: {rules}", rules=puzzle.rules.describe()))
    print(t("Hand: {cards}", cards=show_cards(puzzle.hand)))
    defender_hand = getattr(puzzle, "defender_hand", None)  # the kinds that show the defender's hand
    if defender_hand:
        print(t("Defender's hand: {cards}", cards=show_cards(defender_hand)))
    if puzzle.discard_pile:
        print(t("Discard pile (bottom first): {cards}", cards=show_cards(puzzle.discard_pile)))
    print(tn("Stock: {n} card", "Stock: {n} cards", puzzle.stock_count))
    print(render(puzzle.count_message))
    print(render(puzzle.question_message))
    if show_answer:
        print(t("Answer: {answer}", answer=render(puzzle.answer_messages)))
        print(render(puzzle.explanation_messages))


def puzzle_json(puzzle: PosedPuzzle) -> dict[str, Any]:
    """A puzzle's record (the bank's format) with its question, explanation and
    hints also in English: the words beside the messages they render, the same
    whatever language the command speaks."""
    record: dict[str, Any] = puzzle.to_dict()
    sentences = record.pop("sentences")
    record.update(explanation=render(puzzle.explanation_messages, "en"),
                  hints=[render(m, "en") for m in puzzle.hint_messages],
                  question=render(puzzle.question_message, "en"), sentences=sentences)
    return record


def cmd_daily(args: argparse.Namespace) -> None:
    from .puzzles import daily
    puzzle = daily(args.date, args.kind)
    if args.json:
        _print_json(puzzle_json(puzzle))
    else:
        _print_puzzle(puzzle)


class _Progress:
    """A one-line progress bar on standard error, with the seconds spent: drawn
    when the count moves, and at least every ``every`` seconds while it does not
    (a long search shows it is still running)."""

    def __init__(self, stream: TextIO | None = None, every: float = 2.0):
        self._stream = stream
        self._every = every
        self._start = time.monotonic()
        self._shown: tuple[int, float] | None = None

    @property
    def stream(self) -> TextIO:
        return self._stream or sys.stderr

    def __call__(self, done: int, total: int, label: str = "") -> None:
        now = time.monotonic()
        if self._shown is not None and self._shown[0] == done and now - self._shown[1] < self._every:
            return
        self._shown = (done, now)
        width = 30
        filled = width * done // max(total, 1)
        self.stream.write(f"\r{label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total} "
                          f"{now - self._start:.0f} s")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


MAX_PUZZLES = 10_000
"""The most puzzles ``puzzles --count`` makes: 20 times the largest part of the
shipped bank (380), a few hours of work; more would run for days."""

MAX_HANDS = 1_000_000
"""The most hands ``duel --hands`` plays: 500 times the 2,000 of docs/benchmarks.md's duels, enough
to measure a difference of a small fraction of a point per hand. The naive
players play it in about an hour and a half, the best player (about two hands
a second) in days even with ``--jobs``; more would never end."""

MAX_JOBS = 64
"""The most processes ``duel --jobs`` starts (each is a copy of the trainer)."""


def _puzzle_themes(kind: str, objective: str | None, rules: Rules, themes: Iterable[str] | None) -> None:
    """Refuse at once a ``--theme`` no puzzle of the kind can have (the search
    would run for minutes to find none), naming the themes it can have."""
    from .classroom.sets import STREAM_THEMES
    from .engine.solver import Objective
    from .puzzles import THEMES, description
    described = description(kind)
    kind = described.kind
    chosen = Objective(objective) if objective else described.default_objective
    possible = STREAM_THEMES[kind, chosen if chosen in described.objectives else None]
    for theme in themes or ():
        if theme == "oklahoma" and not rules.oklahoma:
            raise GinError(t("the oklahoma theme needs Oklahoma rules: turn Oklahoma on or leave the theme out"))
        if theme in THEMES and theme not in possible:  # generate names an unknown one
            raise GinError(t("no {kind} puzzle has the theme {theme}: its themes are {themes}", kind=kind.option,
                             theme=quoted(theme), themes=", ".join(sorted(possible))))


def cmd_puzzles(args: argparse.Namespace) -> None:
    from .classroom.sets import takes_objective
    from .puzzles import generate, normalise_kind
    if not 1 <= args.count <= MAX_PUZZLES:
        raise GinError(t("--count must be from 1 to {most}, not {count}", most=MAX_PUZZLES, count=quoted(args.count)))
    if args.objective is not None and not takes_objective(normalise_kind(args.kind)):
        raise GinError(t("only best-discard puzzles take --objective"))
    rules = Rules.preset(args.rules)
    if args.oklahoma:
        rules = rules.replace(oklahoma=True)
    _puzzle_themes(args.kind, args.objective, rules, args.theme)
    puzzles = generate(args.kind, seed=args.seed, count=args.count, rules=rules, objective=args.objective,
                       difficulty=args.difficulty, themes=args.theme or None, progress=_Progress())
    if args.json:
        _print_json([puzzle_json(p) for p in puzzles])
        return
    for puzzle in puzzles:
        _print_puzzle(puzzle)
        print()


def cmd_bank(args: argparse.Namespace) -> None:
    from .puzzles import build_bank
    bar = _Progress()
    counts = build_bank(_out_path(args.out, "folder"), seed=args.seed, kinds=args.kind,
                        progress=lambda label, done, total: bar(done, total, label))
    for kind, count in counts.items():
        print(f"{kind}: {count} puzzles")


_CLASS_FLAGS = {"count": "--count", "kinds": "--kinds", "objective": "--objective", "difficulty": "--difficulty",
                "themes": "--theme", "oklahoma": "--oklahoma", "name": "--code"}


def _class_set(args: argparse.Namespace) -> ClassSet:
    """The class set of ``--code`` (a short code or a class name) and the options given."""
    from .classroom import ClassSetError, class_set
    from .classroom.sets import new_set_kinds
    from .puzzles import normalise_kind
    kinds = None
    if args.kinds is not None:
        kinds = list(new_set_kinds()) if "both" in args.kinds else [normalise_kind(k) for k in args.kinds]
    try:
        return class_set(args.code, count=args.count, kinds=kinds, objective=args.objective,
                         difficulty=args.difficulty, themes=args.theme, oklahoma=args.oklahoma, labels=_CLASS_FLAGS)
    except ClassSetError as error:
        flag = _CLASS_FLAGS.get(error.option or "")
        if flag and not str(error).startswith(flag):
            raise GinError(t("{option}: {error}", option=flag, error=str(error))) from None
        raise


def cmd_class_make(args: argparse.Namespace) -> None:
    classset = _class_set(args)
    puzzles = classset.puzzles()
    if args.json:  # machine output: the same line in every language
        print(f"class code: {classset.code}", file=sys.stderr)
        _print_json([puzzle_json(p) for p in puzzles])
        return
    print(t("Class code: {code}", code=classset.code))
    if classset.name:
        # Translators: {name} is the class's name, as the teacher wrote it.
        print(t("Class: {name}", name=classset.name))
    print(classset.describe())
    for number, puzzle in enumerate(puzzles, 1):
        print()
        print(t("--- puzzle {number} of {count} ---", number=number, count=len(puzzles)))
        _print_puzzle(puzzle)


def cmd_class_worksheet(args: argparse.Namespace) -> None:
    from .classroom import write_worksheet
    classset = _class_set(args)
    out = _out_path(args.out, "file")
    if out is None:  # argparse requires --out
        raise GinError(t("--out needs a file name"))
    path = write_worksheet(out, classset, answers=args.answers)
    if args.answers:
        print(tn("Wrote the answer key of class code {code} ({n} puzzle) to {path}",
                 "Wrote the answer key of class code {code} ({n} puzzles) to {path}", classset.count,
                 code=classset.code, path=str(path)))
    else:
        print(tn("Wrote the worksheet of class code {code} ({n} puzzle) to {path}",
                 "Wrote the worksheet of class code {code} ({n} puzzles) to {path}", classset.count,
                 code=classset.code, path=str(path)))


def _kind_options(kinds: Iterable[PuzzleKind] | None = None) -> tuple[str, ...]:
    """The puzzle kinds (every kind registered, or those of ``kinds``) as the command line writes them."""
    from .puzzles import kinds as registered
    return tuple(kind.option for kind in (registered() if kinds is None else kinds))


def _class_command(class_sub: argparse._SubParsersAction[_Parser], name: str,
                   run: Callable[[argparse.Namespace], None], help: str, description: str) -> argparse.ArgumentParser:
    """A ``class`` subcommand that ``run`` runs, with its help and description: the options
    that name or make a class set, and --lang; the command adds its own options after them."""
    from .classroom.sets import DEFAULT_COUNT, MAX_COUNT, OBJECTIVES, new_set_kinds
    from .puzzles import THEMES
    parser = class_sub.add_parser(name, help=help, description=description)
    parser.add_argument("--code", required=True,
                        help=t("a class code from a teacher (its options apply; any option given must agree), or a "
                               "class name to make a new set (text shaped like a code is read as a code)"))
    parser.add_argument("--count", type=int,
                        help=t("number of puzzles, 1 to {most} (new set: {default})", most=MAX_COUNT,
                               default=DEFAULT_COUNT))
    parser.add_argument("--kinds", nargs="+", choices=(*_kind_options(), "both"),
                        help=t("kinds of puzzle, one or more, taking turns ({both}: {kinds}; new set: {both})",
                               both="both", kinds=" ".join(_kind_options(new_set_kinds()))))
    parser.add_argument("--objective", choices=tuple(o.value for o in OBJECTIVES),
                        help=t("best-discard objective (new set: mixed, alternating deadwood and lookahead)"))
    parser.add_argument("--difficulty", help=t("easy, medium, hard or a range like 1300-1599 (new set: any)"))
    parser.add_argument("--theme", action="append", choices=tuple(THEMES), metavar="THEME",
                        help=t("keep puzzles with any theme given (repeatable): {themes}", themes=", ".join(THEMES)))
    parser.add_argument("--oklahoma", action=argparse.BooleanOptionalAction, default=None,
                        help=t("Oklahoma rules: the first upcard sets the knock limit (new set: off)"))
    _add_lang(parser)
    parser.set_defaults(run=run)
    return parser


def cmd_app(args: argparse.Namespace) -> None:
    from .app import serve
    code = serve(root=args.root, port=args.port, ip=args.ip, open_browser=not args.no_browser,
                 teacher_passphrase=args.teacher_passphrase)
    if code:
        raise GinError(f"voila stopped with status {code}")


def cmd_pin(args: argparse.Namespace) -> None:
    """Give a profile a new PIN: typed twice at a terminal, else read from the first line of
    standard input (never from the command line, which other users of the machine may see)."""
    from .records.profiles import clean_pin, profile_exists, set_pin
    if not profile_exists(args.name):
        raise GinError(t("there is no profile named {name}", name=quoted(args.name)))
    try:
        if sys.stdin.isatty():
            import getpass
            pin = clean_pin(getpass.getpass(t("New PIN: ")))
            if clean_pin(getpass.getpass(t("The same PIN again: "))) != pin:
                raise GinError(t("the two PINs differ: nothing was changed"))
        else:
            pin = sys.stdin.readline(1000).rstrip("\r\n")
    except (OSError, EOFError) as error:
        raise GinError(t("cannot read the PIN: {error}", error=str(error) or type(error).__name__)) from None
    set_pin(args.name, pin)
    print(t("The profile {name} has a new PIN.", name=quoted(args.name)))


def _ratings_file(path: str) -> Any:
    """The puzzle ratings of a JSON file (an export); GinError saying why not."""
    from pathlib import Path

    from .puzzles.ratings import read_ratings
    from .records.storage import RECORD_LIMIT
    try:
        with Path(path).open("rb") as file:
            text = file.read(RECORD_LIMIT + 1)
    except OSError as error:
        raise GinError(t("cannot read {path}: {error}", path=quoted(path),
                         error=error.strerror or type(error).__name__)) from None
    if len(text) > RECORD_LIMIT:
        raise GinError(t("{path} is too large to be puzzle ratings", path=quoted(path)))
    return read_ratings(text)


def cmd_ratings(args: argparse.Namespace) -> None:
    """The puzzles' learned ratings in the class store: export them, import another server's, or rebuild the
    shipped starting ratings from an export."""
    from .classroom.puzzle_ratings import open_ratings
    from .puzzles.ratings import ratings_json, rebuild_starting, starting_path
    from .records.storage import write_text_atomic
    out_path = _out_path(getattr(args, "out", None), "file")
    if args.ratings_command == "export":
        text = ratings_json(open_ratings().export())
        if out_path is not None:
            write_text_atomic(out_path, text)
            print(t("Wrote {path}.", path=out_path), file=sys.stderr)
        else:
            sys.stdout.write(text)
    elif args.ratings_command == "import":
        found = _ratings_file(args.file)
        taken = open_ratings().import_ratings(found)
        print(tn("{taken} of {count} puzzle ratings taken (the others were learned from fewer attempts than "
                 "the store's own).", "{taken} of {count} puzzle ratings taken (the others were learned from fewer "
                 "attempts than the store's own).", len(found), taken=taken, count=len(found)))
    else:
        from pathlib import Path
        out = Path(out_path) if out_path is not None else starting_path()
        taken, left_out = rebuild_starting(_ratings_file(args.file), out)
        print(tn("Wrote {path}: {taken} puzzle starts from the export's rating, the others as before; "
                 "{left_out} of the export's puzzles are not in the bank.",
                 "Wrote {path}: {taken} puzzles start from the export's ratings, the others as before; "
                 "{left_out} of the export's puzzles are not in the bank.", taken, path=str(out), taken=taken,
                 left_out=left_out))


def cmd_duel(args: argparse.Namespace) -> None:
    from .engine.duel import duel
    if not 1 <= args.hands <= MAX_HANDS:
        raise GinError(t("--hands must be from 1 to {most}, not {hands}", most=MAX_HANDS, hands=quoted(args.hands)))
    if not 1 <= args.jobs <= MAX_JOBS:
        raise GinError(t("--jobs must be from 1 to {most}, not {jobs}", most=MAX_JOBS, jobs=quoted(args.jobs)))
    changes = {name: True for name in ("oklahoma", "straight_gin", "big_gin") if getattr(args, name)}
    rules = Rules.preset(args.rules, **changes)
    result = duel(args.a, args.b, hands=args.hands, seed=args.seed, rules=rules, jobs=args.jobs, progress=_Progress())
    if args.json:
        _print_json(result.to_dict())
    else:
        print(result.report())


MAX_SAMPLES = 10_000
"""The most sampled deals ``review --samples`` judges each decision on: about 17 times the evaluator's default
(600, about 4 s a hand: docs/benchmarks.md), so a minute or two a hand; more would hardly end."""


def _seed(value: str) -> int | str:
    """A ``--seed``: a whole number where the text is one (so that ``--seed 7`` judges as
    ``review(seed=7)`` does), else the text itself."""
    try:
        return int(value)
    except ValueError:
        return value


def _labelled(bar: _Progress, label: str) -> Callable[[int, int], None]:
    """A progress bar that shows ``label`` before the bar."""
    return lambda done, total: bar(done, total, label)


def cmd_review(args: argparse.Namespace) -> None:
    from .replay import load
    from .replay.review import review
    if not 1 <= args.samples <= MAX_SAMPLES:
        raise GinError(t("--samples must be from 1 to {most}, not {samples}", most=MAX_SAMPLES,
                         samples=quoted(args.samples)))
    replay = load(args.file)
    if args.seat is not None:
        seats: tuple[int, ...] = (args.seat,)
    else:
        seats = (0, 1) if replay.featured is None else (replay.featured,)
    hand = replay.hand
    reviews = []
    for seat in seats:
        # Translators: the label of a review's progress bar; {seat} is the seat reviewed, 0 or 1.
        bar = _labelled(_Progress(), t("seat {seat}", seat=seat))
        reviews.append(review(hand, seat, samples=args.samples, seed=_seed(args.seed), progress=bar))
    if args.json:
        _print_json(reviews[0].to_dict() if len(reviews) == 1 else [r.to_dict() for r in reviews])
        return
    for number, reviewed in enumerate(reviews):
        if number:
            print()
        _print_review(reviewed, replay.players)


def _print_review(reviewed: HandReview, players: tuple[str, str] | None) -> None:
    """A review as a table, a row for each decision, and its summary (the words of
    :mod:`gintrainer.replay.review_words`, which the pages draw too)."""
    from .replay import review_words as said
    print(said.review_heading(reviewed, players))
    if not reviewed.decisions:
        print(said.no_decision_sentence(reviewed))
        return
    heads = said.review_columns()
    rows = [said.decision_cells(d) for d in reviewed.decisions]
    widths = [max(len(row[column]) for row in (heads, *rows)) for column in range(len(heads))]
    for row in (heads, *rows):
        cells = [cell.rjust(width) if column in (0, 4) else cell.ljust(width)
                 for column, (cell, width) in enumerate(zip(row, widths, strict=True))]
        print("  ".join(cells).rstrip())
    for decision in reviewed.decisions:
        if decision.why:
            print(said.reason_sentence(decision))
    for sentence in said.summary_sentences(reviewed):
        print(sentence)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="gintrainer", description=t("Gin Rummy trainer: solver, puzzles and app."))
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    solve = sub.add_parser("solve", help=t("the discard table of an 11-card hand, or the best arrangement of fewer"))
    solve.add_argument("cards", help=t('cards, e.g. "7h 8h 9h 10♦ ..."'))
    solve.add_argument("--drawn", help=t("the card just drawn"))
    solve.add_argument("--from", dest="source", choices=("stock", "discard"),
                       help=t("where the drawn card came from (default: the stock)"))
    solve.add_argument("--pile", help=t("the discard pile, bottom first"))
    solve.add_argument("--known", help=t("cards known to be in the opponent's hand"))
    solve.add_argument("--rules", choices=tuple(PRESETS), help=t("the rules preset (default: standard)"))
    solve.add_argument("--oklahoma", action="store_true", help=t("Oklahoma: the upcard sets the knock limit"))
    solve.add_argument("--upcard", help=t("the hand's first upcard (Oklahoma)"))
    solve.add_argument("--json", action="store_true")
    _add_lang(solve)
    solve.set_defaults(run=cmd_solve)

    day = sub.add_parser("daily", help=t("the daily puzzle, the same for everyone on a UTC date"))
    day.add_argument("--date", help=t("YYYY-MM-DD (default: today, UTC)"))
    day.add_argument("--kind", choices=_kind_options(), default=_kind_options()[0])
    day.add_argument("--json", action="store_true")
    _add_lang(day)
    day.set_defaults(run=cmd_daily)

    gen = sub.add_parser("puzzles", help=t("generate verified puzzles"))
    gen.add_argument("--kind", choices=_kind_options(), required=True)
    gen.add_argument("--count", type=int, default=10)
    gen.add_argument("--seed", default="1")
    gen.add_argument("--objective", choices=tuple(o.value for o in OBJECTIVES))
    gen.add_argument("--difficulty", choices=("easy", "medium", "hard"))
    gen.add_argument("--theme", action="append", help=t("keep puzzles with this theme (repeatable)"))
    gen.add_argument("--rules", choices=tuple(PRESETS), default="standard")
    gen.add_argument("--oklahoma", action="store_true")
    gen.add_argument("--json", action="store_true")
    _add_lang(gen)
    gen.set_defaults(run=cmd_puzzles)

    bank = sub.add_parser("bank", help=t("regenerate the shipped puzzle bank"))
    bank.add_argument("--out", help=t("folder to write (default: the package's data folder)"))
    bank.add_argument("--seed", default="bank-1")
    bank.add_argument("--kind", action="append", choices=_kind_options(),
                      help=t("rebuild only this kind's bank (repeatable; default: every kind)"))
    bank.set_defaults(run=cmd_bank)

    klass = sub.add_parser("class", help=t("class sets named by a short code: puzzles, worksheets, answer keys"))
    class_sub = klass.add_subparsers(dest="class_command", required=True, parser_class=_Parser)
    make = _class_command(
        class_sub, "make", cmd_class_make, help=t("print a class set and its short code"),
        description=t("Print a class set and its short code. With --json, standard output is a JSON list of the "
                      "puzzle records (the bank's format, with the question, explanation and hints also in English) "
                      "and the code goes to standard error as 'class code: CODE'."))
    make.add_argument("--json", action="store_true", help=t("the puzzles as a JSON list on standard output"))
    sheet = _class_command(
        class_sub, "worksheet", cmd_class_worksheet,
        help=t("write a class set's printable worksheet, or its answer key"),
        description=t("Write a class set's worksheet (or with --answers its answer key) as a standalone HTML page, "
                      "atomically."))
    sheet.add_argument("--out", required=True, help=t("the HTML file to write"))
    sheet.add_argument("--answers", action="store_true", help=t("write the answer key"))

    from .engine.roster import PLAYER_NAMES
    fight = sub.add_parser(
        "duel", help=t("computer players against each other, each deal played from both seats"),
        # Translators: argparse writes this text: keep "%%" as it is (it prints one "%").
        description=t("Play HANDS hands between two computer players. Deals are mirrored: each deal is played "
                      "twice with the seats swapped, to cancel the luck of the cards. Prints hands, wins, dead "
                      "hands, A's win rate over decided hands with its 95%% interval, and points per hand."))
    fight.add_argument("--a", required=True, choices=PLAYER_NAMES, help=t("player A"))
    fight.add_argument("--b", required=True, choices=PLAYER_NAMES, help=t("player B"))
    fight.add_argument("--hands", type=int, default=200, help=t("hands to play (default 200)"))
    fight.add_argument("--seed", default="1", help=t("the seed of the deals (default 1)"))
    fight.add_argument("--rules", choices=tuple(PRESETS), default="standard")
    fight.add_argument("--oklahoma", action="store_true", help=t("Oklahoma: the upcard sets the knock limit"))
    fight.add_argument("--straight-gin", dest="straight_gin", action="store_true", help=t("straight gin: no knocking"))
    fight.add_argument("--big-gin", dest="big_gin", action="store_true", help=t("allow big gin"))
    fight.add_argument("--jobs", type=int, default=1, help=t("processes to share the hands (default 1)"))
    fight.add_argument("--json", action="store_true")
    fight.set_defaults(run=cmd_duel)

    from .engine.evaluate import DEFAULT_SAMPLES
    check = sub.add_parser(
        "review", help=t("judge each decision of a hand history: the move made, the best move, the points lost"),
        description=t("Review a hand history: each decision of the featured seat (both seats when there is none) "
                      "judged from that seat's view by the evaluator, with the best move, the points of the hand "
                      "lost and a mark (inaccuracy, mistake, blunder), then a summary."))
    check.add_argument("file", help=t("the hand history (a JSON file)"))
    check.add_argument("--seat", type=int, choices=(0, 1), help=t("the seat to review (default: the featured seat, "
                                                                  "or both)"))
    check.add_argument("--samples", type=int, default=DEFAULT_SAMPLES,
                       help=t("sampled deals for each decision (default {default})", default=DEFAULT_SAMPLES))
    check.add_argument("--seed", default="0", help=t("the seed of the sampled deals (default 0)"))
    check.add_argument("--json", action="store_true", help=t("the review's record: one seat's, or a list of both"))
    _add_lang(check)
    check.set_defaults(run=cmd_review)

    rated = sub.add_parser("ratings", help=t("the puzzles' ratings learned from attempts: export, import, rebuild "
                                             "the shipped starting ratings"))
    rated_sub = rated.add_subparsers(dest="ratings_command", required=True, parser_class=_Parser)
    export = rated_sub.add_parser("export", help=t("write the class store's learned puzzle ratings as JSON"))
    export.add_argument("--out", help=t("the JSON file to write (default: standard output)"))
    taken = rated_sub.add_parser("import", help=t("take in another server's export: a puzzle's rating is taken "
                                                  "when more attempts taught it"))
    taken.add_argument("file", help=t("the export (a JSON file)"))
    rebuild = rated_sub.add_parser("rebuild", help=t("rebuild the shipped starting ratings from an export"))
    rebuild.add_argument("file", help=t("the export (a JSON file)"))
    rebuild.add_argument("--out", help=t("the file to write (default: the package's puzzle_ratings.json)"))
    rated.set_defaults(run=cmd_ratings)

    pin = sub.add_parser("pin", help=t("give a learner's profile a new PIN (on a shared server, a profile opens "
                                       "with its PIN)"))
    pin.add_argument("name", help=t("the profile's name"))
    pin.set_defaults(run=cmd_pin)

    app = sub.add_parser("app", help=t("serve the trainer as a web app (Voila)"))
    app.add_argument("--port", type=int, default=8866)
    app.add_argument("--ip", default="localhost", help=t("address to listen on (0.0.0.0 for a classroom)"))
    app.add_argument("--root", help=t("the site folder (default: this checkout, or the installed copy)"))
    app.add_argument("--no-browser", action="store_true", help=t("do not open a browser"))
    app.add_argument("--teacher-passphrase", metavar="PASSPHRASE",
                     help=t("start the app for a class: making sets, answer keys and the gradebook ask for this "
                            "passphrase (or set {variable})", variable=TEACHER_PASSPHRASE))
    app.set_defaults(run=cmd_app)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        with in_language(_help_language(argv)):  # --help and argparse's checks print while parsing
            args = build_parser().parse_args(argv)
        lang = getattr(args, "lang", None)
        with in_language(lang or (locale_language() if hasattr(args, "lang") else "en")):
            args.run(args)
    except GinError as error:
        print(f"gintrainer: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into a command that stopped reading
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print(t("gintrainer: interrupted"), file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
