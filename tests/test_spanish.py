"""The Spanish rulebook reads as Spanish: the theme's own strings in Spanish (no "Permanent link"),
one form of address (*tú*) in the menus, the widget and the messages, the same page names in the
menus and on the pages, the corrections of the Spanish text kept, and one name for the turned-up
card in the prose of the package pages.

The site tests read the build of ``scripts/build_site.sh`` (the session's ``site`` fixture, shared
with the browser tests; ``CARDRULES_SITE`` names a build to reuse).
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SPANISH_DOCS = ROOT / "docs" / "es"

USTED = re.compile(
    r"\b(usted|ustedes|pulse|escriba|elija|escoja|indique|añada|seleccione|selecciónelo|cópielo|"
    r"retroceda|vuelva a|juegue contra|siga con|pruebe|consulte|ejecute|escríbalo|"
    r"su navegador|le rogamos|se desplaza por)\b",
    re.IGNORECASE,
)
"""Forms that address the reader as *usted* (the site and the messages say *tú*). Third-person
forms that may be about a player (*su mano*, *puede*) are not listed."""

CORRECTED = (
    "reglamento que se puede jugar",  # reglamento ejecutable
    "para ver que pasa",  # y comprobar que funciona
    "con tipos en todo",  # con anotaciones de tipo
    "la baraja que hay",  # que haya
    "manos reales",  # manos completas (they are bot games)
    "Triunfo doble",  # Victoria doble
    "es jugar limpio",  # está permitido
    "del palo que se salió",  # del palo de salida
    "Al que le sale",  # Quien recibe
    "para que esa mano no haya",  # para que en esa mano no haya
    "un palo de triunfo que marca la carta vuelta",  # el triunfo lo marca una carta vuelta
    # issue 32, a native reader's list
    "es del propio",  # {who} ha llamado una carta suya
    "montar con un",  # montar con una carta de {suit} más alta
    "la tiene el",  # lo tiene (el {card})
    "1 tanto",  # 1 punto: tantos are card points
    "cambio de Puerto Rico",  # cambio puertorriqueño
    "de ganar ·",  # de probabilidades de ganar
    "Puestas boca abajo",  # Las que {name} ha dejado boca abajo
    "se ha llevado 0",  # no se ha llevado ninguna
    "lo del juego",  # el valor por defecto del juego
    "mano barata",  # a poco coste
    "salir hacia el palo",  # salir al palo
    "se queda la subasta",  # gana la subasta
    "queda en tablas",  # empate: tablas is a chess word
    "tablas, o gana",
    "te llevas el compañero",  # al compañero
    "de el",  # del
    "¿Quizá:",  # Quizá quisiste decir:
    "Acordad",  # tú, never vosotros
    "vuestra mesa",
    "siete de las diez cartas",  # five of the ten carry points
)
"""Spanish wordings replaced by better ones: none may come back."""

PACKAGE_PAGES = ("quickstart", "pack", "records", "cli", "engine", "try", "sources", "reference",
                 *sorted(f"reference/{p.stem}" for p in (SPANISH_DOCS / "reference").glob("*.md")
                         if p.stem != "index"))
"""The package's pages, by where they are built under ``es/`` (``reference`` is the API
reference's index; its other pages are ``reference/NAME``)."""


def source(name: str) -> Path:
    """The Markdown of the Spanish page built at ``es/NAME/``: ``NAME.md``, or ``NAME/index.md``
    for a section's index page."""
    page = SPANISH_DOCS / f"{name}.md"
    return page if page.is_file() else SPANISH_DOCS / name / "index.md"


