/**
 * Checks that an AppImage starts on a machine without libfuse2 (stock Ubuntu 22.04+, Fedora, Arch):
 * `node scripts/check-appimage-runtime.ts release/*.AppImage`. Exit 0 when every file passes, 1 with one line per
 * problem otherwise.
 *
 * An AppImage is an ELF program (the runtime) with a squashfs image appended. electron-builder's legacy toolset
 * ("0.0.0") ships AppImageKit's runtime, which is dynamically linked and dlopen()s libfuse.so.2 at start, so it
 * fails where FUSE 2 is not installed. The type-2 static runtime (AppImage/type2-runtime, toolset 1.0.x) is one
 * statically linked program: no interpreter and no dynamic section, so it can load no system library at all,
 * libfuse.so.2 included. Reading the runtime's program headers tells the two apart without running anything.
 */
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const PT_DYNAMIC = 2;
const PT_INTERP = 3;

/** What the ELF header and program headers at the start of an AppImage say about its runtime. */
interface AppImageRuntime {
  /** AppImage type from the magic bytes 'AI' + type at ELF offset 8 (2 for both runtimes here). */
  readonly appImageType: number | undefined;
  /** The dynamic loader it asks for (PT_INTERP), undefined for a static program. */
  readonly interpreter: string | undefined;
  /** Whether it has a dynamic section (PT_DYNAMIC): shared libraries to load at start. */
  readonly dynamic: boolean;
}

/**
 * Reads an ELF file's header (32- or 64-bit, little-endian: every AppImage architecture electron-builder builds)
 * and program headers, from the start of `file`. Throws for a file that is not such an ELF program.
 */
async function readAppImageRuntime(file: string): Promise<AppImageRuntime> {
  const handle = await open(file, 'r');
  try {
    const read = async (offset: number, length: number): Promise<Buffer> => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      if (bytesRead !== length) throw new Error(`${file}: ends inside its ELF headers`);
      return buffer;
    };
    const header = await read(0, 64);
    if (header.readUInt32BE(0) !== 0x7f454c46) throw new Error(`${file}: not an ELF program`);
    const elfClass = header[4];
    if (header[5] !== 1) throw new Error(`${file}: not a little-endian ELF program`);
    if (elfClass !== 1 && elfClass !== 2) throw new Error(`${file}: unknown ELF class ${String(elfClass)}`);
    const is64 = elfClass === 2;
    const programHeaderOffset = is64 ? Number(header.readBigUInt64LE(0x20)) : header.readUInt32LE(0x1c);
    const entrySize = header.readUInt16LE(is64 ? 0x36 : 0x2a);
    const entryCount = header.readUInt16LE(is64 ? 0x38 : 0x2c);
    const appImageType = header.toString('latin1', 8, 10) === 'AI' ? header[10] : undefined;

    let interpreter: string | undefined;
    let dynamic = false;
    const table = await read(programHeaderOffset, entrySize * entryCount);
    for (let index = 0; index < entryCount; index++) {
      const entry = table.subarray(index * entrySize, (index + 1) * entrySize);
      const type = entry.readUInt32LE(0);
      if (type === PT_DYNAMIC) dynamic = true;
      if (type === PT_INTERP) {
        const offset = is64 ? Number(entry.readBigUInt64LE(0x08)) : entry.readUInt32LE(0x04);
        const size = is64 ? Number(entry.readBigUInt64LE(0x20)) : entry.readUInt32LE(0x10);
        interpreter = (await read(offset, size)).toString('latin1').replace(/\0+$/, '');
      }
    }
    return { appImageType, interpreter, dynamic };
  } finally {
    await handle.close();
  }
}

/** Why this runtime would not start where libfuse2 is missing; empty when it is a static type-2 runtime. */
function runtimeProblems(runtime: AppImageRuntime): string[] {
  const problems: string[] = [];
  if (runtime.appImageType !== 2) problems.push('not a type-2 AppImage (no AI\\x02 magic at ELF offset 8)');
  if (runtime.interpreter !== undefined)
    problems.push(
      `dynamically linked (interpreter ${runtime.interpreter}): the legacy runtime that needs libfuse.so.2`,
    );
  if (runtime.dynamic) problems.push('has a dynamic section: it loads shared libraries at start');
  return problems;
}

/** The files named, or with `--dir <folder>` every AppImage in that folder (no shell needed to expand a glob). */
async function filesToCheck(args: readonly string[]): Promise<string[]> {
  if (args[0] !== '--dir') return [...args];
  const folder = args[1] ?? '';
  const names = (await readdir(folder)).filter((name) => name.endsWith('.AppImage'));
  if (names.length === 0) throw new Error(`no AppImage in ${folder}`);
  return names.map((name) => path.join(folder, name));
}

async function main(args: readonly string[]): Promise<number> {
  if (args.length === 0 || (args[0] === '--dir' && args.length !== 2)) {
    console.error('usage: node scripts/check-appimage-runtime.ts <file.AppImage>… | --dir <folder>');
    return 2;
  }
  const files = await filesToCheck(args);
  let failed = false;
  for (const file of files) {
    const problems = runtimeProblems(await readAppImageRuntime(file));
    for (const problem of problems) console.error(`${file}: ${problem}`);
    if (problems.length === 0) console.log(`${file}: static type-2 runtime, needs no libfuse`);
    failed ||= problems.length > 0;
  }
  return failed ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
