import type { HTMLAttributes, ReactNode } from 'react';
import './ui.css';

/**
 * What a badge says by its colour (the words say it too, WCAG 1.4.1): a message priority, a state (ok, warn,
 * error, idle) or nothing in particular.
 */
type BadgeTone = 'priority-1' | 'priority-2' | 'priority-3' | 'priority-4' | 'priority-5' | BadgeStatus | 'neutral';
export type BadgeStatus = 'ok' | 'warn' | 'error' | 'idle';

interface BadgeProps extends HTMLAttributes<HTMLElement> {
  readonly tone?: BadgeTone | undefined;
  /** `li` inside a list of badges (tags); a `span` otherwise. */
  readonly as?: 'span' | 'li' | undefined;
  readonly children: ReactNode;
}

/**
 * The one badge of the window (issue 25 §2): priority, paused/quiet/muted, connection state, server names and
 * unread counts share its height, radius, padding and never wrap (`.ui-badge`).
 */
export function Badge({ tone = 'neutral', as: Tag = 'span', className, children, ...rest }: BadgeProps) {
  return (
    <Tag className={className === undefined ? 'ui-badge' : `ui-badge ${className}`} data-tone={tone} {...rest}>
      {children}
    </Tag>
  );
}
