import { useEffect, useRef, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '../ui/Button.tsx';
import { tabbableSelector } from './use-tab-trap.ts';

interface DrawerProps {
  /** The panel's id (the button's aria-controls); unique in the page. */
  readonly id: string;
  /** What the button shows, which is also its accessible name. */
  readonly label: ReactNode;
  readonly open: boolean;
  /** Asked to close on Escape, a click outside, or focus moving elsewhere; to toggle on the button. */
  readonly onOpenChange: (open: boolean) => void;
  /** Where focus goes when the panel opens: the first element matching this selector, else the first control. */
  readonly initialFocus?: string;
  readonly children: ReactNode;
}

/**
 * A button that shows and hides a panel over the page (the disclosure pattern: aria-expanded, aria-controls; not
 * modal). Focus moves into the panel when it opens and back to the button when it closes, unless the reader has
 * already put it somewhere else (clicked a field outside, tabbed past the panel).
 */
export function Drawer({ id, label, open, onOpenChange, initialFocus, children }: DrawerProps) {
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    const panelElement = panel.current;
    if (open) {
      wasOpen.current = true;
      const preferred =
        initialFocus === undefined ? null : (panelElement?.querySelector<HTMLElement>(initialFocus) ?? null);
      (preferred ?? panelElement?.querySelector<HTMLElement>(tabbableSelector))?.focus();
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    // Hiding the panel drops its focused element to <body> (Chromium's focus fixup), possibly before this runs.
    const active = document.activeElement;
    if (active === null || active === document.body || panelElement?.contains(active) === true) button.current?.focus();
  }, [open, initialFocus]);

  useEffect(() => {
    if (!open) return undefined;
    const onClick = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (panel.current?.contains(target) === true || button.current?.contains(target) === true) return;
      onOpenChange(false);
    };
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
    };
  }, [open, onOpenChange]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    onOpenChange(false);
  };

  // Focus tabbed out of the panel (not to its own button): the panel would only hide what focus is on now.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next === null || panel.current?.contains(next) === true || next === button.current) return;
    onOpenChange(false);
  };

  return (
    <>
      <Button
        ref={button}
        className="drawer-toggle"
        aria-expanded={open}
        aria-controls={id}
        onKeyDown={onKeyDown}
        onClick={() => {
          onOpenChange(!open);
        }}
      >
        {label}
      </Button>
      <div ref={panel} id={id} className="drawer-panel" hidden={!open} onKeyDown={onKeyDown} onBlur={onBlur}>
        {children}
      </div>
    </>
  );
}
