"""Cards, hands and tables drawn as HTML: pure functions that return strings.

Every picture is HTML with CSS classes from :func:`stylesheet`; a page shows
them once it holds that style sheet (:func:`style_block`, or :func:`page` for a
whole printable page). Nothing here imports ipywidgets, so worksheets and the
app can reuse it. Text that did not come from this module is escaped.

>>> print(card_html("10D"))
<span class="gt-card gt-normal gt-red" role="img" aria-label="ten of diamonds"
  title="10♦"><span class="gt-rank">10</span><span class="gt-pip">♦</span></span>
>>> suit_colour("5C"), suit_colour("5C", four_colour=True)
('black', 'green')
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from html import escape
from typing import Protocol, TypedDict

from ..engine.cards import Card, CardsLike, parse_card, parse_cards, sort_by_rank, sort_by_suit
from ..engine.hand import LAYOUT_PHASES, Hand, Phase
from ..engine.melds import Arrangement, best_arrangement, meld_kind, order_meld
from ..engine.rules import Rules
from ..engine.scoring import DefenderReply, HandScore, ScoreKind
from ..engine.solver import DiscardRow, DrawChoice
from ..engine.view import SeatView
from ..words.errors import GinError
from ..words.language import (
    PLAYER_PRONOUNS,
    PLAYERS,
    current_language,
    format_number,
    left_to_right,
    t,
    tc,
    text_direction,
    tn,
)
from .messages import format_value, render, say, say_about

SIZES = ("small", "normal", "large")
"""Card sizes: ``large`` is meant for a projector."""

SORTS = ("melds", "suit", "rank")
"""How a hand can be sorted: melds first (the best arrangement), by suit, by rank."""

# Width, height (px) and the font sizes of the rank and the suit symbol.
_DIMENSIONS = {
    "small": (34, 48, 14, 18),
    "normal": (50, 72, 19, 28),
    "large": (84, 120, 32, 48),
}

COLOURS = {
    "red": "#c8102e",
    "black": "#111111",
    "green": "#0b7a32",
    "blue": "#1450c8",
}

_TWO_COLOURS = {"C": "black", "D": "red", "H": "red", "S": "black"}
_FOUR_COLOURS = {"C": "green", "D": "blue", "H": "red", "S": "black"}

Marks = Mapping[Card, str] | Mapping[str, str]
"""Highlights: a card (or its text) to the name of its mark (see :func:`card_html`)."""


class CardStyle(TypedDict):
    """How cards are drawn, passed on as keywords: the size and the colouring."""

    size: str
    four_colour: bool


class PuzzleRules(Protocol):
    """What a puzzle's rules line reads of it (a puzzle of any kind is one)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def knock_limit(self) -> int: ...
    @property
    def stock_count(self) -> int: ...
    @property
    def upcard(self) -> Card | None: ...


class SeenCards(Protocol):
    """The cards a puzzle's player has seen go by: the discard pile, and the cards the
    opponent is known to hold."""

    @property
    def discard_pile(self) -> tuple[Card, ...]: ...
    @property
    def opponent_known(self) -> tuple[Card, ...]: ...


class PuzzlePosition(PuzzleRules, SeenCards, Protocol):
    """What a puzzle's pictures and sentences read of it (a
    :class:`~gintrainer.puzzles.Puzzle` is one; drawing sits below the puzzles)."""

    @property
    def drawn(self) -> Card: ...
    @property
    def drawn_from(self) -> str: ...


def _size(size: str) -> str:
    if size not in _DIMENSIONS:
        raise ValueError(f"card size must be one of {', '.join(SIZES)}, not {size!r}")
    return size


def suit_colour(card: Card | str, *, four_colour: bool = False) -> str:
    """The colour name a card is printed in: red and black, or with ``four_colour``
    clubs green and diamonds blue."""
    card = parse_card(card)
    return (_FOUR_COLOURS if four_colour else _TWO_COLOURS)[card.suit]


def card_classes(card: Card | str, *, size: str = "normal", four_colour: bool = False) -> tuple[str, ...]:
    """The CSS classes of a card face (also used for clickable card buttons)."""
    card = parse_card(card)
    return ("gt-card", f"gt-{_size(size)}", f"gt-{suit_colour(card, four_colour=four_colour)}")


def card_html(card: Card | str, *, size: str = "normal", four_colour: bool = False, mark: str | None = None) -> str:
    """One card face up. ``mark`` adds a highlight: "picked", "right", "wrong",
    "new" (just drawn) or "laid" (laid off)."""
    card = parse_card(card)
    classes = list(card_classes(card, size=size, four_colour=four_colour))
    if mark is not None:
        if mark not in _MARKS:
            raise ValueError(f"card mark must be one of {', '.join(_MARKS)}, not {mark!r}")
        classes.append(f"gt-mark-{mark}")
    return (f'<span class="{" ".join(classes)}" role="img" aria-label="{card.name}" title="{card}">'
            f'<span class="gt-rank">{card.rank_name}</span><span class="gt-pip">{card.symbol}</span></span>')


_MARKS = ("picked", "right", "wrong", "new", "laid")


def card_back_html(*, size: str = "normal", label: str | int | None = None) -> str:
    """One card face down; ``label`` (escaped) is printed on its back, like a count."""
    text = "" if label is None else f'<span class="gt-back-label">{escape(str(label))}</span>'
    return (f'<span class="gt-card gt-back gt-{_size(size)}" role="img" '
            f'aria-label="{escape(words("label_card_face_down"))}">{text}</span>')


def cards_html(cards: CardsLike, *, size: str = "normal", four_colour: bool = False,
               marks: Marks | None = None) -> str:
    """A row of cards in the order given; ``marks`` maps a card to its highlight."""
    by_card = {parse_card(k): v for k, v in (marks or {}).items()}
    faces = "".join(card_html(c, size=size, four_colour=four_colour, mark=by_card.get(c))
                    for c in parse_cards(cards, allow_duplicates=True))
    return f'<span class="gt-row">{faces}</span>'


def backs_html(count: int, *, size: str = "normal") -> str:
    """A row of ``count`` cards face down."""
    return '<span class="gt-row">' + "".join(card_back_html(size=size) for _ in range(int(count))) + "</span>"


def group_html(body: str, caption: str = "") -> str:
    """A group of cards (HTML from this module) with a caption under it (escaped)."""
    label = f'<span class="gt-caption">{escape(caption)}</span>' if caption else ""
    return f'<span class="gt-group">{body}{label}</span>'


def sorted_cards(cards: CardsLike, sort: str = "melds") -> tuple[Card, ...]:
    """The cards in display order: ``melds`` (melds of the best arrangement, then
    the deadwood by rank), ``suit`` or ``rank``."""
    cards = parse_cards(cards)
    if sort == "melds":
        return best_arrangement(cards).cards
    if sort == "suit":
        return sort_by_suit(cards)
    if sort == "rank":
        return sort_by_rank(cards)
    raise ValueError(f"sort must be one of {', '.join(SORTS)}, not {sort!r}")


def meld_groups(cards: CardsLike) -> tuple[tuple[Card, ...], ...]:
    """The groups a hand shown by melds is drawn in, in their order: the melds of the best
    arrangement, then the deadwood (when there is any)."""
    arrangement = best_arrangement(parse_cards(cards))
    return (*arrangement.melds, arrangement.deadwood) if arrangement.deadwood else tuple(arrangement.melds)


