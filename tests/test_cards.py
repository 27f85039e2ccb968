"""Cards, card codes, packs, and the seeded shuffle (pinned for cross-version determinism)."""

from __future__ import annotations

import copy
import math
import pickle

import pytest
from game_helpers import FAMILY_COUNTS, codes

import cardrules
from cardrules import (
    ALL_CARDS,
    PACKS,
    SUITS,
    Card,
    CardCodeError,
    Deal,
    Suit,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
)
from cardrules.core.rng import SeededRandom

NUMBERS_48 = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
ALL_CODES = [f"{n}{s}" for s in "OCEB" for n in NUMBERS_48]

# Card codes ----------------------------------------------------------------------------------


def test_there_are_48_distinct_cards() -> None:
    assert len(ALL_CARDS) == 48
    assert sorted(c.code for c in ALL_CARDS) == sorted(ALL_CODES)
    assert [c.index for c in ALL_CARDS] == list(range(48))


@pytest.mark.parametrize("code", ALL_CODES)
def test_parse_format_round_trip(code: str) -> None:
    card = parse_card(code)
    assert format_card(card) == code
    assert str(card) == code
    assert card.code == code
    assert card.number == int(code[:-1])
    assert card.suit is Suit.parse(code[-1])
    assert parse_card(format_card(card)) is card
    assert Card(card.number, card.suit) is card


@pytest.mark.parametrize(
    ("text", "code"),
    [("1o", "1O"), (" 3c ", "3C"), ("12e", "12E"), ("\t10B\n", "10B"), ("11b", "11B")],
)
def test_parse_ignores_case_and_surrounding_space(text: str, code: str) -> None:
    assert parse_card(text).code == code


@pytest.mark.parametrize("bad", ["13O", "0O", "1X", "", "   ", "O", "1", "1OO", "14E", "-1O"])
def test_bad_codes_raise_card_code_error(bad: str) -> None:
    with pytest.raises(CardCodeError) as info:
        parse_card(bad)
    error = info.value
    assert isinstance(error, ValueError)
    assert repr(bad) in error.en
    assert error.es and error.es != error.en
    assert error.message("es") == error.es
    assert error.message("en") == error.en


def test_bad_number_and_bad_suit_messages_say_which_part_is_wrong() -> None:
    with pytest.raises(CardCodeError, match="number"):
        parse_card("13O")
    with pytest.raises(CardCodeError, match="suit letter"):
        parse_card("1X")
    with pytest.raises(CardCodeError, match="suit letter"):
        parse_card("")


def test_non_text_code_is_a_card_code_error() -> None:
    with pytest.raises(CardCodeError):
        parse_card(10)  # type: ignore[arg-type]


def test_parse_cards_accepts_lists_and_strings() -> None:
    expected = [parse_card("1O"), parse_card("3C"), parse_card("12E")]
    assert parse_cards("1O 3C 12E") == expected
    assert parse_cards("1o, 3c,12e") == expected
    assert parse_cards(["1O", "3C", "12E"]) == expected
    assert parse_cards("") == []
    assert format_cards(expected) == "1O 3C 12E"
    with pytest.raises(CardCodeError):
        parse_cards("1O 13C")


def test_card_from_number_and_suit_rejects_missing_numbers() -> None:
    with pytest.raises(CardCodeError):
        Card(13, Suit.OROS)
    with pytest.raises(CardCodeError):
        Card(0, Suit.COPAS)


def test_cards_are_interned_and_immutable() -> None:
    ace = parse_card("1O")
    assert Card(1, Suit.OROS) is ace
    assert pickle.loads(pickle.dumps(ace)) is ace
    assert copy.copy(ace) is ace
    assert copy.deepcopy([ace])[0] is ace
    with pytest.raises(AttributeError):
        ace.number = 3
    assert repr(ace) == "Card('1O')"


def test_suits() -> None:
    assert [s.letter for s in SUITS] == ["O", "C", "E", "B"]
    assert Suit.parse(" e ") is Suit.ESPADAS
    with pytest.raises(CardCodeError):
        Suit.parse("X")


def test_sort_key_orders_by_suit_then_number() -> None:
    cards = parse_cards("12B 1C 3O 1O 10E")
    assert codes(sorted(cards, key=lambda c: c.sort_key)) == ["1O", "3O", "1C", "10E", "12B"]


