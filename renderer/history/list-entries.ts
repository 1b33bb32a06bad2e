import type { MessageDto, SearchHitDto, TextSegmentDto } from '../../common/ipc.ts';
import { messageKey } from './format.ts';

/** One row of the list: a message, with its search matches marked while searching. */
export interface ListEntry {
  readonly message: MessageDto;
  readonly titleSegments?: readonly TextSegmentDto[];
  readonly messageSegments?: readonly TextSegmentDto[];
}

/**
 * The rows the list shows: the search hits while searching (a separate answer, so what was read or deleted in this
 * window since is applied to them here), else the loaded history.
 */
export function listEntries(
  hits: readonly SearchHitDto[] | undefined,
  messages: readonly MessageDto[],
  readKeys: ReadonlySet<string>,
  deletedKeys: ReadonlySet<string>,
): readonly ListEntry[] {
  if (hits === undefined) return messages.map((message) => ({ message }));
  return hits
    .filter((hit) => !deletedKeys.has(messageKey(hit.message)))
    .map((hit) => ({
      message: readKeys.has(messageKey(hit.message)) ? { ...hit.message, read: true } : hit.message,
      titleSegments: hit.titleSegments,
      messageSegments: hit.messageSegments,
    }));
}
