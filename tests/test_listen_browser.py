"""Listen buttons in a real browser: headless Chromium (the system's) driven by Playwright against
the built site served on 127.0.0.1, with the shared fixtures of ``browser_support``.

A listen button says a word with the browser's own speech synthesis (``docs/assets/speech.js``),
only with voices on the device. Here the device's voices are stubbed: an init script replaces
``speechSynthesis.getVoices``, ``speak`` and ``cancel`` and ``SpeechSynthesisUtterance`` before the
page's scripts run, with a list of voices the test chooses (``localService`` true or false), and
records what is spoken (its text, its ``lang`` and the voice). The buttons must appear for a
language with a local voice and say the right word with the right language tag (the glossary
entry's, ``cardrules.learn.glossary.Term.speech``); stay hidden where no voice, or only a remote
voice, speaks it; appear when the voices arrive late (``voiceschanged``); be real buttons, named
in the page's language ("Listen: baza", «Escuchar: baza»), at least 24×24 px, usable from the
keyboard with a visible focus. In the glossary's entries, after the tooltips of the pages (with
and without the widget), in the term lookup and in the practice page's feedback; English and
Spanish pages. Every test checks that no request left 127.0.0.1 and that no script failed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from browser_support import Visit, Visits

from cardrules.learn import glossary, practice
from cardrules.words import words

LOCAL = [("es-ES", True), ("it-IT", True), ("fr-FR", True)]
"""A device with a Castilian, an Italian and a French voice of its own."""

STUB = """
(() => {
  const voices = %s.map(([lang, local], i) =>
    ({ name: "voice-" + i + "-" + lang, lang, localService: local, default: i === 0,
       voiceURI: "stub:" + i }));
  window.__spoken = [];
  const synth = window.speechSynthesis;
  synth.getVoices = () => voices.slice();
  synth.speak = (u) => {
    window.__spoken.push({ text: u.text, lang: u.lang, voice: u.voice ? u.voice.name : null,
                           voiceLang: u.voice ? u.voice.lang : null });
  };
  synth.cancel = () => {};
  window.SpeechSynthesisUtterance = class {
    constructor(text) { this.text = text; this.lang = ""; this.voice = null; this.rate = 1; }
  };
  window.__setVoices = (list) => {
    voices.splice(0, voices.length, ...list.map(([lang, local], i) =>
      ({ name: "late-" + i + "-" + lang, lang, localService: local, default: false,
         voiceURI: "late:" + i })));
    synth.dispatchEvent(new Event("voiceschanged"));
  };
})();
"""
"""The stubbed speech synthesis (``%s``: the voices, as ``[lang, localService]`` pairs)."""


@pytest.fixture
def visit(browser: Any, base_url: str) -> Iterator[Callable[..., Visit]]:
    visits = Visits(browser, base_url, "listen")

    def open_page(path: str, voices: Sequence[tuple[str, bool]] = LOCAL) -> Visit:
        seen = visits.open(path, init_script=STUB % json.dumps([list(v) for v in voices]))
        seen.page.wait_for_load_state("load")
        return seen

    yield open_page
    visits.close_and_check()


WIRED = "() => document.querySelector('button.cr-listen[data-listen-ready]')"
"""The page's speech module has seen its buttons."""
ENTRY = "h3[id] + p > button.cr-listen:not(abbr + button)"
"""The listen button of a glossary entry (its gloss line may have a tooltip's button too)."""


def entry_button(seen: Visit, term_id: str) -> Any:
    return seen.page.locator(f"h3[id='{term_id}'] + p > button.cr-listen:not(abbr + button)")


def spoken(seen: Visit) -> list[dict[str, Any]]:
    result: list[dict[str, Any]] = seen.page.evaluate("window.__spoken")
    return result


def visible_buttons(seen: Visit) -> Any:
    return seen.page.locator("button.cr-listen:visible")


def expected_tag(speech: Sequence[str], voices: Sequence[tuple[str, bool]]) -> str | None:
    """The tag a word is said with (the test's own reading of speech.js's choice): the first of
    the entry's tags a local voice speaks (es-419: any Spanish but Spain's), else the entry's
    first tag if a local voice speaks its language, else none."""
    local = [lang.lower() for lang, is_local in voices if is_local]
    for tag in speech:
        language, region = tag.lower().split("-")
        for have in local:
            got = have.split("-")
            if got[0] == language and (got[1] == region or (region == "419" and got[1] != "es")):
                return tag
    language = speech[0].split("-")[0].lower()
    return speech[0] if any(h.split("-")[0] == language for h in local) else None


