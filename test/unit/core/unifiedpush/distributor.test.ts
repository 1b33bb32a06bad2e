/**
 * The distributor's rules without a bus (core/unifiedpush): the bounds on what an app may register with, the bytes a
 * push message stands for and their bounds, the rate per app, and the registrations file. The D-Bus side and delivery
 * end to end are test/integration/os/unifiedpush-distributor.test.ts.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeliveredBatch } from '../../../../main/core/delivery/deliver.ts';
import type { NtfyMessage } from '../../../../main/core/protocol/types.ts';
import {
  type ConnectorPort,
  MAX_REGISTRATIONS,
  UnifiedPushDistributor,
} from '../../../../main/core/unifiedpush/distributor.ts';
import { MAX_PUSH_BYTES, pushBytesOf } from '../../../../main/core/unifiedpush/push-bytes.ts';
import { PUSH_RATE } from '../../../../main/core/unifiedpush/push-rate.ts';
import { checkRegisterRequest } from '../../../../main/core/unifiedpush/register-args.ts';
import { endpointOf, newPushTopic, type PushRegistration } from '../../../../main/core/unifiedpush/registration.ts';
import { createRegistrationsFile } from '../../../../main/core/unifiedpush/registrations-file.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { ManualClock } from '../../../support/manual-clock.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-up-unit-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Recorded {
  readonly member: string;
  readonly token: string;
  readonly detail?: string;
}

function recordingConnector(owners: Record<string, string> = {}): ConnectorPort & { calls: Recorded[] } {
  const calls: Recorded[] = [];
  return {
    calls,
    newEndpoint: (registration, endpoint) =>
      calls.push({ member: 'NewEndpoint', token: registration.token, detail: endpoint }),
    message: (registration, bytes) =>
      calls.push({ member: 'Message', token: registration.token, detail: bytes.toString('hex') }),
    unregistered: (registration, confirmation) =>
      calls.push({ member: 'Unregistered', token: registration.token, detail: String(confirmation) }),
    ownerOf: (service) => Promise.resolve(owners[service]),
  };
}

async function openDistributor(connector: ConnectorPort, clock = new ManualClock()): Promise<UnifiedPushDistributor> {
  let next = 0;
  return UnifiedPushDistributor.open({
    file: createRegistrationsFile(path.join(dir, 'registrations.json'), createRecordingLogger()),
    connector,
    defaultServer: () => 'https://ntfy.example.com/',
    clock,
    log: createRecordingLogger(),
    newTopic: () => `upTopic${String(next++).padStart(7, '0')}`,
  });
}

const request = (token: string, service = 'org.example.App') =>
  ({ service, token, description: '', version: 2 }) as const;

function batch(messages: readonly Partial<NtfyMessage>[]): DeliveredBatch {
  return {
    groupKey: 'g',
    server: 'https://ntfy.example.com',
    mode: 'live',
    changes: [],
    messages: messages.map((message, index) => ({
      id: `id${String(index)}`,
      time: 1,
      event: 'message',
      topic: 'upTopic0000000',
      message: '',
      ...message,
    })) as NtfyMessage[],
  };
}

describe('what an app may register with', () => {
  it('takes a well-known bus name, a token of 1 to 100 bytes and a description of at most 100 bytes', () => {
    expect(
      checkRegisterRequest({ service: 'org.kde.neochat', token: 'a'.repeat(100), description: undefined, version: 2 }),
    ).toEqual({
      service: 'org.kde.neochat',
      token: 'a'.repeat(100),
      description: '',
      version: 2,
    });
    const invalid = (input: Partial<{ service: unknown; token: unknown; description: unknown }>) =>
      'invalid' in
      checkRegisterRequest({ service: 'org.kde.neochat', token: 't', description: '', version: 2, ...input });
    expect(invalid({ token: '' })).toBe(true);
    expect(invalid({ token: 'ä'.repeat(51) })).toBe(true); // 102 bytes
    expect(invalid({ description: 'x'.repeat(101) })).toBe(true);
    expect(invalid({ service: ':1.42' })).toBe(true); // a unique name, not the app's
    expect(invalid({ service: 'neochat' })).toBe(true);
    expect(invalid({ service: 7 })).toBe(true);
  });
});

describe('push messages as bytes', () => {
  it('decodes base64 back to the published bytes and takes other text as its UTF-8 bytes', () => {
    expect(pushBytesOf({ message: '3q2+7w==', encoding: 'base64' })).toEqual(Buffer.from([0xde, 0xad, 0xbe, 0xef]));
    expect(pushBytesOf({ message: ' grüß\n' })).toEqual(Buffer.from(' grüß\n', 'utf8'));
  });

  it('refuses more than 4096 bytes', () => {
    expect(pushBytesOf({ message: 'x'.repeat(MAX_PUSH_BYTES) })).toHaveLength(MAX_PUSH_BYTES);
    expect(pushBytesOf({ message: 'x'.repeat(MAX_PUSH_BYTES + 1) })).toBeUndefined();
    const over = Buffer.alloc(MAX_PUSH_BYTES + 1).toString('base64');
    expect(pushBytesOf({ message: over, encoding: 'base64' })).toBeUndefined();
  });
});

describe('endpoints', () => {
  it('are up + 12 letters and digits from the random source, on the server, with ?up=1', () => {
    const picks = [0, 61, 26, 52, 1, 2, 3, 4, 5, 6, 7, 8];
    expect(newPushTopic(() => picks.shift() ?? 0)).toBe('upA9a0BCDEFGHI');
    expect(newPushTopic()).toMatch(/^up[A-Za-z0-9]{12}$/);
    expect(newPushTopic()).not.toBe(newPushTopic());
    expect(endpointOf({ server: 'https://ntfy.example.com', topic: 'upAbc' })).toBe(
      'https://ntfy.example.com/upAbc?up=1',
    );
  });
});

describe('the distributor', () => {
  it('registers on the normalized default server and tells the app its endpoint, again for the same token', async () => {
    const connector = recordingConnector();
    const distributor = await openDistributor(connector);
    expect(await distributor.register(request('t1'))).toEqual({ success: true });
    expect(await distributor.register(request('t1'))).toEqual({ success: true });
    const endpoint = 'https://ntfy.example.com/upTopic0000000?up=1';
    expect(connector.calls).toEqual([
      { member: 'NewEndpoint', token: 't1', detail: endpoint },
      { member: 'NewEndpoint', token: 't1', detail: endpoint },
    ]);
  });

  it('refuses a token another app holds, and a registration beyond the limit asks the user to act', async () => {
    const connector = recordingConnector();
    const distributor = await openDistributor(connector);
    await distributor.register(request('t1'));
    expect(await distributor.register(request('t1', 'org.example.Other'))).toEqual({
      success: false,
      reason: 'INTERNAL_ERROR',
    });
    for (let index = 1; index < MAX_REGISTRATIONS; index += 1)
      await distributor.register(request(`more${String(index)}`));
    expect(distributor.list()).toHaveLength(MAX_REGISTRATIONS);
    expect(await distributor.register(request('one too many'))).toEqual({ success: false, reason: 'ACTION_REQUIRED' });
  });

  it('lets only the current owner of the app name unregister; the window may always remove', async () => {
    const connector = recordingConnector({ 'org.example.App': ':1.7' });
    const distributor = await openDistributor(connector);
    await distributor.register(request('t1'));
    await distributor.register(request('t2'));
    expect(await distributor.unregister('t1', ':1.99')).toBe('refused');
    expect(await distributor.unregister('nope', ':1.7')).toBe('unknown');
    expect(await distributor.unregister('t1', ':1.7')).toBe('unregistered');
    expect(await distributor.remove('t2')).toBe(true);
    expect(distributor.list()).toEqual([]);
    expect(connector.calls.filter((call) => call.member === 'Unregistered')).toEqual([
      { member: 'Unregistered', token: 't1', detail: 'true' },
      { member: 'Unregistered', token: 't2', detail: 'false' },
    ]);
  });

  it('hands each message to the app of its topic only, counts them, and holds a flood to the rate', async () => {
    const connector = recordingConnector();
    const clock = new ManualClock();
    const distributor = await openDistributor(connector, clock);
    await distributor.register(request('t1'));
    connector.calls.length = 0;
    distributor.deliver(
      batch([
        { message: 'AQI=', encoding: 'base64' },
        { topic: 'upSomeoneElse0', message: 'x' },
      ]),
    );
    expect(connector.calls).toEqual([{ member: 'Message', token: 't1', detail: '0102' }]);
    distributor.deliver(batch(Array.from({ length: PUSH_RATE.burst + 10 }, () => ({ message: 'm' }))));
    expect(connector.calls).toHaveLength(PUSH_RATE.burst);
    clock.advance(2000);
    distributor.deliver(batch(Array.from({ length: 5 }, () => ({ message: 'm' }))));
    expect(connector.calls).toHaveLength(PUSH_RATE.burst + 2);
    await distributor.flush();
    expect(distributor.list()[0]).toMatchObject({ messages: PUSH_RATE.burst + 2, lastMessageAt: clock.now() });
  });

  it('keeps its registrations in an owner-only file that a restart reads back', async () => {
    const connector = recordingConnector();
    const distributor = await openDistributor(connector);
    await distributor.register(request('t1'));
    await distributor.flush();
    const file = path.join(dir, 'registrations.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const reopened = await openDistributor(recordingConnector());
    expect(reopened.list()).toEqual(distributor.list());
  });
});

describe('the registrations file', () => {
  it('leaves out entries that do not read as a registration and moves a file that is not JSON aside', async () => {
    const file = path.join(dir, 'registrations.json');
    const good: PushRegistration = {
      token: 't',
      service: 'org.example.App',
      description: '',
      version: 1,
      server: 'https://ntfy.example.com',
      topic: 'upAbCdEfGhIjKl',
      registeredAt: 1,
      messages: 0,
    };
    await writeFile(file, JSON.stringify({ version: 1, registrations: [good, { ...good, topic: '../x' }, 'junk'] }));
    const log = createRecordingLogger();
    expect(await createRegistrationsFile(file, log).read()).toEqual([good]);
    await writeFile(file, '{not json');
    expect(await createRegistrationsFile(file, log).read()).toEqual([]);
    expect(await readFile(`${file}.bad`, 'utf8')).toBe('{not json');
  });
});
