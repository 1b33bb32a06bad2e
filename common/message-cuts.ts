/**
 * The fields of a message that may be cut or left out when it is stored (main/core/store/history/stored-bounds.ts),
 * by their names on the wire; the window's message detail says which ones were.
 */
export const CUT_FIELDS = [
  'title',
  'message',
  'tags',
  'click',
  'icon',
  'attachment',
  'actions',
  'content_type',
  'encoding',
] as const;

export type CutField = (typeof CUT_FIELDS)[number];

export function isCutField(value: unknown): value is CutField {
  return CUT_FIELDS.some((field) => field === value);
}
