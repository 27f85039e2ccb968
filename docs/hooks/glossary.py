"""MkDocs hook: the glossary in the rulebook, from the one source of its terms (the TOML files of
cardrules/glossary_data/).

Three jobs, all in the build's language (``extra.lang``, read by ``_shared.build_language``; the
English and Spanish sites are two builds, ``mkdocs.yml`` and ``mkdocs.es.yml``):

* **Tooltips.** ``on_config`` fills the ``abbr`` extension's ``glossary`` option (Python-Markdown
  3.7 or newer) with :func:`cardrules.learn.glossary.tooltips`, so that a term used in any page's
  prose
  is wrapped in ``<abbr title="gloss">``. Code (fenced blocks, inline code) is left alone by
  ``abbr``. Which forms become tooltips is decided in ``tooltips()``: no forms shorter than four
  letters (*as*, *re*, *rey*), no forms marked ``quiet`` in the data (*piso*, *monto*), no game
  names, and on the Spanish pages no everyday Spanish words (*mano*, *oros*, *baza*).
* **The glossary pages.** ``docs/<lang>/glossary.md`` hold an introduction and the marker
  ``<!-- glossary: terms -->``; ``on_page_markdown`` replaces the marker with an index and one
  section per term, group by group: a heading with the word and its article whose id is the
  term id (``### ... {#asistir}``, the same in both languages, so diagrams and widgets can link
  to ``glossary/#<id>``), the gloss, the term's language and kind, its pronunciation (IPA), the
  pictures of the cards it names, the definition and usage note, its example sentences (Spanish,
  then English), where it is used, its labelled inflections, other forms, its games (linked to
  ``games/<id>.md`` when that page exists), related terms, and its Python example in a
  collapsed block.
* **The lookup's data.** ``on_files`` adds ``glossary/terms.json``
  (:func:`cardrules.learn.glossary.learner_data` in the build's language), from which the in-browser
  term lookup (``docs/assets/widget/lookup.js``) shows the article, the IPA, the sentences and
  the cards of a term.

* **Hearing the words.** Every glossary entry, and the first tooltip of each term on a page,
  gets a listen button (``<button class="cr-listen">``, named "Listen: baza" in the page's
  language from the catalogue, with the word and the language tags of its entry,
  :attr:`cardrules.learn.glossary.Term.speech`). The buttons are hidden until the site's
  ``assets/speech.js`` (added here, and loaded by the pages that have buttons; the widget's
  pages import it from their modules) finds a voice on the device for that language; it uses
  the browser's own speech synthesis, nothing is fetched. No button goes inside a heading, a
  link, a button, a summary or code.

Any page may keep a word free of tooltips with the class ``notip`` (attr_list):
``*mano*{ .notip }``. The glossary pages do so for the words they define, written as
``*word*{ .notip lang="es" }``, so that they are not covered in their own tooltips. A small
Markdown extension added here marks the text of such elements before ``abbr`` runs, and drops
the class.
"""

from __future__ import annotations

import html
import json
import re
import unicodedata
import xml.etree.ElementTree as etree
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from _shared import asset, build_language, to_site_root
from markdown import Markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString
from mkdocs.structure.files import File

from cardrules.words import Lang, words

MARKER = "<!-- glossary: terms -->"
"""What the glossary pages contain where the terms go."""

DATA_FILE = "glossary/terms.json"
"""Where the site keeps the learner's data of every term, for the in-browser lookup."""

CARD_DIR = "assets/cards"
"""Where the site keeps the card pictures (``docs/hooks/deals.py`` draws them there)."""

SPEECH_MODULE = "speech.js"
"""The listen buttons' module, ``docs/assets/speech.js``, in the site at ``assets/speech.js``."""

_state: dict[str, str] = {"lang": "en"}
_spoken: dict[str, Any] = {}
"""The tooltips' titles in the build's language, and the term each is the tooltip of."""

NO_TOOLTIP_CLASS = "notip"
"""The class that keeps an element's text free of tooltips."""


class _KeepFromAbbr(Treeprocessor):  # type: ignore[misc]
    """Make the text inside ``.notip`` elements atomic, which ``abbr`` leaves alone."""

    def run(self, root: etree.Element) -> None:
        for element in root.iter():
            classes = (element.get("class") or "").split()
            if NO_TOOLTIP_CLASS not in classes:
                continue
            for node in element.iter():
                if node.text and not isinstance(node.text, AtomicString):
                    node.text = AtomicString(node.text)
                if node is not element and node.tail and not isinstance(node.tail, AtomicString):
                    node.tail = AtomicString(node.tail)
            classes.remove(NO_TOOLTIP_CLASS)
            if classes:
                element.set("class", " ".join(classes))
            else:
                del element.attrib["class"]