def check_button(seen: Visit, button: Any, word: str, tag: str, lang: str) -> None:
    """A real button, named in the page's language, big enough, that says ``word`` in ``tag``
    when clicked and from the keyboard, with a visible focus."""
    assert button.evaluate("(b) => b.tagName") == "BUTTON"
    assert button.get_attribute("type") == "button"
    name = words(lang)._("Listen: {word}", word=word)
    assert button.get_attribute("aria-label") == name
    box = button.bounding_box()
    assert box is not None and box["width"] >= 24 and box["height"] >= 24, box
    before = len(spoken(seen))
    button.click()
    said = spoken(seen)[before:]
    assert [(s["text"], s["lang"]) for s in said] == [(word, tag)]
    assert said[0]["voice"] is not None
    # From the keyboard: reach it with Tab from the element before it, then Enter and Space.
    button.focus()
    seen.page.keyboard.press("Shift+Tab")
    seen.page.keyboard.press("Tab")
    assert button.evaluate("(b) => document.activeElement === b")
    seen.page.keyboard.press("Enter")
    seen.page.keyboard.press(" ")
    assert [(s["text"], s["lang"]) for s in spoken(seen)[before + 1:]] == [(word, tag)] * 2
    outline = button.evaluate(
        "(b) => { const s = getComputedStyle(b); return [s.outlineStyle, s.outlineWidth]; }")
    assert outline[0] != "none" and float(outline[1].rstrip("px")) >= 2, outline


# The glossary pages ------------------------------------------------------------------------------


@pytest.mark.parametrize(("path", "lang"), [("glossary/", "en"), ("es/glossary/", "es")])
def test_the_glossary_entries_speak_with_a_local_voice(
    visit: Callable[..., Visit], path: str, lang: str,
) -> None:
    seen = visit(path)
    for term_id in ("bazas", "fante", "monsieur", "carta-virada"):
        term = glossary.get(term_id)
        entry = entry_button(seen, term_id)
        entry.wait_for(state="visible")
        tag = expected_tag(term.speech, LOCAL)
        assert tag is not None
        check_button(seen, entry, term.word, tag, lang)
    # The Puerto Rican word is said in its own region's tag, with the Castilian voice (the only
    # Spanish one here); every entry of the page has its button.
    assert expected_tag(glossary.get("carta-virada").speech, LOCAL) == "es-PR"
    entries = seen.page.locator(f"{ENTRY}:visible")
    assert entries.count() == len(glossary.terms())


def test_a_latin_american_voice_says_the_puerto_rican_word(visit: Callable[..., Visit]) -> None:
    voices = [("es-ES", True), ("es-MX", True), ("es-PR", False)]
    seen = visit("es/glossary/", voices)
    term = glossary.get("carta-virada")
    button = entry_button(seen, "carta-virada")
    button.wait_for(state="visible")
    button.click()
    said = spoken(seen)
    # The device's Puerto Rican voice is remote: never used; the Mexican one is Latin American.
    assert [(s["text"], s["lang"], s["voiceLang"]) for s in said] == [
        (term.word, "es-419", "es-MX")]
    baza = entry_button(seen, "bazas")
    baza.click()
    assert (spoken(seen)[-1]["lang"], spoken(seen)[-1]["voiceLang"]) == ("es-ES", "es-ES")


@pytest.mark.parametrize("voices", [[], [("es-ES", False), ("it-IT", False), ("fr-FR", False)]],
                         ids=["no-voice", "remote-voices"])
def test_no_button_without_a_local_voice(
    visit: Callable[..., Visit], voices: list[tuple[str, bool]],
) -> None:
    seen = visit("glossary/", voices)
    buttons = seen.page.locator("button.cr-listen")
    assert buttons.count() > len(glossary.terms())  # in the page, each one hidden
    seen.page.wait_for_function(WIRED)
    assert visible_buttons(seen).count() == 0
    assert buttons.evaluate_all("(nodes) => nodes.every((n) => n.hidden)")
    assert spoken(seen) == []


