/* cardrules rulebook: small progressive enhancements (the site works without them).
 *
 * Switching language keeps the reader's place: headings carry the same ids in both languages,
 * so the link to the other language gets the current #anchor just before it is followed. */
document.addEventListener("click", function (event) {
  var target = event.target;
  if (!(target instanceof Element)) return;
  var link = target.closest("a.md-select__link[hreflang]");
  if (link && location.hash && !link.hash) {
    link.hash = location.hash;
  }
}, true);

/* A region that scrolls (a wide table on a phone, a long record, a code block) can be scrolled
 * from the keyboard: it gets a tab stop (tabindex="0") while it scrolls and holds nothing that
 * takes focus itself, and loses it when it no longer scrolls (WCAG 2.1.1; axe's
 * scrollable-region-focusable). Checked at load, when the window is resized and when the page's
 * content changes (the widgets draw theirs late). */
(function () {
  var SCROLLERS = ".md-typeset__scrollwrap, .md-typeset pre, .md-typeset pre > code, " +
    ".md-typeset div[class*='cr-'], .md-typeset table[class*='cr-'], " +
    ".md-typeset [data-cr-scroll]";
  var FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]";
  function takesFocus(node) {
    var inside = node.querySelectorAll(FOCUSABLE);
    for (var i = 0; i < inside.length; i++) {
      var one = inside[i];
      if (one.disabled || one.getAttribute("tabindex") === "-1") continue;
      if (one.getClientRects().length) return true; // shown (a hidden button takes no focus)
    }
    return false;
  }
  function scrolls(node) {
    return node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1;
  }
  function check() {
    var nodes = document.querySelectorAll(SCROLLERS);
    for (var i = 0; i < nodes.length; i++) {
      var node = nodes[i];
      var given = node.getAttribute("data-cr-tabstop") === "1";
      var stop = node.hasAttribute("tabindex");
      if (stop && !given) continue; // the page's own tab stop
      var style = getComputedStyle(node);
      var overflow = style.overflowX + " " + style.overflowY;
      var needed = /auto|scroll/.test(overflow) && scrolls(node) && !takesFocus(node);
      // The theme's code script also takes a code block's tab stop away when it no longer
      // scrolls; given back here when it scrolls again (a phone's width, a tab shown).
      if (needed && !(given && stop)) {
        node.setAttribute("tabindex", "0");
        node.setAttribute("data-cr-tabstop", "1");
      } else if (!needed && given) {
        node.removeAttribute("tabindex");
        node.removeAttribute("data-cr-tabstop");
      }
    }
  }
  var queued = false;
  function later() {
    if (queued) return;
    queued = true;
    (window.requestIdleCallback || window.setTimeout)(function () {
      queued = false;
      check();
    }, { timeout: 500 });
  }
  function start() {
    check();
    window.addEventListener("resize", later);
    var content = document.querySelector(".md-content") || document.body;
    if ("MutationObserver" in window) {
      new MutationObserver(later).observe(content, {
        childList: true, subtree: true, attributes: true, attributeFilter: ["hidden", "open", "tabindex"],
      });
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start, { once: true });
  } else {
    start();
  }
})();
