import { describe, expect, it } from 'vitest';
import type { Arrival } from '../../../bench/e2e-lines.ts';
import { deliveryOf, latencies, percentile, throughput } from '../../../bench/e2e-stats.ts';

function arrival(id: string, label: string, seq: number, publishedAt: number, at: number): Arrival {
  return { id, label, seq, publishedAt, at };
}

describe('e2e figures', () => {
  it('measures latency from the publish time to the first arrival of each message, ascending', () => {
    const arrivals = [
      arrival('a', 'latency', 0, 100, 103),
      arrival('b', 'latency', 1, 120, 121),
      arrival('a', 'latency', 0, 100, 150), // a duplicate later on must not count as a slow delivery
      arrival('c', 'burst', 0, 0, 999),
    ];
    expect(latencies(arrivals, 'latency')).toEqual([1, 3]);
  });

  it('measures throughput from the first publish to the last message line', () => {
    const arrivals = [
      arrival('a', 'burst', 0, 1000, 1200),
      arrival('b', 'burst', 1, 1001, 1500),
      arrival('c', 'burst', 2, 1002, 1300),
      arrival('b', 'burst', 1, 1001, 1900), // its duplicate does not extend the burst
    ];
    expect(throughput(arrivals, 'burst', 1000)).toBeCloseTo(3 / 0.5);
  });

  it('counts distinct ids and duplicate lines', () => {
    const arrivals = [arrival('a', 'x', 0, 0, 0), arrival('b', 'x', 1, 0, 0), arrival('a', 'x', 0, 0, 0)];
    expect(deliveryOf(arrivals)).toEqual({ lines: 3, distinctIds: 2, duplicates: 1 });
  });

  it('takes nearest-rank percentiles and NaN for no samples', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 0.5)).toBe(51);
    expect(percentile(sorted, 0.95)).toBe(96);
    expect(percentile([], 0.5)).toBeNaN();
  });
});
