"""The rulebook's MkDocs hooks (docs/hooks): what they share (docs/hooks/_shared.py: the build's
language, finding fenced blocks, placing generated HTML) and the words they put in pages, which
come from the catalogue of words in the build's language."""

from __future__ import annotations

import doctest
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import markdown
import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from hook_support import HOOKS, load_hook
from mkdocs.exceptions import PluginError

import cardrules.words as words_module
from cardrules.words import languages

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def shared() -> ModuleType:
    return load_hook("_shared")


def page(src_uri: str = "games/demo.md", url: str = "games/demo/") -> Any:
    return SimpleNamespace(file=SimpleNamespace(src_uri=src_uri), url=url)


def config(lang: str) -> dict[str, Any]:
    return {"extra": {"lang": lang}, "theme": {"language": "en"},
            "config_file_path": str(ROOT / "mkdocs.yml"), "mdx_configs": {}}


def to_html(text: str) -> str:
    md = markdown.Markdown(extensions=["pymdownx.superfences", "pymdownx.tabbed"],
                           extension_configs={"pymdownx.tabbed": {"alternate_style": True}})
    html: str = md.convert(text)
    return html


# What the hooks share -------------------------------------------------------------------------


def test_the_shared_module_docstring_examples(shared: ModuleType) -> None:
    result = doctest.testmod(shared)
    assert result.attempted >= 5 and result.failed == 0


def test_plain_code_tokens_lose_their_markup_and_keep_their_text() -> None:
    hook = load_hook("plain_code")
    result = doctest.testmod(hook)
    assert result.attempted >= 2 and result.failed == 0
    page = ('<p><span class="n">x</span></p><div class="highlight"><pre><code>'
            '<span class="kn">from</span><span class="w"> </span><span class="nn">cardrules</span>'
            '<span class="w"> </span><span class="kn">import</span> <span class="n">replay</span>'
            '<span class="p">(</span><span class="s2">"a&lt;b"</span><span class="p">)</span>'
            '</code></pre></div>')
    out = hook.on_page_content(page, None, None, None)
    # The text a reader sees and hears is the same; the coloured tokens keep their spans.
    assert re.sub(r"<[^>]+>", "", out) == re.sub(r"<[^>]+>", "", page)
    assert out.count("<span") == 5 and '<span class="s2">"a&lt;b"</span>' in out
    assert out.startswith('<p><span class="n">x</span></p>')  # not code: kept


def test_every_hook_reads_the_language_one_way() -> None:
    """Only _shared.py reads extra.lang / theme.language; the hooks call build_language."""
    for path in sorted(HOOKS.glob("*.py")):
        if path.name == "_shared.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert 'get("lang")' not in text and 'get("language")' not in text, path.name
        assert "def find_blocks" not in text and "CARDRULES" not in text, path.name


@pytest.mark.parametrize(("settings", "lang"), [
    ({"extra": {"lang": "es"}, "theme": {"language": "en"}}, "es"),
    ({"extra": {}, "theme": {"language": "es"}}, "es"),
    ({"extra": None, "theme": {}}, "en"),
    ({}, "en"),
])
def test_build_language(shared: ModuleType, settings: dict[str, Any], lang: str) -> None:
    assert shared.build_language(settings) == lang


def test_a_language_without_a_catalogue_fails_the_build(shared: ModuleType) -> None:
    with pytest.raises(PluginError, match="'xx', a language without a catalogue"):
        shared.build_language({"extra": {"lang": "xx"}})


def test_find_blocks(shared: ModuleType) -> None:
    text = "\n".join([
        "# Page",                   # 0
        "```deal",                  # 1
        "examples/a.json",          # 2
        "```",                      # 3
        '=== "Tab"',                # 4
        "",                         # 5
        "    ~~~cards",             # 6
        "    cards: 1O",            # 7
        "    ~~~",                  # 8
        "````markdown",             # 9
        "```deal",                  # 10
        "```",                      # 11
        "````",                     # 12
        "```python",                # 13
        "x = 1",                    # 14
    ])
    blocks = shared.find_blocks(text)
    assert [(b.info, b.start, b.stop, b.indent) for b in blocks] == [
        ("deal", 1, 4, ""), ("cards", 6, 9, "    "), ("markdown", 9, 13, ""),
        ("python", 13, 16, ""),  # an unclosed fence runs to the end
    ]
    assert blocks[1].body == "cards: 1O" and blocks[2].body == "```deal\n```"
    assert [b.info for b in shared.find_blocks(text, {"deal", "cards"})] == ["deal", "cards"]


def test_placing_in_a_paragraph_a_tab_and_inline(shared: ModuleType) -> None:
    placer = shared.Placer("test", "a test picture")
    text = 'Intro\n\n```x\n```\n\n=== "Tab"\n\n    ```x\n    ```\n\nEnd\n'
    blocks = shared.find_blocks(text, {"x"})
    marked = placer.put(text, "p.md", [(b, f"<b>{n}</b>") for n, b in enumerate(blocks)])
    assert "```" not in marked
    html = placer.place(to_html(marked), "p.md")
    assert "CARDRULESTEST" not in html and "<p><b>" not in html
    assert html.index("<b>0</b>") < html.index("tabbed-block") < html.index("<b>1</b>")
    assert placer.place("<p>unchanged</p>", "p.md") == "<p>unchanged</p>"  # nothing pending


