"""Step-by-step views of a deal, a hand and a match: the models behind the stepper widget.

A steps model has a ``count`` of steps (0 is the start), a ``caption(i)`` in
plain words and an ``html(i, size=, four_colour=)`` picture of step ``i``
(from :mod:`gintrainer.drawing`). They hold no widgets, so a replay or a
printed worksheet can use them too.

>>> from gintrainer.deals import deal
>>> steps = HandSteps(deal("2C 3C 4C 7H 7S 7D JS QS KS 9D", "5C 5D 6H 6C TH TD 2H 4S QD KC", "5H",
...                        stock="AC", actions=["pass", "pass", "draw"]))
>>> steps.count, steps.caption(3)
(4, 'Ben draws A♣ from the stock.')
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass
from html import escape

from .cards import show_cards
from .drawing import card_back_html, cards_html, group_html, score_sheet_html, table_html
from .hand import Hand
from .match import Match
from .melds import best_arrangement, meld_kind, order_meld
from .rules import PRESETS

NAMES = ("Ann", "Ben")


@dataclass(frozen=True, slots=True)
class Caption:
    """A lesson's words for one step: ``text`` is a template whose named values come
    from that step (:class:`StepValues`), so every card and number in it is the
    engine's; ``facts`` names the yes/no values the words claim ("card_melds",
    "not worth_taking"), which the tests check against the step.

    >>> from gintrainer.deals import deal
    >>> steps = HandSteps(deal("2C 3C 4C 7H 7S 7D JS QS KS 9D", "5C 5D 6H 6C TH TD 2H 4S QD KC", "AC",
    ...                        actions=["take"]), captions={1: Caption("{card} joins {meld_before}.", ("card_melds",))})
    >>> steps.caption(1).endswith("A♣ joins 2♣ 3♣ 4♣."), steps.facts(1)
    (True, {'card_melds': True})
    """

    text: str
    facts: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """The named values the template uses."""
        return tuple(name for _, name, _, _ in string.Formatter().parse(self.text) if name)


class HandSteps:
    """Every state of one :class:`~gintrainer.Hand`, from the deal to its last action.

    ``captions`` maps a step number to extra words for that step (a text, or a
    :class:`Caption` filled from the step): a lesson's commentary, which a lesson's
    definition attaches to its moves and turns into steps
    (:meth:`gintrainer.lessons.define.HandDemo.captions`); ``face_down`` lists seats
    whose cards stay hidden.
    """

    def __init__(self, hand: Hand, *, captions: Mapping[int, str | Caption] | None = None, names=NAMES,
                 face_down: tuple[int, ...] = (), title: str = ""):
        if not isinstance(hand, Hand):
            raise TypeError(f"HandSteps needs a Hand, not {hand!r}")
        self.names = tuple(names)
        self.face_down = tuple(face_down)
        self.title = title
        self.extra = dict(captions or {})
        start = hand.prefix(0)
        self._states = [start.copy()]
        for _, action in hand.actions:
            start.apply(action)
            self._states.append(start.copy())
        self._actions = hand.actions

    @property
    def count(self) -> int:
        return len(self._states)

    def state(self, step: int) -> Hand:
        """The hand after ``step`` actions (a copy: changing it changes nothing here)."""
        return self._states[self._index(step)].copy()

    def _index(self, step: int) -> int:
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < self.count:
            raise ValueError(f"step must be a whole number from 0 to {self.count - 1}, not {step!r}")
        return step

    def caption(self, step: int) -> str:
        step = self._index(step)
        text = self._start_words() if step == 0 else self._action_words(step)
        extra = self.extra.get(step)
        if isinstance(extra, Caption):
            extra = extra.text.format_map(self.values(step))
        return f"{text} {extra}" if extra else text

    def values(self, step: int) -> StepValues:
        """The named values of a step, for caption templates."""
        return StepValues(self, self._index(step))

    def facts(self, step: int) -> dict[str, bool]:
        """Each fact a step's caption claims, and whether it holds (for the tests)."""
        extra = self.extra.get(self._index(step))
        if not isinstance(extra, Caption):
            return {}
        values = self.values(step)
        return {fact: (not values[fact.removeprefix("not ")]) if fact.startswith("not ") else bool(values[fact])
                for fact in extra.facts}

    def _start_words(self) -> str:
        hand = self._states[0]
        dealer, other = self.names[hand.dealer], self.names[hand.non_dealer]
        return (f"{dealer} deals ten cards each, one at a time, {other} first. The next card, {hand.upcard}, is "
                f"turned up: the upcard starts the discard pile. The other {hand.stock_count} cards are the stock.")

    def _action_words(self, step: int) -> str:
        before, after = self._states[step - 1], self._states[step]
        seat, action = self._actions[step - 1]
        who = self.names[seat]
        kind = action.kind
        if kind == "pass":
            text = f"{who} passes and does not take the upcard, {before.upcard}."
        elif kind == "take":
            card = before.top_discard
            text = (f"{who} takes the upcard, {card}." if before.phase == "upcard"
                    else f"{who} takes {card} from the discard pile.")
            text += f" {who} may not throw {card} back this turn."
        elif kind == "draw":
            card = after.last_draw[0]
            text = (f"{who} draws a card from the stock." if seat in self.face_down
                    else f"{who} draws {card} from the stock.")
        elif kind == "discard":
            text = f"{who} discards {action.card}."
            if after.is_over:
                text += f" Only {after.stock_count} cards are left in the stock: the hand is dead."
        elif kind in ("knock", "gin"):
            points = after.deadwood(seat)
            text = (f"{who} knocks, discarding {action.card} face down: the other ten cards leave {points} deadwood."
                    if kind == "knock" else
                    f"{who} goes gin, discarding {action.card} face down: all the other ten cards are in melds.")
        elif kind == "big-gin":
            text = f"{who} goes big gin: all 11 cards are in melds, and there is no discard."
        elif kind == "meld":
            text = f"{who} lays out {show_cards(action.cards)}, a {meld_kind(action.cards)}."
        elif kind == "layoff":
            meld = after.table_melds[action.target]
            text = f"{who} lays off {action.card} on meld {action.target + 1}, which becomes {show_cards(meld)}."
        else:
            text = f"{who} {action.describe()}."
        if after.is_over and after.result is not None and after.result.kind != "dead":
            text += " " + after.result.explain()
        return text

    def html(self, step: int, *, size: str = "normal", four_colour: bool = False) -> str:
        return table_html(self._states[self._index(step)], names=self.names, face_down=self.face_down,
                          size=size, four_colour=four_colour)


