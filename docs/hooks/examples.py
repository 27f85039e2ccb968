"""MkDocs hook: worked examples drawn as cards, from the very code that Sybil runs.

A game page shows each worked example twice: drawn (the trick or the position as card pictures)
and, in a tab or a fold next to it, as the Python that makes it, which Sybil runs under pytest
(``docs/conftest.py``). The drawing is made at build time by running that same Python: this hook
runs a page's ```` ```python ```` and ```` ```pycon ```` fences in page order, in one namespace
(as Sybil does), and replaces each ```` ```draw ```` fence with a picture of what the **next**
Python fence of the page has built::

    === "At the table"

        ```draw
        show: trick
        ```

    === "In Python"

        ```python
        game = start(["4C 10B", "5C 10E"], turn_up="6O")
        play(game, "4C 5C")
        ```

A ``draw`` block is a few ``key: value`` lines, all optional:

``show``
    ``trick`` (default): one finished trick, its cards in order of play with who played them,
    the name of each play (a glossary link: *fallar*, *pisar*...), the winner marked and the
    narrator's sentence (who took it, for how many points).
    ``table``: the position: every hand (``hands``), the turned-up card and the stock, the trick
    being played, and who is to play; with ``legal: true``, the cards that player may play stand
    out and the others are dimmed, and any other move he may make is listed (``legal: 1``: the
    same for seat 1, which may act out of turn, as when exchanging the turned-up card).
    ``deal``: a whole finished deal (:func:`cardrules.render.diagram.render_deal`; ``tricks: 2-4``,
    ``open: false``).
    ``cards``: a row of cards (``cards``), each with an optional note (``notes``).
    ``score``: the result of a finished deal: each side's points and the verdict.
    ``analysis``: the analysis of a player's decisions (``game:`` an expression giving a
    :class:`cardrules.analysis.Analysis`): the graph of the chance to win after each decision,
    the same figures as a table, and the summary of the marks under them.
    ``auction``: the auction so far, as a table of rounds (each seat's bid or pass, the winning
    bid marked), then what followed it before the first card, in the narrator's words: the
    auction won, the talon shown (with its cards), the discards, the call and the sides it
    made, the trumps named.
``game``
    The Python expression of the game to draw (default ``game``).
``trick``
    ``show: trick``: which finished trick, counted from 1 (default: the last one).
``hands``
    ``show: table``: ``all`` (default), ``none`` or the seats whose hands are shown face up (the
    others face down).
``cards``, ``notes``
    ``show: cards``: Python expressions giving the cards (``Card`` objects or codes) and, if
    wanted, one short text per card; ``game`` may then name a game or its ``Rules``, whose pack
    gives the cards their look (default: the Spanish pack).
``caption``
    A sentence under the drawing, in the page's language.

The drawing is :class:`cardrules.render.drawing.Drawing`'s, from the account of the game (the
narration's sentences, the account's score table, the deal diagrams' HTML pieces and CSS
classes): this hook only finds the blocks, runs the page's Python, evaluates a block's
expressions and calls it. Players are shown by their names (a game nobody named is played by
Ana, Bruno...: see :mod:`cardrules.core.players`), never by seat numbers. Card pictures are
those ``docs/hooks/deals.py`` puts at ``assets/cards/<style>/<code>.svg``.

The hook also adds its stylesheet (``docs/assets/rulebook.css``: the drawings, the header box of
the game pages) to the build. A page without ``draw`` blocks runs no code. A failing example, an
unknown key or a drawing of something that is not there fails the build with the page, the line
and the reason.
"""

from __future__ import annotations

import contextlib
import doctest
import io
import os
from typing import Any

from _shared import (
    Block,
    Placer,
    asset,
    build_language,
    find_blocks,
    project_root,
    run_first_index,
    to_site_root,
)
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from cardrules.analysis import Analysis
from cardrules.engine import Game, Rules
from cardrules.render.diagram import glossary_titles
from cardrules.render.drawing import Drawing
from cardrules.words import words

STYLESHEET = "rulebook.css"
"""The stylesheet, ``docs/assets/rulebook.css``: at ``assets/rulebook.css`` in the site
(``mkdocs.yml`` lists it in ``extra_css``)."""

BLOCKS = ("python", "pycon", "draw")
"""The info strings of the blocks this hook reads: the examples and the drawings."""

_KEYS = ("show", "game", "trick", "hands", "legal", "cards", "notes", "caption", "tricks", "open")
_SHOWS = ("trick", "table", "deal", "cards", "score", "auction", "analysis")


# Reading a page -------------------------------------------------------------------------------
def parse_draw(body: str) -> dict[str, str]:
    """The settings of a ``draw`` block (``key: value`` lines).

    Raises:
        ValueError: an unknown key, or an unknown ``show``.
    """
    settings: dict[str, str] = {}
    for line in body.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, sep, value = (part.strip() for part in line.partition(":"))
        if not sep or key not in _KEYS:
            raise ValueError(f"expected one of {', '.join(_KEYS)} (key: value), got {line!r}")
        settings[key] = value
    show = settings.setdefault("show", "trick")
    if show not in _SHOWS:
        raise ValueError(f"show: expected one of {', '.join(_SHOWS)}, got {show!r}")
    return settings


