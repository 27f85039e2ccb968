"""Card pictures: valid, self-contained SVG, one distinct picture per card, text escaped."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cardrules.core.cards import parse_card
from cardrules.core.errors import CardCodeError
from cardrules.core.packs import (
    FRENCH_40,
    FRENCH_48,
    ITALIAN_40,
    PACKS,
    SPANISH_40,
    SPANISH_48,
    Pack,
)
from cardrules.render.pictures import (
    HEIGHT,
    WIDTH,
    back_svg,
    card_files,
    card_svg,
    write_card_files,
)

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == f"0 0 {WIDTH} {HEIGHT}"
    return root


def title(svg: str) -> str | None:
    element = parse(svg).find(f"{SVG}title")
    assert element is not None
    return element.text


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG}text")]


@pytest.mark.parametrize("pack", list(PACKS.values()), ids=lambda p: p.id)
def test_every_card_is_valid_distinct_svg(pack: Pack) -> None:
    pictures = {card.code: card_svg(card, pack) for card in pack.cards}
    assert len(pictures) == len(pack) == len(pack.cards)
    assert len(set(pictures.values())) == len(pack), "two cards share a picture"
    for code, svg in pictures.items():
        assert title(svg) == pack.card_name(parse_card(code))
        # self-contained: no link to anything else (no href, no url(), no external font)
        assert "href" not in svg and "url(" not in svg and "@import" not in svg


def test_the_corners_show_what_the_pack_prints() -> None:
    assert "12" in texts(parse(card_svg("12O", SPANISH_40)))
    assert "10" in texts(parse(card_svg("12O", ITALIAN_40)))
    assert "K" in texts(parse(card_svg("12O", FRENCH_40)))
    assert "Q" in texts(parse(card_svg("11C", FRENCH_40)))
    assert "A" in texts(parse(card_svg("1E", FRENCH_40)))
    assert "7" in texts(parse(card_svg("7B", SPANISH_40)))


def test_face_cards_carry_the_initial_of_their_name() -> None:
    assert "S" in texts(parse(card_svg("10C", SPANISH_40)))  # sota
    assert "F" in texts(parse(card_svg("10C", ITALIAN_40)))  # fante
    assert "J" in texts(parse(card_svg("10C", FRENCH_40)))


def test_titles_follow_the_language() -> None:
    assert title(card_svg("11C", lang="es")) == "caballo de copas"
    assert title(card_svg("11C")) == "knight of cups"


def test_text_is_escaped() -> None:
    nasty = '<script>alert("x")</script> & \'quotes\''
    svg = card_svg("1O", title=nasty)
    root = parse(svg)
    assert "<script>" not in svg
    assert title(svg) == nasty
    assert root.get("aria-label") == nasty
    back = back_svg(title=nasty)
    assert "<script>" not in back and parse(back).get("aria-label") == nasty


def test_a_card_outside_the_pack_is_refused() -> None:
    with pytest.raises(CardCodeError):
        card_svg("8O", SPANISH_40)
    with pytest.raises(CardCodeError):
        card_svg("13O")
    assert card_svg("8O", SPANISH_48) != card_svg("8O", FRENCH_48)


def test_back() -> None:
    assert title(back_svg()) == "card back"


def test_write_card_files(tmp_path: Path) -> None:
    written = write_card_files(tmp_path / "cards", SPANISH_48, lang="es")
    names = sorted(p.name for p in written)
    assert names == sorted([f"{c.code}.svg" for c in SPANISH_48.cards] + ["back.svg"])
    assert sorted(p.name for p in (tmp_path / "cards").iterdir()) == names
    for path in written:
        parse(path.read_text(encoding="utf-8"))
    assert "<title>as de oros</title>" in (tmp_path / "cards" / "1O.svg").read_text("utf-8")
    assert card_files(ITALIAN_40).keys() == {f"{c.code}.svg" for c in ITALIAN_40.cards} | {
        "back.svg"
    }
