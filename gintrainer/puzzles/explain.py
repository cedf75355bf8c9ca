"""A puzzle's explanation and hint ladder as messages (see :mod:`gintrainer.material.messages`), each
said only when it is true of the puzzle: the numbers come from the solver's
table, the melds from the least-deadwood layouts, the reasons from the themes'
own computations.
"""

from __future__ import annotations

from ..engine.cards import Card
from ..engine.melds import MeldKind, all_best_arrangements, min_deadwood
from ..engine.rules import Rules
from ..engine.solver import DiscardRow, Objective
from ..material.messages import Message, say
from ..words.errors import GinError
from .kinds import PuzzleKind
from .themes import HINT_ORDER, Context, Draws, draws, draws_with, hides_answer, meld_choices

MAX_ALSO = 3
"""Other knocking discards named one by one; more are counted."""


MAX_MELD_SENTENCES = 2


def _meld_sentences(ctx: Context, card: Card) -> list[Message]:
    """A card's set-or-run choice with both counts, one card per meld."""
    out: list[Message] = []
    melds: list[tuple[Card, ...]] = []
    for c in meld_choices(ctx.kept(card), ctx.layout(card)):
        if c.meld in melds or len(out) >= MAX_MELD_SENTENCES:
            continue
        melds.append(c.meld)
        out.append(say("meld_set" if c.kind == MeldKind.SET else "meld_run", card=c.card, meld=c.meld,
                       other_deadwood=c.other_deadwood, deadwood=c.deadwood))
    return out


def _spare_sentences(ctx: Context, said: list[Message]) -> list[Message]:
    """How a set of four or a long run spares a card (not again for a card whose
    meld choice is already said)."""
    named = {s["card"] for s in said if s.name in ("meld_set", "meld_run")}
    out = []
    for spare in ctx.spares:
        if spare.card in named:
            continue
        if spare.joins is None:
            kind = "set" if spare.whole[0].rank == spare.whole[1].rank else "run"
            out.append(say(f"spare_discard_{kind}", card=spare.card, stays_meld=spare.stays))
        else:
            out.append(say(f"spare_to_{spare.joins}", card=spare.card, stays_meld=spare.stays))
    return out


def _highest_is_deadwood(ctx: Context) -> bool:
    return ctx.highest in ctx.arrangement11.deadwood


def _forbidden_sentences(ctx: Context, themes: tuple[str, ...]) -> list[Message]:
    card = ctx.position.forbidden
    if card is None or "forbidden-discard" not in themes:
        return []
    left = min_deadwood(ctx.kept(card))
    if ctx.kind == PuzzleKind.CAN_KNOCK and left <= ctx.table.knock_limit:
        return [say("forbidden_would_knock", card=card, deadwood=left)]
    if ctx.kind == PuzzleKind.BEST_DISCARD and left < ctx.least:
        return [say("forbidden_would_be_best", card=card, deadwood=left)]
    if ctx.highest is card and _highest_is_deadwood(ctx):
        return [say("forbidden_highest", card=card)]
    return []


def _oklahoma_sentences(ctx: Context, themes: tuple[str, ...]) -> list[Message]:
    upcard, rules, limit = ctx.position.upcard, ctx.position.rules, ctx.table.knock_limit
    if ctx.kind != PuzzleKind.CAN_KNOCK or not rules.oklahoma or upcard is None:
        return []
    out = [say("ck_oklahoma_ace", upcard=upcard) if upcard.rank == 1 else
           say("ck_oklahoma", upcard=upcard, limit=limit)]
    if "oklahoma" in themes:
        usual = rules.knock_limit
        changed = [r for r in ctx.ordered() if (r.deadwood <= usual) != r.knocks]
        if changed:
            row = changed[0]
            out.append(say("ck_oklahoma_usual" if row.deadwood <= usual else "ck_oklahoma_usual_not",
                           usual=usual, card=row.card, deadwood=row.deadwood))
    return out