def hand_html(cards: CardsLike, *, sort: str = "melds", show_melds: bool = True, size: str = "normal",
              four_colour: bool = False, marks: Marks | None = None) -> str:
    """A hand. With ``show_melds`` the cards are grouped as the best arrangement
    (each meld captioned "set" or "run", then the deadwood) with the deadwood
    count; otherwise one row in ``sort`` order, still with the count."""
    cards = parse_cards(cards)
    arrangement = best_arrangement(cards)
    if show_melds:
        captions = [words(f"label_meld_kind_{meld_kind(m)}") for m in arrangement.melds] + [words("label_deadwood")]
        body = "".join(group_html(cards_html(group, size=size, four_colour=four_colour, marks=marks), caption)
                       for group, caption in zip(meld_groups(cards), captions, strict=False))
    else:
        body = cards_html(sorted_cards(cards, sort), size=size, four_colour=four_colour, marks=marks)
    return (f'<div class="gt-hand">{body}'
            f'<div class="gt-count">{deadwood_words(arrangement)}</div></div>')


def deadwood_words(arrangement: Arrangement) -> str:
    """"Deadwood: 5♥ 2♣ = 5 + 2 = 7" (or "No deadwood: gin") for an arrangement; the sum as
    :func:`sum_words` writes it."""
    deadwood = arrangement.deadwood
    if not deadwood:
        return words("deadwood_none")
    if len(deadwood) == 1:
        return words("label_deadwood_one", cards=deadwood, points=arrangement.points)
    return words("label_deadwood_many", cards=deadwood, sum=sum_words(c.value for c in deadwood),
                 points=arrangement.points)


def sum_words(values: Iterable[int], *, total: bool = False) -> str:
    """A sum's terms, ``5 + 2 + 10``, that hold together in any line: each number keeps its plus sign (a
    no-break space between them), so that a long sum wraps between terms only, and the whole reads left to
    right in a right-to-left sentence too (isolated, as cards are: else a Pashto line shows ``10 + 2 + 5``).
    With ``total``, the sum worked out in passing, as a sentence says it (a caption's deadwood): ``5 + 2 +
    10 = 17`` on one line (no-break spaces throughout: a line that starts ``+ 10 = 17`` reads as a sum of
    its own), and one term or none only its total.

    >>> sum_words([5, 2, 10]) == "5\u00a0+ 2\u00a0+ 10"
    True
    >>> sum_words([5, 2, 10], total=True) == "5\u00a0+\u00a02\u00a0+\u00a010\u00a0=\u00a017", sum_words([3], total=True)
    (True, '3')
    """
    values = list(values)
    if not total:
        return left_to_right("\u00a0+ ".join(str(value) for value in values))
    if len(values) <= 1:
        return str(sum(values))
    return left_to_right("\u00a0+\u00a0".join(str(value) for value in values) + f"\u00a0=\u00a0{sum(values)}")


def melds_html(melds: Iterable[CardsLike], *, size: str = "normal", four_colour: bool = False,
               numbered: bool = True, marks: Marks | None = None) -> str:
    """Melds on the table side by side, numbered from 1 as lay-offs name them."""
    groups = []
    for i, cards in enumerate(melds):
        meld = parse_cards(cards)
        kind = meld_kind(meld)
        caption = words(f"label_meld_numbered_{kind}", number=i + 1) if numbered else words(f"label_meld_kind_{kind}")
        groups.append(group_html(cards_html(meld, size=size, four_colour=four_colour, marks=marks), caption))
    return '<div class="gt-melds">' + "".join(groups) + "</div>"


DISCARD_COLUMNS = ("discard", "deadwood", "knocks", "outs", "expected")
"""The columns of the solver's discard table, in order: the card thrown, the
deadwood of the ten cards kept, whether they go out, the unseen cards that would
lower that deadwood on the next draw, and the exact expected deadwood after it."""

TABLE_MARKS = ("answer", "best", "chosen", "played")
"""What a row of the discard table can be marked as: an accepted answer, a best
discard, the learner's card, the move played in a hand."""

def words(name: str, **values: object) -> str:
    """A message of the catalog (:data:`gintrainer.material.messages.VIEW_MESSAGES`) in words
    (not escaped).

    >>> words("label_column_expected"), words("label_stock", count=1)
    ('Expected deadwood after the next draw', 'stock: 1 card')
    """
    return render(say(name, **values))


def words_about(name: str, seat: int, names: Sequence[str], you: int | None = None, **values: object) -> str:
    """A message of the catalog about the player in ``seat``, in words: said to the
    learner when ``you`` is that seat (see :func:`gintrainer.material.messages.say_about`).

    >>> words_about("phase_draw", 1, ("Club player", "You"), you=1)
    'You draw from the stock or take the top of the discard pile.'
    """
    return render(say_about(name, seat, names, you, **values))


def discard_cells(row: DiscardRow) -> dict[str, str]:
    """One row of the discard table as the words of each column (see :data:`DISCARD_COLUMNS`)."""
    knocks = "label_knocks_gin" if row.gin else ("label_knocks_yes" if row.knocks else "label_knocks_no")
    return {"discard": format_value(row.card), "deadwood": format_value(row.deadwood), "knocks": words(knocks),
            "outs": format_value(len(row.outs)), "expected": format_value(row.expected_deadwood)}


def discard_table_html(rows: Iterable[DiscardRow], *, columns: tuple[str, ...] = DISCARD_COLUMNS,
                       answer: CardsLike | None = None, best: CardsLike | None = None,
                       chosen: Card | str | None = None, played: Card | str | None = None,
                       across: bool = False) -> str:
    """The solver's discard table (:class:`~gintrainer.engine.solver.DiscardRow` rows, in the
    order given) with the same labels on every page.

    Each mark option names the cards whose rows are marked, in a "Note" column
    and by a class on the row: ``answer`` (the accepted answers), ``best``,
    ``chosen`` (the learner's card), ``played`` (the move played in a hand).
    The column shows when any mark option is given, even with no card to mark.
    ``across`` turns the table: one column per discard, for a printed page, the
    marked discards' columns in bold (no "Note" row, which would not fit).

    >>> from gintrainer.engine.solver import discard_table
    >>> table = discard_table("2C 3C 4C 7H 7S 7D JS QS KS 9D 5H")
    >>> html = discard_table_html(table.rows, best=[table.rows[0].card])
    >>> html.count("<tr"), 'class="gt-is-best"' in html, ">Deadwood left<" in html
    (12, True, True)
    """
    rows = tuple(rows)  # read twice
    unknown = [c for c in columns if c not in DISCARD_COLUMNS]
    if unknown or not columns:
        raise ValueError(f"discard table columns come from {', '.join(DISCARD_COLUMNS)}, not {columns!r}")
    options = {"answer": answer, "best": best, "chosen": chosen, "played": played}
    marked = {name: set(parse_cards(cards)) for name, cards in options.items() if cards is not None}
    marks = [[name for name in TABLE_MARKS if name in marked and row.card in marked[name]] for row in rows]
    cells = [discard_cells(row) for row in rows]
    heads = [words(f"label_column_{c}") for c in columns]

    def tags(names: list[str]) -> str:
        return " ".join(f'<span class="gt-tag gt-tag-{n}">{escape(words(f"label_mark_{n}"))}</span>' for n in names)

    def css(names: list[str]) -> str:
        return f' class="{" ".join(f"gt-is-{n}" for n in names)}"' if names else ""

    if across:
        lines = []
        for column, head in zip(columns, heads, strict=True):
            row_cells = "".join(f"<td{css(m)}>{escape(c[column])}</td>" for c, m in zip(cells, marks, strict=True))
            lines.append(f'<tr><th scope="row">{escape(head)}</th>{row_cells}</tr>')
        return f'<table class="gt-solver gt-discards gt-across"><tbody>{"".join(lines)}</tbody></table>'
    if marked:
        heads.append(words("label_column_marks"))
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    body = []
    for c, m in zip(cells, marks, strict=True):
        first, *rest = columns
        line = f'<th scope="row">{escape(c[first])}</th>' + "".join(f"<td>{escape(c[k])}</td>" for k in rest)
        if marked:
            line += f"<td>{tags(m)}</td>"
        body.append(f"<tr{css(m)}>{line}</tr>")
    return (f'<table class="gt-solver gt-discards"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>')


