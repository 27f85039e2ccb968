"""Deal diagrams (cardrules.render.diagram): content, languages, escaping, and the block syntax."""

from __future__ import annotations

import json
import re
from html import escape
from html.parser import HTMLParser
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import web
from cardrules.account.deal import point_parts
from cardrules.account.narration import ONLOOKER, Narrator
from cardrules.bots import GreedyBot, RandomBot, play_out
from cardrules.core.errors import CardCodeError, RecordError
from cardrules.games.auction import Bid, Pass
from cardrules.render.diagram import (
    CardsBlock,
    DealBlock,
    glossary_titles,
    parse_cards_block,
    parse_deal_block,
    render_cards,
    render_deal,
)

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
VOID = {"img", "br", "hr", "input", "meta", "link"}


class Balance(HTMLParser):
    """Checks that every element is closed, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes <{self.stack[-1:]}>"
        self.stack.pop()


def well_formed(html: str) -> None:
    checker = Balance()
    checker.feed(html)
    checker.close()
    assert checker.stack == []


def record(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return data


def played(game_id: str, players: int | list[str], seed: int) -> dict[str, Any]:
    game = cardrules.new_game(game_id, players=players, seed=seed)
    while not game.is_over:
        game.play(game.legal_actions()[0])
    return game.to_record()


def chanted_aluette() -> dict[str, Any]:
    """Aluette with the chant: all four agree, then seats 0 and 3 discard six cards each."""
    game = cardrules.new_game("aluette", players=4, seed=0, options={"chant": True})
    play_out(game, [GreedyBot(), RandomBot(seed=1), GreedyBot(), RandomBot(seed=3)])
    return game.to_record()


def texts(html: str, css: str) -> list[str]:
    """The text of every element of class ``css`` (markup inside it removed, entities kept)."""
    found = re.findall(rf'<(\w+) class="{css}"[^>]*>(.*?)</\1>', html, re.S)
    return [re.sub(r"<[^>]+>", "", body) for _, body in found]


@pytest.mark.parametrize("path", sorted(p.name for p in EXAMPLES.glob("*.json")))
@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_example_renders(path: str, lang: str) -> None:
    data = record(path)
    html = render_deal(data, lang, base_url_to_site_root="../../", source=f"examples/{path}")
    well_formed(html)
    result = cardrules.replay(data).result
    assert result is not None
    assert html.startswith('<figure class="cr-deal"')
    assert f'data-record="examples/{path}"' in html
    assert html.count('class="cr-trick"') == len(cardrules.replay(data).tricks)
    if 'data-by="seat"' in html:  # each seat on its own (a contract's defenders, a void deal)
        points = [int(p) for p in re.findall(r'<tr[^>]* data-seat="\d+" data-points="(\d+)"',
                                             html)]
        assert points == list(result.points)
    else:
        points = [int(p) for p in re.findall(
            r'<tr class="[^"]*" data-side="\d+" data-points="(\d+)"', html)]
        assert points == list(result.side_points)
    winner = "" if result.winner is None else str(result.winner)
    assert f'class="cr-score" data-winner="{winner}"' in html
    assert 'src="../../assets/cards/' in html


def test_the_deal_is_shown_as_dealt() -> None:
    data = record("brisca-2p.json")
    html = render_deal(data, "en")
    hands = re.findall(r'<div class="cr-hand">(.*?)</div>', html)
    assert [re.findall(r'data-card="(\w+)"', h) for h in hands] == data["deal"]["hands"]
    # A picture is named in words (a screen reader says "seven of coins", not "7O"), with no
    # title: the theme turns titles into tooltips that stay after a tap.
    assert 'alt="seven of coins" data-card="7O"' in html
    assert "<img" in html and not re.search(r"<img[^>]* title=", html)
    turned = data["deal"]["stock"][-1]
    assert f'<div class="cr-turnup" data-card="{turned}">' in html
    assert "Trumps: coins" in html and "Turned-up card" in html
    assert "Trick 1" in html and "Trick 20" in html
    assert "Ana gives the seven of coins for the turned-up card, the ace of coins." in html


def test_spanish_wording() -> None:
    html = render_deal(record("brisca-2p.json"), "es")
    assert "Baza 1" in html and "Triunfo: oros" in html and "Carta vuelta" in html
    assert "Trick" not in html and "Trumps" not in html
    assert 'alt="siete de oros" data-card="7O"' in html
    assert "Ana cambia el siete de oros por la carta vuelta, el as de oros." in html
    assert "Sale Ana (" in html and "Ana se lleva la baza 1 (0 puntos)." in html
    assert texts(html, "cr-score__winner") == ["Ana gana la mano, 80–40."]


@pytest.mark.parametrize("path", sorted(p.name for p in EXAMPLES.glob("*.json")))
@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_sentence_is_the_narrators(path: str, lang: str) -> None:
    """The diagram words nothing itself: who leads, each move, each trick taken (and the draws
    after it) and the verdict are the narration's sentences, escaped."""
    data = record(path)
    game = cardrules.replay(data)
    told = Narrator(game.rules, game.names, lang)
    steps = list(game.steps())
    html = render_deal(data, lang)
    tricks = [s for s in steps if s.trick is not None]
    expected_results = []
    for step in tricks:
        assert step.trick is not None
        said = told.trick(step.trick)
        draws = " ".join(told.draws(step))
        expected_results.append(f"{said} {draws}" if draws else said)
    assert texts(html, "cr-trick__result") == [escape(t) for t in expected_results]
    assert texts(html, "cr-trick__lead") == [
        f"{escape(told.leads(s.trick.leader))} (mano)" for s in tricks if s.trick]
    # Bids and passes are in the auction's table, not told one by one.
    moves = [told.action(s) for s in steps[1:] if not isinstance(s.action, cardrules.Card)
             and not isinstance(s.action, (Bid, Pass))]
    assert texts(html, "cr-move") == [escape(m) for m in moves if m]
    # What each step led to (the auction won, the talon, the sides learnt), in order.
    news = [line for previous, step in pairwise(steps) for line in told.news(step, previous)]
    shown_news = [re.sub(r"<[^>]+>", "", body) for _, body in re.findall(
        r'<(li|p) class="cr-(?:news|trick__news)[^"]*"[^>]*>(.*?)</\1>', html, re.S)]
    assert shown_news == [escape(line) for line in news]
    assert game.result is not None
    assert texts(html, "cr-score__winner") == [escape(told.verdict(game.result))]
    scored = told.game_points(game.result)  # game points by seat, or a big win
    assert texts(html, "cr-note cr-score__game") == ([escape(scored)] if scored else [])


