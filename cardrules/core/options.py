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

from ..words import words
from .errors import OptionError
from .quoted import Quoted

OptionsT = TypeVar("OptionsT", bound="Options")


def option(default: Any, help: str) -> Any:
    """A dataclass field with its default and a one-line help: an English sentence of the
    catalogue, marked with :func:`~cardrules.words.N_` where it is written."""
    return dataclasses.field(default=default, metadata={"help": help})


@dataclasses.dataclass(frozen=True)
class Options:
    """Base class of every game's options."""

    @classmethod
    def from_dict(cls: type[OptionsT], data: Mapping[str, Any] | None) -> OptionsT:
        """Options from a JSON-like mapping; missing names take their defaults.

        Raises:
            OptionError: an unknown name or a value of the wrong kind (the message lists the
                choices).
        """
        if not data:
            return cls()
        hints = _hints(cls)
        names = list(hints)
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key not in names:
                if not names:
                    raise OptionError("unknown option {name}; this game has no options",
                                      name=Quoted(key))
                raise OptionError("unknown option {name}; this game's options are: {options}",
                                  name=Quoted(key), options=", ".join(names))
            values[key] = _check(key, value, hints[key])
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
        said = words(lang)
        rows = []
        for f in dataclasses.fields(cls):
            text = f.metadata.get("help", "")
            rows.append((f.name, describe_type(hints[f.name]), f.default,
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


def describe_type(hint: Any) -> str:
    """A short description of the values an option takes, e.g. ``none|italian|spanish``."""
    args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    if origin is Literal:
        return "|".join(str(a) for a in args)
    if origin in (typing.Union, types.UnionType):
        return "|".join("null" if a is type(None) else describe_type(a) for a in args)
    if hint is bool:
        return "true|false"
    if hint is int:
        return "integer"
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


def _check(key: str, value: Any, hint: Any) -> Any:
    if not _accepts(value, hint):
        choices = describe_type(hint)
        raise OptionError("option {name} cannot be {value}; choose {choices}",
                          name=Quoted(key), value=Quoted(value), choices=choices)
    return value
