"""Positions for puzzles: an 11-card hand after the draw, with what the player
has seen. They come from self-play of simple players (realistic, late-game
hands) or are built around melds (sets and runs that overlap, long runs, four
of a kind), since uniformly random hands almost never come near a knock.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.cards import DECK, Card, format_cards, show_cards
from ..engine.hand import ActionKind, Hand, Phase, Pile
from ..engine.players import GreedyPlayer
from ..engine.rules import Rules
from ..engine.view import SeatView
from ..words.errors import GinError


@dataclass(frozen=True, slots=True, kw_only=True)
class _Accounted:
    """What every position holds of what the player has seen: the hand, the discard pile
    (bottom first), the opponent's cards known from the pile, the stock count, the rules,
    (under Oklahoma) the first upcard and the seed it was made from; and what it says of
    the cards it accounts for (its ``problems()``). Each kind of position adds its own
    fields, and every field is given by keyword."""

    hand: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    opponent_known: tuple[Card, ...]
    stock_count: int
    rules: Rules
    upcard: Card | None
    seed: str

    def problems(self) -> tuple[str, ...]:
        raise NotImplementedError

    def _key(self, *own: str) -> str:
        """The position as the text its puzzle's id is made from: the hand, the position's
        own parts (``own``), the pile, the known cards, the stock and the first upcard."""
        return "|".join([format_cards(sorted(self.hand)), *own, format_cards(self.discard_pile),
                         format_cards(sorted(self.opponent_known)), str(self.stock_count),
                         self.upcard.code() if self.upcard else "-"])

    def _upcard_taken(self) -> bool:
        """Whether the first upcard is the card just taken from the pile (so not on it)."""
        return False

    def _upcard_problems(self) -> list[str]:
        """Oklahoma's first upcard: named under Oklahoma only, the bottom of the pile
        (unless it is the card just taken from it)."""
        pile = self.discard_pile
        if self.rules.oklahoma != (self.upcard is not None):
            return ["an Oklahoma position names its first upcard, and only an Oklahoma position does"]
        if self.upcard is not None and not self._upcard_taken() and (not pile or pile[0] is not self.upcard):
            return [f"the first upcard {self.upcard} is not the bottom of the discard pile"]
        return []

    def verify(self) -> None:
        """Raise GinError naming the first problem of :meth:`problems`."""
        found = self.problems()
        if found:
            raise GinError(f"position {self.seed!r} is not a real position: {found[0]}")

    @property
    def unseen_count(self) -> int:
        """The cards the player has not seen: the stock and the opponent's cards
        other than the known ones."""
        return 52 - len(self.hand) - len(self.discard_pile) - len(self.opponent_known)


@dataclass(frozen=True, slots=True, kw_only=True)
class Position(_Accounted):
    """What the player to discard knows: hand (11 cards), the card drawn and from
    where, the discard pile (bottom first), the opponent's cards known from the
    pile, the stock count, the rules and (under Oklahoma) the first upcard."""

    drawn: Card
    drawn_from: Pile | str

    @property
    def forbidden(self) -> Card | None:
        return self.drawn if self.drawn_from == Pile.DISCARD else None

    def solver_args(self) -> dict[str, Any]:
        return dict(rules=self.rules, drawn=self.drawn, drawn_from=self.drawn_from,
                    discard_pile=self.discard_pile, opponent_known=self.opponent_known, upcard=self.upcard)

    def problems(self) -> tuple[str, ...]:
        """Every way the position fails to account for the 52 cards, in words
        (empty for a real position). After a draw the two hands hold 21 cards, so
        the discard pile and the stock hold 31 between them; every card is in
        exactly one place: the hand, the pile, or unseen (the stock and the
        opponent's ten, which include the opponent's known cards); under Oklahoma
        the first upcard is the bottom of the pile (or, the pile being empty, the
        card just taken from it)."""
        return (*self._draw_problems(), *self._place_problems(), *self._count_problems(),
                *self._upcard_problems())

    def _draw_problems(self) -> list[str]:
        """The hand after the draw, and the card drawn."""
        found = []
        hand = self.hand
        if len(hand) != 11 or len(set(hand)) != 11:
            found.append(f"the hand after the draw holds 11 different cards, not {show_cards(hand)}")
        if self.drawn not in hand:
            found.append(f"the drawn card {self.drawn} is not in the hand")
        if self.drawn_from not in tuple(Pile):
            found.append(f"a card is drawn from the stock or the discard pile, not {self.drawn_from!r}")
        return found

    def _place_problems(self) -> list[str]:
        return place_problems(self.hand, self.discard_pile, self.opponent_known)

    def _count_problems(self) -> list[str]:
        """The 31 cards beside the two hands: the pile and the stock."""
        pile = self.discard_pile
        if self.stock_count < 0 or len(pile) + self.stock_count != 31:
            return [f"the discard pile ({len(pile)}) and the stock ({self.stock_count}) hold "
                    f"{len(pile) + self.stock_count} cards, not the 31 left beside the two hands"]
        return []

    def _upcard_taken(self) -> bool:
        """The pile being empty, the first upcard may be the card just taken from it."""
        return not self.discard_pile and self.forbidden is self.upcard

    def key(self) -> str:
        return self._key(self.drawn.code(), self.drawn_from)


def place_problems(hand: tuple[Card, ...], pile: tuple[Card, ...], known: tuple[Card, ...]) -> list[str]:
    """Each card in one place: the hand, the pile, or the opponent's known cards."""
    found = []
    held, piled = set(hand), set(pile)
    for where, cards in (("discard pile", pile), ("opponent's known cards", known)):
        if len(set(cards)) != len(cards):
            found.append(f"the {where} holds a card twice: {show_cards(cards)}")
    both = [c for c in pile if c in held] + [c for c in known if c in held or c in piled]
    if both:
        found.append(f"{show_cards(both)} in two places at once")
    if len(known) > 10:
        found.append(f"the opponent holds 10 cards, so at most 10 are known, not {len(known)}")
    return found


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawPosition(_Accounted):
    """What the player about to draw knows: the hand (10 cards), the discard pile
    (bottom first; its top card is the one on offer), the opponent's cards known
    from the pile, the stock count, the rules and (under Oklahoma) the first upcard."""

    @property
    def offered(self) -> Card:
        """The top card of the discard pile, the one the player may take."""
        return self.discard_pile[-1]

    def solver_args(self) -> dict[str, Any]:
        return dict(rules=self.rules, discard_pile=self.discard_pile, opponent_known=self.opponent_known,
                    upcard=self.upcard)

    def problems(self) -> tuple[str, ...]:
        """Every way the position fails to account for the 52 cards, in words (empty
        for a real position). Before a draw the two hands hold 20 cards, so the pile
        and the stock hold 32; every card is in one place (the hand, the pile, or
        unseen); the pile holds at least two cards (with one, the first upcard, the
        player takes it or passes: see RULES.md) and the stock more than the dead
        stock cards (or the hand would be over); under Oklahoma the first upcard is
        the bottom of the pile."""
        found = []
        hand, pile = self.hand, self.discard_pile
        if len(hand) != 10 or len(set(hand)) != 10:
            found.append(f"the hand before the draw holds 10 different cards, not {show_cards(hand)}")
        found += place_problems(hand, pile, self.opponent_known)
        if self.stock_count < 0 or len(pile) + self.stock_count != 32:
            found.append(f"the discard pile ({len(pile)}) and the stock ({self.stock_count}) hold "
                         f"{len(pile) + self.stock_count} cards, not the 32 left beside the two hands")
        if len(pile) < 2:
            found.append("the discard pile holds at least two cards when the player draws (with one, the first "
                         "upcard is taken or passed)")
        if self.stock_count <= self.rules.dead_stock_cards:
            found.append(f"the stock holds {self.stock_count} cards, so the hand is over")
        found += self._upcard_problems()
        return tuple(found)

    def key(self) -> str:
        return self._key()


