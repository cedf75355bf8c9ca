"""The annotated example hands: how they are built, shipped and read.

Each example is a :class:`Script` in :mod:`gintrainer.replay.hands`: a stacked
deal, every action, and a teacher's comment on each decision of the featured
player, with the numbers those comments quote (``facts``) checked against the
solver when the example is built. The built histories ship as JSON in
``gintrainer/data/hands/``; regenerate them after changing a script with::

    python -m gintrainer.replay build-examples

(or :func:`build_examples`). A test checks that the shipped files equal what
the scripts build.

>>> names = example_names()
>>> names[0], len(names) >= 8
('both_pass', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ..cards import Card, CardsLike, format_cards, parse_cards, sort_by_rank
from ..deals import stack_deck
from ..errors import GinError
from ..hand import Action, Hand
from ..melds import min_deadwood
from ..rules import Rules
from .history import Annotation, Replay, ReplayError, load

SOLVER_TAGS = ("costly-discard", "missed-knock", "missed-gin", "better-knock", "costly-take", "costly-draw",
               "costly-pass", "costly-layout")
"""The solver's findings an example keeps (its plain take-or-draw remarks are left to the teacher)."""


def stacked(non_dealer: CardsLike, dealer: CardsLike, upcard: CardsLike, stock: CardsLike = "") -> tuple[Card, ...]:
    """A stacked deck (see :func:`gintrainer.deals.stack_deck`), a bad one refused as a ReplayError."""
    try:
        return stack_deck(non_dealer, dealer, upcard, stock)
    except GinError as error:
        raise ReplayError(str(error)) from None


@dataclass(frozen=True)
class Move:
    """One action of a script, with the teacher's comment on it (if any), a
    better move and arrows, and ``facts``: numbers the comment quotes, checked
    against the solver when the example is built (see :func:`step_facts`)."""

    action: str
    comment: str | None = None
    better: str | None = None
    arrows: tuple = ()
    facts: dict = field(default_factory=dict)


def move(action: str, comment: str | None = None, *, better: str | None = None, arrows=(), **facts) -> Move:
    return Move(action, comment, better, tuple(tuple(a.split()) if isinstance(a, str) else a for a in arrows),
                facts)


@dataclass(frozen=True)
class Script:
    """The source of one example hand. Seat 0 deals unless ``dealer`` says otherwise."""

    name: str
    title: str
    description: str
    featured: int
    moves: tuple[Move, ...]
    non_dealer: str = ""
    dealer_cards: str = ""
    upcard: str = ""
    stock: str = ""
    deck_order: str = ""
    dealer: int = 0
    rules: Rules = Rules()
    players: tuple[str, str] = ("Ann", "Ben")
    tags: tuple[str, ...] = ()
    deal_comment: str | None = None

    def deck(self) -> tuple[Card, ...]:
        """The stacked deck, or ``deck_order`` (all 52 cards, top first) when given."""
        if self.deck_order:
            return parse_cards(self.deck_order)
        return stacked(self.non_dealer, self.dealer_cards, self.upcard, self.stock)


def step_facts(replay: Replay, number: int) -> dict:
    """The numbers a comment on step ``number`` may quote, from what that player
    could see:

    * before a take, draw or pass: ``deadwood`` (now), ``take`` (the least
      deadwood after taking the top discard), ``take_discard`` (the discard
      then), ``draw`` (a stock draw's expected deadwood);
    * a discard, knock or gin: ``deadwood`` (of the ten cards kept), ``outs``
      (how many unseen cards would lower it), ``expected`` (after the next
      draw), ``best`` (the solver's best discard), ``best_expected``, ``knock``
      (whether some discard could knock), ``limit`` (the knock limit),
      ``unseen`` (how many cards the player has not seen), ``gin_outs`` (the
      unseen cards that would give gin next turn) and ``knock_outs`` (how
      many would allow a knock);
    * a layout step: ``left``, the deadwood not yet laid out or laid off;
    * every step: ``stock``, the cards left in the stock after it.
    """
    step = replay.step(number)
    before = replay.state(number - 1)
    after = replay.state(number)
    return {**_facts(replay, number, step, before, after), "stock": after.stock_count}