def test_the_diagram_and_the_widget_agree_on_hidden_cards() -> None:
    """With the hands shown, a discard names its card (the open account, as the widget's); with
    the hands hidden, it is "a card", as the widget tells every seat but the owner's."""
    data = chanted_aluette()
    shown = texts(render_deal(data, "en"), "cr-move")
    hidden = texts(render_deal(data, "en", open_hands=False), "cr-move")
    answer = web.steps_data(data, "en")
    assert answer["ok"]
    discards = [s for s in answer["steps"] if s["action"].startswith("discard:")]
    assert len(discards) == 12
    assert shown[4:16] == [s["text"] for s in discards]
    assert shown[4] == "Ana puts the three of swords aside, face down."
    views = [web.steps_data(data, "en", str(seat))["steps"] for seat in range(4)]
    for told, step in zip(hidden[4:16], discards, strict=True):
        index = answer["steps"].index(step)
        others = [view[index]["text"] for seat, view in enumerate(views) if seat != step["actor"]]
        assert len(others) == 3 and {told} == set(others)
    assert hidden[4] == "Ana puts a card aside, face down."
    assert all("swords" not in t and "coins" not in t for t in hidden)
    assert 'data-action="discard:?"' in render_deal(data, "es", open_hands=False)
    game = cardrules.replay(data)
    onlooker = Narrator(game.rules, game.names, "es", viewer=ONLOOKER)
    assert texts(render_deal(data, "es", open_hands=False), "cr-move")[4] == onlooker.action(
        list(game.steps())[5])