def test_the_buttons_appear_when_the_voices_arrive(visit: Callable[..., Visit]) -> None:
    """The voices come late (Chromium's list is empty at first, then 'voiceschanged'): only the
    languages with a local voice get their buttons."""
    seen = visit("es/glossary/", [])
    seen.page.wait_for_function(WIRED)
    assert visible_buttons(seen).count() == 0
    seen.page.evaluate("window.__setVoices([['it-IT', true], ['es-ES', false]])")
    italian = entry_button(seen, "fante")
    italian.wait_for(state="visible")
    assert entry_button(seen, "bazas").is_hidden()
    assert entry_button(seen, "monsieur").is_hidden()
    italians = [t for t in glossary.terms() if t.lang == "it"]
    assert seen.page.locator(f"{ENTRY}:visible").count() == len(italians)
    check_button(seen, italian, glossary.get("fante").word, "it-IT", "es")


# Tooltips on every page --------------------------------------------------------------------------


@pytest.mark.parametrize(("path", "lang"), [("pack/", "en"), ("es/games/tute/", "es"),
                                            ("games/briscola/", "en")])
def test_the_first_tooltip_of_each_term_has_a_button(
    visit: Callable[..., Visit], path: str, lang: str,
) -> None:
    """Pages without the widget load speech.js themselves; the widget's pages (Tute, Briscola)
    through its modules."""
    seen = visit(path)
    buttons = seen.page.locator("abbr + button.cr-listen")
    buttons.first.wait_for(state="visible")
    found = buttons.evaluate_all(
        "(nodes) => nodes.map((n) => [n.previousElementSibling.textContent,"
        " n.previousElementSibling.title, n.getAttribute('data-say')])")
    assert found
    titles = {t.tooltip_text(lang): t for t in glossary.terms()}
    seen_terms = set()
    for text, title, say in found:
        assert say == text
        term = titles[title]
        assert term.id not in seen_terms  # once a term per page
        seen_terms.add(term.id)
    # No button inside a heading or a link.
    assert seen.page.locator(
        ":is(h1, h2, h3, h4, h5, h6, a, summary) button.cr-listen").count() == 0
    first = buttons.first
    text, title, _ = found[0]
    tag = expected_tag(titles[title].speech, LOCAL)
    assert tag is not None
    check_button(seen, first, text, tag, lang)


# The term lookup and the practice page (Python in the browser) ---------------------------------


def test_the_lookup_says_the_word(visit: Callable[..., Visit]) -> None:
    seen = visit("es/try/")
    lookup = seen.page.locator(".cr-lookup").first
    lookup.locator(".cr-lookup__input").fill("baza")
    lookup.locator(".cr-lookup__input").press("Enter")
    button = lookup.locator(".cr-lookup__learner button.cr-listen")
    button.wait_for(state="visible", timeout=180_000)
    check_button(seen, button, "baza", "es-ES", "es")


def test_the_lookup_has_no_button_without_a_voice(visit: Callable[..., Visit]) -> None:
    seen = visit("try/", [("fr-FR", True)])
    lookup = seen.page.locator(".cr-lookup").first
    lookup.locator(".cr-lookup__input").fill("fante")
    lookup.locator(".cr-lookup__input").press("Enter")
    lookup.locator(".cr-lookup__learner").wait_for(state="visible", timeout=180_000)
    assert lookup.locator(".cr-lookup__learner button.cr-listen").count() == 1
    assert lookup.locator(".cr-lookup__learner button.cr-listen").is_hidden()


@pytest.mark.parametrize(("path", "lang"), [("practice/", "en"), ("es/practice/", "es")])
def test_the_practice_word_is_said(visit: Callable[..., Visit], path: str, lang: str) -> None:
    seen = visit(path)
    card = seen.page.locator(".cr-practice__card[data-exercise]")
    card.locator(".cr-practice__choice").first.wait_for(state="visible", timeout=180_000)
    ident = card.get_attribute("data-exercise")
    assert ident is not None
    exercise = practice.exercise_data(ident, lang)["exercise"]
    card.locator(".cr-practice__choice").first.click()
    term = exercise["term"]
    assert term is not None and term["speech"] == list(glossary.get(term["id"]).speech)
    button = card.locator(".cr-practice__term button.cr-listen")
    button.wait_for(state="visible")
    tag = expected_tag(term["speech"], LOCAL)
    assert tag is not None
    check_button(seen, button, term["word"], tag, lang)