class _Page(HTMLParser):
    """The parts of a built page these tests read: its navigation titles, its first heading,
    and the ``title`` of every heading anchor."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.nav: list[str] = []
        self.h1 = ""
        self.anchor_titles: list[str] = []
        self._in: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        classes = values.get("class", "").split()
        if tag == "a" and "headerlink" in classes:
            self.anchor_titles.append(values.get("title", ""))
        if tag == "span" and "md-ellipsis" in classes and self._in is None:
            self._in, self._text = "nav", []
        elif tag == "h1" and not self.h1 and self._in is None:
            self._in, self._text = "h1", []

    def handle_data(self, data: str) -> None:
        if self._in is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if (self._in, tag) in (("nav", "span"), ("h1", "h1")):
            text = " ".join("".join(self._text).split()).rstrip("¶").strip()
            if self._in == "nav":
                self.nav.append(text)
            else:
                self.h1 = text
            self._in = None


def read(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


@pytest.fixture(scope="module")
def spanish(site: Path) -> Path:
    return site / "es"


def test_no_english_theme_strings_on_the_spanish_site(spanish: Path) -> None:
    pages = sorted(spanish.rglob("*.html"))
    assert len(pages) > 15
    for path in pages:
        html = path.read_text(encoding="utf-8")
        assert "Permanent link" not in html, path
        assert '<html lang="es"' in html, path
        for english in ("Skip to content", "Back to top", "Copy to clipboard", "Table of contents",
                        "Switch to dark mode", "Switch to light mode", "Type to start searching"):
            assert english not in html, (path, english)
    home = (spanish / "index.html").read_text(encoding="utf-8")
    assert "Copiar al portapapeles" in home and 'placeholder="Búsqueda"' in home
    titles = read(spanish / "glossary" / "index.html").anchor_titles
    assert titles and set(titles) == {"Enlace permanente"}


def test_the_spanish_menus_say_tu(spanish: Path) -> None:
    nav = read(spanish / "index.html").nav
    assert {"Inicio", "Juegos", "Pruébalo", "Primeros pasos", "Glosario"} <= set(nav), nav
    for title in nav:
        assert not USTED.search(title), title
    assert "Variante del alcalde" in nav and not any("ariación" in t for t in nav)


def test_the_same_page_names_in_the_menu_and_on_the_page(spanish: Path) -> None:
    """Each menu entry is the page's own title (an article aside: "La línea de órdenes")."""
    checked = 0
    for name in (*PACKAGE_PAGES, "glossary", "games/alcalde-variation"):
        page = read(spanish / name / "index.html")
        in_menu = {" ".join(t.split()) for t in page.nav}
        title = re.sub(r"^(La|El|Los|Las) ", "", page.h1)
        assert title[:1].upper() + title[1:] in in_menu or page.h1 in in_menu, (name, page.h1)
        checked += 1
    assert checked == len(PACKAGE_PAGES) + 2


def test_no_usted_in_the_spanish_pages_of_the_package(spanish: Path) -> None:
    for name in (*PACKAGE_PAGES, "glossary"):
        text = source(name).read_text(encoding="utf-8")
        found = USTED.findall(text)
        assert not found, (name, found)


CATALOGUE = ROOT / "cardrules" / "words" / "locale" / "es" / "LC_MESSAGES" / "cardrules.po"


def _catalogue() -> dict[str, str]:
    """The Spanish catalogue of words: each English message id and its Spanish."""
    from babel.messages.pofile import read_po

    with CATALOGUE.open("rb") as file:
        catalog = read_po(file)
    said: dict[str, str] = {}
    for message in catalog:
        if message.id:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            said[str(ids[-1])] = " / ".join(str(s) for s in strings)
    return said


def test_the_messages_say_tu() -> None:
    catalogue = _catalogue()
    spanish = list(catalogue.values())
    assert len(spanish) > 300
    for text in spanish:
        assert not USTED.search(text), text
    # not tantos (card points): see the glossary
    assert catalogue["Game points: {points}."].startswith("Puntos de juego")


DEAL_AS_REPARTO = re.compile(
    r"\b(gana|ganas|ganan|ganar|fin|final|cada|primer) (del? |el )?reparto\b"
    r"|\brepartos\b|veces gana la partida", re.IGNORECASE)
"""The deal as a unit of play said *reparto* (the act of dealing keeps the word: «tras el
reparto», «el reparto de las cartas»), or a deal won said *la partida* (the match)."""


def test_the_deal_is_la_mano_and_a_hand_of_cards_is_sus_cartas() -> None:
    """One word per sense (issue 32; /work/notes/TERMS.md): the deal, a unit of play, is *la mano*
    (feminine); *el mano*, *ser mano* is who leads; a player's cards are *sus cartas*, never *su
    mano*; *reparto* is only the act of dealing; *la partida* is the match."""
    for english, spanish in _catalogue().items():
        assert not re.search(r"\b(su|sus|tu|tus|mi|mis) manos?\b", spanish, re.IGNORECASE), (
            english, spanish)
        assert not re.search(r"\b(un|este|ese|otro|primer|nuevo|del|al) mano\b", spanish), (
            english, spanish)  # the deal is feminine
        assert not DEAL_AS_REPARTO.search(spanish), (english, spanish)
    catalogue = _catalogue()
    assert catalogue["── End of the deal ──"] == "── Fin de la mano ──"
    assert catalogue["a claim needs an empty stock, the lead, and your side holding the top "
                     "trumps"].count("ser mano") == 1