def _facts(replay: Replay, number: int, step, before: Hand, after: Hand) -> dict:
    from .annotate import discard_position, draw_choice, known_cards
    kind = step.action.kind
    if kind in ("take", "draw", "pass"):
        if not any(a.kind == "take" for a in before.legal_actions()):
            return {"deadwood": before.deadwood(step.seat)}
        choice = draw_choice(before, step.seat, known_cards(replay, number))
        return {"deadwood": choice.current, "take": choice.take, "take_discard": choice.take_discard.code(),
                "draw": choice.draw}
    if kind in ("discard", "knock", "gin"):
        table = discard_position(before, step.seat, known_cards(replay, number))
        row = table.row(step.action.card)
        kept = [c for c in table.hand if c is not row.card]
        gin_outs, knock_outs = [], []
        for card in table.unseen:
            eleven = kept + [card]
            points = min(min_deadwood(c for c in eleven if c is not throw) for throw in eleven)
            if points == 0:
                gin_outs.append(card)
            if points <= table.knock_limit:
                knock_outs.append(card)
        return {"deadwood": row.deadwood, "outs": len(row.outs), "expected": row.expected_deadwood,
                "best": table.rows[0].card.code(), "best_expected": table.rows[0].expected_deadwood,
                "knock": table.can_knock, "limit": table.knock_limit, "unseen": len(table.unseen),
                "gin_outs": format_cards(sort_by_rank(gin_outs)),
                "knock_outs": len(knock_outs)}
    if kind in ("meld", "layoff", "done", "big-gin"):
        return {"left": sum(c.value for c in after.unlaid(step.seat))}
    return {}


def _same(stated, actual) -> bool:
    if isinstance(actual, Fraction) and isinstance(stated, str):
        return stated == f"{float(actual):.2f}"
    return stated == actual


def build(script: Script, *, check: bool = True) -> Replay:
    """The replay of a script: its actions played on the stacked deck, the
    teacher's comments, the facts checked, and the solver's findings added."""
    try:
        hand = Hand.deal(script.rules, dealer=script.dealer, deck=script.deck())
    except ValueError as error:
        raise ReplayError(f"example {script.name!r}: the deal cannot be made: {error}") from None
    notes = [Annotation(0, script.deal_comment)] if script.deal_comment else []
    for number, item in enumerate(script.moves, start=1):
        try:
            if Action.parse(item.action).kind == "auto":
                raise ReplayError("a script writes the plain steps, not 'auto'")
            hand.apply(item.action)
        except ValueError as error:
            raise ReplayError(f"example {script.name!r}, step {number} ({item.action!r}): {error}",
                              step=number) from None
        if item.comment or item.better or item.arrows:
            notes.append(Annotation(number, item.comment or "", better=item.better, arrows=item.arrows))
    replay = Replay(hand, notes, title=script.title, description=script.description, featured=script.featured,
                    players=script.players, tags=script.tags)
    if check:
        for number, item in enumerate(script.moves, start=1):
            if not item.facts:
                continue
            facts = step_facts(replay, number)
            for key, stated in item.facts.items():
                if key not in facts:
                    raise ReplayError(f"example {script.name!r}, step {number} ({item.action!r}): "
                                      f"no fact {key!r} here (there are {', '.join(facts) or 'none'})")
                if not _same(stated, facts[key]):
                    shown = facts[key]
                    shown = f"{float(shown):.2f}" if isinstance(shown, Fraction) else repr(shown)
                    raise ReplayError(f"example {script.name!r}, step {number} ({item.action!r}): the comment "
                                      f"says {key} {stated!r} but the solver finds {shown}", step=number)
    from .annotate import annotate
    found = [a for a in annotate(replay, featured=(0, 1)) if a.tag in SOLVER_TAGS]
    return replay.with_annotations(replay.annotations + tuple(found))


# -- the shipped files -----------------------------------------------------------------


def _scripts() -> tuple[Script, ...]:
    from .hands import SCRIPTS
    return SCRIPTS


def example_names() -> tuple[str, ...]:
    """The example hands' names, in teaching order."""
    return tuple(s.name for s in _scripts())


def data_folder() -> Path:
    """Where the example histories ship: ``gintrainer/data/hands``."""
    return Path(str(resources.files("gintrainer").joinpath("data", "hands")))


def build_examples(folder: Path | str | None = None) -> dict[str, Path]:
    """Build every example from its script and write ``<name>.json`` into
    ``folder`` (the package's data folder by default), each file atomically.
    Returns the paths by name."""
    folder = Path(folder) if folder is not None else data_folder()
    folder.mkdir(parents=True, exist_ok=True)
    written = {}
    for script in _scripts():
        written[script.name] = build(script).save(folder / f"{script.name}.json")
    _load_examples.cache_clear()
    return written


@lru_cache(maxsize=1)
def _load_examples() -> tuple[tuple[str, Replay], ...]:
    folder = data_folder()
    return tuple((name, load(folder / f"{name}.json")) for name in example_names())


def examples() -> dict[str, Replay]:
    """The shipped example hands by name, in teaching order (a new dict each
    call; the replays themselves do not change)."""
    return dict(_load_examples())


def example(name: str) -> Replay:
    """One shipped example by name."""
    found = dict(_load_examples())
    if name not in found:
        raise ReplayError(f"no example hand {name!r}: choose one of {', '.join(found)}")
    return found[name]