def worse_knock_message(name: str, row: DiscardRow, best: DiscardRow, rules: Rules) -> Message:
    """What a knock keeping more deadwood than the best one (``best``) gives up: against gin,
    at least the gin bonus and the deadwood the knock keeps (a knock scores at most the
    opponent's deadwood less its own, gin the bonus and all of it); against a knock, the
    deadwood it keeps over the best (what it scores then also hangs on the lay-offs)."""
    if best.gin:
        return say(name, card=row.card, deadwood=row.deadwood, best_card=best.card, bonus=rules.gin_bonus,
                   points=rules.gin_bonus + row.deadwood)
    return say(name, card=row.card, deadwood=row.deadwood, best_card=best.card, best_deadwood=best.deadwood,
               cost=row.deadwood - best.deadwood)


REPEATED_BY_VERDICT = {"grade_knock_not_gin": "ck_gin_over_knock", "grade_knock_more": "ck_next_knock"}
"""A verdict on a knock that keeps more than the best, and the explanation's sentence that says the same of that
knock (:func:`worse_knock_message` writes both): after the verdict, the explanation leaves it out."""


def unrepeated(verdict: Message, explanation: tuple[Message, ...]) -> tuple[Message, ...]:
    """The explanation to say after ``verdict``, without the sentence that repeats it (see
    :data:`REPEATED_BY_VERDICT`)."""
    same = REPEATED_BY_VERDICT.get(verdict.name)
    if same is None:
        return explanation
    return tuple(m for m in explanation if not (m.name == same and m["card"] == verdict["card"]))


def _worse_knock_sentences(ctx: Context, best: DiscardRow) -> list[Message]:
    """What the best knock that is not an answer gives up (gin's bonus, or deadwood), and
    the naive rule's discard: a trap over the limit, or a knock that keeps more."""
    parts: list[Message] = []
    runner = ctx.runner_up
    if runner is not None and runner.knocks:
        parts.append(worse_knock_message("ck_gin_over_knock" if best.gin else "ck_next_knock", runner, best,
                                         ctx.position.rules))
    if not ctx.naive_wrong:
        return parts
    naive = ctx.table.row(ctx.naive)
    if naive.knocks:
        if naive is not runner and ctx.naive in ctx.arrangement11.deadwood:
            parts.append(say("ck_naive_knock", card=naive.card, deadwood=naive.deadwood))
    elif ctx.naive in ctx.arrangement11.deadwood:
        parts.append(say("ck_naive_trap", card=naive.card, deadwood=naive.deadwood))
    elif not ctx.arrangement11.deadwood:
        parts.append(say("ck_naive_trap_melded", card=naive.card, deadwood=naive.deadwood))
    return parts


def _no_sentences(ctx: Context) -> list[Message]:
    """Why no discard knocks: the least a discard leaves (called the best discard only when
    no other leaves as little), its layout, and the next best that leaves more."""
    limit, ordered = ctx.table.knock_limit, ctx.ordered()
    row = ordered[0]
    layout = ctx.layout(row.card)
    tied = sum(r.deadwood == row.deadwood for r in ordered[1:])
    if tied:
        lead = (say("ck_no_tied", card=row.card, deadwood=row.deadwood, limit=limit, count=tied) if limit else
                say("ck_no_gin_only_tied", card=row.card, deadwood=row.deadwood, count=tied))
    else:
        lead = (say("ck_no", card=row.card, deadwood=row.deadwood, limit=limit) if limit else
                say("ck_no_gin_only", card=row.card, deadwood=row.deadwood))
    parts = [lead, say("ck_no_layout", layout=layout.melds, deadwood_cards=layout.deadwood, deadwood=layout.points)
             if layout.melds else say("ck_no_layout_nomelds")]
    following = next((r for r in ordered if r.deadwood > row.deadwood), None)
    if following is not None:
        parts.append(say("ck_next", card=following.card, deadwood=following.deadwood))
    return parts


def _can_knock(ctx: Context, themes: tuple[str, ...]) -> list[Message]:
    table, limit = ctx.table, ctx.table.knock_limit
    parts: list[Message] = []
    if ctx.answer:
        row = table.row(ctx.answer[0])
        layout = ctx.layout(row.card)
        if row.gin:
            parts.append(say("ck_gin", card=row.card, layout=layout.melds))
        else:
            parts.append(say("ck_knock", card=row.card, deadwood=row.deadwood, deadwood_cards=layout.deadwood,
                             limit=limit, layout=layout.melds))
        others = [table.row(c) for c in ctx.answer[1:]]
        if len(others) > MAX_ALSO:
            parts.append(say("ck_also_many", count=len(others), deadwood=row.deadwood))
        else:  # a discard that leaves nothing is gin, named so
            parts += [say("ck_also_gin", card=r.card) if r.gin else say("ck_also", card=r.card, deadwood=r.deadwood)
                      for r in others]
        parts += _worse_knock_sentences(ctx, row)
        melds = _meld_sentences(ctx, row.card)
        parts += melds + _spare_sentences(ctx, melds)
    else:
        parts += _no_sentences(ctx)
    parts += _forbidden_sentences(ctx, themes)
    parts += _oklahoma_sentences(ctx, themes)
    return parts


