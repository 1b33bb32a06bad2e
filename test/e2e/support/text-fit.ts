/**
 * What a pseudo-localized window shows wrong, measured in the page: text cut off by a box that clips it, and text a
 * person reads that did not come through the catalog. Kept as page source in a string because this test project
 * has no DOM types; it runs in Chromium as it is.
 *
 * Clipped: a visible text node whose glyph boxes (Range.getClientRects) reach outside an ancestor whose overflow is
 * `hidden` or `clip` in that axis (ellipsis needs `overflow: hidden`, so it is caught too). A scroll container
 * (`auto`, `scroll`) does not count: what is outside it is reached by scrolling, and so is what lies outside a clipping
 * box further out only because that scroll container is scrolled (the window's `.app` clips, its panes scroll). Nor
 * does a screen-reader-only box
 * (1 px): it hides its text from sight on purpose.
 * Untranslated: a visible text node with Latin letters that has no pseudo-localized part (⟦…⟧) and is not one of the
 * texts the test says are data (topic names, messages, URLs, times).
 */
export interface TextFitReport {
  readonly clipped: readonly string[];
  readonly untranslated: readonly string[];
}

export const measureTextFit = `(() => {
  const clipped = [];
  const untranslated = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const describe = (element) => element.tagName.toLowerCase() + (element.className ? '.' + String(element.className).split(' ').join('.') : '');
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = (node.textContent || '').trim();
    const element = node.parentElement;
    if (text === '' || element === null) continue;
    const style = getComputedStyle(element);
    if (style.visibility !== 'visible' || element.closest('[hidden]') !== null) continue;
    // The skip link waits outside the window until it is focused (styles.css .skip-link), on purpose.
    const skipLink = element.closest('.skip-link');
    if (skipLink !== null && document.activeElement !== skipLink) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
    if (rects.length === 0) continue;
    let scrollsX = false;
    let scrollsY = false;
    for (let box = element; box !== null && box !== document.documentElement; box = box.parentElement) {
      const boxStyle = getComputedStyle(box);
      const clipX = !scrollsX && (boxStyle.overflowX === 'hidden' || boxStyle.overflowX === 'clip');
      const clipY = !scrollsY && (boxStyle.overflowY === 'hidden' || boxStyle.overflowY === 'clip');
      scrollsX ||= boxStyle.overflowX === 'auto' || boxStyle.overflowX === 'scroll';
      scrollsY ||= boxStyle.overflowY === 'auto' || boxStyle.overflowY === 'scroll';
      if (!clipX && !clipY) continue;
      const edge = box.getBoundingClientRect();
      // A screen-reader-only box (.visually-hidden: 1 px, clipped) hides its text on purpose.
      if (edge.width <= 2 || edge.height <= 2) break;
      const out = rects.some((rect) =>
        (clipX && (rect.left < edge.left - 1 || rect.right > edge.right + 1)) ||
        (clipY && (rect.top < edge.top - 1 || rect.bottom > edge.bottom + 1)));
      if (out) {
        clipped.push(JSON.stringify(text) + ' in ' + describe(element) + ', cut by ' + describe(box));
        break;
      }
    }
    if (/[A-Za-z]{2,}/.test(text) && !/[\\u27E6\\u27E7]/.test(text)) untranslated.push(text);
  }
  return { clipped, untranslated };
})()`;
