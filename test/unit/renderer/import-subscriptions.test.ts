import { describe, expect, it } from 'vitest';
import type { BridgeApi, SubscriptionInput } from '../../../common/ipc.ts';
import { describeImport, importSubscriptions } from '../../../renderer/settings/import-subscriptions.ts';
import { parseSubscriptionsJson } from '../../../renderer/settings/subscription-files.ts';

/** A bridge that saves everything except raw, which it refuses as the core does (validation-failed on transport). */
function recordingBridge(): Pick<BridgeApi, 'saveSubscription'> & { readonly saved: SubscriptionInput[] } {
  const saved: SubscriptionInput[] = [];
  return {
    saved,
    saveSubscription: (input) => {
      if (input.transport === 'raw') {
        return Promise.resolve({
          ok: false,
          error: { code: 'validation-failed', message: 'raw refused', fields: { transport: 'raw is not offered' } },
        });
      }
      saved.push(input);
      return Promise.resolve({
        ok: true,
        value: {
          ...input,
          id: `id-${saved.length}`,
          transport: input.transport ?? 'json',
          filters: input.filters ?? {},
          muted: input.muted ?? false,
          minPriority: input.minPriority ?? 1,
          auth: 'none',
          hasCredentials: false,
        },
      });
    },
  };
}

describe('importSubscriptions', () => {
  it('counts an item the core answers already-subscribed as skipped, by the code whatever the words', async () => {
    const parsed = parseSubscriptionsJson(
      JSON.stringify({
        format: 'ntfy-tray-subscriptions',
        version: 1,
        subscriptions: [{ server: 'https://ntfy.sh', topic: 'taken' }],
      }),
    );
    if (!parsed.ok) throw new Error(parsed.error);
    const bridge: Pick<BridgeApi, 'saveSubscription'> = {
      saveSubscription: () =>
        Promise.resolve({
          ok: false,
          error: { code: 'already-subscribed', message: 'reworded', fields: { topic: 'exists (reworded)' } },
        }),
    };

    const report = await importSubscriptions(bridge, parsed.plan);

    expect(report).toMatchObject({ imported: 0, skipped: 1, failures: [] });
  });

  it('saves a raw subscription of an older export with the JSON stream, and the report says so', async () => {
    const parsed = parseSubscriptionsJson(
      JSON.stringify({
        format: 'ntfy-tray-subscriptions',
        version: 1,
        subscriptions: [
          { server: 'https://ntfy.sh', topic: 'builds', transport: 'raw' },
          { server: 'https://ntfy.sh', topic: 'deploys', transport: 'raw' },
          { server: 'https://ntfy.sh', topic: 'alerts', transport: 'ws' },
        ],
      }),
    );
    if (!parsed.ok) throw new Error(parsed.error);
    const bridge = recordingBridge();
    const report = await importSubscriptions(bridge, parsed.plan);

    expect(bridge.saved.map((input) => [input.topic, input.transport])).toEqual([
      ['builds', 'json'],
      ['deploys', 'json'],
      ['alerts', 'ws'],
    ]);
    expect(report).toMatchObject({ imported: 3, failures: [], rawAsJson: 2 });
    expect(describeImport(report)).toEqual([
      'Imported 3, skipped 0 (already subscribed), 0 failed.',
      '2 subscriptions use the JSON stream instead of raw text, which ntfy Tray no longer offers (the same ' +
        'messages, with titles, priorities and catch-up).',
    ]);
  });

  it('says nothing about raw when the file had none', async () => {
    const parsed = parseSubscriptionsJson(
      JSON.stringify({
        format: 'ntfy-tray-subscriptions',
        version: 1,
        subscriptions: [{ server: 'https://ntfy.sh', topic: 'alerts' }],
      }),
    );
    if (!parsed.ok) throw new Error(parsed.error);
    const report = await importSubscriptions(recordingBridge(), parsed.plan);
    expect(describeImport(report)).toEqual(['Imported 1, skipped 0 (already subscribed), 0 failed.']);
  });
});