def table_html(hand: Hand, *, names: Sequence[str] = PLAYERS, face_down: tuple[int, ...] = (),
               size: str = "normal", four_colour: bool = False, sort: str = "melds", show_melds: bool = True,
               you: int | None = None, result: bool = True, outcome: bool = True) -> str:
    """A :class:`~gintrainer.Hand` on the table: both hands (a seat in
    ``face_down`` shows only card backs), the stock, the discard pile, the melds
    after a knock and (unless ``result`` is false: a page that explains the score
    beside the table) the result. ``you`` is the learner's seat, whose words are
    said to the learner ("You (dealer)"; None: both seats are named). Unless
    ``outcome``, the table does not tell how the hand ended (neither that it is
    over nor its result): a question asks what happens."""
    opts = CardStyle(size=size, four_colour=four_colour)
    rows = [_seat_html(hand, 1 - hand.dealer, names, you, face_down, sort, show_melds, opts),
            _middle_html(hand, names, you, opts, tell_next=outcome or not hand.is_over),
            _seat_html(hand, hand.dealer, names, you, face_down, sort, show_melds, opts)]
    if result and outcome and hand.result is not None:
        rows.append(f'<div class="gt-result">{escape(hand.result.explain())}</div>')
    return '<div class="gt-table">' + "".join(rows) + "</div>"


def _seat_title(hand: Hand, seat: int, names: Sequence[str], you: int | None) -> str:
    parts = [words_about("label_seat_dealer" if seat == hand.dealer else "label_seat_non_dealer", seat, names, you)]
    if hand.to_act == seat:
        parts.append(words("label_seat_to_play"))
    if hand.knocker == seat:
        parts.append(words(f"label_seat_{hand.out_kind}"))
    return escape(" — ".join(parts))


def _seat_html(hand: Hand, seat: int, names: Sequence[str], you: int | None, face_down: tuple[int, ...],
               sort: str, show_melds: bool, opts: CardStyle) -> str:
    title = _seat_title(hand, seat, names, you)
    held = hand.held(seat)
    if hand.knocker is not None and (hand.phase in LAYOUT_PHASES or hand.phase is Phase.OVER):
        body = _laid_out_html(hand, seat, opts)
    elif seat in face_down:
        body = hidden_hand_html(len(held), **opts)
    elif hand.phase is Phase.OVER:  # a dead hand: nobody laid out, each hand shown in its melds, least deadwood
        body = hand_html(held, **opts)
    else:
        new = hand.last_draw[0] if hand.last_draw and hand.to_act == seat else None
        body = hand_html(held, sort=sort, show_melds=show_melds, marks={new: "new"} if new else None, **opts)
    return f'<div class="gt-seat"><div class="gt-seat-title">{title}</div>{body}</div>'


def hidden_hand_html(count: int, known: CardsLike = (), *, size: str = "normal", four_colour: bool = False) -> str:
    """A hand seen from the other seat: the cards known to be in it face up (taken
    from the pile), the rest face down, and how many there are."""
    known = parse_cards(known)
    faces = "".join(card_html(c, size=size, four_colour=four_colour) for c in known)
    backs = "".join(card_back_html(size=size) for _ in range(count - len(known)))
    caption = (words("label_hidden_cards_known", count=count, known_cards=known) if known
               else words("label_hidden_cards", count=count))
    # The backs are a row of their own inside the row, so that on a phone they overlap in one line while the
    # known cards wrap before them (a row of both once pushed the page sideways).
    return group_html(f'<span class="gt-row gt-hidden-row">{faces}<span class="gt-row gt-backs">{backs}</span></span>',
                      caption)


def stock_html(count: int, *, size: str = "normal") -> str:
    """The stock: one card face down with the count on it (an empty place when it is empty)."""
    body = (card_back_html(size=size, label=count) if count
            else f'<span class="gt-card gt-empty gt-{_size(size)}"></span>')
    return group_html(body, words("label_stock", count=count))


def pile_html(pile: CardsLike, *, shown: int = 3, size: str = "normal", four_colour: bool = False,
              marks: Marks | None = None) -> str:
    """The discard pile: its top cards, the top on the right, with the count and the top card; when it holds more
    than are shown, the whole pile on demand (an explanation's unseen cards are those in no hand and not here, so a
    learner can check them)."""
    pile = parse_cards(pile)
    if not pile:
        return group_html(f'<span class="gt-card gt-empty gt-{_size(size)}"></span>', words("label_pile_empty"))
    top = group_html(cards_html(pile[-shown:], size=size, four_colour=four_colour, marks=marks),
                     words("label_pile", count=len(pile), top_card=pile[-1]))
    if len(pile) <= shown:
        return top
    whole = cards_html(pile, size="small", four_colour=four_colour, marks=marks)
    return (f'{top}<details class="gt-pile-all"><summary>{escape(words("label_pile_all", count=len(pile)))}'
            f'</summary>{whole}</details>')


def laid_out(hand: Hand, seat: int) -> bool:
    """Whether a seat's layout is done after a knock or gin, so that its cards left are its deadwood as the hand
    counts it: the knocker's once the defender lays out, both once the hand is over (not a dead hand's)."""
    if hand.knocker is None:
        return False
    return hand.phase is Phase.OVER or (seat == hand.knocker and hand.phase is Phase.DEFENDER_LAYOUT)


def counted_deadwood(hand: Hand, seat: int) -> int:
    """A seat's deadwood as a page says it: once its layout is done (:func:`laid_out`), its cards not laid out or
    laid off; before, the least deadwood of its cards."""
    return sum(c.value for c in hand.unlaid(seat)) if laid_out(hand, seat) else hand.deadwood(seat)


def _laid_out_html(hand: Hand, seat: int, opts: CardStyle) -> str:
    parts = []
    if seat == hand.knocker:
        laid = {layoff.card: "laid" for layoff in hand.layoffs}
        if hand.table_melds:
            parts.append(melds_html(hand.table_melds, marks=laid, **opts))
        if hand.knock_card is not None:
            parts.append(group_html(card_html(hand.knock_card, **opts), words("label_discarded_face_down")))
    elif hand.melds(seat):
        parts.append(melds_html(hand.melds(seat), numbered=False, **opts))
    left = sort_by_rank(hand.unlaid(seat))
    done = laid_out(hand, seat)
    if left:
        points = sum(c.value for c in left)
        label = "label_laid_deadwood" if done else "label_not_laid_yet"
        parts.append(group_html(cards_html(left, **opts), words(label, points=points)))
    elif done:
        parts.append(f'<div class="gt-count">{escape(words("no_deadwood_left"))}</div>')
    return '<div class="gt-laid">' + "".join(parts) + "</div>"


def _middle_html(hand: Hand, names: Sequence[str], you: int | None, opts: CardStyle, *, tell_next: bool = True) -> str:
    """The stock, the discard pile and (with ``tell_next``) what happens next at the table."""
    marks = {hand.upcard: "new"} if len(hand.discard_pile) == 1 and hand.phase is Phase.UPCARD else None
    stock = stock_html(hand.stock_count, size=opts["size"])
    pile = pile_html(hand.discard_pile, marks=marks, **opts)
    note = f'<div class="gt-note">{escape(phase_words(hand, names, you=you))}</div>' if tell_next else ""
    return f'<div class="gt-middle">{stock}{pile}{note}</div>'


