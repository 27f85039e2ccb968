/* cardrules widget: the page's settings and the widget's words.
 *
 * No sentence is written here: the words come from the catalogue of words (cardrules.words),
 * in the page's language, in the page's settings (docs/hooks/widget.py puts
 * cardrules.web.chrome.chrome(lang) there as `words`). The widget asks for them by key:
 *
 *   t("step", { n: 3, total: 42 })   -> "Step 3 of 42" ("Paso 3 de 42" on a Spanish page)
 *   t("cards", { n: 1 })             -> "1 card" (a plural entry: the catalogue's form for n)
 *   join(["Ana", "Bea", "Ciro"])     -> "Ana, Bea and Ciro"
 *
 * Sentences about the deal (what happened, who took a trick, who won) come from Python, from
 * the narration (cardrules.account.narration.Narrator via cardrules.web). */

/* The page's settings, its language and its words: set once by main.js before anything is
 * built. */
export const page = { config: null, lang: "en", words: {} };

export function configure(config) {
  page.config = config;
  page.lang = config.lang || "en";
  page.words = config.words || {};
}

/* "{n} players" with n = 4 -> "4 players" (unknown fields are left as they are). */
export function format(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, key) =>
    Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole);
}

/* The form of a plural entry ({forms, index}: the form each count from 0 takes) for n. */
function pluralForm(entry, n) {
  const count = Math.floor(Math.abs(Number(n))) || 0;
  const i = count < entry.index.length ? count : 100 + (count % 100);
  return entry.forms[entry.index[i]];
}

/* The words `key` names, in the page's language, their fields filled in. */
export function t(key, fields) {
  const entry = page.words[key];
  if (entry === undefined) {
    console.warn("cardrules widget: no words for " + key);
    return key;
  }
  const text = typeof entry === "string" ? entry : pluralForm(entry, fields ? fields.n : 0);
  return fields ? format(text, fields) : text;
}

/* A list of names in words (as cardrules.words.Words.join says it). */
export function join(items) {
  if (items.length <= 2) return items.join(t("list.and"));
  return items.slice(0, -1).join(t("list.comma")) + t("list.and") + items[items.length - 1];
}
