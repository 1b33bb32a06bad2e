/**
 * The drawing behind every icon in assets/: a bell, on an accent tile for the app and the Windows/Linux tray, alone
 * and black for the macOS template images; plus the tray's state marks (a dot for unread, a warning triangle for
 * connection trouble). Shapes are coverage tests in icon units (0..1, y down), supersampled for smooth edges.
 * scripts/generate-icons.ts writes the files; test/integration/packaging/icons.test.ts checks they match.
 */
import { encodePng } from './png.ts';

type Rgb = readonly [number, number, number];

const ACCENT: Rgb = [0x33, 0x85, 0x74];
const WHITE: Rgb = [0xff, 0xff, 0xff];
const BLACK: Rgb = [0, 0, 0];
/** Unread dot: a red that stays visible next to the accent tile and on light or dark panels. */
const ALERT_RED: Rgb = [0xe5, 0x48, 0x4d];
const WARNING_AMBER: Rgb = [0xf5, 0xa5, 0x24];
const WARNING_INK: Rgb = [0x1f, 0x1f, 0x1f];
const SUPERSAMPLES = 4; // per axis

type Covers = (x: number, y: number) => boolean;

interface Layer {
  /** `clear` punches a hole through the layers below (the gap that sets a mark apart from the bell). */
  readonly colour: Rgb | 'clear';
  readonly covers: Covers;
}

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

/** Places the bell in a square box at (left, top) with the given side, all in icon units. */
function bellAt(left: number, top: number, side: number): Covers {
  return (x, y) => isInsideBell((x - left) / side, (y - top) / side);
}

function disc(cx: number, cy: number, radius: number): Covers {
  return (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/** An upright triangle: apex at (cx, top), base along y = bottom, half as wide as `halfWidth` at the base. */
function triangle(cx: number, top: number, bottom: number, halfWidth: number): Covers {
  return (x, y) => y >= top && y <= bottom && Math.abs(x - cx) <= (halfWidth * (y - top)) / (bottom - top);
}

function rectangle(left: number, top: number, right: number, bottom: number): Covers {
  return (x, y) => x >= left && x <= right && y >= top && y <= bottom;
}

/** Unread: a dot in the top-right corner, with a clear ring around it. */
function unreadMark(colour: Rgb): readonly Layer[] {
  return [
    { colour: 'clear', covers: disc(0.8, 0.2, 0.27) },
    { colour, covers: disc(0.8, 0.2, 0.18) },
  ];
}

/** Trouble: a warning triangle with an exclamation mark in the bottom-right corner, with a clear margin. */
function troubleMark(fill: Rgb, ink: Rgb | 'clear'): readonly Layer[] {
  const cx = 0.74;
  const exclamation = (x: number, y: number) =>
    rectangle(cx - 0.035, 0.64, cx + 0.035, 0.82)(x, y) || disc(cx, 0.885, 0.04)(x, y);
  return [
    { colour: 'clear', covers: triangle(cx, 0.38, 1.0, 0.36) },
    { colour: fill, covers: triangle(cx, 0.5, 0.96, 0.26) },
    { colour: ink, covers: exclamation },
  ];
}

/** White bell on an accent rounded square: the app icon, and the tray icon on Windows and Linux. */
const colouredIcon: readonly Layer[] = [
  { colour: ACCENT, covers: (x, y) => isInsideRoundedSquare(x, y, 0.22) },
  { colour: WHITE, covers: bellAt(0.22, 0.2, 0.56) },
];

/** Black bell on transparent: macOS recolours template images to match the menu bar. */
const templateIcon: readonly Layer[] = [{ colour: BLACK, covers: bellAt(0.06, 0.04, 0.88) }];

interface IconOutput {
  /** Path under assets/. */
  readonly file: string;
  readonly size: number;
  readonly layers: readonly Layer[];
}

const trayVariants = [
  { name: 'tray', coloured: colouredIcon, template: templateIcon },
  {
    name: 'trayUnread',
    coloured: [...colouredIcon, ...unreadMark(ALERT_RED)],
    template: [...templateIcon, ...unreadMark(BLACK)],
  },
  {
    name: 'trayTrouble',
    coloured: [...colouredIcon, ...troubleMark(WARNING_AMBER, WARNING_INK)],
    template: [...templateIcon, ...troubleMark(BLACK, 'clear')],
  },
] as const;

/**
 * Every file, at 1x and 2x (Electron picks `name@2x.png` on high-DPI screens). Coloured tray icons are 32 px at 1x
 * (Windows and Linux panels scale them down to 16–24 px); macOS menu-bar template images are 16 pt.
 */
export const ICON_OUTPUTS: readonly IconOutput[] = [
  { file: 'icon.png', size: 512, layers: colouredIcon },
  ...trayVariants.flatMap(({ name, coloured, template }) => [
    { file: `tray/${name}.png`, size: 32, layers: coloured },
    { file: `tray/${name}@2x.png`, size: 64, layers: coloured },
    { file: `tray/${name}Template.png`, size: 16, layers: template },
    { file: `tray/${name}Template@2x.png`, size: 32, layers: template },
  ]),
];

function renderLayers(size: number, layers: readonly Layer[]): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  const samples = SUPERSAMPLES * SUPERSAMPLES;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      // Average colour over the sub-samples, the top-most covering layer winning per sample.
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SUPERSAMPLES; sy++) {
        for (let sx = 0; sx < SUPERSAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SUPERSAMPLES) / size;
          const y = (py + (sy + 0.5) / SUPERSAMPLES) / size;
          const layer = layers.findLast((candidate) => candidate.covers(x, y));
          if (layer === undefined || layer.colour === 'clear') continue;
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

export function renderIcon(output: IconOutput): Buffer {
  return encodePng({ width: output.size, height: output.size, pixels: renderLayers(output.size, output.layers) });
}
