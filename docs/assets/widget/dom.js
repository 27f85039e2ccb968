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

export function button(text, title, onClick, extra) {
  const node = el("button", { type: "button", class: "cr-w-button" + (extra ? " " + extra : ""),
    title, text });
  node.addEventListener("click", onClick);
  return node;
}

/* A URL relative to the page (the settings' URLs are relative to it). */
export function url(relative) {
  return new URL(relative, document.baseURI).href;
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

export function cardImage(style, code, name, extra) {
  const src = page.config.cards + encodeURIComponent(style) + "/" + encodeURIComponent(code) + ".svg";
  return el("img", {
    class: "cr-card" + (extra ? " " + extra : ""),
    src,
    alt: code,
    title: name || code,
    "data-card": code,
    width: 120,
    height: 180,
    draggable: "false"
  });
}

export function cardBack(style) {
  return el("img", {
    class: "cr-card cr-card--back",
    src: page.config.cards + encodeURIComponent(style) + "/back.svg",
    alt: "",
    width: 120,
    height: 180,
    draggable: "false"
  });
}

/* A play label's term (its word, gloss and definition in the page's language), if known. */
export function labelInfo(term) {
  return (page.config.labels && page.config.labels[term]) || null;
}

/* A link to a play label's glossary entry, its definition as the title. */
export function labelLink(term) {
  const info = labelInfo(term);
  return el("a", {
    class: "cr-label",
    href: page.config.glossary + "#" + encodeURIComponent(term),
    "data-label": term,
    title: info ? info.gloss + ": " + info.definition : term,
    text: info ? info.word : term
  });
}
