/* cardrules rulebook: the service worker of one language's build (docs/hooks/table.py writes it
 * at the top of that build, with its settings below: the build's version, its language, the
 * files it keeps from the start and the Python runtime's files).
 *
 * One cache per build, "cardrules-<lang>-<version>": filled whole at install (every page of the
 * language, the theme's files, the card pictures), the runtime added when a page with the
 * widget asks for it (table.js sends "keep" with the wheel's and the snapshot's addresses).
 * A new build's worker waits until the reader agrees to reload (table.js sends "skip", the
 * worker answers once it takes over); once
 * active it deletes every older cache of its language, whole. Answers come from the cache first,
 * so a page and the runtime always come from the same build; what the cache lacks comes from
 * the network (same origin only) and is kept. Requests to another origin are not touched. */

const SETTINGS = /*SETTINGS*/{};
const PREFIX = `cardrules-${SETTINGS.lang}-`;
const CACHE = PREFIX + SETTINGS.version;
const scope = self.registration.scope;
const address = (path) => new URL(path, scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // From the server, not the HTTP cache: the files of this very build.
    await cache.addAll(SETTINGS.kept.map((path) => new Request(address(path),
      { cache: "reload" })));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE)
      .map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

async function keep(urls) {
  const cache = await caches.open(CACHE);
  const origin = self.location.origin;
  await Promise.all(urls.map(async (url) => {
    const request = new Request(new URL(url, scope).href);
    if (new URL(request.url).origin !== origin || await cache.match(request)) return;
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response);
  }));
}

async function status() {
  const cache = await caches.open(CACHE);
  const runtime = await Promise.all(SETTINGS.runtime.map((path) => cache.match(address(path))));
  return { version: SETTINGS.version, runtime: runtime.every(Boolean) };
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  const reply = (answer) => { if (event.ports[0]) event.ports[0].postMessage(answer); };
  if (data.type === "skip") {
    // The answer tells the page that this worker now takes over: it may reload at once (its
    // navigation then waits for this worker to be active).
    event.waitUntil(self.skipWaiting().then(() => reply({ skipped: true })));
  } else if (data.type === "keep" && Array.isArray(data.urls)) {
    event.waitUntil(keep([...SETTINGS.runtime, ...data.urls]).then(status).then(reply,
      (error) => reply({ error: String(error) })));
  } else if (data.type === "status") {
    event.waitUntil(status().then(reply));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const navigation = request.mode === "navigate";
    const found = await cache.match(request, { ignoreSearch: navigation });
    if (found) return found;
    const response = await fetch(request);
    // Kept for next time (whole answers only: not a range, not an error).
    if (response.ok && response.status === 200) {
      event.waitUntil(cache.put(request, response.clone()).catch(() => {}));
    }
    return response;
  })());
});
