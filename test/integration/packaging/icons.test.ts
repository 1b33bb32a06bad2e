import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { TrayIconVariant } from '../../../main/core/tray/tray-model.ts';
import { selectTrayIconPath } from '../../../main/desktop/tray.ts';
import { ICON_OUTPUTS, renderIcon } from '../../../scripts/icon-shapes.ts';
import { encodePng, readPngInfo } from '../../../scripts/png.ts';

const assetsDir = path.resolve(import.meta.dirname, '../../../assets');

/** Inflates every IDAT chunk; a PNG's image data is one zlib stream split across them. */
function readImageData(file: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let offset = 8; offset < file.length;) {
    const length = file.readUInt32BE(offset);
    if (file.toString('latin1', offset + 4, offset + 8) === 'IDAT') {
      parts.push(file.subarray(offset + 8, offset + 8 + length));
    }
    offset += 12 + length;
  }
  return inflateSync(Buffer.concat(parts));
}

/** RGBA rows without their filter bytes (our encoder writes filter 0 everywhere). */
function readPixels(file: Buffer, size: number): Uint8Array {
  const data = readImageData(file);
  const pixels = new Uint8Array(size * size * 4);
  for (let row = 0; row < size; row++) {
    pixels.set(data.subarray(row * (size * 4 + 1) + 1, (row + 1) * (size * 4 + 1)), row * size * 4);
  }
  return pixels;
}

async function readAsset(file: string): Promise<Buffer> {
  return readFile(path.join(assetsDir, file));
}

/** Opaque-ish pixels of one colour within a region given in icon units. */
function countColour(
  pixels: Uint8Array,
  size: number,
  colour: readonly [number, number, number],
  region: { x0: number; y0: number; x1: number; y1: number },
): number {
  let count = 0;
  for (let y = Math.floor(region.y0 * size); y < region.y1 * size; y++) {
    for (let x = Math.floor(region.x0 * size); x < region.x1 * size; x++) {
      const offset = (y * size + x) * 4;
      const [r = 0, g = 0, b = 0, a = 0] = pixels.subarray(offset, offset + 4);
      if (a === 255 && r === colour[0] && g === colour[1] && b === colour[2]) count++;
    }
  }
  return count;
}

const TRAY_VARIANTS = ['tray', 'trayUnread', 'trayTrouble'] as const;

describe('icons in assets/', () => {
  it.each([
    // electron-builder derives the .icns and .ico from this one and needs at least 512×512.
    ['icon.png', 512],
    ...TRAY_VARIANTS.flatMap((name) => [
      [`tray/${name}.png`, 32],
      [`tray/${name}@2x.png`, 64],
      [`tray/${name}Template.png`, 16],
      [`tray/${name}Template@2x.png`, 32],
    ]),
  ] as [string, number][])('%s is a valid %i px square RGBA PNG', async (file, size) => {
    const png = await readAsset(file);

    expect(readPngInfo(png)).toEqual({ width: size, height: size, bitDepth: 8, colourType: 6 });
    // One filter byte per row, then 4 bytes per pixel.
    expect(readImageData(png).length).toBe((size * 4 + 1) * size);
  });

  it('holds exactly what scripts/generate-icons.ts draws, so every variant comes from the one source', async () => {
    for (const output of ICON_OUTPUTS) {
      expect(Buffer.compare(await readAsset(output.file), renderIcon(output)), output.file).toBe(0);
    }
  });

  it.each(TRAY_VARIANTS.flatMap((name) => [`${name}Template.png`, `${name}Template@2x.png`]))(
    'has a macOS template image %s that is black with alpha only, as the menu bar requires',
    async (file) => {
      const png = await readAsset(`tray/${file}`);
      const { width: size } = readPngInfo(png);
      const pixels = readPixels(png, size);
      let opaquePixels = 0;
      for (let offset = 0; offset < pixels.length; offset += 4) {
        expect([pixels[offset], pixels[offset + 1], pixels[offset + 2]]).toEqual([0, 0, 0]);
        if (pixels[offset + 3] === 255) opaquePixels++;
      }
      expect(opaquePixels).toBeGreaterThan(size * size * 0.25);
    },
  );

  it('marks unread with a red dot top right and trouble with an amber triangle bottom right', async () => {
    const topRight = { x0: 0.6, y0: 0, x1: 1, y1: 0.4 };
    const bottomRight = { x0: 0.5, y0: 0.5, x1: 1, y1: 1 };
    const red = [0xe5, 0x48, 0x4d] as const;
    const amber = [0xf5, 0xa5, 0x24] as const;
    const [normal, unread, trouble] = await Promise.all(
      ['tray@2x.png', 'trayUnread@2x.png', 'trayTrouble@2x.png'].map(async (file) =>
        readPixels(await readAsset(`tray/${file}`), 64),
      ),
    );
    if (normal === undefined || unread === undefined || trouble === undefined) throw new Error('unreachable');

    expect(countColour(normal, 64, red, topRight) + countColour(normal, 64, amber, bottomRight)).toBe(0);
    expect(countColour(unread, 64, red, topRight)).toBeGreaterThan(50);
    expect(countColour(trouble, 64, amber, bottomRight)).toBeGreaterThan(100);
  });

  it('has a file for every icon the tray can ask for, on every system', async () => {
    const variants: readonly TrayIconVariant[] = ['normal', 'unread', 'trouble'];
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      for (const variant of variants) {
        const file = selectTrayIconPath(assetsDir, platform, variant);
        await access(file);
        await access(file.replace(/\.png$/, '@2x.png'));
      }
    }
  });
});

describe('encodePng', () => {
  it('round-trips pixels through a standard zlib inflate', () => {
    const pixels = Uint8Array.from({ length: 2 * 2 * 4 }, (_, index) => index * 10);

    const png = encodePng({ width: 2, height: 2, pixels });

    expect(readPngInfo(png)).toMatchObject({ width: 2, height: 2 });
    const data = readImageData(png);
    expect([...data.subarray(1, 9)]).toEqual([...pixels.subarray(0, 8)]);
    expect([...data.subarray(10, 18)]).toEqual([...pixels.subarray(8, 16)]);
  });

  it('rejects a pixel buffer of the wrong size', () => {
    expect(() => encodePng({ width: 2, height: 2, pixels: new Uint8Array(15) })).toThrow(/16 bytes/);
  });
});
