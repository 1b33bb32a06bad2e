/**
 * Draws the app and tray icons (a bell) into assets/. The PNGs are committed; run `node scripts/generate-icons.ts`
 * under Node 24 after changing the drawing. Shapes are tested point by point and supersampled for smooth edges.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { encodePng } from './png.ts';

type Rgb = readonly [number, number, number];

const ACCENT: Rgb = [0x33, 0x85, 0x74];
const WHITE: Rgb = [0xff, 0xff, 0xff];
const BLACK: Rgb = [0, 0, 0];
const SUPERSAMPLES = 4; // per axis

/** Is (x, y), in units of the bell's own box (0..1, y down), inside the bell? */
function isInsideBell(x: number, y: number): boolean {
  const dx = x - 0.5;
  const knob = dx * dx + (y - 0.09) ** 2 <= 0.06 ** 2;
  const dome = y <= 0.42 && dx * dx + (y - 0.42) ** 2 <= 0.3 ** 2;
  // Below the dome the sides flare out linearly from half-width 0.30 to 0.40.
  const body = y >= 0.42 && y <= 0.78 && Math.abs(dx) <= 0.3 + ((y - 0.42) / 0.36) * 0.1;
  const rim = y >= 0.74 && y <= 0.84 && Math.abs(dx) <= 0.46;
  const clapper = dx * dx + (y - 0.88) ** 2 <= 0.1 ** 2;
  return knob || dome || body || rim || clapper;
}

/** Rounded square filling the icon, corner radius as a fraction of the side (macOS-like proportions). */
function isInsideRoundedSquare(x: number, y: number, radius: number): boolean {
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

interface Layer {
  readonly colour: Rgb;
  /** Coverage test in icon units (0..1). */
  readonly covers: (x: number, y: number) => boolean;
}

function renderLayers(size: number, layers: readonly Layer[]): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  const samples = SUPERSAMPLES * SUPERSAMPLES;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      // Average premultiplied colour over the sub-samples, the top-most covering layer winning per sample.
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SUPERSAMPLES; sy++) {
        for (let sx = 0; sx < SUPERSAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SUPERSAMPLES) / size;
          const y = (py + (sy + 0.5) / SUPERSAMPLES) / size;
          const layer = layers.findLast((candidate) => candidate.covers(x, y));
          if (layer === undefined) continue;
          r += layer.colour[0];
          g += layer.colour[1];
          b += layer.colour[2];
          a += 1;
        }
      }
      const offset = (py * size + px) * 4;
      if (a > 0) {
        pixels[offset] = Math.round(r / a);
        pixels[offset + 1] = Math.round(g / a);
        pixels[offset + 2] = Math.round(b / a);
      }
      pixels[offset + 3] = Math.round((a / samples) * 255);
    }
  }
  return pixels;
}

/** Places the bell in a square box at (left, top) with the given side, all in icon units. */
function bellAt(left: number, top: number, side: number): (x: number, y: number) => boolean {
  return (x, y) => isInsideBell((x - left) / side, (y - top) / side);
}

/** White bell on an accent rounded square: the app icon, and the tray icon on Windows and Linux. */
const colouredIcon: readonly Layer[] = [
  { colour: ACCENT, covers: (x, y) => isInsideRoundedSquare(x, y, 0.22) },
  { colour: WHITE, covers: bellAt(0.22, 0.2, 0.56) },
];

/** Black bell on transparent: macOS recolours template images to match the menu bar. */
const templateIcon: readonly Layer[] = [{ colour: BLACK, covers: bellAt(0.06, 0.04, 0.88) }];

const outputs: readonly { readonly file: string; readonly size: number; readonly layers: readonly Layer[] }[] = [
  { file: 'icon.png', size: 512, layers: colouredIcon },
  { file: 'tray/tray.png', size: 32, layers: colouredIcon },
  { file: 'tray/tray@2x.png', size: 64, layers: colouredIcon },
  { file: 'tray/trayTemplate.png', size: 16, layers: templateIcon },
  { file: 'tray/trayTemplate@2x.png', size: 32, layers: templateIcon },
];

async function main(): Promise<void> {
  const assetsDir = path.resolve(import.meta.dirname, '..', 'assets');
  for (const { file, size, layers } of outputs) {
    const target = path.join(assetsDir, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, encodePng({ width: size, height: size, pixels: renderLayers(size, layers) }));
    console.log(`wrote ${path.relative(process.cwd(), target)} (${size}×${size})`);
  }
}

main().catch((error: unknown) => {
  console.error('icon generation failed:', error);
  process.exitCode = 1;
});
