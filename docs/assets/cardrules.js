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