def test_a_token_lost_on_the_way_fails_the_build(shared: ModuleType) -> None:
    placer = shared.Placer("test", "a test picture")
    (block,) = shared.find_blocks("```x\n```", {"x"})
    placer.put("```x\n```", "p.md", [(block, "<b></b>")])
    with pytest.raises(PluginError, match=r"p\.md: a test picture could not be placed"):
        placer.place("<p>the token is gone</p>", "p.md")


def test_two_hooks_tokens_do_not_meet(shared: ModuleType) -> None:
    first, second = shared.Placer("one", "a"), shared.Placer("two", "b")
    (block,) = shared.find_blocks("```x\n```", {"x"})
    text = first.put("```x\n```", "p.md", [(block, "<i>1</i>")])
    (block,) = shared.find_blocks(text + "\n```y\n```", {"y"})
    text = second.put(text + "\n```y\n```", "p.md", [(block, "<i>2</i>")])
    html = second.place(first.place(to_html(text), "p.md"), "p.md")
    assert html == "<i>1</i>\n<i>2</i>"


# The hooks' words -----------------------------------------------------------------------------


def test_the_deals_hook_places_its_pictures_where_the_blocks_were() -> None:
    hook = load_hook("deals")
    text = ('Intro\n\n=== "Cards"\n\n    ```cards\n    cards: 1O 3O\n    ```\n\n'
            "````markdown\n```cards\n```\n````\n")
    marked = hook.on_page_markdown(text, page(), config("es"), None)
    html = hook.on_page_content(to_html(marked), page(), config("es"), None)
    tab = html[html.index("tabbed-block"):]
    assert "../../assets/cards/spanish/1O.svg" in tab and "as de oros" in tab
    assert "```cards</span>" in html  # the block shown as text stays text


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["Ana", "Trumps: swords", "34 cards in the stock", "to play", "dealer",
            "What Ana may do:"]),
    ("es", ["Ana", "Triunfo: espadas", "34 cartas en el mazo", "le toca", "da las cartas",
            "Lo que puede hacer Ana:"]),
])
def test_the_examples_hook_draws_in_the_build_language(lang: str, said: list[str]) -> None:
    hook = load_hook("examples")
    text = ("```python\nimport cardrules\ngame = cardrules.new_game('brisca', players=2, "
            "seed=3)\n```\n\n```draw\nshow: table\nlegal: true\n```\n")
    marked = hook.on_page_markdown(text, page(), config(lang), None)
    html = hook.on_page_content(to_html(marked), page(), config(lang), None)
    assert f'<figure class="cr-drawing cr-drawing--table" lang="{lang}">' in html
    for words in said:
        assert words in html, words


@pytest.mark.parametrize(("lang", "title"), [("en", "Permanent link"),
                                             ("es", "Enlace permanente")])
def test_the_permalink_title_is_in_the_build_language(lang: str, title: str) -> None:
    settings = config_object(config(lang))
    load_hook("examples").on_config(settings)
    assert settings["mdx_configs"]["toc"]["permalink_title"] == title


def config_object(settings: dict[str, Any]) -> Any:
    """A configuration read both ways, as MkDocs's: ``config["extra"]`` and
    ``config.mdx_configs``."""

    class Config(dict[str, Any]):
        def __getattr__(self, name: str) -> Any:
            return self[name]

    return Config(settings)


# A third language is a catalogue and nothing else ---------------------------------------------


@pytest.fixture
def third_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A test-only catalogue, "xx", for some of the hooks' words."""
    catalog = Catalog(locale="fr", domain="cardrules")
    catalog.add("Permanent link", "Lien permanent")
    catalog.add("All terms", "Tous les termes")
    # As many forms as Babel's French has (two, or three since CLDR 48's "many").
    catalog.add(("{n} card in the stock", "{n} cards in the stock"),
                ("{n} carte dans la pioche",)
                + ("{n} cartes dans la pioche",) * (catalog.num_plurals - 1))
    folder = tmp_path / "xx" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "cardrules.mo").open("wb") as file:
        write_mo(file, catalog)
    monkeypatch.setattr(words_module, "_EXTRA", [])
    words_module.words.cache_clear()
    words_module.add_catalogues(tmp_path)
    yield "xx"
    words_module.words.cache_clear()


def test_a_third_language_needs_only_its_catalogue(third_language: str) -> None:
    assert third_language in languages()
    shared = load_hook("_shared")
    assert shared.build_language({"extra": {"lang": third_language}}) == third_language
    settings = config_object(config(third_language))
    load_hook("examples").on_config(settings)
    assert settings["mdx_configs"]["toc"]["permalink_title"] == "Lien permanent"
    drawing = load_hook("examples").Drawing(third_language, "", {})
    assert drawing.w.n_("{n} card in the stock", "{n} cards in the stock", 34) == (
        "34 cartes dans la pioche")
    assert load_hook("glossary")._labels(third_language)["index"] == "Tous les termes"