def seat_table_html(hand: Hand, seat: int, *, names: Sequence[str] = PLAYERS, size: str = "normal",
                    four_colour: bool = False, you: int | None = None) -> str:
    """The table as one seat sees it while the hand is played, without the seat's own
    cards (a page shows them as buttons): the other hand face down but for the cards
    known from the pile, the stock, the discard pile, and after a knock the melds on
    the table (lay-offs marked), the knocker's deadwood once shown and the seat's own
    melds. ``you`` is the learner's seat (see :func:`table_html`)."""
    view = SeatView.of(hand, seat)
    opts = CardStyle(size=size, four_colour=four_colour)
    other = 1 - seat
    laid = {layoff.card: "laid" for layoff in hand.layoffs}
    if hand.knocker == other and view.table_melds:
        parts = [melds_html(view.table_melds, marks=laid, **opts)]
        if view.knocker_deadwood:
            points = sum(c.value for c in view.knocker_deadwood)
            parts.append(group_html(cards_html(view.knocker_deadwood, **opts),
                                    words("label_knocker_deadwood", points=points)))
        else:
            parts.append(hidden_hand_html(len(hand.unlaid(other)), **opts))
        body = "".join(parts)
    else:
        body = hidden_hand_html(len(hand.held(other)), view.opponent_known, **opts)
    rows = [f'<div class="gt-seat"><div class="gt-seat-title">{_seat_title(hand, other, names, you)}</div>{body}</div>',
            f'<div class="gt-middle">{stock_html(view.stock_count, size=size)}'
            f'{pile_html(view.discard_pile, **opts)}</div>']
    own = []
    if hand.knocker == seat:
        own.append(melds_html(view.table_melds, marks=laid, **opts) if view.table_melds
                   else f'<i>{escape(words("label_nothing_laid"))}</i>')
    elif hand.knocker is not None and hand.melds(seat):
        own.append(group_html(melds_html(hand.melds(seat), numbered=False, **opts), words("label_your_melds")))
    if own:
        rows.append(f'<div class="gt-seat"><div class="gt-seat-title">{_seat_title(hand, seat, names, you)}</div>'
                    f'{"".join(own)}</div>')
    return '<div class="gt-table">' + "".join(rows) + "</div>"


def puzzle_rules_words(puzzle: PuzzleRules) -> str:
    """A puzzle's rules line: the rules, the knock limit (under Oklahoma, from the
    first upcard) and the stock."""
    values: dict[str, object] = dict(rules=puzzle.rules.describe(), limit=puzzle.knock_limit,
                                     stock=puzzle.stock_count)
    if puzzle.upcard is None:
        return words("rules_line", **values)
    if puzzle.knock_limit == 0:
        del values["limit"]
        return words("rules_line_gin_only", upcard=puzzle.upcard, **values)
    return words("rules_line_upcard", upcard=puzzle.upcard, **values)


def puzzle_position_html(puzzle: PuzzlePosition, *, size: str = "small", four_colour: bool = False) -> str:
    """What a puzzle's player sees besides the hand: the card drawn and where from,
    the discard pile (its top eight cards) and the cards the opponent is known to hold."""
    opts = CardStyle(size=size, four_colour=four_colour)
    groups = [group_html(cards_html([puzzle.drawn], marks={puzzle.drawn: "new"}, **opts),
                         words(f"label_drawn_{puzzle.drawn_from}")),
              pile_html(puzzle.discard_pile, shown=8, **opts)]
    if puzzle.opponent_known:
        groups.append(_known_group(puzzle.opponent_known, opts))
    return f'<div class="gt-position">{"".join(groups)}</div>'


def _known_words(known: Sequence[Card]) -> str:
    """The sentence naming the cards the opponent is known to hold (one card, or several)."""
    return words("position_known_one" if len(known) == 1 else "position_known", cards=sort_by_suit(known))


def _known_group(known: Sequence[Card], opts: CardStyle) -> str:
    """The cards the opponent is known to hold, drawn with their label (one card, or several)."""
    label = words("label_opponent_known_one" if len(known) == 1 else "label_opponent_known")
    return group_html(cards_html(sort_by_suit(known), **opts), label)


class OfferPosition(SeenCards, Protocol):
    """What a "take or draw?" puzzle's pictures and sentences read of it: the position
    before the draw and the two choices' numbers (a
    :class:`~gintrainer.puzzles.TakeOrDrawPuzzle` is one)."""

    @property
    def offered(self) -> Card: ...
    @property
    def discard(self) -> Card: ...
    @property
    def choice(self) -> str: ...
    def expected(self, choice: str) -> Fraction: ...


def offer_position_html(puzzle: OfferPosition, *, size: str = "small", four_colour: bool = False) -> str:
    """Before the draw: the card on offer (the top of the discard pile), the pile (its
    top eight cards) and the cards the opponent is known to hold."""
    opts = CardStyle(size=size, four_colour=four_colour)
    offered = puzzle.offered
    groups = [group_html(cards_html([offered], marks={offered: "new"}, **opts), t("on offer: the top discard")),
              pile_html(puzzle.discard_pile, shown=8, **opts)]
    if puzzle.opponent_known:
        groups.append(_known_group(puzzle.opponent_known, opts))
    return f'<div class="gt-position">{"".join(groups)}</div>'


