import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchRequest } from '../../../../main/core/bridge/dispatch.ts';
import type { AppRequests } from '../../../../main/core/bridge/app-service.ts';
import { DesktopNotices } from '../../../../main/core/notices/desktop-notices.ts';
import { createNoticeDismissals, NOTICE_DISMISSALS_FILE } from '../../../../main/core/notices/notice-dismissals.ts';
import { createNoticeRequests } from '../../../../main/core/notices/notice-requests.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';

const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function setUp() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ntfy-tray-notices-'));
  dirs.push(dir);
  const file = path.join(dir, NOTICE_DISMISSALS_FILE);
  const log = createRecordingLogger();
  const dismissals = createNoticeDismissals({ file, log });
  const notices = new DesktopNotices({ platform: 'linux' });
  notices.setTrayHostMissing(true);
  const requests = createNoticeRequests({ notices, dismissals, log });
  return { file, log, dismissals, notices, requests };
}

describe('notice dismissals file', () => {
  it('reads none when the file does not exist yet', async () => {
    const { dismissals, log } = await setUp();
    expect(await dismissals.read()).toEqual([]);
    expect(log.entries).toEqual([]);
  });

  it('reads back what was written, skipping ids it does not know', async () => {
    const { dismissals, file } = await setUp();
    await dismissals.write(['tray-host-missing']);
    expect(await dismissals.read()).toEqual(['tray-host-missing']);
    await writeFile(file, JSON.stringify({ version: 2, dismissed: ['tray-host-missing', 'from-the-future'] }));
    expect(await dismissals.read()).toEqual(['tray-host-missing']);
  });

  it('reads none from a damaged file, and says so in the log', async () => {
    const { dismissals, file, log } = await setUp();
    await writeFile(file, '{ not json');
    expect(await dismissals.read()).toEqual([]);
    expect(log.entries.map((entry) => entry.level)).toEqual(['warn']);
  });
});

describe('notice requests', () => {
  it('lists the current notices', async () => {
    const { requests } = await setUp();
    const listed = await requests.listNotices();
    expect(listed.ok && listed.value.map((notice) => notice.id)).toEqual(['tray-host-missing']);
  });

  it('dismisses a notice for good: gone now, and kept in the file for the next start', async () => {
    const { requests, file, log } = await setUp();
    expect(await requests.dismissNotice('tray-host-missing')).toEqual({ ok: true, value: null });
    expect(await requests.listNotices()).toEqual({ ok: true, value: [] });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 1, dismissed: ['tray-host-missing'] });

    const nextStart = new DesktopNotices({ platform: 'linux' });
    nextStart.restoreDismissed(await createNoticeDismissals({ file, log }).read());
    nextStart.setTrayHostMissing(true);
    expect(nextStart.list()).toEqual([]);
  });

  it('answers not-found for a notice that cannot be dismissed', async () => {
    const { requests, notices } = await setUp();
    notices.setNotificationsRefused(true);
    const result = await requests.dismissNotice('notifications-refused');
    expect(result.ok ? undefined : result.error.code).toBe('not-found');
  });

  it('goes through the bridge dispatcher, which refuses an unknown notice id', async () => {
    const { requests, log } = await setUp();
    const service = requests as unknown as AppRequests; // only the notice operations are called
    expect(await dispatchRequest(service, 'notices:list', [], log)).toEqual({
      ok: true,
      value: [expect.objectContaining({ id: 'tray-host-missing' }) as unknown],
    });
    const refused = await dispatchRequest(service, 'notices:dismiss', ['everything'], log);
    expect(refused.ok ? undefined : refused.error.code).toBe('invalid-argument');
    expect(await dispatchRequest(service, 'notices:dismiss', ['tray-host-missing'], log)).toEqual({
      ok: true,
      value: null,
    });
  });
});
