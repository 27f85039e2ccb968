/* cardrules widget: building the page's elements.
 *
 * Every piece of data reaches the page as text (textContent, text nodes, setAttribute on plain
 * attributes): never as HTML. */

import { page } from "./text.js";

/* A DOM element; `text` is set with textContent, `class` as the class name, other attributes with
 * setAttribute (null, undefined and false leave them out; true sets them empty). Children may be
 * nodes or strings (strings become text nodes). */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  if (attrs) {
    for (const key of Object.keys(attrs)) {
      const value = attrs[key];
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") node.textContent = String(value);
      else if (key === "class") node.className = value;
      else node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child);
  }
  return node;
}

/* A button. `more`: what it does, if its words do not say it all: given to assistive
 * technology as its description (never as a title: a tooltip stays up after a tap on a touch
 * screen and covers the controls around it). */
export function button(text, more, onClick, extra) {
  const node = el("button", { type: "button", class: "cr-w-button" + (extra ? " " + extra : ""),
    text });
  if (more && more !== text) node.setAttribute("aria-description", more);
  node.addEventListener("click", onClick);
  return node;
}

const SVG = "http://www.w3.org/2000/svg";
/* The icons the widget ships, as SVG paths in a 16×16 box (no font needs to have them). */
const ICONS = {
  play: "M4 2.5v11l9-5.5z",
  pause: "M3.5 2.5h3v11h-3zM9.5 2.5h3v11h-3z"
};

/* An icon drawn inline (decorative: the button's words name it). */
export function icon(name) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "cr-icon cr-icon--" + name);
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("width", "16");
  svg.setAttribute("height", "16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", ICONS[name]);
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

/* Move focus among `items` (elements) from the one that has it, by an arrow key, Home or End
 * (`columns`: items per row, for Up and Down; 0: a single row, where Up and Down move by one).
 * Returns the element to focus, or null for another key. */
export function roving(items, current, key, columns) {
  const i = Math.max(0, items.indexOf(current));
  const last = items.length - 1;
  const step = columns || 1;
  let next = null;
  if (key === "ArrowRight") next = Math.min(last, i + 1);
  else if (key === "ArrowLeft") next = Math.max(0, i - 1);
  else if (key === "ArrowDown") next = Math.min(last, i + step);
  else if (key === "ArrowUp") next = Math.max(0, i - step);
  else if (key === "Home") next = 0;
  else if (key === "End") next = last;
  if (next === null || !items.length) return null;
  items.forEach((item, k) => { item.tabIndex = k === next ? 0 : -1; });
  return items[next];
}

/* A URL relative to the page (the settings' URLs are relative to it). */
export function url(relative) {
  return new URL(relative, document.baseURI).href;
}

/* The text of one of the site's deal records (`path`: "examples/brisca-2p.json"), fetched. */
export function recordText(path) {
  return fetch(url(page.config.records + path)).then((response) => {
    if (!response.ok) throw new Error(path + ": HTTP " + response.status);
    return response.text();
  });
}

/* Put exactly these nodes, in this order, in a container (nothing moves if nothing changed). */
export function place(container, nodes) {
  const children = container.children;
  if (children.length === nodes.length) {
    let same = true;
    for (let i = 0; i < nodes.length; i++) {
      if (children[i] !== nodes[i]) { same = false; break; }
    }
    if (same) return;
  }
  container.replaceChildren(...nodes);
}

/* A picture of the widget's cards (`src`: its path under the site's card pictures), described
 * by `alt` ("" for a decorative one); `attrs` add to or replace the usual ones. The one place
 * that makes a card's <img>. */
export function picture(src, alt, attrs) {
  return el("img", Object.assign({ class: "cr-card", src: page.config.cards + src, alt,
    width: 120, height: 180, draggable: "false" }, attrs || {}));
}

/* A card's picture, named in words ("three of cups"): its code stays in data-card. */
export function cardImage(style, code, name, extra) {
  return picture(encodeURIComponent(style) + "/" + encodeURIComponent(code) + ".svg",
    name || code, { class: "cr-card" + (extra ? " " + extra : ""), "data-card": code });
}

/* A card's back (decorative: the hand's label counts the cards). */
export function cardBack(style) {
  return picture(encodeURIComponent(style) + "/back.svg", "",
    { class: "cr-card cr-card--back" });
}

const styled = new Set();

/* One of the widget's stylesheets (`file`, beside the modules: docs/hooks/widget.py copies
 * it), once per page. */
export function loadStyle(file) {
  if (styled.has(file) || !page.config || !page.config.widget) return;
  styled.add(file);
  document.head.append(el("link", { rel: "stylesheet", href: url(page.config.widget + file) }));
}

/* Clicks on play labels inside `root` open the term in a lookup (`lookup()`: the Lookup to
 * open it in, or null) instead of following the link to the glossary. */
export function labelClicks(root, lookup) {
  root.addEventListener("click", (event) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const link = event.target instanceof Element
      ? event.target.closest("a.cr-label[data-label]") : null;
    const target = link ? lookup() : null;
    if (!target) return;
    event.preventDefault();
    target.open(link.getAttribute("data-label"));
  });
}

/* A play label's term (its word, gloss and definition in the page's language), if known. */
export function labelInfo(term) {
  return (page.config.labels && page.config.labels[term]) || null;
}

/* A link to a play label's glossary entry, its definition as the link's description for
 * assistive technology (not a title: no tooltip in the widget, see button()). */
export function labelLink(term) {
  const info = labelInfo(term);
  const word = info ? info.word : term;
  // A word of another language than the page's is marked with its own, so that a screen
  // reader says it as it is said (<i>, HTML's element for a foreign word).
  const foreign = info && info.lang && info.lang !== page.config.lang;
  return el("a", {
    class: "cr-label",
    href: page.config.glossary + "#" + encodeURIComponent(term),
    "data-label": term,
    "aria-description": info ? info.gloss + ": " + info.definition : null
  }, foreign ? el("i", { lang: info.lang, text: word }) : word);
}