@dataclass(frozen=True, slots=True, kw_only=True)
class KnockPosition(_Accounted):
    """A knock with both hands shown: the knocker's 10 cards after his knock discard
    (``hand``), the defender's 10, the discard pile (bottom first, the knock discard
    on top), the defender's cards seen taken from the pile (``opponent_known``), the
    stock count, the rules and (under Oklahoma) the first upcard."""

    defender_hand: tuple[Card, ...]

    @property
    def unseen_count(self) -> int:
        """Both hands are shown: only the stock is unseen."""
        return 52 - len(self.hand) - len(self.defender_hand) - len(self.discard_pile)

    def problems(self) -> tuple[str, ...]:
        """Every way the position fails to account for the 52 cards, in words (empty
        for a real position): two hands of 10 different cards, each card in one place,
        the defender's known cards among his own, the pile (at least the knock discard)
        and the stock holding the 32 others, the stock not yet down to the dead stock
        cards, and under Oklahoma the first upcard at the bottom of the pile."""
        found = []
        hand, defender, pile = self.hand, self.defender_hand, self.discard_pile
        for who, cards in (("knocker", hand), ("defender", defender)):
            if len(cards) != 10 or len(set(cards)) != 10:
                found.append(f"the {who}'s hand holds 10 different cards, not {show_cards(cards)}")
        found += place_problems(hand, pile, ())
        both = [c for c in defender if c in set(hand) or c in set(pile)]
        if both:
            found.append(f"{show_cards(both)} in two places at once")
        if any(c not in defender for c in self.opponent_known):
            found.append("the defender's known cards are in the defender's hand")
        if self.stock_count < self.rules.dead_stock_cards or len(pile) + self.stock_count != 32 or not pile:
            found.append(f"the discard pile ({len(pile)}, the knock discard on top) and the stock "
                         f"({self.stock_count}, at least {self.rules.dead_stock_cards}) hold the 32 cards "
                         f"beside the two hands")
        found += self._upcard_problems()
        return tuple(found)

    def key(self) -> str:
        return self._key(format_cards(sorted(self.defender_hand)))


