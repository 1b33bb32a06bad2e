/**
 * Desktop notices through the app core (AppCoreOptions.notices / notificationsRefused): the window's two notice
 * requests are the core's service, and the tray state carries "notifications refused", so the composition root
 * only feeds DesktopNotices and builds the tray from trayState() as it is.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppCore, startAppCore } from '../../../../main/core/app/app-core.ts';
import { DesktopNotices } from '../../../../main/core/notices/desktop-notices.ts';
import { createNoticeDismissals, NOTICE_DISMISSALS_FILE } from '../../../../main/core/notices/notice-dismissals.ts';
import { createNoticeRequests } from '../../../../main/core/notices/notice-requests.ts';
import { SqliteHistoryStore } from '../../../../main/core/store/history/index.ts';
import { openConfSettingsStore } from '../../../../main/core/store/settings/conf-settings-store.ts';
import { buildTrayModel, notificationsRefusedLabel } from '../../../../main/core/tray/tray-model.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { createRecordingNotifier } from '../../../fakes/notifier.ts';
import { ManualClock } from '../../../support/manual-clock.ts';
import { createInMemorySecretStoreForDev } from '../../../web-bridge/memory-secret-store.ts';

let dir: string;
let history: SqliteHistoryStore;
let notices: DesktopNotices;
let core: AppCore;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-core-notices-'));
  history = await SqliteHistoryStore.open({ dataDir: dir });
  const log = createRecordingLogger();
  notices = new DesktopNotices({ platform: 'darwin' });
  core = startAppCore({
    settings: openConfSettingsStore({ dir, log }),
    history,
    secrets: createInMemorySecretStoreForDev(),
    notifier: createRecordingNotifier(),
    clock: new ManualClock(),
    random: () => 0.5,
    log,
    openExternal: () => Promise.resolve(),
    copyText: () => undefined,
    openMessage: () => undefined,
    events: {
      messagesReceived: () => undefined,
      connectionsChanged: () => undefined,
      settingsChanged: () => undefined,
      trayChanged: () => undefined,
    },
    notices: createNoticeRequests({
      notices,
      dismissals: createNoticeDismissals({ file: path.join(dir, NOTICE_DISMISSALS_FILE), log }),
      log,
    }),
    notificationsRefused: () => notices.notificationsRefused(),
  });
});

afterEach(async () => {
  await core.stop();
  await history.close();
  await rm(dir, { recursive: true, force: true });
});

describe('desktop notices in the app core', () => {
  it("answers the window's notice requests from the notices it was given", async () => {
    notices.setTrayHostMissing(true);
    expect(await core.service.listNotices()).toMatchObject({ ok: true, value: [{ id: 'tray-host-missing' }] });
    expect(await core.service.dismissNotice('tray-host-missing')).toEqual({ ok: true, value: null });
    expect(notices.dismissed()).toEqual(['tray-host-missing']);
    expect(await core.service.listNotices()).toEqual({ ok: true, value: [] });
  });

  it('puts "notifications refused" in the tray state, so the menu built from it says so', () => {
    expect(core.trayState()).not.toHaveProperty('notificationsRefused');
    notices.setNotificationsRefused(true);
    expect(core.trayState().notificationsRefused).toBe(true);
    expect(buildTrayModel(core.trayState()).menu).toContainEqual(
      expect.objectContaining({ label: notificationsRefusedLabel() }),
    );
    notices.setNotificationsRefused(false);
    expect(core.trayState()).not.toHaveProperty('notificationsRefused');
  });
});
