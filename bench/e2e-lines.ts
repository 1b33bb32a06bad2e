/**
 * Reads a reader process's stdout as it arrives: splits it into lines, stamps each with the time its chunk arrived,
 * and keeps the benchmark's messages (bodies from bench/e2e-ipc.ts `messageBody`). Both the CLI's `--json` lines
 * and the bare reader's lines are ntfy events as JSON; an SSE `data: ` prefix is tolerated. A body may end in padding
 * (` xxx…`, the stalled reader's big messages), which is checked and dropped.
 */

export interface Arrival {
  readonly id: string;
  readonly label: string;
  readonly seq: number;
  /** When the publisher published it (epoch ms, sub-millisecond). */
  readonly publishedAt: number;
  /** When its line reached the parent (epoch ms, sub-millisecond). */
  readonly at: number;
}

/**
 * Complete SSE text (whole frames) → one JSON line per event: `data: ` prefixes, `event:` lines and the blank lines
 * between frames go (docs/protocol.md#stream-formats: a message is `data: {json}\n\n`, other events have an `event:`
 * line first).
 */
export function sseToJsonLines(text: string): string {
  return text.replace(/^(?:data: |event: [^\n]*\n|\n)/gm, '');
}

interface Waiter {
  readonly label: string;
  readonly count: number;
  readonly resolve: () => void;
}

function parseArrival(line: string, at: number): Arrival | 'ignored' | 'unreadable' {
  const text = line.startsWith('data: ') ? line.slice('data: '.length) : line;
  if (text.trim() === '') return 'ignored';
  let event: unknown;
  try {
    event = JSON.parse(text);
  } catch {
    return 'unreadable'; // counted by the caller and reported with the results
  }
  if (typeof event !== 'object' || event === null) return 'unreadable';
  const { event: kind, id, message } = event as Record<string, unknown>;
  if (kind !== 'message') return 'ignored'; // open, keepalive
  if (typeof id !== 'string' || typeof message !== 'string') return 'unreadable';
  const [label, seq, publishedAt, padding, ...rest] = message.split(' ');
  if (label === undefined || rest.length > 0 || (padding !== undefined && !/^x+$/.test(padding))) return 'unreadable';
  const seqNumber = Number(seq);
  const published = Number(publishedAt);
  if (!Number.isInteger(seqNumber) || !Number.isFinite(published)) return 'unreadable';
  return { id, label, seq: seqNumber, publishedAt: published, at };
}

export class ArrivalLog {
  readonly arrivals: Arrival[] = [];
  /** Lines that were neither an event we ignore (open, keepalive, blank) nor a benchmark message. */
  unreadableLines = 0;
  #pending = '';
  readonly #seqsByLabel = new Map<string, Set<number>>();
  #waiters: Waiter[] = [];

  /** `at`: when this chunk arrived (epoch ms); every line completed by it gets that stamp. */
  feed(chunk: string, at: number): void {
    this.#pending += chunk;
    let start = 0;
    let newline = this.#pending.indexOf('\n', start);
    while (newline !== -1) {
      this.#take(this.#pending.slice(start, newline), at);
      start = newline + 1;
      newline = this.#pending.indexOf('\n', start);
    }
    this.#pending = this.#pending.slice(start);
    if (this.#waiters.length > 0) this.#wake();
  }

  /** How many different messages of this label arrived (a duplicate counts once). */
  distinct(label: string): number {
    return this.#seqsByLabel.get(label)?.size ?? 0;
  }

  /** Resolves once `count` different messages of `label` have arrived. */
  waitFor(label: string, count: number): Promise<void> {
    if (this.distinct(label) >= count) return Promise.resolve();
    return new Promise((resolve) => {
      this.#waiters.push({ label, count, resolve });
    });
  }

  #take(line: string, at: number): void {
    const arrival = parseArrival(line, at);
    if (arrival === 'ignored') return;
    if (arrival === 'unreadable') {
      this.unreadableLines++;
      return;
    }
    this.arrivals.push(arrival);
    let seqs = this.#seqsByLabel.get(arrival.label);
    if (seqs === undefined) {
      seqs = new Set();
      this.#seqsByLabel.set(arrival.label, seqs);
    }
    seqs.add(arrival.seq);
  }

  #wake(): void {
    const still: Waiter[] = [];
    for (const waiter of this.#waiters) {
      if (this.distinct(waiter.label) >= waiter.count) waiter.resolve();
      else still.push(waiter);
    }
    this.#waiters = still;
  }
}
