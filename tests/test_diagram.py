"""Deal diagrams (cardrules.diagram): content, languages, escaping, and the block syntax."""

from __future__ import annotations

import json
import re
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import web
from cardrules.bots import GreedyBot, RandomBot, play_out
from cardrules.diagram import (
    CardsBlock,
    DealBlock,
    glossary_titles,
    parse_cards_block,
    parse_deal_block,
    render_cards,
    render_deal,
)
from cardrules.errors import CardCodeError, RecordError
from cardrules.narration import ONLOOKER, Narrator

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
    points = [int(p) for p in re.findall(r'<tr class="[^"]*" data-side="\d+" data-points="(\d+)"',
                                         html)]
    assert points == list(result.side_points)
    winner = "" if result.winner is None else str(result.winner)
    assert f'class="cr-score" data-winner="{winner}"' in html
    assert 'src="../../assets/cards/' in html


def test_the_deal_is_shown_as_dealt() -> None:
    data = record("brisca-2p.json")
    html = render_deal(data, "en")
    hands = re.findall(r'<div class="cr-hand">(.*?)</div>', html)
    assert [re.findall(r'alt="(\w+)"', h) for h in hands] == data["deal"]["hands"]
    turned = data["deal"]["stock"][-1]
    assert f'<div class="cr-turnup" data-card="{turned}">' in html
    assert "Trumps: coins" in html and "Turned-up card" in html
    assert "Trick 1" in html and "Trick 20" in html
    assert "P0 gives the seven of coins for the turned-up card, the ace of coins." in html


def test_spanish_wording() -> None:
    html = render_deal(record("brisca-2p.json"), "es")
    assert "Baza 1" in html and "Triunfo: oros" in html and "Carta vuelta" in html
    assert "Trick" not in html and "Trumps" not in html
    assert 'title="siete de oros"' in html
    assert "P0 cambia el siete de oros por la muestra, el as de oros." in html
    assert "Sale P0 (" in html and "P0 se lleva la baza 1 (0 puntos)." in html
    assert texts(html, "cr-score__winner") == ["Gana la mano P0, 80–40."]


@pytest.mark.parametrize("path", sorted(p.name for p in EXAMPLES.glob("*.json")))
@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_sentence_is_the_narrators(path: str, lang: str) -> None:
    """The diagram words nothing itself: who leads, each move, each trick taken (and the draws
    after it) and the verdict are the narration's sentences, escaped."""
    data = record(path)
    game = cardrules.replay(data)
    told = Narrator(game.rules, game.names, lang)  # type: ignore[arg-type]
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
    moves = [told.action(s) for s in steps[1:] if not isinstance(s.action, cardrules.Card)]
    assert texts(html, "cr-move") == [escape(m) for m in moves if m]
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
    discards = [s for s in answer["steps"] if s["action"].startswith("discard:")]
    assert len(discards) == 12
    assert shown[4:16] == [s["text"] for s in discards]
    assert shown[4] == "P0 puts the three of swords aside, face down."
    for told, step in zip(hidden[4:16], discards, strict=True):
        others = [t["text"] for seat, t in step["texts"].items() if seat != str(step["actor"])]
        assert len(others) == 3 and {told} == set(others)
    assert hidden[4] == "P0 puts a card aside, face down."
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
    assert "<th>Tricks</th>" in html and "Deal score" in html
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
    with pytest.raises(ValueError):
        render_deal({**data, "actions": data["actions"][:5]}, "en")
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
