"""Hand generators for the property tests: uniformly random hands and meld-rich ones.

A card is an int 0..51, ``suit * 13 + rank - 1`` (suits C, D, H, S), as in
``brute.py`` and the engine's ``Card.index``. Every generator is written once
against a small "chooser" (``randint``, ``choice``, ``sample``, ``random``) and
runs either on a seeded ``random.Random`` (thousands of cases quickly) or inside
a hypothesis strategy (the same code, drawing through hypothesis so failures
shrink).

>>> import random
>>> hand = meld_rich_hand(random.Random(1), 11)
>>> len(hand), len(set(hand)), all(0 <= c < 52 for c in hand)
(11, 11, True)
>>> random_hand(random.Random(1), 10) == random_hand(random.Random(1), 10)
True
"""

from __future__ import annotations

import random
from enum import StrEnum

from hypothesis import strategies as st

from gintrainer import Action, ActionKind, Phase


def card(rank: int, suit: int) -> int:
    return suit * 13 + rank - 1


def rank_of(c: int) -> int:
    return c % 13 + 1


def suit_of(c: int) -> int:
    return c // 13


class DrawChooser:
    """The chooser interface over a hypothesis ``draw`` function."""

    def __init__(self, draw):
        self._draw = draw

    def randint(self, low: int, high: int) -> int:
        return self._draw(st.integers(low, high))

    def choice(self, seq):
        return self._draw(st.sampled_from(list(seq)))

    def sample(self, population, k: int) -> list:
        population = list(population)
        if k == 0:
            return []
        picked = self._draw(st.lists(st.sampled_from(range(len(population))), min_size=k, max_size=k, unique=True))
        return [population[i] for i in picked]

    def random(self) -> float:
        return self._draw(st.integers(0, 999)) / 1000


# -- pieces of a meld-rich hand ------------------------------------------------------

def _run_start(rng, length: int) -> int:
    """A run's lowest rank, often at the ace or king end."""
    roll = rng.random()
    if roll < 0.2:
        return 1
    if roll < 0.4:
        return 14 - length
    return rng.randint(1, 14 - length)


def piece_set(rng, size: int = 3) -> list[int]:
    r = rng.randint(1, 13)
    return [card(r, s) for s in rng.sample(range(4), size)]


def piece_run(rng, length: int | None = None) -> list[int]:
    length = length or rng.choice((3, 3, 3, 4, 4, 5, 6, 7))
    low, s = _run_start(rng, length), rng.randint(0, 3)
    return [card(r, s) for r in range(low, low + length)]


def piece_near_miss(rng) -> list[int]:
    """Two of a rank, two in sequence, a gapped run (4-6-7), or Q-K-A."""
    kind = rng.randint(0, 3)
    s = rng.randint(0, 3)
    if kind == 0:
        return piece_set(rng, 2)
    if kind == 1:
        low = rng.randint(1, 12)
        return [card(low, s), card(low + 1, s)]
    if kind == 2:
        low = rng.randint(1, 10)
        gap = rng.randint(1, 2)
        return [card(r, s) for r in (low, low + 1, low + 2, low + 3) if r != low + gap]
    return [card(12, s), card(13, s), card(1, s)]


def piece_overlap(rng) -> list[int]:
    """A set of three or four and a run sharing a card (the card fits both)."""
    r = rng.randint(1, 13)
    suits = rng.sample(range(4), rng.choice((3, 3, 4)))
    shared = suits[0]
    below = rng.randint(0, 2) if r > 2 else 0
    below = min(below, r - 1)
    above = 2 - below
    if r + above > 13:
        above, below = 13 - r, 2 - (13 - r)
    run = [card(x, shared) for x in range(r - below, r + above + 1) if x != r]
    if rng.random() < 0.3 and r + above + 1 <= 13:
        run.append(card(r + above + 1, shared))  # a longer run through the shared card
    return [card(r, s) for s in suits] + run


def piece_dense(rng, size: int) -> list[int]:
    """Cards from a small block of ranks and suits: sets and runs tangle."""
    width = rng.randint(3, 5)
    low = rng.choice((1, 14 - width, rng.randint(1, 14 - width)))
    suits = rng.sample(range(4), rng.randint(2, 4))
    block = [card(r, s) for r in range(low, low + width) for s in suits]
    return rng.sample(block, min(size, len(block)))


