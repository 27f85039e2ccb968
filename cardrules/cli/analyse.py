"""``cardrules analyse RECORD [--seat N] [--json]``: the analysis of one player's decisions in
a recorded deal (:mod:`cardrules.analysis`), in words or as one JSON object; and the offer, at
the end of a deal played in the terminal, to analyse it.

The text prints each decision as soon as it is weighed (the first ones do not wait for the
last), then the summary, the chance to win after each decision (the graph's figures) and the
bot in the player's seat beside the player. ``--json`` prints
:meth:`Analysis.to_json <cardrules.analysis.Analysis.to_json>` with ``bot_in_seat`` added (its
points and the bot's, when the deal is finished).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Callable
from typing import Any, TextIO

from ..account.review import Review
from ..analysis import (
    DEFAULT_WORLDS,
    Analysis,
    Decision,
    analysis_of,
    bot_in_seat,
    decisions,
)
from ..core.errors import shown
from ..engine import Game
from ..words import Lang, words
from .arguments import Failure, whole_number
from .commands import read_record
from .text import visible

__all__ = ["MAX_WORLDS", "analyse_command", "offer_analysis", "print_analysis"]

MAX_WORLDS = 5000
"""The most imagined deals ``--worlds`` may ask for at a decision."""


def analyse_command(args: argparse.Namespace, lang: Lang) -> int:
    """``cardrules analyse RECORD [--seat N] [--worlds W] [--json]``."""
    w = words(lang)
    data, game = read_record(args.file, lang)
    seat = whole_number(args.seat, "--seat", lang)
    worlds = whole_number(args.worlds, "--worlds", lang)
    assert seat is not None and worlds is not None  # both have defaults
    if not 0 <= seat < game.players:
        raise Failure(w._("--seat must be a seat from 0 to {last}, not {seat}",
                          last=game.players - 1, seat=shown(seat, lang)))
    if not 1 <= worlds <= MAX_WORLDS:
        raise Failure(w._("--worlds must be from 1 to {most}, not {worlds}", most=MAX_WORLDS,
                          worlds=shown(worlds, lang)))
    del data
    if args.json:
        analysis = _run(game, seat, worlds, None)
        out: dict[str, Any] = analysis.to_json()
        out["bot_in_seat"] = (bot_in_seat(game.to_record(), seat, level=args.level,
                                          others=args.others).to_json()
                              if game.is_over else None)
        print(json.dumps(out, indent=2, ensure_ascii=False))
        return 0
    print_analysis(game, seat, lang, sys.stdout, worlds=worlds, level=args.level,
                   others=args.others)
    return 0


def _run(game: Game, seat: int, worlds: int,
         each: Callable[[Decision], None] | None) -> Analysis:
    made: list[Decision] = []
    for decision in decisions(game, seat, worlds=worlds):
        made.append(decision)
        if each is not None:
            each(decision)
    return analysis_of(game, seat, made, worlds=worlds)


def print_analysis(game: Game, seat: int, lang: Lang, out: TextIO, *,
                   worlds: int = DEFAULT_WORLDS, level: str = "normal",
                   others: str = "normal") -> None:
    """Print the analysis of ``seat``'s decisions in ``game``, each decision as it is
    weighed, then the summary, the chance to win after each decision and the bot in the
    seat (for a finished deal; ``level``: its level; ``others``: the bots elsewhere once its
    deal differs, see :func:`~cardrules.analysis.bot_in_seat`)."""
    w = words(lang)
    names = tuple(visible(name, 40) for name in game.names)
    shell = analysis_of(game, seat, (), worlds=worlds)
    shell = dataclasses.replace(shell, names=names)
    review = Review(shell, lang)
    print(review.title(), file=out)

    def each(decision: Decision) -> None:
        print(file=out)
        print(w._("Action {n}:", n=decision.index + 1), file=out)
        for line in review.decision(decision):
            print("  " + line, file=out)

    analysis = dataclasses.replace(_run(game, seat, worlds, each), names=names)
    review = Review(analysis, lang)
    print(file=out)
    print(review.summary(), file=out)
    print(file=out)
    print(review.chance_caption() + ":", file=out)
    for decision in analysis.decisions:
        print("  " + w._("Action {n}: {chance} ({mark})", n=decision.index + 1,
                         chance=review.chance(decision.made.chance),
                         mark=review.mark(decision.mark)), file=out)
    if game.is_over:
        print("  " + w._("The end of the deal: {chance}", chance=review.chance(analysis.won)),
              file=out)
        print(file=out)
        mine = bot_in_seat(game.to_record(), seat, level=level, others=others)
        print(review.seat_replay(mine), file=out)


def offer_analysis(game: Game, seat: int | None, lang: Lang,
                   read_line: Callable[[str], str], others: str = "normal") -> None:
    """After a deal played at a terminal, offer to analyse the player's decisions: only when
    the deal is over, a player sat in it and standard input is a terminal (a scripted or
    input-less run is not asked)."""
    if seat is None or not game.is_over or not _interactive():
        return
    w = words(lang)
    try:
        answer = read_line(w._("Analyse your decisions? [y/N] ")).strip().lower()
    except (EOFError, OSError):
        return
    if answer in (w._("y"), w._("yes"), "y", "yes"):
        print_analysis(game, seat, lang, sys.stdout, others=others)


def _interactive() -> bool:
    stdin = sys.stdin
    try:
        return stdin is not None and stdin.isatty()
    except (AttributeError, ValueError):
        return False
