"""The analysis of a deal drawn: the graph of a player's chance to win over the deal (SVG) and
the same figures as a table, for screen readers and for anyone who prefers to read them.

Both are made of :meth:`Analysis.series <cardrules.analysis.Analysis.series>` and the words of
:class:`~cardrules.account.review.Review`; every text is escaped (no data is inserted as
markup). The graph draws in ``currentColor`` (it follows the page's colour scheme); a marked
decision is a dot with the class ``cr-mark--MARK``.

Examples:
    >>> from cardrules.analysis import Analysis, Choice, Decision, Mark, THRESHOLDS
    >>> from cardrules.core.cards import parse_card
    >>> made = Choice(parse_card("1C"), "1C", 0.4, 52.0, 0.62)
    >>> decision = Decision(6, made, made, (made,), 160, False, 0.0, 0.0, 0.0, 0.0, Mark.NONE,
    ...                     None, None)
    >>> analysis = Analysis({"game": "brisca", "players": 2, "actions": ["1C"] * 40}, 0,
    ...                     ("Ana", "Bruno"), 120, 52, 0.0, 160, 0, THRESHOLDS, (decision,))
    >>> svg = chance_svg(analysis, "en")
    >>> svg.startswith("<svg") and "<title" in svg and 'points="' in svg
    True
    >>> "<td>40%</td>" in chance_table(analysis, "en")
    True
"""

from __future__ import annotations

from html import escape
from typing import Final

from ..account.review import Review
from ..analysis import Analysis, Mark
from ..words import N_, Lang

__all__ = ["HEIGHT", "WIDTH", "analysis_figure", "chance_rows", "chance_svg", "chance_table"]

WIDTH: Final = 640
"""The graph's width in SVG units (it scales to its box)."""
HEIGHT: Final = 200
"""The graph's height in SVG units."""
_LEFT, _RIGHT, _TOP, _BOTTOM = 44, 12, 12, 28
_HEADERS: Final = (N_("Action"), N_("Choice"), N_("Chance to win"), N_("Mark"))


def _xy(analysis: Analysis, index: int, chance: float) -> tuple[float, float]:
    last = max(1, len(analysis.record.get("actions", ())))
    x = _LEFT + (WIDTH - _LEFT - _RIGHT) * index / last
    y = _TOP + (HEIGHT - _TOP - _BOTTOM) * (1 - chance)
    return round(x, 1), round(y, 1)


def chance_svg(analysis: Analysis, lang: Lang = "en", *, ident: str = "cr-chance") -> str:
    """The graph of the analysed player's chance to win after each decision, to the deal's
    end, as an SVG element (``ident`` names its title for ``aria-labelledby``)."""
    review = Review(analysis, lang)
    caption = escape(review.chance_caption())
    series = analysis.series()
    points = " ".join(f"{x},{y}" for x, y in (_xy(analysis, i, c) for i, c in series))
    parts = [
        f'<svg class="cr-chance" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{escape(ident)}-title" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{escape(ident)}-title">{caption}</title>',
    ]
    for chance in (0.0, 0.5, 1.0):
        _, y = _xy(analysis, 0, chance)
        parts.append(f'<line x1="{_LEFT}" y1="{y}" x2="{WIDTH - _RIGHT}" y2="{y}" '
                     f'stroke="currentColor" stroke-opacity="0.3" stroke-width="1"/>')
        parts.append(f'<text x="{_LEFT - 6}" y="{y + 4}" text-anchor="end" font-size="12" '
                     f'fill="currentColor">{escape(review.chance(chance))}</text>')
    parts.append(f'<polyline points="{points}" fill="none" stroke="currentColor" '
                 f'stroke-width="2"/>')
    for decision in analysis.decisions:
        if decision.mark is Mark.NONE:
            continue
        x, y = _xy(analysis, decision.index, decision.made.chance)
        radius = 3 + decision.mark.rank
        parts.append(f'<circle class="cr-mark--{decision.mark.value}" cx="{x}" cy="{y}" '
                     f'r="{radius}" fill="currentColor"/>')
    parts.append("</svg>")
    return "".join(parts)


def chance_rows(analysis: Analysis, lang: Lang = "en") -> tuple[list[str], list[list[str]]]:
    """The graph's figures in words, as :func:`chance_table` shows them: its column headings,
    and for each decision its action's number in the deal, the choice made, the chance to win
    after it and its mark; the deal's end last (the widget builds its table of these)."""
    review = Review(analysis, lang)
    w = review.w
    rows = [[str(decision.index + 1), review.choice(decision.made, decision),
             review.chance(decision.made.chance), review.mark(decision.mark)]
            for decision in analysis.decisions]
    rows.append([str(len(analysis.record.get("actions", ()))), w._("The end of the deal"),
                 review.chance(analysis.won), ""])
    return [w._(h) for h in _HEADERS], rows


def chance_table(analysis: Analysis, lang: Lang = "en") -> str:
    """The graph's figures as an HTML table (:func:`chance_rows`)."""
    headers, rows = chance_rows(analysis, lang)
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>"
                   for row in rows)
    caption = escape(Review(analysis, lang).chance_caption())
    return (f'<table class="cr-chance-table"><caption>{caption}'
            f"</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")


def analysis_figure(analysis: Analysis, lang: Lang = "en", *, ident: str = "cr-chance") -> str:
    """The graph and its table in one ``<figure>``, with the summary as its caption."""
    review = Review(analysis, lang)
    return (f'<figure class="cr-analysis" lang="{escape(lang)}">'
            f"{chance_svg(analysis, lang, ident=ident)}{chance_table(analysis, lang)}"
            f"<figcaption>{escape(review.summary())}</figcaption></figure>")
