/* cardrules rulebook: hear a word, with the browser's own speech synthesis.
 *
 * A listen button is a <button class="cr-listen"> that says one word in its language:
 *
 *   <button type="button" class="cr-listen" data-say="baza" data-say-lang="es-ES es-419"
 *           aria-label="Listen: baza" hidden></button>
 *
 * `data-say-lang` lists the language tags of the glossary entry (its language and the regions
 * where it is used: cardrules.learn.glossary.Term.speech), the likeliest voice first; "es-419" is
 * any Latin-American Spanish. The words (the accessible name) come from the catalogue: the
 * glossary hook (docs/hooks/glossary.py) writes them into the page, and the widget takes them
 * from its settings (cardrules.web.chrome, key "listen"); nothing is written here.
 *
 * Only voices on the device are used (`voice.localService === true`): nothing is fetched and
 * nothing leaves the browser. A button stays hidden while no such voice speaks its language
 * (the list of voices may arrive late: "voiceschanged"), and for good where the browser has no
 * speech synthesis. The glossary hook loads this module on the pages that have listen buttons;
 * on the widget's pages the widget imports it (lookup.js, practice.js) and adds buttons of its
 * own with listenButton(). */

const SVG = "http://www.w3.org/2000/svg";
/* A loudspeaker with sound waves, in a 16×16 box (decorative: the button's name says it). */
const SPEAKER = "M2 6h2.5L8 3v10L4.5 10H2z" +
  "M10 5.2a3.5 3.5 0 0 1 0 5.6l-.7-.8a2.4 2.4 0 0 0 0-4z" +
  "M11.6 3.3a6 6 0 0 1 0 9.4l-.7-.8a4.9 4.9 0 0 0 0-7.8z";
const STYLE = [
  ".cr-listen:not([hidden]) { display: inline-flex; align-items: center;",
  "  justify-content: center; box-sizing: border-box; min-width: 24px; min-height: 24px;",
  "  margin: 0 0.15em; padding: 3px; vertical-align: middle; border: 1px solid currentColor;",
  "  border-radius: 4px; background: transparent; color: inherit; font: inherit;",
  "  line-height: 1; cursor: pointer; }",
  ".cr-listen:hover { background: rgba(127, 127, 127, 0.18); }",
  ".cr-listen:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }",
  ".cr-listen[data-speaking] { background: rgba(127, 127, 127, 0.3); }",
  ".cr-listen svg { width: 16px; height: 16px; pointer-events: none; }"
].join("\n");

const synth = typeof window !== "undefined" && "speechSynthesis" in window &&
  typeof window.SpeechSynthesisUtterance === "function" ? window.speechSynthesis : null;

function norm(tag) {
  return String(tag || "").replace(/_/g, "-").toLowerCase();
}

/* The voices on the device (never a voice that sends the text to a server). */
function localVoices() {
  if (!synth) return [];
  let voices;
  try {
    voices = synth.getVoices() || [];
  } catch (error) {
    return [];
  }
  return Array.prototype.filter.call(voices, (voice) => voice && voice.localService === true);
}

/* Whether a voice speaks a tag: the same language and region; for a region "419" (Latin
 * America), the language in any region but Spain's. */
function speaks(voice, tag) {
  const have = norm(voice.lang).split("-");
  const want = norm(tag).split("-");
  if (have[0] !== want[0]) return false;
  if (want.length < 2) return true;
  if (want[1] === "419") return have.length > 1 && have[1] !== "es";
  return have[1] === want[1];
}

/* The voice for a list of tags (the first tag a voice speaks, else any voice of the first tag's
 * language) and the tag to say it with; null when no local voice speaks the language. */
export function voiceFor(tags) {
  const wanted = (Array.isArray(tags) ? tags : String(tags || "").split(/\s+/))
    .filter(Boolean);
  if (!wanted.length) return null;
  const voices = localVoices();
  for (const tag of wanted) {
    const found = voices.filter((voice) => speaks(voice, tag));
    if (found.length) return { voice: found.find((v) => v.default) || found[0], lang: tag };
  }
  const language = norm(wanted[0]).split("-")[0];
  const any = voices.find((voice) => speaks(voice, language));
  return any ? { voice: any, lang: wanted[0] } : null;
}

/* Say `text` in the voice of `tags`; false if there is none. */
export function say(text, tags, onEnd) {
  const chosen = voiceFor(tags);
  if (!chosen || !text) return false;
  const utterance = new window.SpeechSynthesisUtterance(String(text));
  utterance.lang = chosen.lang;
  utterance.voice = chosen.voice;
  utterance.rate = 0.9;
  if (onEnd) {
    utterance.onend = onEnd;
    utterance.onerror = onEnd;
  }
  synth.cancel();
  synth.speak(utterance);
  return true;
}

let styled = false;

function addStyle() {
  if (styled || typeof document === "undefined") return;
  styled = true;
  const style = document.createElement("style");
  style.setAttribute("data-cr", "listen");
  style.textContent = STYLE;
  document.head.append(style);
}

function speaker() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("width", "16");
  svg.setAttribute("height", "16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", SPEAKER);
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

/* Show the button if a local voice speaks its language, hide it if not. */
function update(node) {
  node.hidden = !voiceFor(node.getAttribute("data-say-lang"));
}

function wire(node) {
  if (node.hasAttribute("data-listen-ready")) return;
  node.setAttribute("data-listen-ready", "");
  node.type = "button";
  if (!node.querySelector("svg")) node.append(speaker());
  node.addEventListener("click", () => {
    const done = () => { node.removeAttribute("data-speaking"); };
    if (say(node.getAttribute("data-say"), node.getAttribute("data-say-lang"), done)) {
      node.setAttribute("data-speaking", "");
    }
  });
  update(node);
}

/* Wire every listen button in `root` (the page's own, written by the glossary hook). */
export function wireAll(root) {
  if (!synth) return;
  addStyle();
  (root || document).querySelectorAll("button.cr-listen[data-say]").forEach(wire);
}

/* A new listen button for `text` in the languages `tags`, named `label` (the page's words:
 * "Listen: baza"); hidden while no local voice speaks it. */
export function listenButton(text, tags, label) {
  const node = document.createElement("button");
  node.type = "button";
  node.className = "cr-listen";
  node.hidden = true;
  node.setAttribute("data-say", String(text));
  node.setAttribute("data-say-lang", (Array.isArray(tags) ? tags : [tags]).join(" "));
  node.setAttribute("aria-label", label);
  if (synth) {
    addStyle();
    wire(node);
  }
  return node;
}

if (synth) {
  // The list of voices may come after the page: show the buttons it makes speakable.
  synth.addEventListener("voiceschanged", () => {
    document.querySelectorAll("button.cr-listen[data-listen-ready]").forEach(update);
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => { wireAll(document); }, { once: true });
  } else {
    wireAll(document);
  }
}
