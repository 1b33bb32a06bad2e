import { chmod, copyFile, mkdir, open, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Reads the file index of an asar archive, enough for tests to check what electron-builder packed. Layout
 * (https://github.com/electron/asar#format): a 4-byte size field, the header pickle's size (UInt32LE at 4), then
 * the pickle: its payload size (at 8), the JSON string's length (at 12) and the JSON itself (from 16). File data
 * starts right after the pickle, at 8 + header pickle size; each file records its offset there as a string.
 */
interface AsarEntry {
  readonly files?: Readonly<Record<string, AsarEntry>>;
  readonly size?: number;
  readonly offset?: string;
  readonly unpacked?: boolean;
  readonly executable?: boolean;
}

export interface AsarArchive {
  /** Every file and folder, as '/'-separated paths without a leading slash. */
  readonly paths: readonly string[];
  isUnpacked(filePath: string): boolean;
  readText(filePath: string): Promise<string>;
  /**
   * Writes every file to `target` as Electron's asar support shows them under `…/app.asar/`: packed files from the
   * archive, unpacked ones from `<archive>.unpacked` beside it, executables executable.
   */
  extractTo(target: string): Promise<void>;
}

function listEntries(entry: AsarEntry, prefix: string, into: Map<string, AsarEntry>): void {
  for (const [name, child] of Object.entries(entry.files ?? {})) {
    const childPath = prefix === '' ? name : `${prefix}/${name}`;
    into.set(childPath, child);
    listEntries(child, childPath, into);
  }
}

export async function openAsar(archivePath: string): Promise<AsarArchive> {
  const handle = await open(archivePath, 'r');
  try {
    const sizes = Buffer.alloc(16);
    await handle.read(sizes, 0, 16, 0);
    const headerPickleSize = sizes.readUInt32LE(4);
    const jsonLength = sizes.readUInt32LE(12);
    const json = Buffer.alloc(jsonLength);
    await handle.read(json, 0, jsonLength, 16);
    const entries = new Map<string, AsarEntry>();
    listEntries(JSON.parse(json.toString('utf8')) as AsarEntry, '', entries);
    const dataStart = 8 + headerPickleSize;

    function findFile(filePath: string): AsarEntry {
      const entry = entries.get(filePath);
      if (entry?.size === undefined) throw new Error(`${filePath} is not a file in ${archivePath}`);
      return entry;
    }

    async function readBytes(filePath: string): Promise<Buffer> {
      const { size = 0, offset, unpacked } = findFile(filePath);
      if (unpacked === true || offset === undefined) throw new Error(`${filePath} is stored outside the archive`);
      const reader = await open(archivePath, 'r');
      try {
        const data = Buffer.alloc(size);
        await reader.read(data, 0, size, dataStart + Number(offset));
        return data;
      } finally {
        await reader.close();
      }
    }

    return {
      paths: [...entries.keys()],
      isUnpacked: (filePath) => findFile(filePath).unpacked === true,
      readText: async (filePath) => (await readBytes(filePath)).toString('utf8'),
      extractTo: async (target) => {
        for (const [filePath, entry] of entries) {
          const destination = path.join(target, ...filePath.split('/'));
          if (entry.files !== undefined) {
            await mkdir(destination, { recursive: true });
            continue;
          }
          await mkdir(path.dirname(destination), { recursive: true });
          if (entry.unpacked === true)
            await copyFile(path.join(`${archivePath}.unpacked`, ...filePath.split('/')), destination);
          else await writeFile(destination, await readBytes(filePath));
          if (entry.executable === true) await chmod(destination, 0o755);
        }
      },
    };
  } finally {
    await handle.close();
  }
}