def _runner_up(ctx: Context) -> DiscardRow:
    """The runner-up of a best-discard puzzle (it has one: not every discard is an answer)."""
    if ctx.runner_up is None:
        raise GinError("a best-discard puzzle has a runner-up, and every discard of this one is an answer")
    return ctx.runner_up


def _naive_row_is_deadwood(ctx: Context) -> bool:
    return ctx.naive in ctx.arrangement11.deadwood


def _answer_sentence(ctx: Context, name: str, **values: object) -> Message:
    """The sentence ``name`` on the answer's card (``name_two`` naming the other card too
    when two discards are as good), with ``values``."""
    if len(ctx.answer) == 2:
        return say(f"{name}_two", card=ctx.answer[0], other_card=ctx.answer[1], **values)
    return say(name, card=ctx.answer[0], **values)


def _deadwood(ctx: Context, themes: tuple[str, ...]) -> list[Message]:
    table = ctx.table
    row = table.row(ctx.answer[0])
    layout = ctx.layout(row.card)
    parts = [_answer_sentence(ctx, "dw_answer", deadwood=row.deadwood, layout=layout.melds,
                              deadwood_cards=layout.deadwood)]
    runner = _runner_up(ctx)
    naive_named = ctx.naive_wrong and _naive_row_is_deadwood(ctx)
    if naive_named and runner.card is ctx.naive:
        parts.append(say("dw_runner_naive", card=runner.card, deadwood=runner.deadwood))
    else:
        parts.append(say("dw_runner", card=runner.card, deadwood=runner.deadwood))
        if naive_named:
            parts.append(say("dw_naive", card=ctx.naive, deadwood=table.row(ctx.naive).deadwood))
    melds = _meld_sentences(ctx, row.card)
    parts += melds + _spare_sentences(ctx, melds)
    parts += _forbidden_sentences(ctx, themes)
    return parts


def _draw_sentence(unseen: int, row: DiscardRow, found: Draws) -> Message:
    if not row.outs:
        return say("look_draws_none", unseen=unseen)
    if not found.low:
        return say("look_draws_melds", unseen=unseen, outs=len(row.outs), meld_cards=found.meld)
    if not found.meld:
        return say("look_draws_low", unseen=unseen, outs=len(row.outs))
    return say("look_draws", unseen=unseen, outs=len(row.outs), meld_count=len(found.meld), meld_cards=found.meld,
               low_count=len(found.low))


def _lookahead(ctx: Context, themes: tuple[str, ...]) -> list[Message]:
    table = ctx.table
    row = table.row(ctx.answer[0])
    kept = ctx.kept(row.card)
    parts = [_answer_sentence(ctx, "look_answer", deadwood=row.deadwood, expected=row.expected_deadwood)]
    parts.append(_draw_sentence(len(table.unseen), row, draws(kept, row.outs)))
    runner = _runner_up(ctx)
    runner_draws = draws(ctx.kept(runner.card), runner.outs)
    naive_named = ctx.naive_wrong and _naive_row_is_deadwood(ctx)
    values = dict(card=runner.card, deadwood=runner.deadwood, expected=runner.expected_deadwood,
                  outs=len(runner.outs), meld_count=len(runner_draws.meld))
    parts.append(say("look_runner_naive" if naive_named and runner.card is ctx.naive else "look_runner", **values))
    if naive_named and runner.card is not ctx.naive:
        naive = table.row(ctx.naive)
        parts.append(say("look_naive", card=naive.card, deadwood=naive.deadwood, expected=naive.expected_deadwood,
                         outs=len(naive.outs), meld_count=len(draws(ctx.kept(naive.card), naive.outs).meld)))
    for card in dict.fromkeys((runner.card, ctx.naive)):
        if card in ctx.answer:
            continue
        with_it = draws_with(kept, card, row.outs)
        if with_it:
            parts.append(say("look_keeps", card=card, draw_cards=with_it, count=len(with_it)))
    melds = _meld_sentences(ctx, row.card)
    parts += melds + _spare_sentences(ctx, melds)
    parts += _forbidden_sentences(ctx, themes)
    return parts