def piece_triples(rng) -> list[int]:
    """Three ranks held three or four times each (the solver's largest set search)."""
    ranks = rng.sample(range(1, 14), 3)
    out: list[int] = []
    for r in ranks:
        out += piece_set_of_rank(rng, r, rng.choice((3, 4)))
    return out


def piece_set_of_rank(rng, r: int, size: int) -> list[int]:
    return [card(r, s) for s in rng.sample(range(4), size)]


def _fill(rng, pieces: list[int], size: int) -> tuple[int, ...]:
    hand: list[int] = []
    for c in pieces:
        if c not in hand:
            hand.append(c)
    if len(hand) > size:
        hand = rng.sample(hand, size)
    rest = [c for c in range(52) if c not in hand]
    hand += rng.sample(rest, size - len(hand))
    return tuple(rng.sample(hand, len(hand)))  # shuffled: order must not matter


def random_hand(rng, size: int) -> tuple[int, ...]:
    """``size`` distinct cards, uniformly."""
    return tuple(rng.sample(range(52), size))


def meld_rich_hand(rng, size: int) -> tuple[int, ...]:
    """``size`` distinct cards built from sets, runs, near misses, shared cards,
    four of a kind, long runs and run ends at the ace and king."""
    style = rng.randint(0, 9)
    if style <= 1:
        return _fill(rng, piece_dense(rng, size), size)
    if style == 2:
        return _fill(rng, piece_triples(rng), size)
    pieces: list[int] = []
    makers = (lambda: piece_set(rng, 3), lambda: piece_set(rng, 4), lambda: piece_run(rng),
              lambda: piece_run(rng, rng.randint(5, 9)), lambda: piece_near_miss(rng),
              lambda: piece_overlap(rng), lambda: piece_overlap(rng))
    while len(set(pieces)) < size and rng.random() < 0.85:
        pieces += rng.choice(makers)()
    return _fill(rng, pieces, size)


def hands(rng, count: int, sizes=(10, 11), rich: float = 0.5) -> list[tuple[int, ...]]:
    """``count`` hands, a share ``rich`` of them meld-rich."""
    out = []
    for _ in range(count):
        size = rng.choice(sizes)
        out.append(meld_rich_hand(rng, size) if rng.random() < rich else random_hand(rng, size))
    return out


# -- knock positions: the knocker's melds and a defender hand --------------------------

def layoff_position(rng) -> tuple[tuple[int, ...], list[tuple[int, ...]]]:
    """A defender's 10 cards and 1 to 3 knocker melds made of other cards,
    biased toward cards that lay off: fourth cards of sets, run extensions at
    both ends, chains of them, and a card that fits a set and a run (8H with
    8C 8D 8S and 5H 6H 7H)."""
    melds, used = _knocker_melds(rng)
    wanted = [c for c in _cards_that_fit(melds) if c not in used]
    pieces = [c for c in wanted if rng.random() < 0.6]
    # Some melds of his own that may share cards with the lay-offs.
    while rng.random() < 0.5:
        pieces += piece_overlap(rng) if rng.random() < 0.5 else piece_run(rng, 3)
    pieces = [c for c in pieces if c not in used]
    deck_left = [c for c in range(52) if c not in used]
    defender: list[int] = []
    for c in pieces:
        if c not in defender:
            defender.append(c)
    if len(defender) > 10:
        defender = rng.sample(defender, 10)
    defender += rng.sample([c for c in deck_left if c not in defender], 10 - len(defender))
    return tuple(rng.sample(defender, 10)), melds


