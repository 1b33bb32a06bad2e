import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
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

describe('icons in assets/', () => {
  it.each([
    // electron-builder derives the .icns and .ico from this one and needs at least 512×512.
    ['icon.png', 512],
    ['tray/tray.png', 32],
    ['tray/tray@2x.png', 64],
    ['tray/trayTemplate.png', 16],
    ['tray/trayTemplate@2x.png', 32],
  ])('%s is a valid %i px square RGBA PNG', async (file, size) => {
    const png = await readFile(path.join(assetsDir, file));

    expect(readPngInfo(png)).toEqual({ width: size, height: size, bitDepth: 8, colourType: 6 });
    // One filter byte per row, then 4 bytes per pixel.
    expect(readImageData(png).length).toBe((size * 4 + 1) * size);
  });

  it('has macOS template images that are black with alpha only, as the menu bar requires', async () => {
    const data = readImageData(await readFile(path.join(assetsDir, 'tray/trayTemplate@2x.png')));
    const rowLength = 32 * 4 + 1;
    let opaquePixels = 0;
    for (let row = 0; row < 32; row++) {
      for (let column = 0; column < 32; column++) {
        const offset = row * rowLength + 1 + column * 4;
        expect([data[offset], data[offset + 1], data[offset + 2]]).toEqual([0, 0, 0]);
        if (data[offset + 3] === 255) opaquePixels++;
      }
    }
    expect(opaquePixels).toBeGreaterThan(100);
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
