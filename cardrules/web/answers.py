"""What every answer of the widget's Python side shares: JSON text for the page, and a failure
said in the reader's language."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..core.errors import CardrulesError, Lang
from ..words import words

__all__ = ["answer_text", "failure"]


def answer_text(data: Mapping[str, Any]) -> str:
    """An answer as compact JSON text (the cheapest thing to pass between a worker and the
    page), every character beyond ASCII escaped: faster to write than UTF-8 text, and a lone
    surrogate, which the page could not take, is sent escaped like any other."""
    return json.dumps(data, separators=(",", ":"), check_circular=False)


def failure(error: BaseException, lang: Lang) -> dict[str, Any]:
    """``{"ok": False, "error"}``: the package's own message in ``lang``, or, for an error that
    is not a reader's mistake the package words itself, what Python said after a sentence in
    ``lang``."""
    if isinstance(error, CardrulesError):
        message = error.message(lang)
    else:
        message = words(lang)._("Python could not do it: {error}",
                                error=f"{type(error).__name__}: {error}")
    return {"ok": False, "error": message}