def test_the_corrections_stay_made() -> None:
    sources = [*SPANISH_DOCS.rglob("*.md"), ROOT / "mkdocs.es.yml",
               CATALOGUE,
               ROOT / "cardrules" / "cli" / "text.py",
               ROOT / "docs" / "assets" / "widget" / "text.js",
               ROOT / "docs" / "assets" / "widget" / "play.js"]
    for path in sources:
        text = " ".join(path.read_text(encoding="utf-8").split())
        for wording in CORRECTED:
            found = re.search(rf"\b{re.escape(wording)}\b", text, re.IGNORECASE)
            assert not found, (path.name, wording)
    description = (ROOT / "mkdocs.es.yml").read_text(encoding="utf-8")
    assert "reglamento ejecutable" in description and "anotaciones de tipo" in description


def _prose(text: str) -> str:
    """A page's Markdown without its fenced blocks (code and program output)."""
    return re.sub(r"^(```|~~~).*?^\1\s*$", "", text, flags=re.MULTILINE | re.DOTALL)


def test_one_name_for_the_turned_up_card_in_the_prose() -> None:
    """The running text of the package pages says *carta vuelta*; the regional names are in the
    glossary, and the engine's narration says *la carta vuelta* too. *La muestra*
    the verb ("el widget la muestra") is not the card."""
    for name in PACKAGE_PAGES:
        prose = _prose(source(name).read_text(encoding="utf-8"))
        for other in ("de la muestra", "por la muestra", "la muestra es", "la muestra de",
                      "la pinta", "que pintan", "carta virada", "carta de la vida",
                      "triunfo vuelta"):
            assert other not in prose, (name, other)
    records = _prose((SPANISH_DOCS / "records.md").read_text(encoding="utf-8"))
    assert "la carta vuelta, bajo el mazo, es el as de oros" in records


def test_the_lookup_data_is_in_the_spanish_site(spanish: Path) -> None:
    data = json.loads((spanish / "glossary" / "terms.json").read_text(encoding="utf-8"))
    assert data["sota"]["headword"] == "la sota" and data["sota"]["kind"] == "sustantivo femenino"
    assert data["fallar"]["inflections"][2] == {"form": "fallé", "label": "pretérito, yo"}


# In the browser: the Spanish glossary and the term lookup, at phone width ---------------------


def test_the_glossary_and_the_lookup_show_ipa_and_a_sentence(browser: Any, base_url: str) -> None:
    from browser_support import READY, TIMEOUT

    page = browser.new_page(viewport={"width": 375, "height": 800})
    try:
        page.goto(base_url + "es/glossary/")
        entry = page.locator("#fallar ~ p").first
        assert "/faˈʝaɾ/" in entry.inner_text() and "verbo" in entry.inner_text()
        sentence = page.locator("blockquote:has-text('así que fallé con el dos de oros')")
        assert "I had no cups, so I trumped" in sentence.inner_text()
        assert page.locator("img[src$='assets/cards/spanish/10O.svg']").count() >= 1
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        page.goto(base_url + "es/try/")
        page.wait_for_selector(READY, timeout=TIMEOUT)
        lookup = page.locator(".cr-lookup").first
        lookup.locator(".cr-lookup__input").fill("sotas")
        lookup.locator(".cr-lookup__input").press("Enter")
        learner = lookup.locator(".cr-lookup__learner")
        learner.wait_for(timeout=TIMEOUT)
        assert lookup.locator(".cr-lookup__headword").inner_text() == "la sota"
        assert lookup.locator(".cr-lookup__ipa").inner_text() == "/ˈsota/"
        assert "«La sota vale dos puntos.»" in learner.inner_text()
        assert "En inglés: The jack is worth two points." in learner.inner_text()
        assert learner.locator("img").count() == 4
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
    finally:
        page.close()