def test_labels_link_to_the_glossary_with_their_definition() -> None:
    html = render_deal(record("brisca-2p.json"), "en", base_url_to_site_root="../")
    titles = glossary_titles("en")
    labels = re.findall(r'<a class="cr-label" data-label="(\w+)" href="([^"]+)" title="([^"]+)"',
                        html)
    assert labels
    for label, href, title in labels:
        assert href == f"../glossary/#{label}"
        assert title == titles[label].replace("'", "&#x27;").replace('"', "&quot;")
    assert 'href="../glossary/#mano"' in html
    spanish = render_deal(record("brisca-2p.json"), "es")
    assert glossary_titles("es")["fallar"].split(":")[0] in spanish


def test_names_and_comments_are_escaped() -> None:
    nasty = ['<script>alert("x")</script>', "Ana & 'Luis'"]
    data = played("brisca", nasty, seed=3)
    html = render_deal(data, "en", source='x"><script>y.json')
    well_formed(html)
    assert "<script>" not in html
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html
    assert "Ana &amp; &#x27;Luis&#x27;" in html
    assert 'data-record="x&quot;&gt;&lt;script&gt;y.json"' in html


def test_a_range_of_tricks() -> None:
    html = render_deal(record("brisca-2p.json"), "en", tricks=(2, 3))
    assert re.findall(r'data-trick="(\d+)"', html) == ["2", "3"]
    assert "Tricks 2–3 of 20 shown." in html
    assert 'class="cr-score"' in html
    with pytest.raises(ValueError):
        render_deal(record("brisca-2p.json"), "en", tricks=(5, 21))


def test_hidden_hands() -> None:
    html = render_deal(record("brisca-2p.json"), "en", open_hands=False)
    hands = re.findall(r'<div class="cr-hand">(.*?)</div>', html)
    assert all("cr-card--back" in h and "data-card" not in h for h in hands)
    assert "hands not shown" in html


def test_spoiled_tricks_and_scores_by_tricks() -> None:
    data = played("aluette", 4, seed=0)  # tricks 7 and 8 are spoiled
    html = render_deal(data, "en")
    well_formed(html)
    assert html.count("is spoiled: nobody takes it") == 2
    assert html.count('<span class="cr-trick__spoiled">Trick ') == 2
    assert "No trumps" in html and "12 cards aside" in html
    # Partners do not pool their tricks: a row per player, his tricks.
    assert '<table data-by="seat">' in html and "<th>Tricks</th>" in html
    assert html.count("es nula: no se la lleva nadie") == 0
    assert render_deal(data, "es").count("es nula: no se la lleva nadie") == 2


def test_alcalde_plays_two_cards() -> None:
    html = render_deal(played("alcalde", 3, seed=5), "en")
    well_formed(html)
    first = re.search(r'<li class="cr-trick" data-trick="1".*?</li></ol>', html)
    assert first is not None and first.group(0).count('<li class="cr-play ') == 4
    assert first.group(0).count("cr-play--winner") == 1


def test_unfinished_or_bad_records() -> None:
    data = record("brisca-2p.json")
    with pytest.raises(ValueError, match="finished deal"):
        render_deal({**data, "actions": data["actions"][:5], "notes": {}}, "en")
    with pytest.raises(RecordError):
        render_deal({**data, "actions": ["13X"]}, "en")


def test_deal_blocks() -> None:
    assert parse_deal_block("examples/a.json") == DealBlock("examples/a.json")
    assert parse_deal_block("  examples/a.json\ntricks: 4\nopen: false\n") == DealBlock(
        "examples/a.json", (4, 4), False
    )
    for bad in ["", "tricks: 1-2", "a.json\ncolour: red", "a.json\ntricks: 3-1",
                "a.json\ntricks: x", "a.json\nopen: maybe", "a.json\njunk"]:
        with pytest.raises(ValueError):
            parse_deal_block(bad)