class DefendedKnock(Protocol):
    """What a "defend a knock" puzzle's picture reads of it: the knocker's melds and deadwood
    and the pile (a :class:`~gintrainer.puzzles.DefendPuzzle` is one)."""

    @property
    def knocker_melds(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def knocker_deadwood(self) -> tuple[Card, ...]: ...
    @property
    def discard_pile(self) -> tuple[Card, ...]: ...


def defend_position_html(puzzle: DefendedKnock, *, size: str = "small", four_colour: bool = False) -> str:
    """After a knock, as the defender sees it: the knocker's melds numbered from 1 (as
    lay-offs name them), the knocker's deadwood, and the discard pile."""
    opts = CardStyle(size=size, four_colour=four_colour)
    groups = [melds_html(puzzle.knocker_melds, **opts),
              group_html(cards_html(puzzle.knocker_deadwood, **opts), t("the knocker's deadwood")),
              pile_html(puzzle.discard_pile, shown=8, **opts)]
    chosen = knocker_choice_words(puzzle)
    if chosen:
        groups.append(f'<div class="gt-count">{escape(chosen)}</div>')
    return f'<div class="gt-position gt-defend-position">{"".join(groups)}</div>'


def knocker_choice_words(puzzle: DefendedKnock) -> str:
    """A sentence when the knocker's layout leaves more deadwood than his cards must (the rules let a knocker
    lay out as he likes: a position may show such a choice), else ""."""
    cards = [c for meld in puzzle.knocker_melds for c in meld] + list(puzzle.knocker_deadwood)
    least = best_arrangement(cards).points
    if least >= sum(c.value for c in puzzle.knocker_deadwood):
        return ""
    return t("The knocker chose this layout: his cards could have left {least} deadwood, but a knocker may lay out "
             "as he likes.", least=least)


def reply_html(knocker_melds: Iterable[CardsLike], reply: DefenderReply, *, size: str = "small",
               four_colour: bool = False, deadwood_cards: bool = True) -> str:
    """A defender's reply on the table: the knocker's melds numbered from 1 with the cards laid off on them
    (marked), the defender's own melds, and the deadwood left with its count (the count alone without
    ``deadwood_cards``: a page that shows the cards left elsewhere)."""
    opts = CardStyle(size=size, four_colour=four_colour)
    table = [list(parse_cards(m)) for m in knocker_melds]
    for layoff in reply.layoffs:  # in an order that lays each on a meld it extends (a chain)
        table[layoff.meld] = list(order_meld([*table[layoff.meld], layoff.card]))
    groups = [melds_html(table, marks={layoff.card: "laid" for layoff in reply.layoffs}, **opts)]
    if reply.melds:
        groups.append(group_html(melds_html(reply.melds, numbered=False, **opts), words("label_your_melds")))
    if reply.deadwood and deadwood_cards:
        groups.append(group_html(cards_html(sort_by_rank(reply.deadwood), **opts),
                                 words("label_laid_deadwood", points=reply.points)))
    elif reply.deadwood:
        groups.append(f'<div class="gt-count">{escape(words("label_laid_deadwood", points=reply.points))}</div>')
    else:
        groups.append(f'<div class="gt-count">{escape(words("no_deadwood_left"))}</div>')
    return f'<div class="gt-position gt-reply">{"".join(groups)}</div>'


def offer_position_words(puzzle: OfferPosition) -> str:
    """The same in sentences, for a printed answer key."""
    said = [words("position_pile", count=len(puzzle.discard_pile), card=puzzle.offered)]
    if puzzle.opponent_known:
        said.append(_known_words(puzzle.opponent_known))
    return " ".join(said)


def choice_table_html(puzzle: OfferPosition, chosen: str | None = None) -> str:
    """The two choices of "take or draw?" with the expected deadwood of each, the
    answer and the learner's choice marked."""
    rows = []
    for choice in DrawChoice:
        label = (t("Take {card}, then discard {discard_card}", card=puzzle.offered, discard_card=puzzle.discard)
                 if choice == DrawChoice.TAKE else t("Draw from the stock"))
        marks = [words("label_mark_answer")] if choice == puzzle.choice else []
        marks += [tc("table note", "your choice")] if choice == chosen else []
        value = format_value(puzzle.expected(choice))
        rows.append(f"<tr class='gt-choice-{choice}'><td>{escape(label)}</td><td>{escape(value)}</td>"
                    f"<td>{escape(', '.join(marks))}</td></tr>")
    heads = (tc("table column", "Choice"), tc("table column", "Expected deadwood after the best discard"),
             words("label_column_marks"))
    head = "".join(f"<th>{escape(h)}</th>" for h in heads)
    return f"<table class='gt-table gt-choice-table'><tr>{head}</tr>{''.join(rows)}</table>"


class KnockPosition(Protocol):
    """What a "lay out your knock" puzzle's pictures read of it: both hands and the pile
    (a :class:`~gintrainer.puzzles.KnockLayoutPuzzle` is one)."""

    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def defender_hand(self) -> tuple[Card, ...]: ...
    @property
    def discard_pile(self) -> tuple[Card, ...]: ...
    @property
    def layouts(self) -> tuple[tuple[tuple[Card, ...], ...], ...]: ...


def knock_position_html(puzzle: KnockPosition, *, size: str = "small", four_colour: bool = False) -> str:
    """A knock with both hands shown: the defender's ten cards (in his best melds, then
    his deadwood) and the discard pile, the knock discard on top (its top eight cards)."""
    opts = CardStyle(size=size, four_colour=four_colour)
    shown = best_arrangement(puzzle.defender_hand)
    groups = [group_html(cards_html([c for m in shown.melds for c in m] + list(shown.deadwood), **opts),
                         t("the defender's hand")),
              pile_html(puzzle.discard_pile, shown=8, **opts)]
    return f'<div class="gt-position gt-knock-position">{"".join(groups)}</div>'


def knock_layouts_html(puzzle: KnockPosition, *, size: str = "small", four_colour: bool = False) -> str:
    """Every accepted layout of a knock-layout puzzle, each its melds and deadwood (it gives the answer away)."""
    return "".join(layout_html(layout, [c for c in puzzle.hand if all(c not in m for m in layout)], size=size,
                               four_colour=four_colour) for layout in puzzle.layouts)


def layout_html(melds: Iterable[CardsLike], deadwood: CardsLike, *, size: str = "small",
                four_colour: bool = False, deadwood_cards: bool = True) -> str:
    """A layout being built: its melds numbered, then the cards left as deadwood and their count
    (the count alone without ``deadwood_cards``: a page that shows the cards left elsewhere)."""
    dead = sort_by_rank(parse_cards(deadwood))
    points = sum(c.value for c in dead)
    count = t("deadwood: {points}", points=points)
    if not dead:
        left = ""
    elif deadwood_cards:
        left = group_html(cards_html(dead, size=size, four_colour=four_colour), count)
    else:
        left = f'<div class="gt-info gt-count">{escape(count)}</div>'
    return f'<div class="gt-layout">{melds_html(melds, size=size, four_colour=four_colour)}{left}</div>'


def puzzle_position_words(puzzle: PuzzlePosition) -> str:
    """The same in sentences, for a printed answer key."""
    said = [words(f"position_drawn_{puzzle.drawn_from}", card=puzzle.drawn)]
    pile = puzzle.discard_pile
    said.append(words("position_pile", count=len(pile), card=pile[-1]) if pile else words("position_pile_empty"))
    if puzzle.opponent_known:
        said.append(_known_words(puzzle.opponent_known))
    return " ".join(said)


def melds_words(melds: Iterable[CardsLike]) -> str:
    """Melds in words, each with its kind: "2♣ 3♣ 4♣ (run) · 7♥ 7♠ 7♦ (set)" (or "none").

    >>> melds_words([parse_cards("2C 3C 4C"), parse_cards("7H 7S 7D")])
    '2♣ 3♣ 4♣ (run) · 7♥ 7♠ 7♦ (set)'
    """
    said = [words(f"label_meld_{meld_kind(m)}", cards=parse_cards(m)) for m in melds]
    return " · ".join(said) or words("label_none")


def deadwood_sum_words(cards: CardsLike) -> str:
    """Deadwood cards and their points: "A♦ 5♠ = 6" (or "none")."""
    cards = parse_cards(cards, allow_duplicates=True)
    if not cards:
        return words("label_none")
    return words("label_deadwood_sum", cards=cards, points=sum(c.value for c in cards))


def result_words(result: HandScore, names: Sequence[str] = PLAYERS, *, you: int | None = None) -> str:
    """A finished hand's result in a few words, as every score sheet writes it (said
    to the learner when the winner's seat is ``you``, the learner's).

    >>> from gintrainer.engine.scoring import score_hand
    >>> result = score_hand("2C 3C 4C 7D 7H 7S 9H TH JH 6S", "4H 4D 4S 8C 9C TC KD 5H AS 5D")
    >>> result_words(result.with_knocker(1))
    'Ben: knock, 15'
    """
    if result.kind in (ScoreKind.DEAD, ScoreKind.TIE):
        return words(f"label_result_{result.kind}")
    seat = result.winner_seat
    if seat is None:
        raise GinError(f"this {result.kind} was scored without seats and names no winner (see HandScore.with_knocker)")
    return words_about(f"label_result_{result.kind}", seat, names, you, points=result.points)


def score_rows(hands: Iterable[Hand], names: Sequence[str] = PLAYERS, *,
               totals: bool = True, you: int | None = None) -> tuple[tuple[str, ...], ...]:
    """A score sheet as rows of words, a heading row first: each hand's number, dealer
    and result, and with ``totals`` each player's points so far (one game); ``you``
    is the learner's seat ("Your points")."""
    head: tuple[str, ...] = (words("label_column_hand"), words("label_column_dealer"), words("label_column_result"))
    if totals:
        head += tuple(words_about("label_column_points", seat, names, you) for seat in (0, 1))
    rows: list[tuple[str, ...]] = [head]
    points = [0, 0]
    for number, hand in enumerate(hands, start=1):
        result = hand.result
        row: tuple[str, ...] = (str(number), names[hand.dealer], words("label_result_playing") if result is None
               else result_words(result, names, you=you))
        if result is not None and result.winner_seat is not None:
            points[result.winner_seat] += result.points
        rows.append(row + ((str(points[0]), str(points[1])) if totals else ()))
    return tuple(rows)


def score_sheet_html(hands: Iterable[Hand], names: Sequence[str] = PLAYERS, *, totals: bool = True,
                     you: int | None = None) -> str:
    """:func:`score_rows` as a table (names escaped)."""
    head, *body = score_rows(hands, names, totals=totals, you=you)
    cells = "".join(f'<th scope="col">{escape(c)}</th>' for c in head)
    lines = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in body)
    return (f'<div class="gt-ref gt-score-lines"><table><thead><tr>{cells}</tr></thead>'
            f'<tbody>{lines}</tbody></table></div>')