class NoTooltipExtension(Extension):  # type: ignore[misc]
    """Markdown extension: no tooltips inside ``.notip`` elements (after attr_list, before abbr)."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.treeprocessors.register(_KeepFromAbbr(md), "cardrules-notip", 7.5)


def on_config(config: Any) -> Any:
    """Put the glossary's tooltips, in the build's language, into the ``abbr`` extension."""
    from cardrules.learn import glossary

    lang = build_language(config)
    if lang not in glossary.PAGE_LANGS:
        lang = "en"
    _state["lang"] = lang
    names = ("abbr", "markdown.extensions.abbr")
    key = next((n for n in config["markdown_extensions"] if n in names), None)
    if key is None:
        key = "abbr"
        config["markdown_extensions"].append(key)
    settings = config["mdx_configs"].setdefault(key, {})
    settings["glossary"] = {**glossary.tooltips(lang), **settings.get("glossary", {})}
    _spoken.clear()
    _spoken.update({t.tooltip_text(lang): t for t in glossary.terms() if lang in t.tooltip})
    config["markdown_extensions"].append(NoTooltipExtension())
    return config


def on_files(files: Any, config: Any) -> Any:
    """Add the learner's data of every term, in the build's language, for the term lookup."""
    from cardrules.learn import glossary

    data = json.dumps(glossary.learner_data(_state["lang"]), ensure_ascii=False, indent=0)
    files.append(File.generated(config, DATA_FILE, content=data))
    files.append(asset(config, SPEECH_MODULE))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Replace the marker of a glossary page with the generated terms."""
    if MARKER not in markdown:
        return markdown
    folder = Path(page.file.abs_src_path).parent if page.file.abs_src_path else None
    return markdown.replace(MARKER, render(_state["lang"], folder))


def on_page_content(html_text: str, page: Any, config: Any, files: Any) -> str:
    """A listen button after the first tooltip of each term on the page; the language of each
    tooltip's word marked."""
    return mark_languages(listen_after_tooltips(html_text, _state["lang"]), _state["lang"])


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Load the listen buttons' module on a page that has some (the widget's pages import it
    from their own modules)."""
    if 'class="cr-listen"' not in output or 'id="cr-widget-config"' in output:
        return output
    src = f"{to_site_root(page.url)}assets/{SPEECH_MODULE}"
    return output.replace("</head>", f'<script type="module" src="{src}"></script></head>', 1)


def listen_button(word: str, tags: tuple[str, ...], lang: Lang) -> str:
    """The HTML of a listen button that says ``word`` in the languages ``tags``, named in the
    page's language ``lang``; hidden until ``assets/speech.js`` finds a voice for it.

    Examples:
        >>> print(listen_button("baza", ("es-ES", "es-419"), "es"))
        <button type="button" class="cr-listen" data-say="baza" data-say-lang="es-ES es-419" \
aria-label="Escuchar: baza" hidden></button>
    """
    label = words(lang)._("Listen: {word}", word=word)
    return (f'<button type="button" class="cr-listen" data-say="{html.escape(word)}" '
            f'data-say-lang="{html.escape(" ".join(tags))}" aria-label="{html.escape(label)}" '
            "hidden></button>")


_NO_BUTTON_INSIDE = frozenset(
    ("a", "button", "summary", "label", "select", "option", "textarea", "code", "pre", "script",
     "style", "title", "svg", "h1", "h2", "h3", "h4", "h5", "h6")
)
"""Elements a listen button may not go into (interactive content, headings, code)."""


class _Tooltips(HTMLParser):
    """Where each tooltip (``<abbr title>``) of a page ends, and whether a button may follow it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.inside: dict[str, int] = {}
        self.open: list[tuple[str, bool]] = []  # (title, allowed) of the abbr being read
        self.text: list[str] = []
        self.found: list[tuple[tuple[int, int], str, str, bool]] = []  # (end, title, text, ok)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _NO_BUTTON_INSIDE:
            self.inside[tag] = self.inside.get(tag, 0) + 1
        if tag == "abbr":
            title = dict(attrs).get("title") or ""
            self.open.append((title, not any(self.inside.values())))
            self.text = []

    def handle_endtag(self, tag: str) -> None:
        if tag in _NO_BUTTON_INSIDE and self.inside.get(tag):
            self.inside[tag] -= 1
        if tag == "abbr" and self.open:
            title, allowed = self.open.pop()
            self.found.append((self.getpos(), title, "".join(self.text), allowed))

    def handle_data(self, data: str) -> None:
        if self.open:
            self.text.append(data)


