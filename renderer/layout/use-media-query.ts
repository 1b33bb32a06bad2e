import { useCallback, useSyncExternalStore } from 'react';

/**
 * Below this width (in CSS px: 45rem is 720 px at the default font size) the window reflows for WCAG 1.4.10: the
 * Messages sidebar becomes a drawer and the message detail covers the list. Browser zoom shrinks the CSS width, so
 * a 1200 px window at 200 % zoom (600 CSS px) matches too. renderer/styles.css uses the same breakpoint in its
 * `@media (max-width: 45rem)` blocks; change both together.
 */
const narrowLayoutQuery = '(max-width: 45rem)';

/**
 * Below this height (32rem is 512 CSS px: a 1200x800 window at 200 % zoom is 400 CSS px high, and so is a small
 * 600x400 window) the chrome compacts so that at least five messages stay in view: one bar for the header, the
 * topic's rare actions in its menu, server banners folded to one line, rows of two lines. renderer/styles.css has
 * the same query in its `@media (max-height: 32rem)` block; change both together.
 */
const shortLayoutQuery = '(max-height: 32rem)';

/** Whether the media query matches now; the component re-renders when that changes (resize, zoom). */
function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => {
        list.removeEventListener('change', onChange);
      };
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** True while the window is narrow enough for the drawer layout (see narrowLayoutQuery). */
export function useNarrowLayout(): boolean {
  return useMediaQuery(narrowLayoutQuery);
}

/** True while the window is short enough for the compact chrome (see shortLayoutQuery). */
export function useShortLayout(): boolean {
  return useMediaQuery(shortLayoutQuery);
}
