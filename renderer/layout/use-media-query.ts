import { useCallback, useSyncExternalStore } from 'react';

/**
 * Below this width (in CSS px: 45rem is 720 px at the default font size) the window reflows for WCAG 1.4.10: the
 * Messages sidebar becomes a drawer and the message detail covers the list. Browser zoom shrinks the CSS width, so
 * a 1200 px window at 200 % zoom (600 CSS px) matches too. renderer/styles.css uses the same breakpoint in its
 * `@media (max-width: 45rem)` blocks; change both together.
 */
export const narrowLayoutQuery = '(max-width: 45rem)';

/** Whether the media query matches now; the component re-renders when that changes (resize, zoom). */
export function useMediaQuery(query: string): boolean {
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