def test_8_in_a_40_card_deal_record_is_a_clear_error() -> None:
    record = {
        "game": "briscola",
        "players": 2,
        "deal": {
            "hands": [["1O", "8O", "3O"], ["1C", "2C", "3C"]],
            "stock": [c.code for c in ALL_CARDS if c.number not in (8, 9)
                      and c.code not in {"1O", "3O", "1C", "2C", "3C"}],
        },
    }
    with pytest.raises(cardrules.RecordError) as info:
        cardrules.replay(record)
    assert "8O" in info.value.en
    assert "deal" in info.value.en
    assert "8O" in info.value.es


# Packs ---------------------------------------------------------------------------------------


def test_pack_sizes() -> None:
    assert len(PACKS["spanish-40"]) == len(PACKS["spanish-40"].cards) == 40
    assert len(PACKS["spanish-48"]) == len(PACKS["spanish-48"].cards) == 48
    assert len(PACKS["italian-40"].cards) == 40
    assert len(PACKS["french-40"].cards) == 40
    assert {c.number for c in PACKS["italian-40"].cards} == {1, 2, 3, 4, 5, 6, 7, 10, 11, 12}


@pytest.mark.parametrize(
    ("pack", "code", "lang", "name"),
    [
        ("spanish-40", "11C", "en", "knight of cups"),
        ("spanish-40", "11C", "es", "caballo de copas"),
        ("spanish-40", "1O", "es", "as de oros"),
        ("spanish-40", "12B", "en", "king of clubs"),
        ("spanish-48", "9E", "es", "nueve de espadas"),
        ("spanish-48", "8O", "en", "eight of coins"),
        ("italian-40", "12E", "it", "re di spade"),
        ("italian-40", "10B", "it", "fante di bastoni"),
        ("italian-40", "11O", "it", "cavallo di denari"),
        ("italian-40", "3C", "it", "tre di coppe"),
        ("italian-40", "10B", "en", "jack of clubs"),
        ("italian-40", "10B", "es", "sota de bastos"),
        ("french-40", "11C", "en", "queen of hearts"),
        ("french-40", "12E", "fr", "roi de pique"),
        ("french-40", "10B", "fr", "valet de trèfle"),
        ("french-40", "1O", "fr", "as de carreau"),
        ("french-40", "11C", "es", "reina de corazones"),
        ("french-40", "10B", "es", "jota de tréboles"),
        ("italian-40", "12E", "es", "rey de espadas"),
        ("spanish-40", "12B", "de", "king of clubs"),  # no catalogue: English
        ("italian-40", "12E", "fr", "king of swords"),  # not the pack's own language
    ],
)
def test_card_names(pack: str, code: str, lang: str, name: str) -> None:
    assert PACKS[pack].card_name(parse_card(code), lang) == name


def test_suit_and_face_names_come_from_the_catalogue_and_the_pack() -> None:
    spanish, french, italian = PACKS["spanish-40"], PACKS["french-40"], PACKS["italian-40"]
    clubs = parse_card("1B").suit
    assert [spanish.suit_name(clubs, lang) for lang in ("en", "es")] == ["clubs", "bastos"]
    assert [french.suit_name(clubs, lang) for lang in ("en", "es", "fr")] == [
        "clubs", "tréboles", "trèfle"]
    assert italian.suit_name(clubs, "it") == "bastoni"
    assert spanish.face.faces["es"] == ("sota", "caballo", "rey")
    assert italian.face.faces["it"] == ("fante", "cavallo", "re")
    assert french.face.suits["en"] == ("diamonds", "hearts", "spades", "clubs")
    assert spanish.card_word(parse_card("11C")).say("es") == "caballo de copas"


@pytest.mark.parametrize(
    ("pack", "printed"),
    [
        ("spanish-40", {"10B": "10", "11B": "11", "12B": "12", "1B": "1", "7B": "7"}),
        ("italian-40", {"10B": "8", "11B": "9", "12B": "10", "1B": "1", "7B": "7"}),
        ("french-40", {"10B": "J", "11B": "Q", "12B": "K", "1B": "A", "7B": "7"}),
    ],
)
def test_printed_faces(pack: str, printed: dict[str, str]) -> None:
    for code, face in printed.items():
        assert PACKS[pack].printed(parse_card(code)) == face


