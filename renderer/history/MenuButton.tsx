import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { Button } from '../ui/Button.tsx';

export interface MenuItem {
  readonly label: string;
  readonly onSelect: () => void;
}

interface MenuButtonProps {
  /** The button's text, and the menu's accessible name. */
  readonly label: string;
  readonly items: readonly MenuItem[];
  /** The button, so a confirmation opened from the menu can give focus back to it when it closes. */
  readonly ref?: Ref<HTMLButtonElement>;
}

/** Which item gets focus when the menu opens: ArrowUp on the button opens it at the last one. */
type Open = 'first' | 'last' | undefined;

/** The item a key moves to from item `at` of `count` (arrows wrap); undefined for other keys. */
function itemAfterKey(key: string, at: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowDown':
      return at >= count - 1 ? 0 : at + 1;
    case 'ArrowUp':
      return at <= 0 ? count - 1 : at - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/**
 * A menu button as the WAI-ARIA pattern has it (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/): Enter,
 * Space or ArrowDown opens the menu on its first item, ArrowUp on its last; arrows (wrapping), Home and End move
 * between items; Escape closes it and focus goes back to the button; Tab or a click elsewhere closes it.
 */
export function MenuButton({ label, items, ref }: MenuButtonProps) {
  const [open, setOpen] = useState<Open>(undefined);
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement | null>(null);
  const menuId = useId();

  useEffect(() => {
    if (open === undefined) return;
    const entries = menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [];
    (open === 'first' ? entries[0] : entries[entries.length - 1])?.focus();
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(undefined);
    if (returnFocus) button.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.findIndex((entry) => entry === document.activeElement);
    const target = itemAfterKey(event.key, at, entries.length);
    if (target !== undefined) {
      event.preventDefault();
      entries[target]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      // Handled here: an Escape that reached the page could also close whatever the menu sits in.
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      // Focus moves on from the button's place in the tab order, as the pattern says.
      close(false);
    }
  };

  return (
    <div
      className="menu-button"
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) {
          setOpen(undefined);
        }
      }}
    >
      <Button
        ref={(element) => {
          button.current = element;
          if (typeof ref === 'function') ref(element);
          else if (ref !== undefined && ref !== null) ref.current = element;
        }}
        aria-haspopup="menu"
        aria-expanded={open !== undefined}
        aria-controls={open === undefined ? undefined : menuId}
        onClick={() => {
          if (open === undefined) setOpen('first');
          else close(true);
        }}
        onKeyDown={onButtonKeyDown}
      >
        {label}
      </Button>
      {open === undefined ? null : (
        <div ref={menu} id={menuId} role="menu" aria-label={label} className="menu" onKeyDown={onMenuKeyDown}>
          {items.map((item) => (
            <Button
              key={item.label}
              variant="quiet"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                setOpen(undefined);
                item.onSelect();
              }}
            >
              {item.label}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
