/**
 * The layout the docs describe is the tree: docs/architecture.md's layout block lists every entry of the source
 * folders (and nothing that is not there), CONTRIBUTING.md's "Where things are" names main/'s files and folders and
 * every entry of main/core, and every path a comment in eslint.config.js names exists. A file added, moved or
 * removed fails here until the docs say so.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The folders whose every entry docs/architecture.md lists, one level deep. */
const LISTED_IN_FULL = ['main', 'main/core', 'main/desktop', 'main/os', 'common', 'renderer', 'preload'];

const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');
const exists = (relative: string): boolean => existsSync(path.join(ROOT, relative));

/** A folder's entries as the docs write them: `name/` for a folder, `name` for a file. */
function entriesOf(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true })
    .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
    .sort();
}

/** The lines of the first fenced block after `heading`. */
function blockAfter(markdown: string, heading: string): string[] {
  const lines = markdown.slice(markdown.indexOf(heading)).split('\n');
  const start = lines.findIndex((line) => line.startsWith('```'));
  const end = lines.findIndex((line, index) => index > start && line.startsWith('```'));
  return lines.slice(start + 1, end);
}

/** Descriptions that run on to another line are indented this far; entry lines less. */
const DESCRIPTION_COLUMN = 20;

/**
 * The paths of a layout block. An entry line starts (indented two spaces per level) with one or more names, separated
 * by a space or ", ", ended by two spaces or the line's end; a line that names one folder (`name/`) alone is
 * followed by that folder's entries, one level deeper. `…` stands for "and more" and is no name.
 */
function layoutPaths(block: readonly string[]): string[] {
  const folders: string[] = [];
  const paths: string[] = [];
  for (const line of block) {
    const indent = line.length - line.trimStart().length;
    if (line.trim() === '' || indent >= DESCRIPTION_COLUMN) continue;
    const level = indent / 2;
    folders.length = level;
    const names = (line.trim().split(/ {2,}/)[0] ?? '').split(/,? +/).filter((name) => name !== '…');
    const parent = folders.join('');
    paths.push(...names.map((name) => `${parent}${name}`.replace(/\/$/, '')));
    // Entries one level deeper belong to the folder a line names alone.
    const [only] = names;
    if (names.length === 1 && only?.endsWith('/')) folders[level] = only;
  }
  return paths;
}

describe('docs/architecture.md, layout', () => {
  const paths = layoutPaths(blockAfter(read('docs/architecture.md'), '## Layout'));

  it('lists only paths that exist', () => {
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((listed) => !exists(listed))).toEqual([]);
  });

  it.each(LISTED_IN_FULL)('lists every entry of %s/', (folder) => {
    const missing = entriesOf(folder).filter(
      (entry) => !paths.includes(path.posix.join(folder, entry.replace(/\/$/, ''))),
    );
    expect(missing).toEqual([]);
  });
});

describe('CONTRIBUTING.md, where things are', () => {
  const section = read('CONTRIBUTING.md').split('## Where things are')[1] ?? '';
  const bullets = section.split(/\n- /).slice(1);
  const named = (text: string): string[] => [...text.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] ?? '');
  const core = bullets.find((bullet) => bullet.startsWith('`main/core/`')) ?? '';

  it('names paths that exist, from the root or from the folder its bullet is about', () => {
    const wrong = bullets.flatMap((bullet) => {
      const folder = /^`([^`]+\/)`/.exec(bullet)?.[1] ?? '';
      return named(bullet)
        .filter((name) => name.includes('/') && !name.includes('://') && !name.startsWith('.'))
        .filter((name) => !exists(name) && !exists(path.posix.join(folder, name)));
    });
    expect(section).not.toBe('');
    expect(wrong).toEqual([]);
  });

  it('names each file and folder of main/', () => {
    const names = bullets.flatMap(named);
    expect(entriesOf('main').filter((entry) => !names.includes(`main/${entry}`))).toEqual([]);
  });

  it('names every entry of main/core in its main/core/ bullet', () => {
    expect(entriesOf('main/core').filter((entry) => !named(core).includes(entry))).toEqual([]);
  });
});

/** The comments of a script, as TypeScript's scanner finds them (never a `/*` or `//` inside a string). */
function commentsOf(source: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, source);
  const comments: string[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) {
      comments.push(scanner.getTokenText());
    }
  }
  return comments;
}

describe('eslint.config.js', () => {
  it('names in its comments only paths that exist', () => {
    const comments = commentsOf(read('eslint.config.js'));
    // A path is a run of name characters with a `/` inside or a file extension; `./x.ts`-like examples of import
    // specifiers (starting with a dot) are no paths of this tree.
    const mentioned = comments.flatMap((comment) =>
      [...comment.matchAll(/(?<![\w./-])[\w-]+(?:\/[\w.-]+)*\/?(?:\.[a-z]+)?/gi)]
        .map((match) => match[0].replace(/\.+$/, '')) // a sentence's full stop
        .filter((word) => /\/|\.(ts|tsx|js|json|md)$/.test(word)),
    );
    expect(mentioned).toContain('test/unit/lint-boundaries.test.ts');
    expect(mentioned.filter((mentionedPath) => !exists(mentionedPath))).toEqual([]);
  });
});