def layoff_cards(melds: Iterable[Sequence[Card]]) -> list[Card]:
    """The cards that could go on the melds: a set's missing suits, up to two cards beyond each end of a run."""
    fit: list[Card] = []
    for meld in melds:
        if len({c.rank for c in meld}) == 1:
            fit += [Card(meld[0].rank, s) for s in "CDHS" if Card(meld[0].rank, s) not in meld]
        else:
            low, high, suit = min(c.rank for c in meld), max(c.rank for c in meld), meld[0].suit
            fit += [Card(r, suit) for r in (low - 2, low - 1, high + 1, high + 2) if 1 <= r <= 13]
    return fit


def knock_layout_position(seed: str, rules: Rules) -> KnockPosition:
    """A knock built from ``seed``: ten cards within the knock limit around melds
    (low melds and cards that fit two melds among them, so that giving a meld up
    is sometimes worth it), and a defender who holds some of the cards that would
    lay off on them, the rest of the deck split between the pile and the stock."""
    from ..engine.melds import best_arrangement, every_meld, min_deadwood
    rng = random.Random(f"knock-layout:{seed}")
    while True:
        cards: set[Card] = set()
        if rng.random() < 0.5:  # a low run or set, cheap to give up
            low = rng.randrange(1, 5)
            suit = rng.choice("CDHS")
            cards.update(Card(r, suit) for r in range(low, low + 3)) if rng.random() < 0.6 else \
                cards.update(Card(low, s) for s in rng.sample("CDHS", 3))
        while len(cards) < rng.choice((7, 8, 9)):
            _add_pattern(rng, cards)
        if len(cards) > 10:
            continue
        upcard = _upcard_and_fill(rng, cards, rules, 10, lambda c: c.value <= 5)
        limit = rules.knock_limit_for(upcard)
        if not 0 < min_deadwood(cards) <= limit:
            continue
        hand = tuple(sorted(cards))
        fits = [c for c in dict.fromkeys(layoff_cards(every_meld(hand))) if c not in cards and c is not upcard]
        defender = {c for c in fits if rng.random() < 0.45}
        defender = set(rng.sample(sorted(defender), 10)) if len(defender) > 10 else defender
        own: set[Card] = set()
        for _ in range(rng.choice((0, 1, 1, 2))):  # melds of his own
            _add_pattern(rng, own)
        defender |= {c for c in own if c not in cards and c is not upcard}
        defender = set(rng.sample(sorted(defender), 10)) if len(defender) > 10 else defender
        rest = [c for c in DECK if c not in cards and c not in defender and c is not upcard]
        defender |= set(rng.sample(rest, 10 - len(defender)))
        rest = [c for c in DECK if c not in cards and c not in defender and c is not upcard]
        rng.shuffle(rest)
        stock_count = rng.randrange(max(3, rules.dead_stock_cards), 24)
        pile_size = 32 - stock_count
        pile = tuple(([upcard] if upcard is not None else []) + rest[:pile_size - (upcard is not None)])
        held = sorted(defender)
        known = tuple(sorted(rng.sample([c for c in held if c not in best_arrangement(held).deadwood] or held,
                                        rng.choice((0, 0, 1, 2)))))
        return KnockPosition(hand=hand, defender_hand=tuple(held), discard_pile=pile, opponent_known=known,
                             stock_count=stock_count, rules=rules, upcard=upcard, seed=seed)


