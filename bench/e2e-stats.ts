/** Figures of the end-to-end benchmark, computed from the stamped arrivals of bench/e2e-lines.ts. */
import type { Arrival } from './e2e-lines.ts';

/** Nearest-rank percentile of an ascending list; NaN for an empty one. */
export function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

/** The first arrival of each message of a label (a duplicate arriving later does not move its time). */
function firstArrivals(arrivals: readonly Arrival[], label: string): Map<number, Arrival> {
  const first = new Map<number, Arrival>();
  for (const arrival of arrivals) {
    if (arrival.label !== label) continue;
    const seen = first.get(arrival.seq);
    if (seen === undefined || arrival.at < seen.at) first.set(arrival.seq, arrival);
  }
  return first;
}

/** Publish → line latencies of a label in milliseconds, ascending. */
export function latencies(arrivals: readonly Arrival[], label: string): number[] {
  return [...firstArrivals(arrivals, label).values()].map((a) => a.at - a.publishedAt).sort((a, b) => a - b);
}

/**
 * Messages per second from the first publish (epoch ms) to the last message's line. Messages that never arrived
 * are not counted, so an incomplete delivery shows as a lower rate and, separately, in `deliveryOf`.
 */
export function throughput(arrivals: readonly Arrival[], label: string, firstPublishAt: number): number {
  const first = firstArrivals(arrivals, label);
  let last = Number.NaN;
  for (const arrival of first.values()) if (!(arrival.at <= last)) last = arrival.at;
  return first.size / ((last - firstPublishAt) / 1000);
}

export interface Delivery {
  /** Message lines printed. */
  readonly lines: number;
  /** Different message ids among them. */
  readonly distinctIds: number;
  /** Lines that repeated an id already printed. */
  readonly duplicates: number;
}

export function deliveryOf(arrivals: readonly Arrival[]): Delivery {
  const ids = new Set(arrivals.map((arrival) => arrival.id));
  return { lines: arrivals.length, distinctIds: ids.size, duplicates: arrivals.length - ids.size };
}
