"""Hostile records: a few thousand mutated deal records (a fixed seed, a few seconds).

Each is either accepted, or refused with the package's own error whose message is one short
line in each language (control characters escaped, long input cut): never another exception.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import cardrules

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))

WEIRD: list[Any] = [
    None, True, False, 0, -1, 2**64, 10**5000, 1.5, float("nan"), "", "x" * 5000, "\x1b[2J",
    "\r\n\u2028", "\x00", [], {}, [[[[]]]], {"a": {"b": {}}}, "1O", "exchange:7O", "bid:999999",
    "pass", "call:1O", "discard:?", "ñ" * 70,
]


def mutate(record: dict[str, Any], rnd: random.Random) -> Any:
    """One random change, or a few, to a record (or to its JSON text)."""
    data = json.loads(json.dumps(record))
    for _ in range(rnd.randint(1, 3)):
        choice = rnd.randrange(9)
        keys = list(data)
        if choice == 0 and keys:
            del data[rnd.choice(keys)]
        elif choice == 1 and keys:
            data[rnd.choice(keys)] = rnd.choice(WEIRD)
        elif choice == 2:
            data[rnd.choice(["extra", "seed", "deal", "options", "players"])] = rnd.choice(WEIRD)
        elif choice == 3 and isinstance(data.get("actions"), list) and data["actions"]:
            actions = data["actions"]
            i = rnd.randrange(len(actions))
            actions[i] = rnd.choice(WEIRD)
        elif choice == 4 and isinstance(data.get("actions"), list):
            rnd.shuffle(data["actions"])
        elif choice == 5 and isinstance(data.get("deal"), dict):
            hands = data["deal"].get("hands")
            if isinstance(hands, list) and hands and isinstance(hands[0], list) and hands[0]:
                hands[0][0] = rnd.choice(WEIRD)
        elif choice == 6 and isinstance(data.get("options"), dict):
            data["options"][rnd.choice(["exchange", "auction", "nope", "buia"])] = rnd.choice(
                WEIRD)
        elif choice == 7:
            try:
                text = json.dumps(data, ensure_ascii=False)
            except ValueError:  # a number too long to write: keep the record as it is
                return data
            cut = rnd.randrange(len(text) + 1)
            return text[:cut] + rnd.choice(["", "[" * 3000, "\x00", "}", "9" * 5000])
        elif choice == 8:
            return {1: 2, "game": "brisca"} if rnd.random() < 0.5 else "[" * 100_000
    return data


def test_mutated_records_are_accepted_or_refused_in_one_line() -> None:
    rnd = random.Random(2024)
    records = [json.loads(p.read_text(encoding="utf-8")) for p in EXAMPLES]
    refused = accepted = 0
    for _ in range(3000):
        mutated = mutate(rnd.choice(records), rnd)
        try:
            cardrules.replay(mutated)
        except cardrules.CardrulesError as error:
            refused += 1
            for message in (error.en, error.es):
                assert "\n" not in message and "\r" not in message and "\x1b" not in message
                assert len(message) < 600, message[:100]
        else:
            accepted += 1
    assert refused > 1000 and accepted > 10  # both outcomes really happen


def test_the_examples_of_the_issue() -> None:
    for bad in ("[" * 100_000, '{"game": 1' + "0" * 5000 + "}", {1: 2, "a": 3},
                "x" * (cardrules.record.MAX_RECORD_CHARS + 1)):
        try:
            cardrules.replay(bad)  # type: ignore[arg-type]
        except cardrules.RecordError as error:
            assert error.en and error.es and "\n" not in error.en
        else:
            raise AssertionError("accepted")
