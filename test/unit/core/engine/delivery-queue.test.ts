import { describe, expect, it } from 'vitest';
import type { DeliverRequest } from '../../../../main/core/delivery/deliver.ts';
import type { BatchItem } from '../../../../main/core/engine/catch-up.ts';
import { DeliveryQueue, type QueueEntry } from '../../../../main/core/engine/delivery-queue.ts';
import { makeMessage } from '../../../support/messages.ts';

const TARGETS = [{ key: 'k', topic: 'alerts' }];

function item(id: string, bodyLength = 10): BatchItem {
  return { type: 'message', message: makeMessage({ id, message: 'x'.repeat(bodyLength) }) };
}

/** A queue whose deliveries wait until the test lets them through, recording what each one got. */
function gatedQueue(options: { failFirst?: boolean } = {}) {
  const delivered: DeliverRequest[] = [];
  const pressure: boolean[] = [];
  const errors: unknown[] = [];
  let open: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let calls = 0;
  const queue = new DeliveryQueue({
    groupKey: 'g',
    server: 'https://ntfy.example',
    deliver: async (request) => {
      calls++;
      await gate;
      if (options.failFirst === true && calls === 1) throw new Error('disk full');
      delivered.push(request);
      return { groupKey: 'g', server: request.server, mode: request.mode, messages: [], changes: [] };
    },
    onError: (error) => errors.push(error),
    onPressure: (tooFull) => pressure.push(tooFull),
  });
  return {
    queue,
    delivered,
    pressure,
    errors,
    release: () => {
      open();
      gate = Promise.resolve();
    },
  };
}

const ids = (request: DeliverRequest | undefined): string[] =>
  (request?.items ?? []).map((entry) => (entry.type === 'message' ? entry.message.id : entry.change.id));

describe('DeliveryQueue', () => {
  it('delivers what arrives during a delivery as one batch, in order, moving the resume point to its last id', async () => {
    const t = gatedQueue();
    t.queue.push({ mode: 'live', items: [item('AAAAAAAAAAA1')], advance: TARGETS });
    for (const id of ['AAAAAAAAAAA2', 'AAAAAAAAAAA3', 'AAAAAAAAAAA4'])
      t.queue.push({ mode: 'live', items: [item(id)], advance: TARGETS });
    t.release();
    await t.queue.drained();
    expect(t.delivered.map(ids)).toEqual([['AAAAAAAAAAA1'], ['AAAAAAAAAAA2', 'AAAAAAAAAAA3', 'AAAAAAAAAAA4']]);
    expect(t.delivered[1]?.resume).toMatchObject({ lastId: 'AAAAAAAAAAA4', targets: TARGETS });
  });

  it('never merges across modes, across store-only entries, or with a resume point written on its own', async () => {
    const t = gatedQueue();
    const entries: QueueEntry[] = [
      { mode: 'live', items: [item('AAAAAAAAAAA1')], advance: TARGETS },
      { mode: 'catch-up', items: [item('AAAAAAAAAAA2')], advance: TARGETS },
      { mode: 'catch-up', items: [item('AAAAAAAAAAA3')] },
      { mode: 'live', items: [], resume: { targets: TARGETS, lastTime: 5, onlyIfMissing: true } },
      { mode: 'live', items: [item('AAAAAAAAAAA4')], advance: TARGETS },
    ];
    for (const entry of entries) t.queue.push(entry);
    t.release();
    await t.queue.drained();
    expect(t.delivered.map(ids)).toEqual([['AAAAAAAAAAA1'], ['AAAAAAAAAAA2'], ['AAAAAAAAAAA3'], [], ['AAAAAAAAAAA4']]);
    expect(t.delivered[2]?.resume).toBeUndefined();
    expect(t.delivered[3]?.resume).toEqual({ targets: TARGETS, lastTime: 5, onlyIfMissing: true });
  });

  it('stops reading when the waiting messages are large, long before the count limit, and reads again when drained', async () => {
    const t = gatedQueue();
    // 4 KB bodies: a few hundred already make megabytes.
    for (let i = 0; i < 400; i++)
      t.queue.push({ mode: 'live', items: [item(`B${String(i).padStart(11, '0')}`, 4096)] });
    expect(t.pressure).toEqual([true]);
    t.release();
    await t.queue.drained();
    expect(t.pressure).toEqual([true, false]);
    // One batch stays small: about 1 MiB of estimated size, so well under 400 × 4 KB per delivery.
    expect(Math.max(...t.delivered.map((request) => request.items.length))).toBeLessThan(200);
    expect(t.delivered.flatMap(ids)).toHaveLength(400);
  });

  it('drops what waited behind a failed delivery (the reconnect fetches it again) and reads again', async () => {
    const t = gatedQueue({ failFirst: true });
    t.queue.push({ mode: 'live', items: [item('AAAAAAAAAAA1')], advance: TARGETS });
    for (let i = 0; i < 6000; i++) t.queue.push({ mode: 'live', items: [item(`C${String(i).padStart(11, '0')}`)] });
    expect(t.pressure).toEqual([true]);
    t.release();
    await t.queue.drained();
    expect(t.errors).toHaveLength(1);
    expect(t.delivered).toEqual([]);
    expect(t.pressure).toEqual([true, false]);
  });
});