def phase_words(hand: Hand, names: Sequence[str] = PLAYERS, *, you: int | None = None) -> str:
    """What happens next at this table, in plain words (said to the learner when the
    seat to act is ``you``, the learner's)."""
    seat = hand.to_act
    if seat is None:  # the hand is over
        return words("phase_over")
    if hand.phase is Phase.UPCARD:
        return words_about("phase_upcard", seat, names, you, card=hand.upcard)
    decision = hand.decision
    if hand.phase is Phase.DEFENDER_LAYOUT and hand.out_kind in (ScoreKind.GIN, ScoreKind.BIG_GIN):
        decision = f"{decision}_gin"  # nothing may be laid off against gin
    if hand.phase in LAYOUT_PHASES and names is PLAYERS and you is None:  # the lessons' Ann and Ben: her, his
        return words_about(f"phase_{decision}_{PLAYER_PRONOUNS[seat]}", seat, names)
    return words_about(f"phase_{decision}", seat, names, you)


# -- the error-rate chart -------------------------------------------------------------

_CHART_STEPS = (0.25, 0.5, 1, 2, 2.5, 5, 10, 20, 25, 50, 100)
"""The steps between the error-rate chart's lines, the finest first: the first that reaches the highest
rate in at most four steps is used (points lost per decision are a few at most; a hand can lose 100)."""


def _chart_scale(highest: float) -> tuple[float, int]:
    """The step between the chart's lines and how many steps its axis has (at least one point a decision)."""
    for step in _CHART_STEPS:
        steps = max(1, math.ceil(highest / step - 1e-9))
        if steps <= 4:
            return step, max(steps, math.ceil(1 / step))
    return _CHART_STEPS[-1], max(1, math.ceil(highest / _CHART_STEPS[-1]))


_GLYPH = 0.62
"""About how wide a letter of the chart's font is, in ems (bold Pashto's are the widest)."""


def _chart_text(x: float, y: float, text: str, *, anchor: str = "middle", rtl: bool = False, room: float | None = None,
                size: float = 12, extra: str = "") -> str:
    """One text of the chart, escaped; in a right-to-left language its letters run right to left and its
    ``start``/``end`` anchor is on the right/left, as SVG's ``direction`` has it. A text longer than
    ``room`` pixels would take is written smaller (SVG does not wrap a line): every language's fits."""
    direction = ' direction="rtl"' if rtl else ""
    if room is not None and text:
        size = max(8.0, min(size, room / (_GLYPH * len(text))))
    return (f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" font-size="{size:.1f}"{direction}{extra}>'
            f"{escape(text)}</text>")


def error_rate_chart_svg(rates: Sequence[float], *, tips: Sequence[str] | None = None, title: str | None = None,
                         x_label: str | None = None, y_label: str | None = None, empty: str | None = None,
                         width: int = 480, height: int = 220) -> str:
    """The points of the hand lost per decision (a hand review's error rate) over a learner's last hands, the
    oldest first, as an SVG line chart: a point per hand (its ``tips``, if given, as its tooltip), the lines
    of the scale, a title, what the scale counts under it and what the hands are under them (the catalog's
    words unless given: a page may say whose hands they are). Without hands, the ``empty`` sentence in the
    frame.

    The hands run from left to right in every language, as the cards of a hand do; in a right-to-left
    language the texts do, and the title stands on the right. Every text is escaped. The picture shrinks to
    a narrow screen (a phone's 390 px) with its texts.

    >>> svg = error_rate_chart_svg([0.5, 2.25])
    >>> svg.count('class="gt-error-point"'), 'data-rate="2.25"' in svg
    (2, True)
    """
    rates = [float(rate) for rate in rates]
    bad = [rate for rate in rates if not math.isfinite(rate) or rate < 0]
    if bad:
        raise GinError(f"an error rate is a number from 0, not {bad[0]!r}")
    if tips is not None and len(tips) != len(rates):
        raise GinError(f"the chart has {len(rates)} points but {len(tips)} tooltips")
    rtl = text_direction() == "rtl"
    title = tc("chart", "Your reviewed hands") if title is None else title
    y_label = tc("chart", "points lost per decision") if y_label is None else y_label
    if x_label is None:
        x_label = tn("{n} reviewed hand", "your last {n} reviewed hands, the oldest on the left", len(rates),
                     n=len(rates))
    left, right, top, bottom = 44, 14, 46, 40
    plot_width, plot_height = width - left - right, height - top - bottom
    step, steps = _chart_scale(max(rates, default=0.0))
    highest = step * steps
    places = 2 if step % 0.5 else 1 if step % 1 else 0

    def y_of(rate: float) -> float:
        return top + plot_height * (1 - rate / highest)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="gt-chart gt-error-chart" width="{width}" '
             f'height="{height}" viewBox="0 0 {width} {height}" style="max-width:100%;height:auto" role="img" '
             f'aria-label="{escape(title)}" '
             'font-family="DejaVu Sans, Arial, sans-serif" font-size="12">',
             f"<title>{escape(title)}</title>",
             _chart_text(width - 4 if rtl else 4, 16, title, anchor="start", rtl=rtl, room=width - 8, size=14,
                         extra=' font-weight="bold"'),
             _chart_text(width - 4 if rtl else 4, 34, y_label, anchor="start", rtl=rtl, room=width - 8,
                         extra=' fill="#444444"')]
    for index in range(steps + 1):
        y = y_of(index * step)
        parts.append(f'<line x1="{left}" y1="{y:.2f}" x2="{left + plot_width}" y2="{y:.2f}" '
                     f'stroke="{"#888888" if index == 0 else "#dddddd"}"/>')
        parts.append(_chart_text(left - 6, y + 4, format_number(index * step, places=places), anchor="end"))
    parts.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_height}" stroke="#888888"/>')
    middle = top + plot_height / 2
    if rates:
        parts.append(_chart_text(left + plot_width / 2, height - 10, x_label, rtl=rtl, room=width - 8))
    else:
        parts.append(_chart_text(left + plot_width / 2, middle, tc("chart", "No reviewed hands yet.")
                                 if empty is None else empty, rtl=rtl, room=plot_width, extra=' fill="#555555"'))
    points = [(left + plot_width * (2 * index + 1) / (2 * len(rates)), y_of(rate)) for index, rate in enumerate(rates)]
    if len(points) > 1:
        line = " ".join(f"{x:.2f},{y:.2f}" for x, y in points)
        parts.append(f'<polyline class="gt-error-line" points="{line}" fill="none" stroke="#1450c8" '
                     'stroke-width="2"/>')
    for index, ((x, y), rate) in enumerate(zip(points, rates, strict=True)):
        tip = f"<title>{escape(tips[index])}</title>" if tips is not None else ""
        parts.append(f'<circle class="gt-error-point" data-hand="{index + 1}" data-rate="{rate:g}" cx="{x:.2f}" '
                     f'cy="{y:.2f}" r="4" fill="#1450c8">{tip}</circle>')
    parts.append("</svg>")
    return "".join(parts)


def stylesheet() -> str:
    """The CSS for every class used here, for the three sizes and both colourings,
    and for card buttons (``gt-card-btn``) in widgets."""
    rules = [_BASE_CSS]
    for size, (width, height, rank, pip) in _DIMENSIONS.items():
        rules.append(f".gt-card.gt-{size}{{width:{width}px;height:{height}px;font-size:{rank}px;}}"
                     f".gt-card.gt-{size} .gt-pip{{font-size:{pip}px;}}"
                     f".gt-card-btn.gt-{size}{{width:{width}px !important;height:{height}px !important;"
                     f"font-size:{rank}px !important;}}")
    for name, colour in COLOURS.items():
        rules.append(f".gt-card.gt-{name}, .gt-card-btn.gt-{name}{{color:{colour} !important;}}")
    return "\n".join(rules)


