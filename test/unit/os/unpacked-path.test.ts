import { describe, expect, it } from 'vitest';
import { unpackedAsarPath } from '../../../main/os/notifications/unpacked-path.ts';

describe('unpackedAsarPath', () => {
  it('points an icon inside app.asar at the unpacked copy the notification server can read', () => {
    expect(unpackedAsarPath('/opt/ntfy Tray/resources/app.asar/assets/icon.png')).toBe(
      '/opt/ntfy Tray/resources/app.asar.unpacked/assets/icon.png',
    );
    expect(unpackedAsarPath('C:\\Program Files\\ntfy Tray\\resources\\app.asar\\assets\\icon.png')).toBe(
      'C:\\Program Files\\ntfy Tray\\resources\\app.asar.unpacked\\assets\\icon.png',
    );
  });

  it('leaves a development path, and an already unpacked one, as they are', () => {
    expect(unpackedAsarPath('/home/dev/ntfy-tray/assets/icon.png')).toBe('/home/dev/ntfy-tray/assets/icon.png');
    expect(unpackedAsarPath('/opt/x/resources/app.asar.unpacked/assets/icon.png')).toBe(
      '/opt/x/resources/app.asar.unpacked/assets/icon.png',
    );
  });
});
