import { describe, expect, it } from 'vitest';
import { handleToastActivations } from '../../../main/desktop/toast-activation.ts';
import { createFakeElectron } from '../../fakes/electron.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';

// Electron's raw arguments for a toast button; the tag is Electron's own, not our notification id.
const ACTION_ARGUMENTS = 'type=action&action=1&tag=1234567890';

describe('handleToastActivations', () => {
  it('opens the window for a toast clicked after a restart, when no Notification object answers', () => {
    const electron = createFakeElectron();
    let windowShown = 0;
    handleToastActivations({
      Notification: electron.Notification,
      showWindow: () => windowShown++,
      log: createRecordingLogger(),
    });

    electron.activateToast({ type: 'click', arguments: 'type=click&tag=1234567890' });

    expect(windowShown).toBe(1);
  });

  it('opens the window for the activation that started the app (a cold start from the Action Center)', () => {
    const electron = createFakeElectron();
    electron.activateToast({ type: 'action', arguments: ACTION_ARGUMENTS, actionIndex: 1 });
    let windowShown = 0;

    handleToastActivations({
      Notification: electron.Notification,
      showWindow: () => windowShown++,
      log: createRecordingLogger(),
    });

    expect(windowShown).toBe(1);
  });

  it('logs the kind of activation but never the raw arguments, which may carry typed reply text', () => {
    const electron = createFakeElectron();
    const log = createRecordingLogger();
    handleToastActivations({ Notification: electron.Notification, showWindow: () => undefined, log });

    electron.activateToast({ type: 'reply', arguments: 'type=reply&tag=1&reply=my secret answer' });

    expect(log.entries).toHaveLength(1);
    expect(JSON.stringify(log.entries)).not.toContain('my secret answer');
    expect(log.entries[0]?.fields).toEqual({ type: 'reply', actionIndex: undefined });
  });
});