@pytest.mark.parametrize(
    ("game", "players", "options", "pack"),
    [
        ("briscola", 2, {}, "italian-40"),
        ("brisca", 2, {}, "spanish-40"),
        ("briscas", 4, {}, "spanish-40"),
        ("brisca", 6, {}, "spanish-48"),
        ("briscola", 6, {}, "italian-40"),
        ("briscola", 6, {"six_player_pack": "48-cards"}, "spanish-48"),
        ("brisca", 2, {"pack": "french"}, "french-40"),
        ("briscola", 2, {"pack": "spanish"}, "spanish-40"),
    ],
)
def test_each_game_uses_its_pack(
    game: str, players: int, options: dict[str, str], pack: str
) -> None:
    assert cardrules.rules_for(game, players, options).pack.id == pack


# The seeded shuffle --------------------------------------------------------------------------

_MASK = (1 << 64) - 1


def splitmix64(seed: int) -> list[int]:
    """Five words of SplitMix64, written from its published definition."""
    out = []
    state = seed & _MASK
    for _ in range(5):
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        out.append(z ^ (z >> 31))
    return out


def test_splitmix64_reference_vector() -> None:
    rng = SeededRandom(0)
    # The published first outputs of SplitMix64 seeded with 0.
    assert [rng.word() for _ in range(4)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
        0xF88BB8A8724C81EC,
    ]


@pytest.mark.parametrize("seed", [0, 1, 42, 2**32 + 7, 2**63, 2**64 - 1])
def test_word_matches_independent_splitmix64(seed: int) -> None:
    rng = SeededRandom(seed)
    assert [rng.word() for _ in range(5)] == splitmix64(seed)


