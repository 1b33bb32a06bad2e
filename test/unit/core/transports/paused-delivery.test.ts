import { describe, expect, it } from 'vitest';
import { PausedDelivery } from '../../../../main/core/transports/paused-delivery.ts';
import type { TransportEnd, TransportItem } from '../../../../main/core/transports/transport.ts';

function item(n: number): TransportItem {
  return { type: 'raw', body: String(n) };
}

function setup(): { delivery: PausedDelivery; seen: (string | TransportEnd)[] } {
  const seen: (string | TransportEnd)[] = [];
  const delivery = new PausedDelivery({
    onItem: (delivered) => seen.push(delivered.type === 'raw' ? delivered.body : delivered.type),
    onEnd: (end) => seen.push(end),
  });
  return { delivery, seen };
}

describe('PausedDelivery', () => {
  it('holds items and the end while paused, then delivers them in order', () => {
    const { delivery, seen } = setup();
    delivery.push(item(1));
    delivery.pause();
    delivery.push(item(2));
    delivery.push(item(3));
    delivery.end({ kind: 'ended' });
    expect(seen).toEqual(['1']);
    expect(delivery.resume()).toBe(true);
    expect(seen).toEqual(['1', '2', '3', { kind: 'ended' }]);
  });

  it('stops mid-way when a handler pauses again', () => {
    const seen: string[] = [];
    const delivery: PausedDelivery = new PausedDelivery({
      onItem: (delivered) => {
        if (delivered.type === 'raw') seen.push(delivered.body);
        delivery.pause();
      },
      onEnd: () => undefined,
    });
    delivery.pause();
    delivery.push(item(1));
    delivery.push(item(2));
    expect(delivery.resume()).toBe(false);
    expect(seen).toEqual(['1']);
    delivery.resume();
    expect(seen).toEqual(['1', '2']);
  });

  it('ends at once on close, dropping held items, and only once', () => {
    const { delivery, seen } = setup();
    delivery.pause();
    delivery.push(item(1));
    delivery.end({ kind: 'network', message: 'reset', trouble: { kind: 'network', failure: 'reset' } });
    delivery.end({ kind: 'closed' });
    delivery.resume();
    delivery.end({ kind: 'ended' });
    expect(seen).toEqual([{ kind: 'closed' }]);
  });
});