def _knocker_melds(rng) -> tuple[list[tuple[int, ...]], set[int]]:
    """1 to 3 melds with no card in common, sometimes a set and a run that one card fits both of;
    and their cards."""
    used: set[int] = set()
    melds: list[tuple[int, ...]] = []
    if rng.random() < 0.25:
        r = rng.randint(1, 13)
        s = rng.randint(0, 3)
        others = [x for x in range(4) if x != s]
        below = r - 3 >= 1 and (r + 3 > 13 or rng.random() < 0.5)
        run = tuple(card(x, s) for x in (range(r - 3, r) if below else range(r + 1, r + 4)))
        melds += [tuple(card(r, x) for x in others), run]
        used.update(c for m in melds for c in m)
    for _ in range(rng.randint(1, 3) - len(melds) // 2):
        for _attempt in range(20):
            roll = rng.random()
            meld = piece_set(rng, 3) if roll < 0.35 else piece_set(rng, 4) if roll < 0.45 else \
                piece_run(rng, rng.choice((3, 3, 4, 5)))
            if not used & set(meld):
                melds.append(tuple(meld))
                used.update(meld)
                break
    return melds, used


def _cards_that_fit(melds: list[tuple[int, ...]]) -> list[int]:
    """Every card of a set's rank, and up to three cards beyond each end of a run."""
    fit: list[int] = []
    for meld in melds:
        ranks = {rank_of(c) for c in meld}
        if len(ranks) == 1:
            fit += [card(next(iter(ranks)), s) for s in range(4)]
        else:
            s = suit_of(meld[0])
            low, high = min(ranks), max(ranks)
            fit += [card(x, s) for x in range(max(1, low - 3), low)]
            fit += [card(x, s) for x in range(high + 1, min(13, high + 3) + 1)]
    return fit


# -- hypothesis strategies -------------------------------------------------------------

def uniform_hands(min_size: int = 0, max_size: int = 11):
    """Hypothesis: a uniformly random hand of ``min_size`` to ``max_size`` cards."""
    return st.lists(st.integers(0, 51), min_size=min_size, max_size=max_size, unique=True).map(tuple)


@st.composite
def meld_rich_hands(draw, min_size: int = 10, max_size: int = 11):
    """Hypothesis: a meld-rich hand (see :func:`meld_rich_hand`)."""
    size = draw(st.integers(min_size, max_size))
    return meld_rich_hand(DrawChooser(draw), size)


@st.composite
def layoff_positions(draw):
    """Hypothesis: (defender cards, knocker melds), see :func:`layoff_position`."""
    return layoff_position(DrawChooser(draw))


def any_hands(min_size: int = 10, max_size: int = 11):
    """Hypothesis: random or meld-rich hands."""
    return st.one_of(uniform_hands(min_size, max_size), meld_rich_hands(min_size, max_size))


# -- random legal play -----------------------------------------------------------------

class LayoutMode(StrEnum):
    """How a seat of :class:`RandomPlayer` lays out: ``auto`` at once, random
    melds and lay-offs then ``done``, or a few random steps then ``auto``."""

    AUTO = "auto"
    RANDOM = "random"
    MIXED = "mixed"


class RandomPlayer:
    """Random legal play for both seats of a gintrainer Hand, biased so that many
    hands end by a knock: the engine's greedy player (``GreedyPlayer``) with gin
    and big gin almost always when legal, knocks with chance ``knock``, the least
    deadwood discard with chance ``greedy`` (else a random one), the upcard or
    discard taken with chance ``take``. In layout phases a player either says
    ``auto``, or lays out random melds and lay-offs and then ``done``, or mixes
    the two. ``modes`` records what each seat did in each layout phase (a
    :class:`LayoutMode`)."""

    def __init__(self, rng: random.Random, *, knock: float = 0.6, greedy: float = 0.6, take: float = 0.3):
        from gintrainer.engine.players import GreedyPlayer

        self.rng = rng
        self.turns = GreedyPlayer(rng, take="never", whims=take, gins=0.9, knocks=knock, mistakes=1 - greedy)
        self.modes: dict[Phase, LayoutMode] = {}
        self._steps_before_auto: dict[Phase, int] = {}

    def choose(self, hand):
        from gintrainer.engine.view import SeatView

        rng = self.rng
        phase = hand.phase
        if phase in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD):
            return self.turns.choose(SeatView.of(hand, hand.to_act))
        legal = hand.legal_actions()
        if phase not in self.modes:
            roll = rng.random()
            self.modes[phase] = LayoutMode.AUTO if roll < 0.5 else LayoutMode.RANDOM if roll < 0.8 else LayoutMode.MIXED
            self._steps_before_auto[phase] = rng.randint(0, 2)
        mode = self.modes[phase]
        if mode == LayoutMode.AUTO:
            return Action(ActionKind.AUTO)
        if mode == LayoutMode.MIXED:
            if self._steps_before_auto[phase] <= 0:
                return Action(ActionKind.AUTO)
            self._steps_before_auto[phase] -= 1
        moves = [a for a in legal if a.kind in (ActionKind.MELD, ActionKind.LAYOFF)]
        done = [a for a in legal if a.kind == ActionKind.DONE]
        if done and (not moves or rng.random() < 0.25):
            return done[0]
        if not moves:
            raise AssertionError(f"no legal meld, lay-off or done in {phase}: {[str(a) for a in legal]}")
        return rng.choice(moves)