def test_cards_blocks() -> None:
    assert parse_cards_block("") == CardsBlock()
    assert parse_cards_block("pack: french-40\ncards: 1o 12C\ncaption: code") == CardsBlock(
        "french-40", ("1O", "12C"), "code"
    )
    for bad in ["pack: tarot", "cards: 13O", "caption: big", "colour: red"]:
        with pytest.raises(ValueError):
            parse_cards_block(bad)
    html = render_cards(CardsBlock("spanish-48"), "en", base_url_to_site_root="../")
    well_formed(html)
    assert html.count("<figure") == 48
    assert 'src="../assets/cards/spanish/9B.svg"' in html and "nine of clubs" in html
    italian = render_cards(CardsBlock("italian-40", ("12O",), "none"), "es")
    assert 'src="assets/cards/italian/12O.svg"' in italian and "<figcaption" not in italian
    with pytest.raises(CardCodeError):
        render_cards(CardsBlock("spanish-40", ("8O",)), "en")


# The auction games: Briscola Chiamata and Brisca Rematada --------------------------------------


def cells(html: str) -> list[list[str]]:
    """The auction table's rows: each seat's cell (a bid, "pass"/"paso", or "")."""
    table = re.search(r'<table class="cr-auction">.*?</table>', html, re.S)
    assert table is not None
    rows = re.findall(r"<tr><th scope=\"row\">\d+</th>(.*?)</tr>", table.group(0), re.S)
    return [re.findall(r"<td[^>]*>([^<]*)</td>", row) for row in rows]


def test_the_auction_is_a_table_of_rounds_under_its_own_heading() -> None:
    data = record("chiamata-5p.json")
    html = render_deal(data, "en")
    well_formed(html)
    rows = cells(html)
    assert len(rows) == 10  # 25 calls, 10 times round the table
    assert rows[0] == ["61", "pass", "pass", "62", "63"]
    assert rows[2] == ["67", "", "", "pass", "68"]
    assert rows[-1] == ["81", "", "", "", "pass"]
    assert '<td class="cr-auction__bid cr-auction__high" data-seat="0" data-bid="81">' in html
    auction = html.index('<p class="cr-heading">Auction</p>')
    assert auction < html.index('<p class="cr-heading">Tricks</p>')
    assert "bids" not in html and "passes." not in html  # no line per bid
    # What followed it, under the same heading: who won, the call and its picture, the holder.
    after = html[auction:html.index('<p class="cr-heading">Tricks</p>')]
    assert "Ana wins the auction: 81 points to take." in after
    assert 'data-action="call:12O"><img class="cr-card cr-card--small"' in after
    assert "Ana calls the king of coins: coins are trumps." in after
    assert ("Diego holds the called card: Ana and Diego play together against Bruno, Carmen and "
            "Elena.") in after
    spanish = render_deal(data, "es")
    assert cells(spanish)[0] == ["61", "paso", "paso", "62", "63"]
    assert '<p class="cr-heading">Subasta</p>' in spanish


def test_the_rank_auction_is_said_in_ranks_and_the_points_after_the_two() -> None:
    # The Chiamata page's rank auction: ace, three, king and the plain two, then two at 61 and
    # two at 64 (written bid:1... bid:2 bid:61 bid:64 in the record).
    game = cardrules.new_game("chiamata", players=5, seed=1, options={"auction": "ranks"})
    bids = ("bid:1", "bid:3", "pass", "bid:12", "bid:2", "bid:61", "bid:64", "pass", "pass", "pass")
    for action in bids:
        game.play(action)
    play_out(game, [GreedyBot() for _ in range(5)])
    english = render_deal(game.to_record(), "en")
    well_formed(english)
    assert cells(english)[:2] == [["ace", "three", "pass", "king", "two"],
                                  ["two at 61", "two at 64", "", "pass", "pass"]]
    assert ('<td class="cr-auction__bid cr-auction__high" data-seat="1" data-bid="64">two at 64'
            '</td>') in english
    spanish = render_deal(game.to_record(), "es")
    assert cells(spanish)[:2] == [["as", "tres", "paso", "rey", "dos"],
                                  ["dos a 61", "dos a 64", "", "paso", "paso"]]
    # A points auction keeps its numbers.
    assert cells(render_deal(record("chiamata-5p.json"), "es"))[0][0] == "61"


