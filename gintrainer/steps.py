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

from html import escape

from .cards import show_cards
from .drawing import card_back_html, cards_html, group_html, table_html
from .hand import Hand
from .match import Match
from .melds import meld_kind

NAMES = ("Ann", "Ben")


class HandSteps:
    """Every state of one :class:`~gintrainer.Hand`, from the deal to its last action.

    ``captions`` maps a step number to extra words for that step (a lesson's
    commentary); ``face_down`` lists seats whose cards stay hidden.
    """

    def __init__(self, hand: Hand, *, captions: dict[int, str] | None = None, names=NAMES,
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
        return f"{text} {extra}" if extra else text

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
        elif 0 < step:
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
        rows = ['<tr><th>Hand</th><th>Dealer</th><th>Result</th>'
                f'<th>{escape(self.names[0])}</th><th>{escape(self.names[1])}</th></tr>']
        totals = [0, 0]
        for number, hand in enumerate(self.match.hands[:step], start=1):
            result = hand.result
            seat = result.winner_seat
            if seat is not None:
                totals[seat] += result.points
            what = ("no score" if seat is None else
                    f"{self.names[seat]}: {result.kind.replace('_', ' ')} {result.points}")
            rows.append(f"<tr><td>{number}</td><td>{escape(self.names[hand.dealer])}</td><td>{escape(what)}</td>"
                        f"<td>{totals[0]}</td><td>{totals[1]}</td></tr>")
        sheet = f'<div class="gt-ref"><table>{"".join(rows)}</table></div>'
        if step == 0:
            return sheet
        table = table_html(self.match.hands[step - 1], names=self.names, size=size, four_colour=four_colour)
        return sheet + table