def listen_after_tooltips(page_html: str, lang: Lang) -> str:
    """``page_html`` with a listen button after the first tooltip of each term (its first one
    that is not in a heading, a link, a button or code).

    Args:
        page_html: a page's content, its tooltips made by the ``abbr`` extension.
        lang: the page's language.

    Returns:
        The content with the buttons (unchanged if it has no tooltip of a term).
    """
    if "<abbr" not in page_html or not _spoken:
        return page_html
    reader = _Tooltips()
    reader.feed(page_html)
    reader.close()
    # Where each line starts (the parser counts lines by "\n" only).
    starts = [0, *(m.end() for m in re.finditer("\n", page_html))]
    done: set[str] = set()
    inserts: list[tuple[int, str]] = []
    for (row, column), title, text, allowed in reader.found:
        term = _spoken.get(title)
        word = text.strip()
        if term is None or not allowed or not word or term.id in done:
            continue
        done.add(term.id)
        end = page_html.index(">", starts[row - 1] + column) + 1
        inserts.append((end, listen_button(word, term.speech, lang)))
    for end, tag in reversed(inserts):
        page_html = page_html[:end] + tag + page_html[end:]
    return page_html


_ABBR = re.compile(r'<abbr title="([^"]*)">([^<]*)</abbr>')


def mark_languages(page_html: str, lang: Lang) -> str:
    """``page_html`` with the word of each tooltip in another language than the page's marked
    with its language (``<abbr title="gloss"><span lang="es">arrastrar</span></abbr>``), so
    that a screen reader says it as it is said (WCAG 3.1.2); the tooltip, in the page's
    language, stays unmarked.

    Args:
        page_html: a page's content, its tooltips made by the ``abbr`` extension.
        lang: the page's language.

    Returns:
        The content with the foreign words marked.
    """
    def marked(found: re.Match[str]) -> str:
        term = _spoken.get(html.unescape(found.group(1)))
        if term is None or term.lang == lang or not found.group(2).strip():
            return found.group(0)
        return (f'<abbr title="{found.group(1)}"><span lang="{term.lang}">{found.group(2)}'
                "</span></abbr>")

    return _ABBR.sub(marked, page_html)


def _sort_key(word: str) -> str:
    """Alphabetical order, ignoring accents, punctuation and a leading article."""
    plain = unicodedata.normalize("NFKD", word.strip("¡!"))
    plain = "".join(c for c in plain if not unicodedata.combining(c)).casefold()
    for article in ("el ", "la ", "los ", "las ", "le ", "il ", "l'"):
        if plain.startswith(article):
            return plain[len(article):]
    return plain


def _native(text: str, term_lang: str) -> str:
    """Words in the term's language: in italics, marked with their language, no tooltips."""
    escaped = "".join(f"\\{c}" if c in "\\`*_{}[]#" else c for c in text)
    return f'*{escaped}*{{ .{NO_TOOLTIP_CLASS} lang="{term_lang}" }}'


def render(lang: str, folder: Path | None = None) -> str:
    """The Markdown of every term, in ``lang``.

    Args:
        lang: the page language, ``"en"`` or ``"es"``.
        folder: the folder of the glossary page; a game is linked when ``games/<id>.md`` exists
            there. ``None``: no links.

    Returns:
        An index of all terms, then one ``##`` section per group and one ``###`` per term.
    """
    from cardrules.learn import glossary

    labels = _labels(lang)
    everything = sorted(glossary.terms(), key=lambda t: _sort_key(t.word))
    out = [
        f"## {labels['index']} {{#all-terms}}",
        "",
        " · ".join(f"[{_native(t.word, t.lang)}](#{t.id})" for t in everything),
        "",
    ]
    for group in glossary.groups():
        out += [f"## {group.title[lang]} {{#group-{group.id}}}", ""]
        for term in (t for t in glossary.terms() if t.group == group.id):
            out += _term_section(term, lang, folder, labels)
    return "\n".join(out)


def _labels(lang: Lang) -> dict[str, str]:
    """The words of the generated page that are not the terms' own, in ``lang``."""
    w = words(lang)
    return {
        "index": w._("All terms"),
        "regions": w.p_("glossary entry", "Used in"),
        "inflections": w.p_("glossary entry", "Inflections"),
        "forms": w.p_("glossary entry", "Forms"),
        "games": w.p_("glossary entry", "Games"),
        "see": w.p_("glossary entry", "See also"),
        "example": w.p_("glossary entry", "In cardrules"),
    }