def test_a_diagram_of_later_tricks_says_only_what_came_of_the_auction() -> None:
    html = render_deal(record("chiamata-5p.json"), "en", tricks=(3, 4))
    well_formed(html)
    assert '<table class="cr-auction">' not in html and "cr-deal__auction--summary" in html
    summary = re.search(r'cr-deal__auction--summary">(.*?)</div>', html, re.S)
    assert summary is not None
    assert texts(summary.group(1), "cr-news") == [
        "Ana wins the auction: 81 points to take.",
        "Ana calls the king of coins: coins are trumps.",
        "Diego holds the called card: Ana and Diego play together against Bruno, Carmen and Elena."]
    # Buia: the call comes after trick 1; a diagram of tricks 1-2 has the auction and the call.
    buia = render_deal(record("chiamata-buia.json"), "en", tricks=(1, 2))
    assert len(cells(buia)) == 10
    first, call, second = (buia.index('data-trick="1"'), buia.index('data-action="call:12O"'),
                           buia.index('data-trick="2"'))
    assert first < call < second
    assert "Tricks 1–2 of 8 shown." in buia


def test_trumps_are_said_to_come_from_the_call_or_the_declarer() -> None:
    chiamata = render_deal(record("chiamata-5p.json"), "en")
    assert "No trumps until the call: then coins" in chiamata
    assert ">No trumps<" not in chiamata
    rematada = render_deal(record("rematada-3p.json"), "es")
    assert "Sin triunfo hasta que lo elige quien gana la subasta: oros" in rematada
    assert "Aún no hay triunfo" not in rematada and ">Sin triunfo<" not in rematada
    assert ">No trumps<" in render_deal(played("aluette", 4, seed=0), "en")  # none at all
    void = render_deal(record("chiamata-void.json"), "en")  # nobody called: never any trumps
    assert ">No trumps<" in void


def test_the_talon_face_down_then_face_up_and_who_took_it() -> None:
    data = record("rematada-3p.json")
    talon = data["deal"]["talon"]
    for open_hands in (True, False):
        html = render_deal(data, "en", open_hands=open_hands)
        well_formed(html)
        setup = html[:html.index('<div class="cr-deal__auction">')]
        down = re.search(r'<div class="cr-talon" data-cards="2">(.*?)</span></div>', setup)
        assert down is not None and down.group(1).count("cr-card--back") == 2
        assert "Talon, face down" in down.group(1)
        assert not any(f'data-card="{code}"' in setup for code in talon)  # not among the hands
        shown = re.search(r'<li class="cr-news cr-talon-shown" data-cards="([^"]+)">(.*?)</li>',
                          html)
        assert shown is not None and shown.group(1).split() == talon
        assert re.findall(r'<img[^>]*data-card="(\w+)"', shown.group(2)) == talon  # face up
        assert shown.group(2).endswith(
            "Ana shows the talon, the five of clubs and the king of coins, and takes it.")


def test_the_defenders_of_rematada_are_not_a_side() -> None:
    html = render_deal(record("rematada-3p.json"), "en")
    metas = texts(html, "cr-seat__meta")
    assert metas == ["declarer", "dealer"]  # the middle player has no part and does not deal
    assert "side 2" not in html and "cr-side-1" not in html
    assert ("Ana wins the auction at 114: the other two play against them, each on their "
            "own.") in html
    chiamata = render_deal(record("chiamata-5p.json"), "es")
    assert texts(chiamata, "cr-seat__meta") == [
        "el que llama", "defensor", "defensor", "compañero", "defensor · da las cartas"]
    assert "cr-side-1" in chiamata  # the three defenders are a side: they score together
    alone = render_deal(record("chiamata-alone.json"), "en")
    assert texts(alone, "cr-seat__meta")[0] == "caller, alone"


