import { open } from 'node:fs/promises';

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
}

export interface AsarArchive {
  /** Every file and folder, as '/'-separated paths without a leading slash. */
  readonly paths: readonly string[];
  isUnpacked(filePath: string): boolean;
  readText(filePath: string): Promise<string>;
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

    return {
      paths: [...entries.keys()],
      isUnpacked: (filePath) => findFile(filePath).unpacked === true,
      readText: async (filePath) => {
        const { size = 0, offset, unpacked } = findFile(filePath);
        if (unpacked === true || offset === undefined) throw new Error(`${filePath} is stored outside the archive`);
        const reader = await open(archivePath, 'r');
        try {
          const data = Buffer.alloc(size);
          await reader.read(data, 0, size, dataStart + Number(offset));
          return data.toString('utf8');
        } finally {
          await reader.close();
        }
      },
    };
  } finally {
    await handle.close();
  }
}