HIGHEST_SENTENCES = ("ck_naive_trap", "ck_naive_knock", "dw_runner_naive", "dw_naive", "look_runner_naive",
                     "look_naive", "forbidden_highest")
"""The sentences that call their card the highest deadwood card of the eleven (as the
naive rule lays them out, :attr:`~gintrainer.puzzles.themes.Context.arrangement11`)."""


def _layout_named(ctx: Context, parts: list[Message]) -> list[Message]:
    """``parts``, with the layout of the eleven cards named before the first sentence that
    calls a card the highest deadwood card when another layout as good melds that card:
    the sentence then says which layout it describes."""
    for i, said in enumerate(parts):
        if said.name not in HIGHEST_SENTENCES:
            continue
        if all(said["card"] in a.deadwood for a in all_best_arrangements(ctx.position.hand)):
            continue
        layout = ctx.arrangement11
        return [*parts[:i], say("naive_layout", layout=layout.melds, deadwood_cards=layout.deadwood), *parts[i:]]
    return parts


def explain(ctx: Context, themes: tuple[str, ...]) -> tuple[Message, ...]:
    """The explanation: the answer's numbers and layout, the runner-up's, and the
    reasons the deciding themes give."""
    if ctx.kind == PuzzleKind.CAN_KNOCK:
        parts = _can_knock(ctx, themes)
    elif ctx.objective == Objective.DEADWOOD:
        parts = _deadwood(ctx, themes)
    else:
        parts = _lookahead(ctx, themes)
    return tuple(_layout_named(ctx, parts))


def key_cards(ctx: Context, themes: tuple[str, ...]) -> tuple[Card, ...]:
    """The cards a learner should look at: those the deciding themes turn on."""
    cards: list[Card] = []
    for theme in HINT_ORDER:
        if theme not in themes:
            continue
        if theme == "set-or-run":
            kept = ctx.kept(ctx.answer[0])
            cards += [c.card for c in meld_choices(kept, ctx.layout(ctx.answer[0]))
                      if hides_answer(ctx, c.other_deadwood)]
        elif theme == "forbidden-discard" and ctx.position.forbidden is not None:
            cards.append(ctx.position.forbidden)
        elif theme in ("four-of-a-kind", "long-run"):
            kind = MeldKind.SET if theme == "four-of-a-kind" else MeldKind.RUN
            for spare in ctx.spares:
                if (spare.whole[0].rank == spare.whole[1].rank) == (kind == MeldKind.SET):
                    cards += spare.whole
        elif theme in ("keep-the-pair", "not-highest", "naive-wrong"):
            cards.append(ctx.naive)
        elif theme in ("looks-knockable", "near-limit"):
            best = ctx.ordered()[0]
            cards += ctx.layout(best.card).deadwood
    return tuple(dict.fromkeys(cards))


def hints(ctx: Context, themes: tuple[str, ...]) -> tuple[Message, ...]:
    """The hint ladder: the first deciding theme's hint, the key cards, the answer."""
    lead = next((t for t in HINT_ORDER if t in themes), None)
    first = say(f"theme_hint_{lead}") if lead else say("hint_arrange")
    keys = key_cards(ctx, themes)
    second = say("hint_cards", cards=keys) if keys else say("hint_count")
    answer = ctx.answer
    if ctx.kind == PuzzleKind.CAN_KNOCK:
        out = "gin" if answer and ctx.table.row(answer[0]).gin else "knock"  # every answer is gin, or none is
        if not answer:
            third = say("hint_no")
        elif len(answer) == 1:
            third = say(f"hint_{out}", card=answer[0])
        else:
            third = say(f"hint_{out}_any", cards=answer)
    elif len(answer) == 2:
        third = say("hint_discard_two", card=answer[0], other_card=answer[1])
    else:
        third = say("hint_discard", card=answer[0])
    return (first, second, third)


__all__ = ["REPEATED_BY_VERDICT", "explain", "hints", "key_cards", "unrepeated", "worse_knock_message"]