def test_the_partner_is_named_when_the_called_card_is_played() -> None:
    data = record("chiamata-5p.json")
    for open_hands, at_call in ((True, True), (False, False)):
        html = render_deal(data, "en", open_hands=open_hands)
        trick = re.search(r'<li class="cr-trick" data-trick="7".*?</li></ol>(.*?)</li>', html,
                          re.S)
        assert trick is not None
        assert ('<p class="cr-trick__news">Diego had the called card: Ana and Diego play together '
                'against Bruno, Carmen and Elena.</p>') in trick.group(1)
        # The open account names the holder at the call too; an onlooker learns it at trick 7.
        assert ("Diego holds the called card" in html) == at_call
    spanish = render_deal(data, "es", open_hands=False)
    assert ("Diego tenía la carta llamada: Ana y Diego forman pareja contra Bruno, Carmen y "
            "Elena.") in spanish


def test_the_rematada_score_says_what_the_points_are_made_of() -> None:
    data = record("rematada-3p.json")
    html = render_deal(data, "en")
    heads = re.findall(r'<th(?: data-part="\w+")?>([^<]+)</th>',
                       re.search(r'<table data-by="seat">.*?</thead>', html, re.S).group(0))  # type: ignore[union-attr]
    assert heads == ["Players", "Cards won", "Discards", "Marriages", "Last trick", "Points",
                     "Game points"]
    row = re.search(r'<tr class="cr-side-0 cr-score--winner" data-seat="0" data-points="122">'
                    r"(.*?)</tr>", html)
    assert row is not None
    assert re.findall(r"<td[^>]*>(\w+)</td>", row.group(1)) == ["Ana", "71", "21", "20", "10",
                                                                "122"]
    spanish = render_deal(data, "es")
    assert "<th data-part=\"last\">Diez de últimas</th>" in spanish
    assert "<th data-part=\"declare\">Cantes</th>" in spanish
    # With the hands hidden, the discards are the declarer's secret: no card, no points.
    hidden = render_deal(data, "en", open_hands=False)
    discards = [a.removeprefix("discard:") for a in data["actions"] if a.startswith("discard:")]
    assert discards == ["3B", "1C"]
    for code in discards:
        assert f'"{code}"' not in hidden and f"/{code}.svg" not in hidden
    assert '"3B"' in render_deal(data, "en")  # the open diagram shows them
    assert "three of clubs" not in hidden and "ace of cups" not in hidden
    assert '<td data-part="discard" class="cr-score__hidden"' in hidden
    assert "Ana puts a card face down on his own pile." in hidden
    assert re.search(r'data-part="discard"[^>]*>21<', hidden) is None


def test_points_parts_add_up_to_every_seat_s_points() -> None:
    for path in sorted(EXAMPLES.glob("*.json")):
        game = cardrules.replay(json.loads(path.read_text(encoding="utf-8")))
        total = [0] * game.players
        for step in game.steps():
            for points in point_parts(step).values():
                total = [a + b for a, b in zip(total, points, strict=True)]
        assert total == list(game.points), path.name


# Notes -------------------------------------------------------------------------------------------

ANNOTATED = sorted(p.name for p in EXAMPLES.glob("*.json") if "notes" in record(p.name))


def where_each_step_is_drawn(data: dict[str, Any]) -> dict[int, str]:
    """For each step with a note, where the diagram should draw it: ``"setup"`` (the deal),
    ``"auction"`` (before the first card, in a game with an auction), ``"trick N"`` (a card
    play, under its trick), or ``"move"`` (another move, after it)."""
    game = cardrules.replay(data)
    steps = list(game.steps())
    auction = any(isinstance(step.action, (Bid, Pass)) for step in steps)
    opening = next(i for i, step in enumerate(steps) if step.played is not None)
    places = {}
    for index in cardrules.record.notes_of(data):
        step = steps[index]
        if index == 0:
            places[index] = "setup"
        elif auction and index < opening:
            places[index] = "auction"
        elif step.played is not None:
            finished = next(i for i in range(index, len(steps)) if steps[i].trick is not None)
            places[index] = f"trick {sum(1 for s in steps[:finished + 1] if s.trick)}"
        else:
            places[index] = "move"
    return places


