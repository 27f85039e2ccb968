"""Game options: frozen dataclasses read from and written to plain JSON dicts, with checking.

Each field carries a one-line help, an English sentence of the catalogue of words, in its
metadata (shown by ``cardrules games`` in the reader's language); the field's docstring in the
game module says which reading it picks and who plays it that way.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, TypeVar

from ..words import Count, Message, words
from .errors import OptionError
from .quoted import Quoted

OptionsT = TypeVar("OptionsT", bound="Options")


def option(default: Any, help: str, *, low: int | None = None, high: int | None = None,
           tally: bool = False) -> Any:
    """A dataclass field with its default and a one-line help: an English sentence of the
    catalogue, marked with :func:`~cardrules.words.N_` where it is written. A whole-number
    option gives its range, ``low`` to ``high``: a value outside it is refused. ``tally``: the
    option changes how a deal played with real cards is scored from the figures a score pad
    asks (:meth:`~cardrules.engine.Rules.tally_form`), or how long a match is, so the score
    pad offers it (:func:`tally_options`)."""
    return dataclasses.field(default=default, metadata={"help": help, "range": (low, high),
                                                        "tally": tally})


def tally_options(cls: type[Options]) -> tuple[str, ...]:
    """The names of the options of ``cls`` that a score pad offers (declared with
    ``tally=True``: they change the scoring of a deal entered by hand, or a match's length).

    Examples:
        >>> from cardrules.games.tute_game import TuteOptions
        >>> "match_target" in tally_options(TuteOptions), "stock_duty" in tally_options(TuteOptions)
        (True, False)
    """
    return tuple(f.name for f in dataclasses.fields(cls) if f.metadata.get("tally"))


def option_values(cls: type[Options], name: str) -> list[Any] | None:
    """Every value the option ``name`` of ``cls`` takes (``None`` stands for the game's own
    default), or ``None`` if they cannot be listed (a whole number: see :func:`option_range`).

    Examples:
        >>> from cardrules.games.tute_game import TuteOptions
        >>> option_values(TuteOptions, "tie"), option_values(TuteOptions, "match_target")
        (['last-trick', 'draw'], None)
    """
    return _listed(_hints(cls)[name])


def _listed(hint: object) -> list[Any] | None:
    origin = typing.get_origin(hint)
    if origin is Literal:
        return list(typing.get_args(hint))
    if origin in (typing.Union, types.UnionType):
        found: list[Any] = []
        for part in typing.get_args(hint):
            values = _listed(part)
            if values is None:
                return None
            found.extend(v for v in values if v not in found)
        return found
    if hint is bool:
        return [False, True]
    if hint is type(None):
        return [None]
    return None


def option_range(cls: type[Options], name: str) -> tuple[int | None, int | None]:
    """The lowest and highest value of the whole-number option ``name`` of ``cls``
    (``None``: no bound, or not a number)."""
    return _ranges(cls)[name]


@dataclasses.dataclass(frozen=True)
class Options:
    """Base class of every game's options."""

    @classmethod
    def from_dict(cls: type[OptionsT], data: Mapping[str, Any] | None) -> OptionsT:
        """Options from a JSON-like mapping; missing names take their defaults.

        Raises:
            OptionError: not a mapping, an unknown name, or a value of the wrong kind or out of
                its range (the message lists the choices).
        """
        if data is not None and not isinstance(data, Mapping):
            raise OptionError("options must be an object of names and values, not {value}",
                              value=Quoted(data))
        if not data:
            return cls()
        hints = _hints(cls)
        names = list(hints)
        ranges = _ranges(cls)
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key not in names:
                if not names:
                    raise OptionError("unknown option {name}; this game has no options",
                                      name=Quoted(key))
                raise OptionError("unknown option {name}; this game's options are: {options}",
                                  name=Quoted(key), options=", ".join(names))
            values[key] = _check(key, value, hints[key], ranges[key])
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        """All options as a JSON-ready dict."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def help(cls, lang: str = "en") -> list[tuple[str, str, Any, str]]:
        """``(name, choices, default, help)`` for each option, the help in ``lang``.

        Examples:
            >>> from cardrules.games.alcalde import AlcaldeOptions
            >>> AlcaldeOptions.help("es")[-1][0], AlcaldeOptions.help("es")[-1][3][:27]
            ('partners_see', 'los rivales del Alcalde pue')
        """
        hints = _hints(cls)
        ranges = _ranges(cls)
        said = words(lang)
        rows = []
        for f in dataclasses.fields(cls):
            text = f.metadata.get("help", "")
            rows.append((f.name, describe_type(hints[f.name], lang, ranges[f.name]), f.default,
                         said._(text) if text else ""))
        return rows


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type[Options]) -> dict[str, Any]:
    """The resolved type of each field (resolving is slow: done once per class)."""
    hints = _HINTS.get(cls)
    if hints is None:
        every = typing.get_type_hints(cls)
        hints = _HINTS[cls] = {f.name: every[f.name] for f in dataclasses.fields(cls)}
    return hints


Range = tuple[int | None, int | None]
"""The lowest and highest value a whole-number option takes (``None``: no bound)."""


def _ranges(cls: type[Options]) -> dict[str, Range]:
    return {f.name: f.metadata.get("range", (None, None)) for f in dataclasses.fields(cls)}


def describe_type(hint: Any, lang: str = "en", bounds: Range = (None, None)) -> str:
    """A short description of the values an option takes, in ``lang``: the values themselves
    (``none|italian|spanish``, ``true|false``, ``null``) or, for a number, its range in words.

    Examples:
        >>> describe_type(int | None, "es", (1, 10000))
        'un número entero de 1 a 10\\xa0000, o null'
    """
    args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    if origin is Literal:
        return "|".join(str(a) for a in args)
    if origin in (typing.Union, types.UnionType):
        values = [describe_type(a, lang, bounds) for a in args if a is not type(None)]
        if type(None) in args and any(" " in v for v in values):  # words, not a list of values
            return words(lang)._("{choices}, or null", choices="|".join(values))
        return "|".join("null" if a is type(None) else describe_type(a, lang, bounds)
                        for a in args)
    if hint is bool:
        return "true|false"
    if hint is int:
        said = words(lang)
        low, high = bounds
        if low is not None and high is not None:
            return said._("a whole number from {low} to {high}", low=Count(low),
                          high=Count(high))
        return said._("a whole number")
    return getattr(hint, "__name__", str(hint))


def _accepts(value: Any, hint: Any) -> bool:
    origin = typing.get_origin(hint)
    if origin is Literal:
        return any(value == a and type(value) is type(a) for a in typing.get_args(hint))
    if origin in (typing.Union, types.UnionType):
        return any(_accepts(value, a) for a in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    return isinstance(value, hint)


def _check(key: str, value: Any, hint: Any, bounds: Range) -> Any:
    low, high = bounds
    if not _accepts(value, hint) or (
        isinstance(value, int) and not isinstance(value, bool)
        and ((low is not None and value < low) or (high is not None and value > high))
    ):
        raise OptionError("option {name} cannot be {value}; choose {choices}",
                          name=Quoted(key), value=Quoted(value),
                          choices=_Choices(hint, bounds))
    return value


class _Choices(Message):
    """The values an option takes (:func:`describe_type`), said in the message's language."""

    def __init__(self, hint: Any, bounds: Range) -> None:
        super().__init__("{choices}", {"hint": hint, "bounds": bounds})

    def say(self, lang: str = "en") -> str:
        bounds: Range = self.fields["bounds"]  # type: ignore[assignment]
        return describe_type(self.fields["hint"], lang, bounds)
