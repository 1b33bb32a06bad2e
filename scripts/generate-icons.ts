/**
 * Writes the app and tray icons (drawn in scripts/icon-shapes.ts) into assets/. The PNGs are committed; run
 * `node scripts/generate-icons.ts` under Node 24 after changing the drawing.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ICON_OUTPUTS, renderIcon } from './icon-shapes.ts';

async function main(): Promise<void> {
  const assetsDir = path.resolve(import.meta.dirname, '..', 'assets');
  for (const output of ICON_OUTPUTS) {
    const target = path.join(assetsDir, output.file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, renderIcon(output));
    console.log(`wrote ${path.relative(process.cwd(), target)} (${output.size}×${output.size})`);
  }
}

main().catch((error: unknown) => {
  console.error('icon generation failed:', error);
  process.exitCode = 1;
});