def sum_words(cards) -> str:
    """The values of some cards added up: "10 + 2 + 9 = 21" ("3" for one card, "0" for none)."""
    values = [c.value for c in cards]
    if len(values) <= 1:
        return str(sum(values))
    return " + ".join(map(str, values)) + f" = {sum(values)}"


class StepValues(Mapping):
    """The named values of one step of a :class:`HandSteps`, each computed from the
    hand when a caption asks for it (an unknown or inapplicable name raises KeyError).

    - the move: ``player`` and ``other`` (names), ``card`` (the card moved, drawn,
      taken or passed), ``value``; the meld it is in after the move, ``meld``, with
      ``meld_before`` (without it) and ``meld_size``;
    - each seat by its name in lower case, here ``ann_`` and ``ben_``: ``_count``
      (cards held), ``_deadwood``, ``_deadwood_cards``, ``_deadwood_sum``, the first
      ``_set`` and ``_run`` of the best arrangement, and ``_left``, ``_left_cards``,
      ``_left_sum`` (cards not yet laid out or off);
    - the discard that leaves the least deadwood: ``best_discard``, ``after_discard``,
      ``after_discard_cards``; ``knock_limit`` (this hand's), ``standard_knock_limit``,
      ``upcard``;
    - after a knock: ``knocker``, ``defender``, ``knocker_deadwood``,
      ``knocker_deadwood_cards``, ``defender_left``, ``defender_left_cards``,
      ``defender_left_sum``; ``laid`` (the meld just laid out); the knocker's melds as
      laid, ``meld_1``..., the cards laid off on each, ``laid_on_1``... (a count); the
      knocker's other least-deadwood layout, ``other_layout``, the lay-offs and the
      deadwood the defender would have against it, ``other_layout_layoffs`` and
      ``other_layout_left``, against the layout laid, ``layout_left``, and the card
      that sits in a meld of another kind there, ``moved_card``; ``points`` and
      ``multiplier`` once the hand is scored;
    - yes/no facts: ``card_melds``, ``worth_taking`` (the lessons' rule for taking a
      discard, judged before the move), ``next_player_wants_it`` (the same rule for
      the card just discarded, judged for the next player), ``sound_discard``,
      ``highest_deadwood``, ``card_just_drawn``, ``within_limit``,
      ``within_standard_limit``, ``no_deadwood_after_discard``, ``at_low_end``,
      ``at_high_end``, ``chain``, ``laid_form_a_run``, ``defender_not_above``,
      ``layout_blocks``.
    """

    _SEAT_KEYS = ("count", "deadwood", "deadwood_cards", "deadwood_sum", "set", "run", "left", "left_cards",
                  "left_sum")
    _KEYS = ("player", "other", "card", "value", "meld", "meld_before", "meld_size", "best_discard",
             "after_discard", "after_discard_cards", "knock_limit", "standard_knock_limit", "upcard", "knocker",
             "defender", "knocker_deadwood", "knocker_deadwood_cards", "defender_left", "defender_left_cards",
             "defender_left_sum", "laid", "other_layout", "other_layout_layoffs", "other_layout_left",
             "layout_left", "moved_card", "points", "multiplier", "card_melds", "worth_taking",
             "next_player_wants_it", "sound_discard", "highest_deadwood", "card_just_drawn", "within_limit",
             "within_standard_limit", "no_deadwood_after_discard", "at_low_end", "at_high_end", "chain",
             "laid_form_a_run", "defender_not_above", "layout_blocks")

    def __init__(self, steps: HandSteps, step: int):
        self.names = steps.names
        self.after = steps.state(step)
        self.before = steps.state(step - 1) if step else None
        self.seat, self.action = steps._actions[step - 1] if step else (self.after.dealer, None)
        self._cache: dict[str, object] = {}

    def keys(self):
        seats = [f"{name.lower()}_{key}" for name in self.names for key in self._SEAT_KEYS]
        melds = [f"{what}_{i + 1}" for what in ("meld", "laid_on") for i in range(len(self._laid_melds()))]
        return list(self._KEYS) + seats + melds

    def __iter__(self):
        return iter(self.keys())

    def __len__(self) -> int:
        return len(self.keys())

    def __getitem__(self, key: str):
        if key not in self._cache:
            try:
                self._cache[key] = self._compute(key)
            except (AttributeError, IndexError, TypeError, ValueError, StopIteration) as error:
                raise KeyError(f"{key} has no value at this step ({type(error).__name__}: {error})") from None
        return self._cache[key]

    # -- pieces -------------------------------------------------------------------

    def _card(self):
        action, before, after = self.action, self.before, self.after
        if action is None:
            raise ValueError("the deal has no move")
        if action.card is not None:
            return action.card
        if action.kind in ("take", "pass"):
            return before.top_discard
        if action.kind == "draw":
            return after.last_draw[0]
        raise ValueError(f"{action} moves no one card")

    def _meld(self):
        action, card = self.action, self._card()
        if action.kind == "layoff":
            return self.after.table_melds[action.target]
        melds = best_arrangement(self.after.held(self.seat)).melds
        return next(m for m in melds if card in m)

    def _best(self):
        from .deals import sound_discard
        hand = self.after
        if hand.phase != "discard":
            raise ValueError("no discard is due at this step")
        card = sound_discard(hand)
        return card, best_arrangement([c for c in hand.held(hand.to_act) if c is not card])

    def _knocker(self) -> int:
        if self.after.knocker is None:
            raise ValueError("nobody has knocked")
        return self.after.knocker

    def _laid_melds(self):
        knocker = self.after.knocker
        return () if knocker is None else self.after.melds(knocker)

    def _layouts(self):
        from .scoring import best_layoffs, knocker_layouts
        knocker = self._knocker()
        defender = self.after.held(1 - knocker)
        laid = {tuple(order_meld(m)) for m in self._laid_melds()}
        if self.after.phase not in ("defender_layout", "over"):
            raise ValueError("the knocker has not finished laying out")
        layouts = knocker_layouts(self.after.held(knocker), defender)
        other = next(a for a in layouts if {tuple(order_meld(m)) for m in a.melds} != laid)
        return (best_layoffs(defender, self._laid_melds()).points, other, best_layoffs(defender, other.melds))

    def _moved_card(self):
        _, other, _ = self._layouts()
        kind_in = {}
        for meld in other.melds:
            for card in meld:
                kind_in[card] = meld_kind(meld)
        return next(card for meld in self._laid_melds() for card in meld if kind_in.get(card) != meld_kind(meld))

    def _seat_value(self, seat: int, key: str):
        held = self.after.held(seat)
        arrangement = best_arrangement(held)
        left = self.after.unlaid(seat)
        return {
            "count": lambda: len(held),
            "deadwood": lambda: arrangement.points,
            "deadwood_cards": lambda: show_cards(arrangement.deadwood),
            "deadwood_sum": lambda: sum_words(arrangement.deadwood),
            "set": lambda: show_cards(next(m for m in arrangement.melds if meld_kind(m) == "set")),
            "run": lambda: show_cards(next(m for m in arrangement.melds if meld_kind(m) == "run")),
            "left": lambda: sum(c.value for c in left),
            "left_cards": lambda: show_cards(left),
            "left_sum": lambda: sum_words(left),
        }[key]()

    def _knocker_points(self) -> int:
        knocker = self._knocker()
        if self.after.phase in ("defender_layout", "over"):
            return sum(c.value for c in self.after.unlaid(knocker))
        return best_arrangement(self.after.held(knocker)).points

    def _compute(self, key: str):
        after, names = self.after, self.names
        for seat, name in enumerate(names):
            prefix = f"{name.lower()}_"
            if key.startswith(prefix) and key[len(prefix):] in self._SEAT_KEYS:
                return self._seat_value(seat, key[len(prefix):])
        for what in ("meld", "laid_on"):
            number = key.removeprefix(f"{what}_")
            if number != key and number.isdigit():
                index = int(number) - 1
                melds = self._laid_melds()
                if not 0 <= index < len(melds):
                    raise IndexError(f"the knocker laid out {len(melds)} melds")
                if what == "meld":
                    return show_cards(melds[index])
                return sum(1 for layoff in after.layoffs if layoff.meld == index)
        if key == "player":
            return names[self.seat]
        if key == "other":
            return names[1 - self.seat]
        if key == "card":
            return str(self._card())
        if key == "value":
            return self._card().value
        if key == "meld":
            return show_cards(self._meld())
        if key == "meld_before":
            card = self._card()
            return show_cards(order_meld([c for c in self._meld() if c is not card]))
        if key == "meld_size":
            return len(self._meld())
        if key == "best_discard":
            return str(self._best()[0])
        if key == "after_discard":
            return self._best()[1].points
        if key == "after_discard_cards":
            return show_cards(self._best()[1].deadwood)
        if key == "knock_limit":
            return after.knock_limit
        if key == "standard_knock_limit":
            return PRESETS["standard"].knock_limit
        if key == "upcard":
            return str(after.upcard)
        if key in ("knocker", "defender"):
            knocker = self._knocker()
            return names[knocker if key == "knocker" else 1 - knocker]
        if key == "knocker_deadwood":
            return self._knocker_points()
        if key == "knocker_deadwood_cards":
            knocker = self._knocker()
            if after.phase in ("defender_layout", "over"):
                return show_cards(after.unlaid(knocker))
            return show_cards(best_arrangement(after.held(knocker)).deadwood)
        if key.startswith("defender_left"):
            left = after.unlaid(1 - self._knocker())
            return {"defender_left": lambda: sum(c.value for c in left),
                    "defender_left_cards": lambda: show_cards(left),
                    "defender_left_sum": lambda: sum_words(left)}[key]()
        if key == "laid":
            if self.action is None or self.action.kind != "meld":
                raise ValueError("no meld was laid out at this step")
            return show_cards(self.action.cards)
        if key == "layout_left":
            return self._layouts()[0]
        if key == "other_layout":
            return " · ".join(show_cards(m) for m in self._layouts()[1].melds)
        if key == "other_layout_layoffs":
            return show_cards(l.card for l in self._layouts()[2].layoffs)
        if key == "other_layout_left":
            return self._layouts()[2].points
        if key == "moved_card":
            return str(self._moved_card())
        if key in ("points", "multiplier"):
            return getattr(after.result, key)
        return self._fact(key)

    def _fact(self, key: str) -> bool:
        after, action = self.after, self.action
        if key == "card_melds":
            try:
                self._meld()
            except (StopIteration, ValueError):
                return False
            return True
        if key == "worth_taking":
            from .deals import worth_taking
            if self.before is None or not self.before.is_legal("take"):
                raise ValueError("no discard could be taken at this step")
            return worth_taking(self.before)
        if key == "next_player_wants_it":
            from .deals import take_into_meld
            if not after.is_legal("take"):
                raise ValueError("the discard cannot be taken at this step")
            return take_into_meld(after) is not None
        if key in ("sound_discard", "highest_deadwood", "card_just_drawn"):
            from .deals import best_discards
            if action is None or action.kind not in ("discard", "knock", "gin"):
                raise ValueError("no discard at this step")
            if key == "card_just_drawn":
                return self.before.last_draw is not None and self.before.last_draw[0] is action.card
            if key == "highest_deadwood":
                deadwood = best_arrangement(self.before.held(self.seat)).deadwood
                return action.card in deadwood and action.card.value == max(c.value for c in deadwood)
            best, cards = best_discards(self.before)
            return action.card in cards and action.card.value == max(c.value for c in cards)
        if key == "within_limit":
            return self._best()[1].points <= after.knock_limit
        if key == "within_standard_limit":
            return self._best()[1].points <= PRESETS["standard"].knock_limit
        if key == "no_deadwood_after_discard":
            return self._best()[1].points == 0
        if key in ("at_low_end", "at_high_end"):
            meld = order_meld(self._meld())
            if meld_kind(meld) != "run":
                return False
            return self._card() is (meld[0] if key == "at_low_end" else meld[-1])
        if key in ("chain", "laid_form_a_run"):
            if action is None or action.kind != "layoff":
                raise ValueError("no lay-off at this step")
            laid = [l.card for l in after.layoffs if l.meld == action.target]
            if key == "laid_form_a_run":
                return meld_kind(laid) == "run"
            card = action.card
            return any(c.suit == card.suit and abs(c.rank - card.rank) == 1 for c in laid if c is not card)
        if key == "defender_not_above":
            return sum(c.value for c in after.unlaid(1 - self._knocker())) <= self._knocker_points()
        if key == "layout_blocks":
            laid_left, _, other_reply = self._layouts()
            return laid_left > other_reply.points
        raise KeyError(key)