def selfplay_positions(seed: str, rules: Rules) -> list[Position]:
    """Every position after a draw in one hand of self-play from ``seed``.

    Two greedy players who do not knock (so the hand runs long and the hands
    fill with melds), with a few mistakes and whims for variety.
    """
    positions = []
    draws = 0
    for hand, seat, view in _selfplay(seed, rules):
        if hand.phase == Phase.DISCARD:
            drawn, source = _drawn(view)
            position = Position(
                hand=hand.held(seat), drawn=drawn, drawn_from=source, discard_pile=view.discard_pile,
                opponent_known=view.opponent_known, stock_count=view.stock_count, rules=rules,
                upcard=view.upcard if rules.oklahoma else None, seed=f"{seed}/{draws}")
            draws += 1
            if not position.problems():  # under Oklahoma, once the upcard is taken it leaves the pile's bottom
                positions.append(position)
    return positions


def selfplay_draw_positions(seed: str, rules: Rules) -> list[DrawPosition]:
    """Every position before a draw (the upcard's offer aside) in one hand of the
    self-play of :func:`selfplay_positions`."""
    positions: list[DrawPosition] = []
    for hand, seat, view in _selfplay(f"draw:{seed}", rules):
        if hand.phase == Phase.DRAW:
            position = DrawPosition(
                hand=hand.held(seat), discard_pile=view.discard_pile, opponent_known=view.opponent_known,
                stock_count=view.stock_count, rules=rules, upcard=view.upcard if rules.oklahoma else None,
                seed=f"{seed}/{len(positions)}")
            if not position.problems():
                positions.append(position)
    return positions


def _selfplay(seed: str, rules: Rules) -> Iterator[tuple[Hand, int, SeatView]]:
    """The hand, the seat to act and its view before each move of one hand of self-play from ``seed``."""
    rng = random.Random(f"selfplay:{seed}")
    hand = Hand.deal(rules, seed=rng.randrange(1 << 30))
    players = [GreedyPlayer(random.Random(rng.randrange(1 << 30)), gins=0, knocks=0,
                            mistakes=rng.choice((0.0, 0.1, 0.2)), whims=rng.choice((0.0, 0.1, 0.25)))
               for _ in range(2)]
    while not hand.is_over and hand.phase in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD):
        seat = _seat_to_act(hand)
        view = SeatView.of(hand, seat)
        yield hand, seat, view
        action = players[seat].choose(view)
        if action.kind not in _PLAYING_ON:
            break
        hand.apply(action)


_PLAYING_ON = (ActionKind.TAKE, ActionKind.PASS, ActionKind.DRAW, ActionKind.DISCARD)
"""Self-play collects positions while the players take, pass, draw and discard; any other action ends it."""


def _seat_to_act(hand: Hand) -> int:
    if hand.to_act is None:
        raise GinError(f"no seat is to act in a hand at {hand.phase}")
    return hand.to_act


