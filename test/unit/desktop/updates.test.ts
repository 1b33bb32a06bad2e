import { describe, expect, it } from 'vitest';
import { DesktopNotices } from '../../../main/core/notices/desktop-notices.ts';
import type { UpdateChecksControl } from '../../../main/core/updates/update-policy.ts';
import { startUpdates } from '../../../main/desktop/updates.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';
import { ManualClock } from '../../support/manual-clock.ts';

const feed = { repository: { owner: 'example-owner', repo: 'ntfy-tray' }, publisherNames: [] };

describe('startUpdates', () => {
  it.each<[string, typeof feed | undefined, UpdateChecksControl]>([
    ['a build without a release feed', undefined, 'not-in-this-build'],
    ['a build whose administrator set NTFY_TRAY_UPDATES=off', feed, 'administrator-off'],
  ])('starts no checks for %s, and says why in the log', async (_name, given, control) => {
    const log = createRecordingLogger();
    const clock = new ManualClock();
    const checks = await startUpdates({
      feed: given,
      control,
      enabled: () => true,
      isPackaged: true,
      platform: 'win32',
      env: {},
      resourcesPath: '/nonexistent',
      execPath: '/nonexistent/ntfy Tray.exe',
      clock,
      notices: new DesktopNotices({ platform: 'win32' }),
      log,
    });

    expect(checks).toBeUndefined();
    expect(clock.pendingTimers).toBe(0);
    expect(log.entries).toContainEqual(
      expect.objectContaining({ message: 'not checking for updates', fields: { decidedBy: control } }),
    );
  });
});