class DealSteps:
    """The deal, one card at a time: 20 cards to the players, then the upcard."""

    def __init__(self, hand: Hand, *, names=NAMES, title: str = "", captions: dict[int, str] | None = None):
        self.hand = hand.prefix(0)
        self.names = tuple(names)
        self.title = title
        self.extra = dict(captions or {})

    @property
    def count(self) -> int:
        return 22

    def _check(self, step: int) -> int:
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < self.count:
            raise ValueError(f"step must be a whole number from 0 to {self.count - 1}, not {step!r}")
        return step

    def _receiver(self, i: int) -> int:
        """The seat that gets the deck's card ``i`` (0-based) of the first 20."""
        return self.hand.non_dealer if i % 2 == 0 else self.hand.dealer

    def caption(self, step: int) -> str:
        step = self._check(step)
        hand = self.hand
        dealer, other = self.names[hand.dealer], self.names[hand.non_dealer]
        if step == 0:
            text = f"{dealer} is the dealer, shuffles, and deals from the top of the deck, {other} first."
        elif step <= 20:
            card = hand.deck[step - 1]
            seat = self._receiver(step - 1)
            got = sum(1 for i in range(step) if self._receiver(i) == seat)
            text = f"Card {step}: {card} goes to {self.names[seat]} ({got} of 10)."
        else:
            text = (f"Each player has ten cards. {dealer} turns up the next card, {hand.upcard}: the upcard. "
                    f"The other {hand.stock_count} cards are the stock. {other} may take the upcard first.")
        extra = self.extra.get(step)
        return f"{text} {extra}" if extra else text

    def html(self, step: int, *, size: str = "normal", four_colour: bool = False) -> str:
        step = self._check(step)
        hand = self.hand
        opts = dict(size=size, four_colour=four_colour)
        dealt = min(step, 20)
        seats = []
        for seat in (hand.non_dealer, hand.dealer):
            cards = [hand.deck[i] for i in range(dealt) if self._receiver(i) == seat]
            role = "dealer" if seat == hand.dealer else "non-dealer"
            body = cards_html(cards, **opts) if cards else '<span class="gt-count">no cards yet</span>'
            seats.append(f'<div class="gt-seat"><div class="gt-seat-title">{escape(self.names[seat])} ({role}): '
                         f'{len(cards)} cards</div>{body}</div>')
        left = 52 - dealt - (1 if step == 21 else 0)
        deck = group_html(card_back_html(size=size, label=left), "stock" if step == 21 else "deck")
        middle = [deck]
        if step == 21:
            middle.append(group_html(cards_html([hand.upcard], **opts), "upcard"))
        elif step > 0:
            middle.append(group_html(cards_html([hand.deck[step - 1]], marks={hand.deck[step - 1]: "new"}, **opts),
                                     "just dealt"))
        return (f'<div class="gt-table">{seats[0]}<div class="gt-middle">{"".join(middle)}</div>{seats[1]}</div>')