def _drawn(view: SeatView) -> tuple[Card, str]:
    if view.drawn is None:
        raise GinError(f"seat {view.seat} is to discard but has drawn no card")
    return view.drawn


def constructed_position(seed: str, rules: Rules) -> Position:
    """A meld-rich position built from ``seed``: overlapping sets and runs, long
    runs, four of a kind and near misses, the rest filled at random."""
    rng = random.Random(f"construct:{seed}")
    while True:
        cards: set[Card] = set()
        for _ in range(rng.choice((2, 3, 3, 4))):
            _add_pattern(rng, cards)
            if len(cards) >= 11:
                break
        cards = set(rng.sample(sorted(cards), 11)) if len(cards) > 11 else cards
        rest = [c for c in DECK if c not in cards]
        while len(cards) < 11:
            cards.add(rest.pop(rng.randrange(len(rest))))
        hand = tuple(sorted(cards))
        return _deal_around(rng, hand, rules, f"{seed}", rng.randrange(4, 28), 0.35, (0, 0, 1, 2))


def _deal_around(rng: random.Random, hand: tuple[Card, ...], rules: Rules, seed: str, stock_count: int,
                 discard_share: float, known_choices: tuple[int, ...]) -> Position:
    """The rest of a position around an 11-card hand: the drawn card and its
    source, a discard pile of the 31 cards beside the stock (under Oklahoma its
    bottom card the upcard), and a few of the opponent's cards known."""
    drawn = rng.choice(hand)
    drawn_from = Pile.DISCARD if rng.random() < discard_share else Pile.STOCK
    unseen = [c for c in DECK if c not in hand]
    rng.shuffle(unseen)
    pile_size = 31 - stock_count  # the two hands hold 21 cards after the draw
    pile = tuple(unseen[:pile_size])
    known = tuple(sorted(unseen[pile_size:pile_size + rng.choice(known_choices)]))
    upcard = pile[0] if rules.oklahoma else None
    return Position(hand=hand, drawn=drawn, drawn_from=drawn_from, discard_pile=pile, opponent_known=known,
                    stock_count=stock_count, rules=rules, upcard=upcard, seed=seed)


def _upcard_and_fill(rng: random.Random, cards: set[Card], rules: Rules, size: int,
                     low: Callable[[Card], bool]) -> Card | None:
    """Under Oklahoma, the first upcard drawn at random from the cards not in ``cards``
    (None otherwise), returned once ``cards`` is filled up to ``size`` with cards drawn at
    random from the others that are ``low``."""
    upcard = rng.choice([c for c in DECK if c not in cards]) if rules.oklahoma else None
    pool = [c for c in DECK if c not in cards and c is not upcard and low(c)]
    while len(cards) < size:
        cards.add(rng.choice(pool))
    return upcard


def _add_pattern(rng: random.Random, cards: set[Card]) -> None:
    pattern = rng.choice(("overlap", "overlap", "short_run", "long_run", "three", "four", "near_run", "near_set"))
    rank = rng.randrange(1, 14)
    suit = rng.choice("CDHS")
    others = [s for s in "CDHS" if s != suit]
    rng.shuffle(others)
    if pattern == "overlap":  # a card that fits a set and a run
        low = max(1, min(rank - rng.randrange(0, 3), 11))
        cards.update(Card(r, suit) for r in range(low, low + 3))
        pivot = rng.randrange(low, low + 3)
        cards.update(Card(pivot, s) for s in others[:rng.choice((1, 2))])
    elif pattern in ("short_run", "long_run"):
        length = rng.randrange(3, 5) if pattern == "short_run" else rng.randrange(5, 8)
        low = rng.randrange(1, 15 - length)
        cards.update(Card(r, suit) for r in range(low, low + length))
    elif pattern == "three":
        cards.update(Card(rank, s) for s in [suit] + others[:2])
    elif pattern == "four":
        cards.update(Card(rank, s) for s in "CDHS")
    elif pattern == "near_run":
        low = rng.randrange(1, 12)
        cards.update((Card(low, suit), Card(low + 2, suit)) if rng.random() < 0.5
                     else (Card(low, suit), Card(low + 1, suit)))
    else:
        cards.update(Card(rank, s) for s in [suit] + others[:1])


