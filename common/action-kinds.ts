/**
 * ntfy's action button kinds (https://docs.ntfy.sh/publish/#action-buttons), listed once: the protocol's parser
 * keeps only these, the publish checks (window and CLI) accept only these, and the IPC types are derived from here.
 * `copy` is ntfy 2.13's.
 */
export const ACTION_KINDS = ['view', 'http', 'broadcast', 'copy'] as const;

export type ActionKind = (typeof ACTION_KINDS)[number];

export function isActionKind(value: unknown): value is ActionKind {
  return (ACTION_KINDS as readonly unknown[]).includes(value);
}