class RefRandom:
    """The documented draw and shuffle, re-implemented from the rng module docstring."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def word(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        if n <= 1:
            return 0
        words = -(-n.bit_length() // 64)  # the words it takes to write n
        span = 1 << (64 * words)
        limit = span - span % n
        while True:
            r = 0
            for _ in range(words):
                r = (r << 64) | self.word()
            if r < limit:
                return r % n

    def shuffle(self, items: list[Card]) -> None:
        r = self.below(math.factorial(len(items)))
        for i in range(len(items) - 1, 0, -1):
            r, j = divmod(r, i + 1)
            items[i], items[j] = items[j], items[i]


@pytest.mark.parametrize("n", [1, 2, 3, 10, 2**64 - 1, 2**64, 2**64 + 1, 2**130 + 3])
def test_below_matches_reference(n: int) -> None:
    for seed in range(5):
        ours, ref = SeededRandom(seed), RefRandom(seed)
        assert [ours.below(n) for _ in range(6)] == [ref.below(n) for _ in range(6)]


def test_shuffle_matches_reference() -> None:
    for seed in range(20):
        items = list(ALL_CARDS[:40])
        expected = list(items)
        SeededRandom(seed).shuffle(items)
        RefRandom(seed).shuffle(expected)
        assert items == expected
        assert sorted(items, key=lambda c: c.index) == list(ALL_CARDS[:40])


def reference_deal(game: str, players: int, seed: int) -> Deal:
    """The seeded deal, written from the documented procedure (engine.Rules.deal_from_seed,
    the Briscola options' docstrings and the rules notes)."""
    if players == 3 and game == "brisca":
        numbers: tuple[int, ...] = (1, 3, 4, 5, 6, 7, 10, 11, 12)
    elif players == 6 and game == "briscola":
        numbers = (1, 3, 4, 5, 6, 7, 10, 11, 12)
    elif players == 6:
        numbers = NUMBERS_48
    else:
        numbers = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
    cards = [Card(n, s) for s in SUITS for n in numbers]
    rng = RefRandom(seed)
    if players == 3 and game == "briscola":
        cards.remove(parse_card("2B"))
    elif players == 3 and game == "briscas":
        fours = [Card(4, s) for s in SUITS]
        cards.remove(fours[rng.below(4)])
    rng.shuffle(cards)
    hands: list[list[Card]] = [[] for _ in range(players)]
    pos = 0
    for _ in range(3):
        for seat in range(players):
            hands[seat].append(cards[pos])
            pos += 1
    rest = cards[pos:]
    stock = rest[1:] + rest[:1]  # the top card is turned up and put under the stock
    while game == "briscola" and stock[-1].number in (1, 3):
        up = stock[-1]
        below = stock[:-1]
        below.insert(len(below) // 2, up)
        stock = below[1:] + below[:1]
    return Deal(tuple(tuple(h) for h in hands), tuple(stock))


@pytest.mark.parametrize(("game", "players"), FAMILY_COUNTS)
def test_seeded_deal_follows_the_documented_procedure(game: str, players: int) -> None:
    for seed in [*range(40), 2**64 - 1, 123456789]:
        assert cardrules.new_game(game, players=players, seed=seed).log[0] == reference_deal(
            game, players, seed
        ), seed


# Pinned deals: any change to the PRNG, the shuffle or the dealing changes these codes.
PINNED = [
    (
        "briscola", 2, 1,
        ["1O 3E 10E", "11C 2O 11B"],
        "2C 10C 5O 4C 3B 5B 12O 1E 3O 5E 4E 1B 12B 1C 12C 6C 6E 12E 6B 7B 2E 4B 10B 11O 7E 11E "
        "7O 3C 7C 2B 4O 10O 5C 6O",
    ),
    (
        "briscola", 2, 2,
        ["3O 7B 6C", "4B 5O 5E"],
        "12C 7E 11O 4E 3C 5B 7C 3E 2E 7O 4O 11B 11C 2C 1B 1O 2O 12B 4C 3B 2B 11E 6B 6E 1C 10C "
        "10B 12O 10E 5C 12E 1E 10O 6O",
    ),
    (
        "brisca", 4, 7,
        ["3E 6B 10C", "10B 2B 2C", "3C 3B 10E", "4E 1O 2O"],
        "5C 5B 12E 5O 1E 12O 6O 6C 4B 11B 11C 11O 6E 10O 1C 1B 4C 12B 7B 12C 2E 7E 4O 11E 7O "
        "7C 3O 5E",
    ),
    (
        "briscas", 3, 5,
        ["1O 6B 7E", "11E 1B 6C", "3C 4C 10E"],
        "1C 12O 7B 1E 3O 2O 12B 6E 2B 5E 12C 12E 5B 6O 10C 7C 4O 10B 10O 2E 3E 4B 5O 3B 11O "
        "11B 7O 2C 5C 11C",
    ),
    (
        "brisca", 6, 11,
        ["3O 1C 7C", "9B 10O 3B", "6O 9O 7E", "6B 4B 6E", "7B 5O 10E", "2B 11O 11C"],
        "12E 5C 11E 1B 11B 4C 5B 8O 2C 8E 12B 7O 10C 3E 12C 6C 10B 2O 5E 12O 1E 4E 2E 3C 4O 8C "
        "8B 9C 1O 9E",
    ),
    (
        "briscola", 6, 3,
        ["12E 3C 4B", "3E 12O 7B", "7E 11B 10E", "5E 6C 3B", "4C 1O 5B", "11E 6E 7O"],
        "11O 6O 3O 4E 5O 7C 5C 12C 10O 6B 11C 4O 1E 1B 1C 10C 10B 12B",
    ),
    (
        "briscola", 3, 9,
        ["6E 12B 11B", "12E 5B 7E", "10C 7C 7B"],
        "10O 1C 4E 1E 2E 6C 3E 10B 4O 11C 6B 11E 5O 12C 7O 1B 2O 6O 2C 5C 4C 10E 1O 3B 12O 11O "
        "3C 3O 4B 5E",
    ),
]


@pytest.mark.parametrize(("game", "players", "seed", "hands", "stock"), PINNED)
def test_pinned_seeded_deals(
    game: str, players: int, seed: int, hands: list[str], stock: str
) -> None:
    deal = cardrules.new_game(game, players=players, seed=seed).log[0]
    assert isinstance(deal, Deal)
    assert [" ".join(codes(h)) for h in deal.hands] == hands
    assert " ".join(codes(deal.stock)) == stock


def test_same_seed_same_deal_other_seed_other_deal() -> None:
    a = cardrules.new_game("brisca", players=2, seed=99).log[0]
    b = cardrules.new_game("brisca", players=2, seed=99).log[0]
    c = cardrules.new_game("brisca", players=2, seed=100).log[0]
    assert a == b
    assert a != c


def test_bad_seeds_are_refused() -> None:
    for seed in (-1, 2**64, True):
        with pytest.raises(cardrules.RecordError):
            cardrules.new_game("briscola", seed=seed)
