/**
 * A hostile server fills every field of every message up to the transports' 1 MiB line cap (last round: 40 such
 * messages took 35 MiB of history). Through the real engine into a real SQLite file: each stored message stays within
 * the history's bounds, and the window's detail of it says what was cut.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { toMessageDto } from '../../../../main/core/bridge/dto.ts';
import { HISTORY_FILE_NAME, SqliteHistoryStore } from '../../../../main/core/store/history/sqlite-history-store.ts';
import { STORED_BOUNDS } from '../../../../main/core/store/history/stored-bounds.ts';
import { cutNotice } from '../../../../renderer/history/cut-notice.ts';
import { type EngineHarness, FAST_TIMING, startEngine } from '../../../support/engine-harness.ts';
import { startHostileServer, type HostileServer } from '../../../support/hostile-server.ts';

const COUNT = 40;
const KIB = 1024;

/** One message of about 900 KiB: every field a publisher or server chooses, far over anything ntfy sends. */
function hostileMessage(index: number): Record<string, unknown> {
  const id = `hostile${String(index).padStart(5, '0')}`;
  const big = (size: number, letter = 'x') => letter.repeat(size);
  const url = (size: number) => `https://files.example/${big(size)}`;
  return {
    id,
    time: 1_700_000_000 + index,
    event: 'message',
    topic: 'flood',
    title: big(100 * KIB, 't'),
    message: big(150 * KIB, 'm'),
    tags: Array.from({ length: 2_000 }, (_, tag) => `tag${String(tag)}${big(40)}`),
    click: url(60 * KIB),
    icon: url(60 * KIB),
    attachment: { name: big(60 * KIB, 'n'), url: url(60 * KIB), type: big(10 * KIB) },
    actions: Array.from({ length: 12 }, (_, action) => ({
      id: `a${String(action)}`,
      action: 'http',
      label: big(4 * KIB, 'l'),
      url: 'https://hooks.example/ack',
      headers: { 'X-Big': big(2 * KIB) },
      body: big(4 * KIB, 'b'),
      clear: false,
    })),
    content_type: big(4 * KIB),
    unknown_field: big(100 * KIB),
  };
}

let server: HostileServer | undefined;
let engine: EngineHarness | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  await engine?.stop();
  await server?.close();
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
  engine = undefined;
  server = undefined;
  dataDir = undefined;
});

describe('a hostile server’s oversized fields', () => {
  it('are stored within bounds, and the detail says what was cut', { timeout: 200_000 }, async () => {
    const lines = Array.from({ length: COUNT }, (_, index) => `${JSON.stringify(hostileMessage(index))}\n`);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThan(1024 * KIB);
    server = await startHostileServer({
      onRequest: (request, response) => {
        response.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
        for (const line of lines) response.write(line);
        // A poll gets the same messages and ends; the stream stays open.
        if ((request.url ?? '').includes('poll=1')) response.end();
      },
    });
    dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-hostile-fields-'));
    const history = await SqliteHistoryStore.open({ dataDir });
    engine = startEngine({ subscriptions: [{ server: server.url, topic: 'flood' }], history, timing: FAST_TIMING });
    // A budget for a stuck test, not a speed check: 36 MB to parse and store on a loaded machine.
    await engine.waitForMessages(COUNT, 150_000);
    await engine.stop();
    engine = undefined;

    const stored = history.listMessages({ limit: COUNT }).messages;
    expect(stored).toHaveLength(COUNT);
    for (const { message } of stored) {
      const columns = [message.title, message.message, message.click, message.icon, message.contentType];
      const json = [message.tags, message.actions, message.attachment ?? null].map((value) => JSON.stringify(value));
      const length = [...columns, ...json].reduce((sum, text) => sum + (text?.length ?? 0), 0);
      expect(length).toBeLessThanOrEqual(STORED_BOUNDS.whole);
    }
    const first = stored.find((entry) => entry.message.id === 'hostile00000');
    if (first === undefined) throw new Error('the first message was not stored');
    const detail = toMessageDto(first);
    expect(detail.cut).toEqual(['title', 'message', 'tags', 'click', 'icon', 'attachment', 'actions', 'content_type']);
    expect(detail.title).toHaveLength(STORED_BOUNDS.title);
    // 12 sent, 8 kept, each with its label cut (its request, headers and body are sent as given or not at all).
    expect(detail.actions.map((action) => action.label.length)).toEqual(
      Array.from({ length: STORED_BOUNDS.actions }, () => STORED_BOUNDS.label),
    );
    expect(detail.tags).toHaveLength(STORED_BOUNDS.tags);
    expect(cutNotice(detail.cut)).toBe(
      'Too big to keep in full, cut or left out: title, text, tags, link, icon, attachment, action buttons, and format.',
    );
    await history.close();

    // The file as it stays on disk (closing checkpoints the WAL into it): last round 35 MiB for these 40.
    const bytes = (await stat(path.join(dataDir, HISTORY_FILE_NAME))).size;
    expect(bytes / COUNT).toBeLessThanOrEqual(128 * KIB);
  });
});