_BASE_CSS = """
.gt-card{display:inline-flex;flex-direction:column;align-items:center;justify-content:space-between;
  box-sizing:border-box;margin:2px;padding:2px 0 4px 0;border:1px solid #888;border-radius:6px;
  background:#fff;font-family:"DejaVu Sans",Arial,sans-serif;font-weight:bold;line-height:1;
  vertical-align:top;box-shadow:1px 1px 2px rgba(0,0,0,.25);}
.gt-card .gt-rank{align-self:flex-start;padding-left:4px;}
.gt-card .gt-pip{line-height:1;}
.gt-back{background:repeating-linear-gradient(45deg,#2b4c9b 0 4px,#4a6cc0 4px 8px);border-color:#1d3570;
  justify-content:center;}
.gt-back-label{background:#fff;color:#111;border-radius:4px;padding:1px 4px;font-size:60%;}
.gt-empty{background:#f3f3f3;border-style:dashed;box-shadow:none;}
.gt-mark-picked{outline:3px solid #f0a000;transform:translateY(-4px);}
.gt-mark-right{outline:3px solid #1c8c3c;}
.gt-mark-wrong{outline:3px solid #c8102e;}
.gt-mark-new{outline:3px solid #4a90d9;}
.gt-mark-laid{outline:3px dashed #7a4fc8;}
.gt-row{display:inline-flex;flex-wrap:wrap;align-items:flex-start;}
.gt-group{display:inline-flex;flex-direction:column;align-items:center;margin:0 10px 4px 0;vertical-align:top;}
.gt-caption{font-size:13px;color:#444;margin-top:2px;}
.gt-count{font-size:14px;margin:4px 2px;}
.gt-hand,.gt-melds,.gt-laid{margin:2px 0;}
.gt-melds,.gt-laid{display:flex;flex-wrap:wrap;align-items:flex-start;}
.gt-table{background:#eaf4ea;border:1px solid #9ac29a;border-radius:10px;padding:8px 12px;}
.gt-seat{margin:6px 0;}
.gt-seat-title{font-weight:bold;margin-bottom:2px;}
.gt-middle{display:flex;flex-wrap:wrap;align-items:flex-start;gap:12px;padding:6px 0;
  border-top:1px dashed #9ac29a;border-bottom:1px dashed #9ac29a;}
.gt-note{align-self:center;font-style:italic;}
.gt-position{display:flex;flex-wrap:wrap;align-items:flex-start;gap:4px 12px;margin:4px 0;}
.gt-result{margin-top:6px;font-weight:bold;}
.gt-caption-box{font-size:16px;padding:6px 8px;background:#fffbe6;border-left:4px solid #f0a000;}
.gt-feedback-right{color:#176b30;font-weight:bold;}
.gt-feedback-wrong{color:#a10d25;font-weight:bold;}
.gt-feedback-shown{color:#1f3b73;font-weight:bold;}
.gt-hint{color:#444;font-weight:normal;}
.gt-status{color:#a10d25;}
.gt-prompt{font-size:16px;}
.gt-card-btn{padding:0 !important;margin:2px !important;border:1px solid #888 !important;border-radius:6px !important;
  background:#fff !important;font-weight:bold !important;box-shadow:1px 1px 2px rgba(0,0,0,.25);}
.gt-card-btn.mod-active{outline:3px solid #f0a000;transform:translateY(-4px);background:#fff7e0 !important;}
/* A picked card rises out of its row with its outline: the picker shows it whole (a widget box clips what
   leaves it, which cut the top of a picked card in the first row). */
.jupyter-widgets.widget-box.gt-picker{overflow:visible;}
.gt-card-btn.gt-right{outline:3px solid #1c8c3c;}
table.gt-solver{border-collapse:collapse;margin:6px 0;display:block;max-width:100%;overflow-x:auto;}
table.gt-solver th,table.gt-solver td{border:1px solid #aaa;padding:2px 8px;text-align:right;}
table.gt-solver th[scope=row],table.gt-solver td:first-child{text-align:left;}
table.gt-solver th[scope=row]{font-weight:normal;}
table.gt-solver caption{font-weight:bold;text-align:left;}
.gt-discards .gt-is-best{background:#eef6ff;}
.gt-discards .gt-is-answer{background:#e3f4e6;font-weight:bold;}
.gt-discards.gt-across td{white-space:nowrap;}
.gt-discards .gt-is-chosen th,.gt-discards .gt-is-played th,.gt-discards.gt-across td.gt-is-chosen,
.gt-discards.gt-across td.gt-is-played{box-shadow:inset 4px 0 0 #f0a000;}
.gt-tag{display:inline-block;margin:0 2px;padding:0 4px;border-radius:4px;background:#f3f3f3;font-size:85%;
  white-space:nowrap;}
.gt-tag-answer{background:#cfead5;}
.gt-tag-chosen,.gt-tag-played{background:#ffe9b8;}
/* On a phone the solver's table fits the window whole (its last column, the note marking the answer and the
   learner's card, was off screen in a box that scrolled without a sign): its cells are padded less, its heads
   are smaller and a note's marks may wrap. */
@media (max-width:600px){table.gt-solver th,table.gt-solver td{padding:2px 4px;}
  table.gt-solver thead th{font-size:85%;}
  table.gt-solver .gt-tag{white-space:normal;}}
.gt-ref table{border-collapse:collapse;margin:6px 0;}
.gt-ref th,.gt-ref td{border:1px solid #aaa;padding:3px 8px;text-align:left;vertical-align:top;}
.gt-ref h2{margin-top:14px;}
.gt-links a,a.gt-download{color:#1a56a8;text-decoration:underline;font-weight:bold;}
.widget-html-content a{color:#1a56a8;text-decoration:underline;}
.widget-html-content a:hover{color:#0d3a75;}
/* ipywidgets gives buttons and labels a fixed width and cuts longer text with an ellipsis: size them to
   their text (wrapping a label longer than the screen) and let rows of widgets wrap on a phone. */
.jupyter-widgets.jupyter-button:not(.gt-card-btn){width:auto;min-width:var(--jp-widgets-inline-width-tiny);
  max-width:100%;flex-shrink:0;white-space:normal;overflow-wrap:anywhere;height:auto;
  min-height:var(--jp-widgets-inline-height);line-height:1.25;padding-top:4px;padding-bottom:4px;}
.jupyter-widgets.widget-vbox>.jupyter-button:not(.gt-card-btn),.jupyter-widgets.widget-vbox>.widget-dropdown{
  align-self:flex-start;}
.jupyter-widgets.widget-inline-hbox>.widget-label{width:auto;min-width:var(--jp-widgets-inline-label-width);}
.gt-teacher .jupyter-widgets.widget-inline-hbox>.widget-label{min-width:7em;}
.jupyter-widgets.widget-dropdown{width:auto;min-width:min(var(--jp-widgets-inline-width),100%);max-width:100%;}
.jupyter-widgets.widget-dropdown>select{flex:1 1 auto;}
.jupyter-widgets.widget-hbox{flex-wrap:wrap;}
.gt-daily-kinds .widget-toggle-buttons{display:flex;flex-wrap:wrap;gap:4px 0;min-width:0;}
.gt-daily-kinds{margin:6px 0;}
.gt-links li{margin:2px 0;}
/* The landing page's learning path: a line down the lessons, each lesson's state a mark on it (empty: not
   started, half-filled: in progress, a tick: done, a star: mastered), the next step's title in bold. */
.gt-path{list-style:none;margin:4px 0 8px;padding:0;}
.gt-path li{position:relative;margin:0;padding:3px 0;padding-inline-start:30px;}
.gt-path li::before{content:"";position:absolute;inset-inline-start:10px;top:0;bottom:0;
  border-inline-start:2px solid #bbb;}
.gt-path li:first-child::before{top:12px;}
.gt-path li:last-child::before{bottom:auto;height:12px;}
.gt-state{position:absolute;inset-inline-start:2px;top:4px;box-sizing:border-box;width:18px;height:18px;
  border-radius:50%;border:2px solid #777;background:#fff;color:#fff;font-size:12px;line-height:14px;
  text-align:center;font-weight:bold;}
.gt-state.gt-state-in_progress{border-color:#a05a00;background:linear-gradient(90deg,#a05a00 50%,#fff 50%);}
[dir="rtl"] .gt-state.gt-state-in_progress{background:linear-gradient(270deg,#a05a00 50%,#fff 50%);}
.gt-state.gt-state-done{border-color:#1a6b2a;background:#1a6b2a;}
.gt-state.gt-state-done::after{content:"✓";}
.gt-state.gt-state-mastered{border-color:#8a6400;background:#f0b400;color:#3d2c00;}
.gt-state.gt-state-mastered::after{content:"★";}
.gt-path-now>a{font-weight:bold;}
.gt-goal,.gt-continue-part{color:#555;}
.gt-kind-rating{font-weight:bold;}
/* The landing page: its first screen holds who is playing, the "continue" button and today's puzzle, so its
   headings and lines of text are set closer than the notebook's defaults. */
.gt-landing h1.gt-page-title{margin:4px 0;}
.gt-landing h2{margin:16px 0 4px;}
.gt-landing .widget-html-content{line-height:1.45;}
.gt-landing .gt-reviews-due{margin:4px 0;}
.gt-landing .gt-profile-bar .widget-text{max-width:calc(100% - 90px);}
@media (max-width:600px){.gt-landing h1.gt-page-title{font-size:1.6em;}}
.gt-continue{margin:6px 0;display:flex;flex-wrap:wrap;align-items:center;gap:4px 12px;}
.widget-html-content a.gt-button-link{display:inline-block;background:#1a56a8;color:#fff;text-decoration:none;
  font-weight:bold;padding:8px 16px;border-radius:6px;line-height:1.3;}
.widget-html-content a.gt-button-link:hover,.widget-html-content a.gt-button-link:focus{background:#0d3a75;
  color:#fff;}
/* The buttons' colours (ipywidgets' styles: primary, success, info, warning, danger) dark enough for their
   white labels (WCAG AA: a contrast of 4.5 at least; JupyterLab's info is 3.5, its success 2.8). */
.jupyter-button{--jp-brand-color1:#1565c0;--jp-brand-color0:#0d47a1;--jp-success-color1:#2e7d32;
  --jp-success-color0:#1b5e20;--jp-info-color1:#00727e;--jp-info-color0:#005662;--jp-warn-color1:#a84d00;
  --jp-warn-color0:#8a3f00;--jp-error-color1:#c62828;--jp-error-color0:#a31515;}
/* A disabled button looks disabled, whatever its style: ipywidgets only fades it (opacity 0.6), which leaves a
   primary button a light blue that reads as one to press. The cards keep their faces (a card's own rules). */
.jupyter-widgets.jupyter-button:disabled:not(.gt-card-btn){opacity:1;background:#e4e4e4;color:#666;
  box-shadow:none;cursor:not-allowed;}
/* A lesson's top line: the language menu, the links and the card settings side by side (wrapping on a
   phone), compact, above the lesson's title. */
.gt-lesson-top,.gt-lesson-toolbar{flex-direction:row;flex-wrap:wrap;align-items:center;gap:0;margin-bottom:4px;}
.gt-lesson-top>.gt-style,.gt-lesson-toolbar>.gt-style,.gt-lesson-top>.gt-page-language,
.gt-lesson-toolbar>.gt-page-language{display:none;}
.gt-lesson-top>.gt-nav-bar,.gt-lesson-toolbar>.gt-nav-bar{margin:0;margin-inline-end:16px;}
.gt-lesson-top>.gt-nav-bar .widget-html-content,.gt-lesson-toolbar>.gt-nav-bar .widget-html-content{
  display:flex;flex-wrap:wrap;align-items:baseline;gap:2px 16px;line-height:1.6;}
.gt-lesson-top .gt-nav,.gt-lesson-toolbar .gt-nav{font-size:90%;}
.gt-lesson-top .gt-other-language,.gt-lesson-toolbar .gt-other-language{flex-basis:100%;}
.gt-lesson-toolbar>.gt-settings{flex-wrap:wrap;align-items:center;gap:0 12px;margin:0;}
.gt-lesson-toolbar>.gt-settings>.widget-toggle-buttons{display:flex;align-items:center;gap:6px;width:auto;margin:0;}
.gt-lesson-toolbar>.gt-settings .widget-label{width:auto;min-width:0;margin:0;font-size:90%;}
.gt-lesson-toolbar>.gt-settings .jupyter-button{font-size:90%;padding-left:8px;padding-right:8px;}
.gt-lesson-toolbar>.gt-settings>.widget-checkbox{width:auto;height:auto;margin:0;font-size:90%;}
.gt-lesson-state{color:#555;}
.gt-state-in_progress{color:#7a4a00;}
.gt-state-done,.gt-state-mastered{color:#1a6b2a;}
.gt-state-mastered{font-weight:bold;}
.gt-continue{font-weight:bold;}
.gt-arrived{outline:3px solid #f0a000;outline-offset:6px;border-radius:4px;}
.gt-next-step{border-top:1px solid #ccc;margin-top:12px;}
.gt-pile-all{margin:2px 0 6px;font-size:90%;}.gt-pile-all>summary{cursor:pointer;}
.gt-code{font-family:monospace;font-size:150%;letter-spacing:1px;white-space:nowrap;}
/* A class code's text box (the student page's, the gradebook's) shows the longest code whole: 25 letters and
   digits in five groups, 29 characters, in the monospace a code is shown in (narrower only on a narrow screen). */
.jupyter-widgets.widget-text.gt-code-input{width:auto;max-width:100%;}
.jupyter-widgets.widget-text.gt-code-input>input[type=text]{flex:0 1 auto;box-sizing:content-box;width:30ch;
  font-family:monospace;}
.gt-notice{color:#7a4a00;background:#fff4d6;border-left:4px solid #f0a000;padding:4px 8px;}
.gt-mode{font-size:90%;color:#555;}
.gt-present .gt-caption-box{font-size:26px;line-height:1.35;}
.gt-present .gt-slide{font-size:24px;line-height:1.4;}
.gt-present .gt-info,.gt-present .gt-count,.gt-present .gt-seat-title{font-size:20px;}
.gt-settings-bar>.gt-beside{border-inline-start:2px solid #999;padding-inline-start:10px;margin-inline-start:8px;}
@media (max-width:600px){.gt-settings-bar>.gt-beside{flex-basis:100%;border:0;padding:0;margin-inline-start:2px;}}
/* A learner's name box shows its placeholder whole on a phone, in every language and in a wider font than the
   tests': as wide as its line (the landing page's leaves room for its Open button beside it, and there its
   label takes only the width of its word). */
@media (max-width:600px){.jupyter-widgets.widget-text.gt-name-box{width:100%;}
  .gt-landing .gt-name-box>.widget-label{min-width:0;}}
.gt-seat>.gt-group{max-width:100%;}
@media (max-width:600px){.gt-backs{flex-wrap:nowrap;}.gt-backs>.gt-back+.gt-back{margin-inline-start:-26px;}}
@media print{.gt-card{box-shadow:none;}.gt-table{background:none;}.gt-pile-all{display:none;}}
"""


def style_block() -> str:
    """The style sheet in a ``<style>`` element, to include once in a page."""
    return f"<style>{stylesheet()}</style>"


def page(body: str, *, title: str = "gintrainer") -> str:
    """A whole standalone HTML page (for printing) around ``body`` (HTML from this module),
    in the current language (its ``lang`` and its direction)."""
    lang, direction = current_language(), text_direction()
    where = f'lang="{lang}"' if direction == "ltr" else f'lang="{lang}" dir="{direction}"'
    return (f'<!DOCTYPE html>\n<html {where}><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f"{style_block()}</head><body>{body}</body></html>")
