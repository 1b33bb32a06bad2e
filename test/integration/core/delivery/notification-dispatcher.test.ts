import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { downloadImage } from '../../../../main/core/delivery/attachment-cache.ts';
import type { DeliveredBatch } from '../../../../main/core/delivery/deliver.ts';
import { runHttpAction } from '../../../../main/core/delivery/http-action.ts';
import { NotificationDispatcher } from '../../../../main/core/delivery/notification-dispatcher.ts';
import { BURST_SUMMARY_ID, NotificationPolicy } from '../../../../main/core/delivery/notification-policy.ts';
import type { NtfyMessage } from '../../../../main/core/protocol/types.ts';
import { makeMessage } from '../../../support/messages.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { createRecordingNotifier, type RecordingNotifier } from '../../../fakes/notifier.ts';
import { ManualClock } from '../../../support/manual-clock.ts';
import { startTestServer, type TestServer } from '../../../server/index.ts';
import { startPublisherHost } from '../../../server/publisher-host.ts';

let server: TestServer;
let notifier: RecordingNotifier;
let opened: string[];
let openedMessages: string[];
let copied: string[];
let dispatcher: NotificationDispatcher;
/** The "sounds" preference as the dispatcher reads it. */
let sounds: boolean;

const message = makeMessage;

function live(...messages: NtfyMessage[]): DeliveredBatch {
  return { groupKey: 'g', server: server.url, mode: 'live', messages, changes: [] };
}

beforeEach(async () => {
  server = await startTestServer();
  notifier = createRecordingNotifier();
  opened = [];
  openedMessages = [];
  copied = [];
  sounds = true;
  const log = createRecordingLogger();
  dispatcher = new NotificationDispatcher({
    notifier,
    policy: new NotificationPolicy({
      clock: new ManualClock(),
      settings: () => ({ enabled: true }),
      subscription: () => ({ muted: false, minPriority: 1 }),
    }),
    log,
    openExternal: (url) => {
      opened.push(url);
      return Promise.resolve();
    },
    openMessage: (_server, shown) => openedMessages.push(shown.id),
    copyText: (text) => copied.push(text),
    runHttpAction: (action, options) => runHttpAction(action, options),
    sounds: () => sounds,
  });
});

afterEach(async () => {
  dispatcher.dispose();
  await server.close();
});

const id = (key: string): string => `${server.url}|alerts|${key}`;