def _game_link(game: str, lang: str, folder: Path | None) -> str:
    from cardrules.learn import glossary

    title = glossary.game_title(game, lang)
    if folder is not None and (folder / "games" / f"{game}.md").is_file():
        return f"[{title}](games/{game}.md){{ .{NO_TOOLTIP_CLASS} }}"
    return title


def _cards(term: Any, lang: str) -> list[str]:
    """The pictures of the cards a term names, in a row."""
    from cardrules.core.cards import parse_card
    from cardrules.core.packs import PACKS

    if not term.cards:
        return []
    pictures = []
    for style, code, pack in term.card_pictures():
        alt = PACKS[pack].card_name(parse_card(code), lang)
        pictures.append(
            f'![{alt}]({CARD_DIR}/{style}/{code}.svg){{ .cr-gloss__card width="56" '
            f'height="84" loading="lazy" title="{alt}" }}'
        )
    return [f'<p class="cr-gloss__cards" markdown="span">{" ".join(pictures)}</p>', ""]


def _term_section(term: Any, lang: str, folder: Path | None, labels: dict[str, str]) -> list[str]:
    from cardrules.learn import glossary

    language = glossary.TERM_LANGS[term.lang][lang]
    native = term.lang
    lines = [
        f"### {_native(term.headword, native)} {{#{term.id}}}",
        "",
        f"**{term.gloss[lang]}** · *{language}, {term.kind(lang)}* · {_pronunciation(term, lang)}"
        f" {listen_button(term.word, term.speech, lang)}",
        "",
        *_cards(term, lang),
        _quiet_italics(term.definition[lang], native),
        "",
    ]
    if term.usage is not None:
        lines += [_quiet_italics(term.usage[lang], native), ""]
    for sentence in term.sentences:
        quoted = sentence.es if sentence.es.startswith("«") else f"«{sentence.es}»"
        lines += [
            f"> {_native(quoted, 'es')}  ",
            "> " + words(lang)._("In English: {sentence}",
                                 sentence=_plain_text(sentence.en, "en")),
            "",
        ]
    lines.append(f"- **{labels['regions']}:** {term.places(lang)}")
    if term.inflections:
        listed = " · ".join(
            f"{_native(i.form, native)} ({i.label(lang, native)})" for i in term.inflections
        )
        lines.append(f"- **{labels['inflections']}:** {listed}")
    others = [f for f in term.other_forms() if f != term.headword]
    if others:
        lines.append(f"- **{labels['forms']}:** {_native(', '.join(others), native)}")
    games = ", ".join(_game_link(g, lang, folder) for g in term.games)
    lines.append(f"- **{labels['games']}:** {games}")
    if term.see:
        related = ", ".join(
            f"[{_native(glossary.get(i).word, glossary.get(i).lang)}](#{i})" for i in term.see
        )
        lines.append(f"- **{labels['see']}:** {related}")
    lines += ["", f'??? example "{labels["example"]}"', "", "    ```python"]
    lines += [f"    {line}" if line else "" for line in term.example.rstrip("\n").splitlines()]
    lines += ["    ```", ""]
    return lines


def _ipa(ipa: str) -> str:
    """An IPA transcription between slashes, never broken across lines."""
    return f'<span class="cr-gloss__ipa" style="white-space: nowrap">/{ipa}/</span>'


def _pronunciation(term: Any, lang: str) -> str:
    from cardrules.learn import glossary

    text = _ipa(term.ipa)
    if term.ipa_latam:
        text += f" ({glossary.REGIONS['latin-america'][lang]}: {_ipa(term.ipa_latam)})"
    if term.ipa_pr:
        text += (f" ({glossary.REGIONS['puerto-rico'][lang]}: "
                 f'<span class="cr-gloss__ipa" style="white-space: nowrap">[{term.ipa_pr}]</span>)')
    return text


def _quiet_italics(text: str, term_lang: str) -> str:
    """The words a definition sets in italics (``*el mano*``) are the words it talks about: on
    their own entry they get no tooltips, and they are marked with their language."""
    return re.sub(r"\*([^*\n]+)\*", lambda m: _native(m.group(1), term_lang), text)


def _escape(text: str) -> str:
    return "".join(f"\\{c}" if c in "\\`*_{}[]#" else c for c in text)


def _plain_text(text: str, lang: str) -> str:
    """A sentence in a page language: in italics, marked with its language, no tooltips."""
    return f'*{_escape(text)}*{{ .{NO_TOOLTIP_CLASS} lang="{lang}" }}'
