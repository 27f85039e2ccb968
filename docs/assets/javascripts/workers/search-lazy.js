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
"use strict";

const SETUP = 0;
const READY = 1;
const QUERY = 2;
const RESULT = 3;

const material = new URL(self.location.href).searchParams.get("material") || "";
if (!/^search\.[0-9a-f]+\.min\.js$/.test(material)) {
  throw new Error("search-lazy.js: no theme search worker named in its address");
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
  const message = event.data;
  if (!message || (message.type !== SETUP && message.type !== QUERY)) return;
  event.stopImmediatePropagation();
  if (message.type === SETUP) {
    setup = message;
    post({ type: READY });
  } else if (ready) {
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
