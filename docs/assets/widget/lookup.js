/* cardrules widget: the term lookup. A glossary term (any form, any case, accents optional),
 * its glosses and definition, and its example run live in Python (cardrules.web.lookup and
 * run_example). For learners, the word with its article, its pronunciation (IPA), where it is
 * used, its inflections, example sentences (Spanish and English) and the cards it names come
 * from the glossary's data file, glossary/terms.json (cardrules.learn.glossary.learner_data, written by
 * docs/hooks/glossary.py in the page's language), fetched once. The word can be heard: a listen
 * button (../speech.js, the device's own voices), shown where the device has a voice for it. */

import { listenButton } from "../speech.js";
import { button, el, picture } from "./dom.js";
import { Runtime } from "./runtime.js";
import { page, t } from "./text.js";

let listCount = 0;
let learnerData = null;

/* What the reader typed, as a sentence may quote it: control, format (direction) and separator
 * characters written as \u202e, as cardrules.core.errors.shown and `cardrules term` write them
 * (a U+202E typed first turned the whole sentence around). */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]/gu;
function quotable(text) {
  return String(text).replace(HIDDEN, (ch) => {
    const code = ch.codePointAt(0);
    return code < 0x100 ? "\\x" + code.toString(16).padStart(2, "0")
      : code < 0x10000 ? "\\u" + code.toString(16).padStart(4, "0")
        : "\\U" + code.toString(16).padStart(8, "0");
  });
}

/* The learner's data of every term, by id (a promise; an empty object if it cannot load). */
function learner() {
  if (!learnerData) {
    learnerData = fetch(page.config.glossary + "terms.json")
      .then((response) => (response.ok ? response.json() : {}))
      .catch(() => ({}));
  }
  return learnerData;
}

/* The learner's part of a term: article, IPA, kind, cards, sentences, places, inflections (its
 * usage note goes under the definition). */
function learnerBlock(entry) {
  const block = el("div", { class: "cr-lookup__learner" });
  block.append(el("p", { class: "cr-lookup__say" },
    el("span", { class: "cr-lookup__headword", lang: entry.lang || "es", text: entry.headword }),
    " ",
    el("span", { class: "cr-lookup__ipa", text: entry.ipa }),
    entry.speech && entry.speech.length
      ? listenButton(entry.word, entry.speech, t("listen", { word: entry.word })) : null,
    " ",
    el("span", { class: "cr-board__meta", text: "· " + entry.kind })));
  if (entry.cards && entry.cards.length) {
    const row = el("p", { class: "cr-lookup__cards",
      style: "display: flex; flex-wrap: wrap; gap: 0.3em" });
    entry.cards.forEach((card) => {
      row.append(picture(card.src, card.alt, { class: null, title: card.alt, width: "44",
        height: "66", loading: "lazy", style: "display: inline-block; margin: 0" }));
    });
    block.append(row);
  }
  (entry.sentences || []).forEach((sentence) => {
    block.append(el("blockquote", { class: "cr-lookup__sentence" },
      el("p", { lang: "es", text: "«" + sentence.es + "»" }),
      el("p", { lang: "en", class: "cr-board__small",
        text: t("lookup.translation", { sentence: sentence.en }) })));
  });
  if (entry.regions && entry.regions.length) {
    block.append(el("p", { class: "cr-board__small cr-lookup__regions",
      text: t("lookup.regions") + ": " + entry.regions.join(", ") }));
  }
  if (entry.inflections && entry.inflections.length) {
    block.append(el("p", { class: "cr-board__small cr-lookup__inflections",
      text: t("lookup.inflections") + ": " +
        entry.inflections.map((i) => i.form + " (" + i.label + ")")
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
    this.root = el("details", { class: "cr-lookup" });
    if (open) this.root.open = true;
    this.root.append(el("summary", { text: t("lookup.title") }));
    const listId = "cr-terms-" + (++listCount);
    const list = el("datalist", { id: listId });
    (page.config.terms || []).forEach((term) => { list.append(el("option", { value: term.word })); });
    this.input = el("input", { class: "cr-lookup__input", type: "search", list: listId,
      placeholder: t("lookup.placeholder"), "aria-label": t("lookup.title"), autocomplete: "off" });
    const go = button(t("lookup.button"), t("lookup.button"),
      () => { this.find(this.input.value); },
      "cr-lookup__go");
    this.input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        this.find(this.input.value);
      }
    });
    this.result = el("div", { class: "cr-lookup__result", "aria-live": "polite" });
    this.root.append(el("p", { class: "cr-board__small", text: t("lookup.hint") }),
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
    this.result.replaceChildren(el("p", { class: "cr-board__small", text: t("lookup.working") }));
    Runtime.call("lookup", [text, page.lang]).then((answer) => {
      this.show(answer);
    }, () => {
      this.result.replaceChildren(el("p", { class: "cr-lookup__error", text: t("failed") }));
    });
  }

  show(answer) {
    if (!answer.ok || !answer.found) {
      const missing = el("div", { class: "cr-lookup__missing" },
        el("p", { text: t("lookup.notFound", { query: quotable(answer.query || "") }) }));
      if (answer.suggestions && answer.suggestions.length) {
        missing.append(joinLinks(el("p", null, t("lookup.didYouMean") + " "),
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
      el("dt", { text: t("lookup.inEnglish") }), el("dd", { lang: "en", text: answer.gloss.en }),
      el("dt", { text: t("lookup.inSpanish") }), el("dd", { lang: "es", text: answer.gloss.es })));
    card.append(el("p", { class: "cr-lookup__definition", text: answer.definition }), usage);
    if (answer.games.length) {
      card.append(el("p", { class: "cr-board__small",
        text: t("lookup.games") + ": " + answer.games.join(", ") }));
    }
    if (answer.see.length) {
      card.append(joinLinks(el("p", { class: "cr-board__small" }, t("lookup.seeAlso") + " "),
        answer.see));
    }
    if (answer.others.length) {
      card.append(joinLinks(el("p", { class: "cr-board__small" }, t("lookup.also") + " "),
        answer.others));
    }
    const outcome = el("div", { class: "cr-lookup__outcome", "aria-live": "polite" });
    const run = button(t("lookup.run"), t("lookup.run"), () => {
      run.disabled = true;
      outcome.replaceChildren(el("p", { class: "cr-board__small", text: t("lookup.running") }));
      Runtime.call("run_example", [answer.id, page.lang]).then((result) => {
        run.disabled = false;
        if (result.ok && result.passed) {
          outcome.replaceChildren(el("p", { class: "cr-lookup__passed", "data-passed": "true",
            text: t("lookup.passed", { ms: result.ms }) }));
        } else {
          outcome.replaceChildren(el("p", { class: "cr-lookup__failed", "data-passed": "false",
            text: t("lookup.failed") }), el("pre", { text: result.error || "" }));
        }
        if (result.output) {
          outcome.append(el("pre", { class: "cr-lookup__output", text: result.output }));
        }
      }, () => {
        run.disabled = false;
        outcome.replaceChildren(el("p", { class: "cr-lookup__error", text: t("failed") }));
      });
    }, "cr-lookup__run");
    card.append(el("details", { class: "cr-lookup__example", open: true },
      el("summary", { text: t("lookup.example") }),
      el("pre", null, el("code", { class: "language-python", text: answer.example }))));
    card.append(el("div", { class: "cr-lookup__actions" }, run,
      el("a", { class: "cr-lookup__glossary",
        href: page.config.glossary + "#" + encodeURIComponent(answer.id),
          text: t("lookup.inGlossary") })));
    card.append(outcome);
    this.result.replaceChildren(card);
  }
}
