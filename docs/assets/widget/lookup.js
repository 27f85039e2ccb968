/* cardrules widget: the term lookup. A glossary term (any form, any case, accents optional),
 * its glosses and definition, and its example run live in Python (cardrules.web.board.lookup and
 * run_example). For learners, the word with its article, its pronunciation (IPA), where it is
 * used, its inflections, example sentences (Spanish and English) and the cards it names come
 * from the glossary's data file, glossary/terms.json (cardrules.learn.glossary.learner_data, written by
 * docs/hooks/glossary.py in the page's language), fetched once. */

import { button, el } from "./dom.js";
import { Runtime } from "./runtime.js";
import { format, page } from "./text.js";

let listCount = 0;
let learnerData = null;

/* The learner's data of every term, by id (a promise; an empty object if it cannot load). */
function learner() {
  if (!learnerData) {
    learnerData = fetch(page.config.glossary + "terms.json")
      .then((response) => (response.ok ? response.json() : {}))
      .catch(() => ({}));
  }
  return learnerData;
}

const WORDS = {
  en: { regions: "Used in: ", inflections: "Inflections: ", english: "" },
  es: { regions: "Dónde se usa: ", inflections: "Flexión: ", english: "En inglés: " }
};

/* The learner's part of a term: article, IPA, kind, cards, sentences, places, inflections (its
 * usage note goes under the definition). */
function learnerBlock(entry) {
  const words = WORDS[page.lang] || WORDS.en;
  const block = el("div", { class: "cr-lookup__learner" });
  block.append(el("p", { class: "cr-lookup__say" },
    el("span", { class: "cr-lookup__headword", lang: entry.lang || "es", text: entry.headword }),
    " ",
    el("span", { class: "cr-lookup__ipa", text: entry.ipa }),
    " ",
    el("span", { class: "cr-board__meta", text: "· " + entry.kind })));
  if (entry.cards && entry.cards.length) {
    const row = el("p", { class: "cr-lookup__cards",
      style: "display: flex; flex-wrap: wrap; gap: 0.3em" });
    entry.cards.forEach((card) => {
      row.append(el("img", { src: page.config.cards + card.src, alt: card.alt, title: card.alt,
        width: "44", height: "66", loading: "lazy", style: "display: inline-block; margin: 0" }));
    });
    block.append(row);
  }
  (entry.sentences || []).forEach((sentence) => {
    block.append(el("blockquote", { class: "cr-lookup__sentence" },
      el("p", { lang: "es", text: "«" + sentence.es + "»" }),
      el("p", { lang: "en", class: "cr-board__small", text: words.english + sentence.en })));
  });
  if (entry.regions && entry.regions.length) {
    block.append(el("p", { class: "cr-board__small cr-lookup__regions",
      text: words.regions + entry.regions.join(", ") }));
  }
  if (entry.inflections && entry.inflections.length) {
    block.append(el("p", { class: "cr-board__small cr-lookup__inflections",
      text: words.inflections + entry.inflections.map((i) => i.form + " (" + i.label + ")")
        .join(", ") }));
  }
  return block;
}

function termLink(term) {
  return el("a", { href: page.config.glossary + "#" + encodeURIComponent(term.id),
    "data-term": term.id, text: term.word });
}

function joinLinks(node, terms) {
  terms.forEach((term, i) => {
    if (i) node.append(", ");
    node.append(termLink(term));
  });
  return node;
}

