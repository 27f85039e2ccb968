"""A small, fully specified random source, so that a seed deals the same cards everywhere.

Python's own ``random`` module only promises a stable ``random()``; its ``shuffle`` and
``randrange`` may change between versions. This module is pure arithmetic instead, easy to port:

* **SplitMix64** makes 64-bit words from the seed: ``state += 0x9E3779B97F4A7C15``, then
  ``z = (z ^ z>>30) * 0xBF58476D1CE4E5B9``, ``z = (z ^ z>>27) * 0x94D049BB133111EB``,
  ``z ^= z>>31`` (all modulo 2**64).
* :meth:`SeededRandom.below` draws an integer in ``[0, n)``: it joins
  ``k = ceil(n.bit_length() / 64)`` words (big-endian: the first word is the most significant),
  rejects a draw at or above the largest multiple of ``n`` below ``2**(64*k)``, and returns the
  draw modulo ``n``.
* :meth:`SeededRandom.shuffle` draws one ``r`` below ``len(items)!`` and unranks it Fisher-Yates
  style: for ``i`` from the last index down to 1, ``r, j = divmod(r, i + 1)`` and swap items
  ``i`` and ``j``. One big draw is several times faster than one draw per swap.
"""

from __future__ import annotations

import functools
import math
import os
from collections.abc import MutableSequence
from typing import Final, TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
T = TypeVar("T")

MAX_SEED: Final = _MASK
"""Seeds are integers from 0 to 2**64 - 1."""

MAX_WEB_SEED: Final = 2**53 - 1
"""The largest seed a web page keeps exact (JavaScript's ``Number.MAX_SAFE_INTEGER``): seeds
that travel through a page's JSON or links stay at or below it."""


def random_seed() -> int:
    """A fresh seed from the operating system, for games started without one."""
    return int.from_bytes(os.urandom(8), "big") >> 1


_factorial = functools.cache(math.factorial)


@functools.lru_cache(maxsize=64)
def _limits(n: int) -> tuple[int, int]:
    """For draws below ``n``: how many 64-bit words make one draw, and the rejection limit
    (the largest multiple of ``n`` that fits)."""
    words = (n.bit_length() + 63) // 64
    span = 1 << (64 * words)
    return words, span - span % n


@functools.cache
def _chunks(n: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """The indexes ``n-1 .. 1`` with their radices ``i + 1``, in runs whose radices multiply
    to ``span`` < 2**30 (one digit of a Python int): ``(span, ((index, radix), ...))``."""
    runs = []
    top = n - 1
    while top >= 1:
        span, low = 1, top
        while low >= 1 and span * (low + 1) < 1 << 30:
            span *= low + 1
            low -= 1
        runs.append((span, tuple((i, i + 1) for i in range(top, low, -1))))
        top = low
    return tuple(runs)


class SeededRandom:
    """A deterministic stream of random integers from a 64-bit seed (SplitMix64)."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def word(self) -> int:
        """The next 64-bit word."""
        self._state = s = (self._state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (``n >= 1``)."""
        if n <= 1:
            return 0
        words, limit = _limits(n)
        word = self.word
        while True:
            r = word()
            for _ in range(words - 1):
                r = (r << 64) | word()
            if r < limit:
                return r % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place, uniformly, as described in the module docstring."""
        n = len(items)
        if n <= 1:
            return
        # The draw below n! as :meth:`below` makes it, without its last ``% n!``: the radices
        # multiply to n!, so the digits taken below are those of the draw modulo n!.
        words, limit = _limits(_factorial(n))
        state = self._state
        while True:
            r = 0
            for _ in range(words):
                state = (state + _GOLDEN) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                r = (r << 64) | z ^ (z >> 31)
            if r < limit:
                break
        self._state = state
        # The same digits as one divmod per index, taken from the big number a machine-sized
        # chunk at a time (dividing a big number is the slow part).
        for span, places in _chunks(n):
            r, chunk = divmod(r, span)
            for i, radix in places:
                j = chunk % radix  # two operators on one-digit ints: cheaper than divmod()
                chunk //= radix
                items[i], items[j] = items[j], items[i]