def knock_position(seed: str, rules: Rules) -> Position:
    """A position one card away from a knock, built from ``seed``: ten cards
    within the knock limit (or just over it), then a drawn card that tempts
    another arrangement. Such positions make the non-obvious "can you knock?"
    puzzles that self-play rarely reaches."""
    from ..engine.melds import min_deadwood
    rng = random.Random(f"knock:{seed}")
    while True:
        cards: set[Card] = set()
        while len(cards) < 7:
            _add_pattern(rng, cards)
        if len(cards) > 9:
            continue
        upcard = _upcard_and_fill(rng, cards, rules, 10, lambda c: c.value <= 6)
        limit = rules.knock_limit_for(upcard)
        points = min_deadwood(cards)
        if points > limit + 4:
            continue
        rest = [c for c in DECK if c not in cards and c is not upcard]
        near = [c for c in rest if any(c.rank == k.rank or (c.suit == k.suit and abs(c.rank - k.rank) <= 2)
                                       for k in cards)]
        drawn = rng.choice(near or rest)
        hand = tuple(sorted(cards | {drawn}))
        unseen = [c for c in rest if c is not drawn]
        rng.shuffle(unseen)
        stock_count = rng.randrange(3, 22)
        pile_size = 31 - stock_count  # the two hands hold 21 cards after the draw
        pile = tuple(([upcard] if upcard is not None else []) + unseen[:pile_size - (upcard is not None)])
        known = tuple(sorted(unseen[pile_size:pile_size + rng.choice((0, 0, 1))]))
        drawn_from = Pile.DISCARD if rng.random() < 0.3 else Pile.STOCK
        return Position(hand=hand, drawn=drawn, drawn_from=drawn_from, discard_pile=pile, opponent_known=known,
                        stock_count=stock_count, rules=rules, upcard=upcard, seed=seed)


def lookahead_position(seed: str, rules: Rules) -> Position:
    """A position built from ``seed`` for the lookahead question: a meld or two,
    a high card with a partner (a pair, or a near run), a loose card worth a
    little less, and low cards. Throwing the highest card is the naive answer;
    keeping its partner's chances may be better, as self-play rarely shows."""
    rng = random.Random(f"lookahead:{seed}")
    while True:
        cards: set[Card] = set()
        for _ in range(rng.choice((1, 2, 2))):
            if rng.random() < 0.5:
                rank = rng.randrange(1, 14)
                cards.update(Card(rank, s) for s in rng.sample("CDHS", 3))
            else:
                suit, start = rng.choice("CDHS"), rng.randrange(1, 12)
                cards.update(Card(r, suit) for r in range(start, start + 3))
        top = Card(rng.randrange(10, 14), rng.choice("CDHS"))
        partner = rng.choice((Card(top.rank, rng.choice([s for s in "CDHS" if s != top.suit])),
                              Card(top.rank - 1, top.suit), Card(top.rank - 2, top.suit)))
        if top in cards or partner in cards:
            continue
        cards.update((top, partner))
        loose = [c for c in DECK if c not in cards and top.value - 2 <= c.value and c.rank < top.rank
                 and all(c.rank != k.rank and not (c.suit == k.suit and abs(c.rank - k.rank) <= 2) for k in cards)]
        if not loose:
            continue
        cards.add(rng.choice(loose))
        low = [c for c in DECK if c not in cards and c.value <= 6]
        while len(cards) < 11:
            cards.add(rng.choice(low))
        if len(cards) > 11:
            continue
        return _deal_around(rng, tuple(sorted(cards)), rules, seed, rng.randrange(6, 26), 0.3, (0, 0, 1))


SWAP_TRIES = 3000


