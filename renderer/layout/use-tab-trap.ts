import { useCallback, type KeyboardEvent } from 'react';

/** What Tab stops on: the controls a panel may hold (disabled ones are skipped by the browser too). */
export const tabbableSelector =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), ' +
  'summary, [tabindex="0"]';

/** The Tab stops inside `container` that are shown now, in document order. */
function tabStops(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(tabbableSelector)].filter((element) => element.checkVisibility());
}

/**
 * A keydown handler for a pane shown over the page that keeps focus until it is closed, while `active`: Tab past
 * its last stop goes to its first, Shift+Tab before its first to its last. Focus on something in it that is no Tab
 * stop (its heading, its text) moves to the first stop, or the last with Shift.
 */
export function useTabTrap(active: boolean): (event: KeyboardEvent<HTMLElement>) => void {
  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (!active || event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
      const stops = tabStops(event.currentTarget);
      const index = stops.indexOf(document.activeElement as HTMLElement);
      const wrapsBack = event.shiftKey && index <= 0;
      const wrapsOn = !event.shiftKey && (index < 0 || index === stops.length - 1);
      if (!wrapsBack && !wrapsOn && stops.length > 0) return;
      event.preventDefault();
      (wrapsBack ? stops.at(-1) : stops[0])?.focus();
    },
    [active],
  );
}