export class Lookup {
  /* `open`: show it unfolded (the "Try it" page). */
  constructor(open) {
    const T = page.t;
    this.root = el("details", { class: "cr-lookup" });
    if (open) this.root.open = true;
    this.root.append(el("summary", { text: T.lookupTitle }));
    const listId = "cr-terms-" + (++listCount);
    const list = el("datalist", { id: listId });
    (page.config.terms || []).forEach((term) => { list.append(el("option", { value: term.word })); });
    this.input = el("input", { class: "cr-lookup__input", type: "search", list: listId,
      placeholder: T.lookupPlaceholder, "aria-label": T.lookupTitle, autocomplete: "off" });
    const go = button(T.lookupButton, T.lookupButton, () => { this.find(this.input.value); },
      "cr-lookup__go");
    this.input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        this.find(this.input.value);
      }
    });
    this.result = el("div", { class: "cr-lookup__result", "aria-live": "polite" });
    this.root.append(el("p", { class: "cr-board__small", text: T.lookupHint }),
      el("div", { class: "cr-lookup__row" }, this.input, go, list), this.result);
    this.root.addEventListener("click", (event) => {
      const link = event.target instanceof Element ? event.target.closest("a[data-term]") : null;
      if (!link || event.button !== 0 || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      this.open(link.getAttribute("data-term"));
    });
  }

  open(term) {
    this.root.open = true;
    this.input.value = term;
    this.find(term);
    this.root.scrollIntoView({ block: "nearest" });
  }

  find(text) {
    text = String(text || "").trim();
    if (!text) return;
    this.result.replaceChildren(el("p", { class: "cr-board__small", text: page.t.lookupWorking }));
    Runtime.call("lookup", [text, page.lang]).then((answer) => {
      this.show(answer);
    }, () => {
      this.result.replaceChildren(el("p", { class: "cr-lookup__error", text: page.t.failed }));
    });
  }

  show(answer) {
    const T = page.t;
    if (!answer.ok || !answer.found) {
      const missing = el("div", { class: "cr-lookup__missing" },
        el("p", { text: format(T.notFound, { query: answer.query || "" }) }));
      if (answer.suggestions && answer.suggestions.length) {
        missing.append(joinLinks(el("p", null, T.didYouMean + " "),
          answer.suggestions.map((word) => ({ id: word, word }))));
      }
      this.result.replaceChildren(missing);
      return;
    }
    const card = el("div", { class: "cr-lookup__term", "data-term": answer.id });
    card.append(el("p", { class: "cr-lookup__head" },
      el("dfn", { class: "cr-lookup__word", text: answer.word }),
      " ",
      el("span", { class: "cr-board__meta", text: "(" + answer.lang_name + ")" })));
    const place = el("div", { class: "cr-lookup__learner-slot" });
    card.append(place);
    const usage = el("div", { class: "cr-lookup__usage-slot" });
    learner().then((data) => {
      const entry = data && Object.prototype.hasOwnProperty.call(data, answer.id)
        ? data[answer.id] : null;
      if (!entry) return;
      place.replaceChildren(learnerBlock({ ...entry, lang: answer.lang }));
      if (entry.usage) {
        usage.replaceChildren(el("p", { class: "cr-lookup__usage", text: entry.usage }));
      }
    });
    card.append(el("dl", { class: "cr-lookup__glosses" },
      el("dt", { text: T.inEnglish }), el("dd", { lang: "en", text: answer.gloss.en }),
      el("dt", { text: T.inSpanish }), el("dd", { lang: "es", text: answer.gloss.es })));
    card.append(el("p", { class: "cr-lookup__definition", text: answer.definition }), usage);
    if (answer.games.length) {
      card.append(el("p", { class: "cr-board__small",
        text: format(T.games, { list: answer.games.join(", ") }) }));
    }
    if (answer.see.length) {
      card.append(joinLinks(el("p", { class: "cr-board__small" }, T.seeAlso + " "), answer.see));
    }
    if (answer.others.length) {
      card.append(joinLinks(el("p", { class: "cr-board__small" }, T.alsoMatches + " "),
        answer.others));
    }
    const outcome = el("div", { class: "cr-lookup__outcome", "aria-live": "polite" });
    const run = button(T.runExample, T.runExample, () => {
      run.disabled = true;
      outcome.replaceChildren(el("p", { class: "cr-board__small", text: T.running }));
      Runtime.call("run_example", [answer.id, page.lang]).then((result) => {
        run.disabled = false;
        if (result.ok && result.passed) {
          outcome.replaceChildren(el("p", { class: "cr-lookup__passed", "data-passed": "true",
            text: format(T.passed, { ms: result.ms }) }));
        } else {
          outcome.replaceChildren(el("p", { class: "cr-lookup__failed", "data-passed": "false",
            text: T.failedExample }), el("pre", { text: result.error || "" }));
        }
        if (result.output) {
          outcome.append(el("pre", { class: "cr-lookup__output", text: result.output }));
        }
      }, () => {
        run.disabled = false;
        outcome.replaceChildren(el("p", { class: "cr-lookup__error", text: T.failed }));
      });
    }, "cr-lookup__run");
    card.append(el("details", { class: "cr-lookup__example", open: true },
      el("summary", { text: T.example }),
      el("pre", null, el("code", { class: "language-python", text: answer.example }))));
    card.append(el("div", { class: "cr-lookup__actions" }, run,
      el("a", { class: "cr-lookup__glossary",
        href: page.config.glossary + "#" + encodeURIComponent(answer.id), text: T.inGlossary })));
    card.append(outcome);
    this.result.replaceChildren(card);
  }
}
