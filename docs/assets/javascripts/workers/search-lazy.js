// The theme's search worker, started when the reader first searches.
//
// The theme's own worker builds its index of every page's text as soon as a page opens, and the
// site has no instant navigation, so each page a reader opens would build it again (about a
// million characters: a noticeable share of a phone's work per page). This worker runs the
// theme's (the "material" parameter of its address names it, in the same folder) and holds
// back the page's setup message until the first query; it tells the page at once that search
// is ready, so the search box works as before, and answers the queries asked meanwhile once
// the index is built (an empty query finds nothing, without it). The messages are the theme's:
// 0 set up, 1 ready, 2 query, 3 result.
//
// Every query is bounded first (bounded()), since the search runs whatever it is given to its
// end: a fuzzy term's cost grows as its length to the power of its edit distance ("trick~100"
// from a link grew the tab by gigabytes and never answered), and each word and wildcard
// multiplies the work. So a query keeps its first MAX_WORDS words (split as the index splits
// text), a word its first MAX_WORD characters and MAX_WILDCARDS wildcards, and a fuzzy word the
// distance its length allows (fuzzyLimit); anything longer than MAX_QUERY characters is cut.
"use strict";

const SETUP = 0;
const READY = 1;
const QUERY = 2;
const RESULT = 3;

const material = new URL(self.location.href).searchParams.get("material") || "";
if (!/^search\.[0-9a-f]+\.min\.js$/.test(material)) {
  throw new Error("search-lazy.js: no theme search worker named in its address");
}

const MAX_QUERY = 100;   // characters of a query looked at
const MAX_WORDS = 8;     // words searched for
const MAX_WORD = 32;     // characters of a word
const MAX_WILDCARDS = 2; // "*" in a word
const SEPARATOR = "[\\s\\-]+"; // the theme's default, until the setup message names the index's

// The edit distance a fuzzy word may have, by its length: none for one or two letters (they
// would match nearly every word), one up to five, two beyond (as search engines' "auto").
function fuzzyLimit(letters) {
  return letters <= 2 ? 0 : letters <= 5 ? 1 : 2;
}

function boundedWord(word) {
  word = word.slice(0, MAX_WORD);
  let wildcards = 0;
  word = word.replace(/\*/g, (star) => (++wildcards <= MAX_WILDCARDS ? star : ""));
  const letters = word.replace(/[~^][0-9]*|[*+\-:"]/g, "").length;
  let fuzzy = 0;
  let boosts = 0;
  return word.replace(/~([0-9]*)/g, (_, digits) => {
    // One fuzzy distance a word ("a~b~c" would be a fuzzy word per letter).
    const asked = digits === "" ? 1 : Number(digits);
    const distance = ++fuzzy > 1 ? 0 : Math.min(asked, fuzzyLimit(letters));
    return distance > 0 ? `~${distance}` : "";
  }).replace(/\^[0-9]*/g, (boost) => (++boosts > 1 ? "" : boost));
}

// The query as the theme's worker may run it in little time and memory (see the top).
function bounded(query) {
  const separator = (setup && setup.data && setup.data.config && setup.data.config.separator)
    || SEPARATOR;
  let split;
  try {
    split = new RegExp(separator, "u");
  } catch {
    split = new RegExp(SEPARATOR, "u");
  }
  const words = [];
  for (const part of query.slice(0, MAX_QUERY).split(/\s+/u)) {
    for (const word of part.split(split)) {
      if (word && words.length < MAX_WORDS) words.push(boundedWord(word));
    }
  }
  return words.join(" ");
}

let setup = null;     // the page's setup message, until the first query
let building = false; // the theme's worker is building its index
let ready = false;    // ... and has built it
const waiting = [];   // queries asked while it builds
const forwarded = new WeakSet();

function forward(data) {
  const event = new MessageEvent("message", { data });
  forwarded.add(event);
  self.dispatchEvent(event);
}

const post = self.postMessage.bind(self);
self.postMessage = (message) => {
  if (message && message.type === READY && building) {
    // The page heard "ready" when it asked; now the index exists.
    building = false;
    ready = true;
    waiting.splice(0).forEach(forward);
    return;
  }
  post(message);
};

// Registered before the theme's worker is loaded: it sees each message first.
self.addEventListener("message", (event) => {
  if (forwarded.has(event)) return; // for the theme's worker
  let message = event.data;
  if (!message || (message.type !== SETUP && message.type !== QUERY)) return;
  event.stopImmediatePropagation();
  if (message.type === SETUP) {
    setup = message;
    post({ type: READY });
    return;
  }
  if (typeof message.data === "string") {
    message = { type: QUERY, data: bounded(message.data) };
  }
  if (ready) {
    forward(message);
  } else if (typeof message.data !== "string" || !message.data.trim()) {
    // The page asks with the empty box as it starts: nothing to find, as the theme answers.
    post({ type: RESULT, data: { items: [] } });
  } else {
    waiting.push(message);
    if (!building && setup !== null) {
      building = true;
      forward(setup);
    }
  }
});

importScripts(material);