describe('NotificationDispatcher', () => {
  it('shows a popup with the message’s buttons and opens the click URL on click', async () => {
    await dispatcher.handle(
      live(
        message({
          title: 'Deploy',
          click: 'https://example.com/deploys/7',
          actions: [
            { id: 'v', action: 'view', label: 'Logs', clear: false, url: 'https://example.com/logs' },
            { id: 'c', action: 'copy', label: 'Copy id', clear: false, value: 'deploy-7' },
          ],
        }),
      ),
    );
    expect(notifier.shown[0]).toMatchObject({
      id: id('msg000000001'),
      title: 'Deploy',
      actions: [
        { id: 'action-0', label: 'Logs' },
        { id: 'action-1', label: 'Copy id: “deploy-7”' }, // says what it copies
      ],
    });
    notifier.click(id('msg000000001'), 'default');
    notifier.click(id('msg000000001'), 'action-0');
    notifier.click(id('msg000000001'), 'action-1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(opened).toEqual(['https://example.com/deploys/7', 'https://example.com/logs']);
    expect(copied).toEqual(['deploy-7']);
  });

  it('silences every popup while the sounds preference is off, and only then', async () => {
    await dispatcher.handle(live(message({ id: 'loud00000001', priority: 5 })));
    sounds = false;
    await dispatcher.handle(live(message({ id: 'quiet0000001', priority: 5 })));
    sounds = true;
    await dispatcher.handle(live(message({ id: 'loud00000002', priority: 4 })));
    expect(notifier.shown.map((shown) => [shown.id, shown.silent])).toEqual([
      [id('loud00000001'), false],
      [id('quiet0000001'), true],
      [id('loud00000002'), false],
    ]);
  });

  it('shows a burst summary with sound once, updates it silently, and opens its newest message on click', async () => {
    const burst = (from: number, count: number, priority: NtfyMessage['priority'] = 3): NtfyMessage[] =>
      Array.from({ length: count }, (_, i) => message({ id: `burst${String(from + i).padStart(7, '0')}`, priority }));
    await dispatcher.handle(live(...burst(0, 5)));
    await dispatcher.handle(live(...burst(5, 1, 4)));
    const summaries = notifier.shown.filter((shown) => shown.id === BURST_SUMMARY_ID);
    expect(summaries.map(({ title, urgency, silent }) => ({ title, urgency, silent }))).toEqual([
      { title: '2 new messages in alerts', urgency: 'normal', silent: false },
      { title: '3 new messages in alerts', urgency: 'critical', silent: true },
    ]);
    notifier.click(BURST_SUMMARY_ID, 'default');
    expect(openedMessages).toEqual(['burst0000005']);
  });

  it('shows a later batch’s summary update only after an earlier batch’s popups, even when those wait for an image', async () => {
    const image = Promise.withResolvers<string | undefined>();
    const ordered = new NotificationDispatcher({
      notifier,
      policy: new NotificationPolicy({
        clock: new ManualClock(),
        settings: () => ({ enabled: true }),
        subscription: () => ({ muted: false, minPriority: 1 }),
      }),
      log: createRecordingLogger(),
      openExternal: () => Promise.resolve(),
      runHttpAction: (action, options) => runHttpAction(action, options),
      downloadImage: () => image.promise, // held: the first popup waits here until released
    });
    try {
      const picture = message({
        id: 'picture00001',
        attachment: { name: 'cam.png', url: `${server.url}/file/cam.png`, type: 'image/png' },
      });
      const first = ordered.handle(live(picture, ...['a', 'b', 'c', 'd'].map((n) => message({ id: `burst0000${n}` }))));
      const second = ordered.handle(live(message({ id: 'burst0000005' })));
      image.resolve(undefined);
      await Promise.all([first, second]);
    } finally {
      ordered.dispose();
    }
    const summaries = notifier.shown.filter((shown) => shown.id === BURST_SUMMARY_ID);
    expect(summaries.map(({ title, silent }) => ({ title, silent }))).toEqual([
      { title: '2 new messages in alerts', silent: false },
      { title: '3 new messages in alerts', silent: true },
    ]);
  });

  function dispatcherWith(
    downloadImage: (url: string, server: string) => Promise<string | undefined>,
  ): NotificationDispatcher {
    return new NotificationDispatcher({
      notifier,
      policy: new NotificationPolicy({
        clock: new ManualClock(),
        settings: () => ({ enabled: true }),
        subscription: () => ({ muted: false, minPriority: 1 }),
      }),
      log: createRecordingLogger(),
      openExternal: () => Promise.resolve(),
      runHttpAction: (action, options) => runHttpAction(action, options),
      downloadImage,
    });
  }

  const urgentPicture = (id: string, topic: string, url: string): NtfyMessage =>
    message({ id, topic, priority: 5, attachment: { name: 'cam.png', url, type: 'image/png' } });

  it('shows the next urgent popup of another topic at once while an image attachment never answers', async () => {
    // The publisher's own host accepts the request for the image and never answers it.
    const host = await startPublisherHost();
    host.hang('/never.png');
    const never = `${host.url}/never.png`;
    const dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-dispatcher-'));
    let hanging = false;
    const slow = dispatcherWith(async (url, subscriptionServer) => {
      hanging = true;
      // The publisher's host (on 127.0.0.1, like the subscription's server) plays a public one on the internet.
      const result = await downloadImage(url, {
        dir,
        server: subscriptionServer,
        classify: () => 'public',
        interfaces: () => [],
      });
      hanging = false;
      return result.ok ? result.path : undefined;
    });
    try {
      await slow.handle(live(urgentPicture('hanging0001', 'cameras', never)));
      await host.waitForRequest((request) => request.path === '/never.png');
      await slow.handle(live(message({ id: 'urgent00001', topic: 'alarms', priority: 5 })));
      // Both popups are out while the download still waits (before, the first popup waited for its 30 s timeout).
      expect(hanging).toBe(true);
      expect(notifier.shown.map((shown) => [shown.id, shown.imagePath, shown.silent])).toEqual([
        [`${server.url}|cameras|hanging0001`, undefined, false],
        [`${server.url}|alarms|urgent00001`, undefined, false],
      ]);
    } finally {
      slow.dispose();
      await host.close(); // ends the hanging download
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('adds a downloaded image by showing the same popup again, silently, unless it was dismissed meanwhile', async () => {
    const held = new Map<string, PromiseWithResolvers<string | undefined>>();
    const later = dispatcherWith((url) => {
      const download = Promise.withResolvers<string | undefined>();
      held.set(url, download);
      return download.promise;
    });
    try {
      await later.handle(live(urgentPicture('picture0001', 'cameras', 'https://files.example/a.png')));
      await later.handle(live(urgentPicture('picture0002', 'cameras', 'https://files.example/b.png')));
      notifier.dismiss(`${server.url}|cameras|picture0002`);
      held.get('https://files.example/a.png')?.resolve('/cache/a.png');
      held.get('https://files.example/b.png')?.resolve('/cache/b.png');
      await notifier.waitForShown((shown) => shown.imagePath !== undefined);
      await later.handle(live(message({ id: 'plain000001' })));
    } finally {
      later.dispose();
    }
    expect(notifier.shown.map((shown) => [shown.id.split('|')[2], shown.imagePath, shown.silent])).toEqual([
      ['picture0001', undefined, false],
      ['picture0002', undefined, false],
      ['picture0001', '/cache/a.png', true],
      ['plain000001', undefined, false],
    ]);
  });

  it('opens the window on the message when it has no click URL', async () => {
    await dispatcher.handle(live(message({})));
    notifier.click(id('msg000000001'), 'default');
    expect(openedMessages).toEqual(['msg000000001']);
    expect(opened).toEqual([]);
  });

  it('runs an http action, reports the outcome and closes the popup when clear is set', async () => {
    await dispatcher.handle(
      live(
        message({
          actions: [
            { id: 'h', action: 'http', label: 'Ack', clear: true, url: `${server.url}/acks`, body: 'acknowledged' },
          ],
        }),
      ),
    );
    // The button says what it sends where, not only the publisher's label.
    expect(notifier.shown[0]?.actions).toEqual([{ id: 'action-0', label: `Ack (POST ${new URL(server.url).host})` }]);
    notifier.click(id('msg000000001'), 'action-0');
    const result = await notifier.waitForShown((request) => request.id === `${id('msg000000001')}|result`);
    const host = new URL(server.url).host;
    // The label is the popup's title; the body names the request and what happened, without the label again.
    expect(result).toMatchObject({ title: 'Ack: done', body: `POST ${host} done: the server answered HTTP 200` });
    await notifier.waitForClosed(id('msg000000001'));
    expect(server.cachedMessages().map((m) => [m.topic, m.message])).toEqual([['acks', 'acknowledged']]);
  });

  it('reports a failed http action', async () => {
    server.faults.failNext(1, { status: 502 });
    await dispatcher.handle(
      live(message({ actions: [{ id: 'h', action: 'http', label: 'Restart', clear: false, url: `${server.url}/x` }] })),
    );
    notifier.click(id('msg000000001'), 'action-0');
    const result = await notifier.waitForShown((request) => request.id.endsWith('|result'));
    expect(result).toMatchObject({
      title: 'Restart: failed',
      body: `POST ${new URL(server.url).host} failed: the server answered HTTP 502`,
    });
    expect(notifier.closed).toEqual([]);
  });

  describe('an http button aimed at another address on this computer or its network', () => {
    // A second listener on 127.0.0.1: internal, and another origin than the subscription's server (another port).
    const restartVia = (url: string): NtfyMessage =>
      message({
        actions: [
          // Android only, so not on the popup: the popup's first button is the message's second action.
          { id: 'b', action: 'broadcast', label: 'Take picture', clear: false },
          { id: 'h', action: 'http', label: 'Restart', clear: true, url, body: 'now' },
        ],
      });

    /** The dispatcher of this file again, with this window (none: the CLI). */
    function replaceDispatcher(openMessage?: (server: string, shown: NtfyMessage, options?: object) => void) {
      dispatcher.dispose();
      dispatcher = new NotificationDispatcher({
        notifier,
        policy: new NotificationPolicy({
          clock: new ManualClock(),
          settings: () => ({ enabled: true }),
          subscription: () => ({ muted: false, minPriority: 1 }),
        }),
        log: createRecordingLogger(),
        openExternal: () => Promise.resolve(),
        runHttpAction: (action, options) => runHttpAction(action, options),
        ...(openMessage === undefined ? {} : { openMessage }),
      });
    }

    it('sends nothing and opens the window on the message with that action to confirm', async () => {
      const lan = await startPublisherHost();
      try {
        const windowOpened = new Promise<unknown[]>((resolve) => {
          replaceDispatcher((_server, shown, options) => {
            resolve([shown.id, options]);
          });
        });
        await dispatcher.handle(live(restartVia(`${lan.url}/restart`)));
        notifier.click(id('msg000000001'), 'action-0');
        expect(await windowOpened).toEqual(['msg000000001', { confirmAction: 1 }]);
        expect(lan.requests).toEqual([]);
        // `clear` means "once it ran": the popup stays.
        expect(notifier.closed).toEqual([]);
      } finally {
        await lan.close();
      }
    });

    it('says in a follow-up popup that nothing was sent where there is no window (the CLI)', async () => {
      const lan = await startPublisherHost();
      try {
        replaceDispatcher();
        await dispatcher.handle(live(restartVia(`${lan.url}/restart`)));
        notifier.click(id('msg000000001'), 'action-0');
        const result = await notifier.waitForShown((request) => request.id.endsWith('|result'));
        expect(result).toMatchObject({
          title: 'Restart: failed',
          body: `POST ${new URL(lan.url).host} not sent: this address is on your own network, and nobody confirmed it`,
        });
        expect(lan.requests).toEqual([]);
      } finally {
        await lan.close();
      }
    });
  });

  it('closes the popup of a cleared message and forgets dismissed ones', async () => {
    await dispatcher.handle(live(message({ sequenceId: 'seq' })));
    await dispatcher.handle({
      groupKey: 'g',
      server: server.url,
      mode: 'live',
      messages: [],
      changes: [{ kind: 'message_clear', id: 'c', sequenceId: 'seq', time: 2, topic: 'alerts', raw: {} }],
    });
    expect(notifier.closed).toEqual([id('seq')]);
    await dispatcher.handle(live(message({ id: 'msg000000002' })));
    notifier.dismiss(id('msg000000002'));
    notifier.click(id('msg000000002'), 'default');
    expect(openedMessages).toEqual([]);
  });
});