def swap_position(seed: str, rules: Rules) -> Position:
    """A knock position built from ``seed`` where throwing the highest deadwood
    card does not knock but giving up a card of a meld does, so the melds must be
    laid out again (self-play rarely deals one): two runs crossed by sets, or
    melds from the usual patterns, low cards around them; tried until one fits."""
    from ..engine.cards import cards_mask
    from ..engine.melds import best_arrangement, mask_min_deadwood
    from ..engine.solver import naive_discard
    rng = random.Random(f"swap:{seed}")
    built = None
    for _ in range(SWAP_TRIES):
        cards: set[Card] = set()
        if rng.random() < 0.5:
            x = rng.randrange(1, 11)
            a, b, c = rng.sample("CDHS", 3)
            cards |= {Card(r, a) for r in range(x, x + 4)} | {Card(r, b) for r in range(x + rng.choice((0, 1)), x + 4)}
            cards |= {Card(x + 2, c), Card(x + 3, c)}
        else:
            while len(cards) < 9:
                _add_pattern(rng, cards)
        if len(cards) > 11:
            continue
        upcard = _upcard_and_fill(rng, cards, rules, 11, lambda c: c.value <= rng.choice((4, 6, 8)))
        limit = rules.knock_limit_for(upcard)
        hand = tuple(sorted(cards))
        full = cards_mask(hand)
        naive = naive_discard(hand)
        left = {c: mask_min_deadwood(full & ~(1 << c.index)) for c in hand}
        built = hand, upcard, naive
        if left[naive] > limit >= min(left.values()) and naive in best_arrangement(hand).deadwood:
            break
    if built is None:
        raise GinError(f"no hand could be built from seed {seed!r}")
    hand, upcard, naive = built  # the last hand tried, when none fitted
    drawn = rng.choice(hand)
    drawn_from = Pile.DISCARD if rng.random() < 0.2 and drawn is not naive else Pile.STOCK
    unseen = [c for c in DECK if c not in hand and c is not upcard]
    rng.shuffle(unseen)
    stock_count = rng.randrange(3, 22)
    pile_size = 31 - stock_count  # the two hands hold 21 cards after the draw
    pile = tuple(([upcard] if upcard is not None else []) + unseen[:pile_size - (upcard is not None)])
    known = tuple(sorted(unseen[pile_size - (upcard is not None):][:rng.choice((0, 0, 1))]))
    return Position(hand=hand, drawn=drawn, drawn_from=drawn_from, discard_pile=pile, opponent_known=known,
                    stock_count=stock_count, rules=rules, upcard=upcard, seed=seed)


def draw_position(seed: str, rules: Rules) -> DrawPosition:
    """A meld-rich position before a draw, built from ``seed``: melds, near misses
    and loose cards in a 10-card hand, and on top of the discard pile a card that
    tempts (it pairs with a card of the hand or sits next to one in its suit), or
    a low one, or any card."""
    rng = random.Random(f"draw:{seed}")
    cards: set[Card] = set()
    while len(cards) < rng.choice((7, 8, 9)):
        _add_pattern(rng, cards)
    cards = set(rng.sample(sorted(cards), 10)) if len(cards) > 10 else cards
    rest = [c for c in DECK if c not in cards]
    while len(cards) < 10:
        cards.add(rest.pop(rng.randrange(len(rest))))
    hand = tuple(sorted(cards))
    rest = [c for c in DECK if c not in cards]
    near = [c for c in rest if any(c.rank == k.rank or (c.suit == k.suit and abs(c.rank - k.rank) <= 2)
                                   for k in hand)]
    low = [c for c in rest if c.value <= 3]
    pick = rng.random()
    offered = rng.choice(near if pick < 0.65 and near else low if pick < 0.85 else rest)
    unseen = [c for c in rest if c is not offered]
    rng.shuffle(unseen)
    stock_count = rng.randrange(max(6, rules.dead_stock_cards + 1), 29)
    pile = tuple(unseen[:32 - stock_count - 1]) + (offered,)  # the two hands hold 20 cards before the draw
    known = tuple(sorted(unseen[len(pile) - 1:len(pile) - 1 + rng.choice((0, 0, 1, 2))]))
    upcard = pile[0] if rules.oklahoma else None
    return DrawPosition(hand=hand, discard_pile=pile, opponent_known=known, stock_count=stock_count, rules=rules,
                        upcard=upcard, seed=seed)