@pytest.mark.parametrize("name", ANNOTATED)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_each_note_is_drawn_where_its_step_is(name: str, lang: str) -> None:
    data = record(name)
    html = render_deal(data, lang)
    well_formed(html)
    notes = {i: pair[0 if lang == "en" else 1]
             for i, pair in cardrules.record.notes_of(data).items()}
    found = re.findall(r'<(p|li) class="cr-comment" data-step="(\d+)" lang="(\w+)">'
                       r'<span class="cr-comment__label">(\w+)</span> '
                       r'<span class="cr-comment__text">(.*?)</span></\1>', html)
    assert {int(step): text for _, step, _, _, text in found} == {
        i: escape(text) for i, text in notes.items()}
    assert {(said_in, label) for _, _, said_in, label, _ in found} == {
        (lang, "Nota" if lang == "es" else "Note")}
    tricks = [m.start() for m in re.finditer(r'<li class="cr-trick" data-trick', html)]
    for index, place in where_each_step_is_drawn(data).items():
        at = html.index(f'class="cr-comment" data-step="{index}"')
        if place == "setup":
            assert html.rindex('<div class="cr-deal__setup">', 0, at) < at
            assert at < html.index('class="cr-deal__play"')
        elif place == "auction":
            assert html.index('<div class="cr-deal__auction">') < at < html.index(
                'class="cr-deal__play"')
        elif place.startswith("trick"):
            n = int(place.split()[1])
            start = html.index(f'<li class="cr-trick" data-trick="{n}"')
            end = tricks[n] if n < len(tricks) else len(html)
            assert start < at < end, (index, place)
            assert html.rindex('<div class="cr-trick__result">', 0, at) > start  # under it
        else:
            before = html.rindex('<li class="cr-move"', 0, at)
            assert html.index("</li>", before) + 5 == html.rindex("<li", 0, at)


def test_notes_follow_the_tricks_shown_and_only_open_hands() -> None:
    data = record("brisca-4p.json")
    shown = re.findall(r'class="cr-comment" data-step="(\d+)"', render_deal(data, "en",
                                                                             tricks=(2, 3)))
    assert shown == ["0", "8", "12"]  # the deal's, and those of tricks 2 and 3
    assert "cr-comment" not in render_deal(data, "en", open_hands=False)


def test_a_note_is_escaped() -> None:
    data = record("brisca-2p.json")
    data["notes"] = {"1": {"en": '<script>alert("x")</script> & co', "es": "<b>ñ</b>"}}
    html = render_deal(data, "en")
    well_formed(html)
    assert "<script>" not in html
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co" in html
    assert "&lt;b&gt;ñ&lt;/b&gt;" in render_deal(data, "es")


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.stem)
def test_players_are_named_never_numbered(path: Path) -> None:
    """A diagram names its players (and their partners), never a seat or side number."""
    for lang in ("en", "es"):
        html = render_deal(json.loads(path.read_text(encoding="utf-8")), lang)
        text = re.sub(r"<[^>]+>", " ", html)
        numbered = re.search(r"\b(seat|side|asiento|bando) \d+\b(?! (points|puntos))", text,
                             re.IGNORECASE)
        assert not numbered, (path.stem, numbered)


def test_partners_are_named_beside_each_player() -> None:
    html = render_deal(record("brisca-4p.json"), "es")
    metas = texts(html, "cr-seat__meta")
    names = cardrules.replay(record("brisca-4p.json")).names
    assert metas[0] == f"juega con {names[2]}"
    assert metas[3] == f"juega con {names[1]} · da las cartas"