def _run(block: Block, namespace: dict[str, Any], where: str) -> None:
    """Run a Python fence (as a script) or a pycon fence (each ``>>>`` example, output
    ignored) in the page's namespace."""
    if block.info == "python":
        code = compile(block.body, where, "exec")
        with contextlib.redirect_stdout(io.StringIO()):
            exec(code, namespace)  # the rulebook's own examples
        return
    for example in doctest.DocTestParser().get_examples(block.body, where):
        code = compile(example.source, where, "single")
        with contextlib.redirect_stdout(io.StringIO()):
            exec(code, namespace)


# Drawing --------------------------------------------------------------------------------------
def _seats(text: str) -> list[int] | None:
    """``hands:``: ``all`` (``None``), ``none`` or the seats listed."""
    if text in ("", "all"):
        return None
    if text == "none":
        return []
    return [int(part) for part in text.replace(",", " ").split()]


def _chooser(text: str, game: Game) -> int | None:
    """``legal:``: ``true`` (the player to act), a seat, or ``false``."""
    if text.lower() in ("true", "yes"):
        return None if game.is_over else game.current_player
    if text.isdigit():
        return int(text)
    if text.lower() not in ("", "false", "no"):
        raise ValueError(f"legal: expected true, false or a seat, got {text!r}")
    return None


def draw(settings: dict[str, str], namespace: dict[str, Any], drawing: Drawing) -> str:
    """The HTML of one ``draw`` block, from the page's namespace: the block's expressions
    evaluated, then :class:`cardrules.render.drawing.Drawing` draws."""

    def value(expression: str) -> Any:
        return eval(expression, namespace)  # the rulebook's own expressions

    show = settings["show"]
    caption = settings.get("caption") or None
    game_expr = settings.get("game", "game")
    if show == "cards":
        owner = value(game_expr) if "game" in settings else None
        pack = (owner.rules.pack if isinstance(owner, Game) else
                owner.pack if isinstance(owner, Rules) else None)
        if "cards" not in settings:
            raise ValueError("show: cards needs a 'cards:' expression")
        cards = value(settings["cards"])
        if isinstance(cards, str):
            cards = cards.split()
        notes = [str(n) for n in value(settings["notes"])] if "notes" in settings else None
        return drawing.cards(cards, notes, pack, caption)
    game = value(game_expr)
    if show == "analysis":
        if not isinstance(game, Analysis):
            raise ValueError(f"game: {game_expr!r} is not an analysis but {type(game).__name__}")
        return drawing.analysis(game, caption)
    if not isinstance(game, Game):
        raise ValueError(f"game: {game_expr!r} is not a game but {type(game).__name__}")
    if show == "trick":
        number = settings.get("trick", "")
        return drawing.trick(game, None if number in ("", "last") else int(number), caption)
    if show == "table":
        return drawing.table(game, _seats(settings.get("hands", "all")),
                             _chooser(settings.get("legal", ""), game), caption)
    if show == "score":
        return drawing.score(game, caption)
    if show == "auction":
        return drawing.auction(game, caption)
    tricks = None  # show: deal
    if settings.get("tricks"):
        first, _, last = settings["tricks"].partition("-")
        tricks = (int(first), int(last or first))
    open_hands = settings.get("open", "true").lower() not in ("false", "no")
    return drawing.deal(game, tricks, open_hands, caption)


# MkDocs events --------------------------------------------------------------------------------
_placer = Placer("draw", "a drawing")


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """The title of the heading anchors (the ``toc`` extension's ``permalink_title``) in the
    build's language. Material translates its own strings (``theme.language``), not this one, and
    ``INHERIT`` replaces the list of Markdown extensions rather than merging it: so it is set
    here."""
    toc = config.mdx_configs.setdefault("toc", {})
    toc["permalink_title"] = words(build_language(config))._("Permanent link")
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    files.append(asset(config, STYLESHEET))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    blocks = find_blocks(markdown, BLOCKS)
    if not any(block.info == "draw" for block in blocks):
        return markdown
    lang = build_language(config)
    drawing = Drawing(lang, to_site_root(page.url), glossary_titles(lang))
    namespace: dict[str, Any] = {"__name__": "__rulebook__"}
    waiting: list[tuple[Block, dict[str, str]]] = []
    rendered: list[tuple[Block, str]] = []

    def where(block: Block) -> str:
        return f"{page.file.src_uri}, line {block.start + 1}"

    def flush() -> None:
        for block, settings in waiting:
            try:
                rendered.append((block, draw(settings, namespace, drawing)))
            except Exception as error:  # a bad block or a failing expression
                raise PluginError(f"{where(block)}: draw block: {type(error).__name__}: "
                                  f"{error}") from None
        waiting.clear()

    here = os.getcwd()
    os.chdir(project_root(config))  # the examples open files relative to the project, as under
    try:                            # pytest
        code = [b for b in blocks if b.info != "draw"]
        first = run_first_index(markdown, [b.start for b in code])
        if first is not None:  # the helpers, shown in the closing section, run first
            blocks = [code[first], *(b for b in blocks if b is not code[first])]
        for block in blocks:
            if block.info == "draw":
                try:
                    waiting.append((block, parse_draw(block.body)))
                except ValueError as error:
                    raise PluginError(f"{where(block)}: draw block: {error}") from None
                continue
            try:
                _run(block, namespace, where(block))
            except Exception as error:
                raise PluginError(f"{where(block)}: the example fails: "
                                  f"{type(error).__name__}: {error}") from None
            flush()
        flush()
    finally:
        os.chdir(here)
    return _placer.put(markdown, page.file.src_uri, rendered)


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    return _placer.place(html, page.file.src_uri)