class MatchSteps:
    """A match hand by hand: each step shows a finished hand and the score sheet so far."""

    def __init__(self, match: Match, *, names=NAMES, title: str = ""):
        if not match.hands or not match.hand.is_over:
            raise ValueError("MatchSteps shows finished hands: play the match's last hand to its end")
        self.match = match
        self.names = tuple(names)
        self.title = title

    @property
    def count(self) -> int:
        return len(self.match.hands) + 1

    def _check(self, step: int) -> int:
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < self.count:
            raise ValueError(f"step must be a whole number from 0 to {self.count - 1}, not {step!r}")
        return step

    def _totals(self, upto: int) -> list[int]:
        totals = [0, 0]
        for hand in self.match.hands[:upto]:
            seat = hand.result.winner_seat
            if seat is not None:
                totals[seat] += hand.result.points
        return totals

    def caption(self, step: int) -> str:
        step = self._check(step)
        match, names = self.match, self.names
        rules = match.rules
        if step == 0:
            return (f"A match to {rules.target} points. {names[match.first_dealer]} deals the first hand. "
                    "Each step is one whole hand.")
        hand = match.hands[step - 1]
        result = hand.result
        totals = self._totals(step)
        if result.winner_seat is None:
            text = f"Hand {step}: {result.explain()}"
        else:
            text = (f"Hand {step}: {names[result.winner_seat]} scores {result.points} ({result.explain()}) "
                    f"Score: {names[0]} {totals[0]}, {names[1]} {totals[1]}.")
        if step < len(match.hands):
            nxt = match.hands[step].dealer
            text += f" {names[nxt]} deals next."
        elif match.is_over:
            game = match.games[0]
            b = game.bonuses
            w = game.winner
            text += (f" {names[w]} reached {rules.target}: game bonus {b.game[w]}"
                     f"{' (doubled: shutout)' if b.shutout else ''}; box bonuses {rules.box_bonus} a hand won: "
                     f"{names[0]} {b.boxes[0]}, {names[1]} {b.boxes[1]}. Final: {names[0]} {game.totals[0]}, "
                     f"{names[1]} {game.totals[1]}.")
        return text

    def html(self, step: int, *, size: str = "normal", four_colour: bool = False) -> str:
        step = self._check(step)
        sheet = score_sheet_html(self.match.hands[:step], self.names)
        if step == 0:
            return sheet
        table = table_html(self.match.hands[step - 1], names=self.names, size=size, four_colour=four_colour)
        return sheet + table
