import { describe, expect, it } from 'vitest';
import { hideDockInDevelopment } from '../../../main/desktop/dock.ts';
import { createFakeElectron } from '../../fakes/electron.ts';

describe('hideDockInDevelopment', () => {
  it('hides the Dock icon under npm start on macOS once the app is ready, as LSUIElement does when packaged', async () => {
    const { app } = createFakeElectron({ platform: 'darwin', isPackaged: false });

    expect(await hideDockInDevelopment({ app, platform: 'darwin' })).toBe(true);

    expect(app.dock?.visible).toBe(false);
    expect(app.calls).toContain('whenReady');
  });

  it('leaves the packaged macOS app alone (its Info.plist already has no Dock icon)', async () => {
    const { app } = createFakeElectron({ platform: 'darwin', isPackaged: true });

    expect(await hideDockInDevelopment({ app, platform: 'darwin' })).toBe(false);

    expect(app.dock?.visible).toBe(true);
  });

  it.each(['linux', 'win32'] as const)('never reads app.dock on %s, where Electron has none', async (platform) => {
    const { app } = createFakeElectron({ platform, isPackaged: false });
    const strictApp = new Proxy(app, {
      get(target, property, receiver) {
        if (property === 'dock') throw new Error('app.dock read off macOS');
        return Reflect.get(target, property, receiver) as unknown;
      },
    });

    expect(await hideDockInDevelopment({ app: strictApp, platform })).toBe(false);
  });
});
