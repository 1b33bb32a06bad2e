import { useEffect, useState } from 'react';
import type { BridgeApi, SearchHitDto, SearchQuery } from '../../common/ipc.ts';

/** Long enough to coalesce a burst of keystrokes, short enough that results follow typing (bench: < 100 ms). */
const searchDebounceMs = 40;
/** The most hits one search returns, the best first (the most the bridge allows). */
const searchLimit = 200;

interface SearchState {
  /** Undefined while there is no search text (the plain history shows instead). */
  readonly hits: readonly SearchHitDto[] | undefined;
  readonly error: string | undefined;
}

/**
 * While searching, how many messages match (`shown`: the hits left after deletions in this window) and whether the
 * search stopped at its limit, so more may match; undefined while there is no search.
 */
export function searchMatches(
  hits: readonly unknown[] | undefined,
  shown: number,
): { readonly count: number; readonly capped: boolean } | undefined {
  return hits === undefined ? undefined : { count: shown, capped: hits.length >= searchLimit };
}

/** Full-text search through the bridge, debounced so typing does not send a query per keystroke. */
export function useSearch(api: BridgeApi, text: string, filter: Omit<SearchQuery, 'text' | 'limit'>): SearchState {
  const [state, setState] = useState<SearchState>({ hits: undefined, error: undefined });
  const trimmed = text.trim();

  useEffect(() => {
    if (trimmed === '') {
      setState({ hits: undefined, error: undefined });
      return;
    }
    let active = true;
    const timer = setTimeout(() => {
      void api.searchMessages({ ...filter, text: trimmed, limit: searchLimit }).then((result) => {
        if (!active) return;
        setState(result.ok ? { hits: result.value, error: undefined } : { hits: [], error: result.error.message });
      });
    }, searchDebounceMs);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [api, trimmed, filter]);

  return state;
}
