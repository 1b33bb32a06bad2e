import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// One set of controls (issue 25 §2): outside renderer/ui, a view's JSX has no raw <button>, <select>, <textarea>
// or text-like <input>; it uses renderer/ui's Button, TextField, TextArea, Select and FilePicker, so every control
// shares one look. Checkboxes, radios and hidden inputs stay native. test/e2e/one-look.spec.ts checks the rendered
// views; this catches a raw control in any view, shown or not.

const root = join(import.meta.dirname, '..', '..', '..');
const rendererDir = join(root, 'renderer');

/** The native input types a view may still write. */
const NATIVE_INPUT_TYPES = new Set(['checkbox', 'radio', 'hidden']);

/**
 * Raw controls that are allowed, each with why: `file` relative to the repository with `/`, `control` as reported
 * (`button`, `select`, `textarea`, or `input` with its type). Every entry must still match something: a stale one
 * fails, so the list only shrinks.
 */
const ALLOWED: readonly { readonly file: string; readonly control: string; readonly reason: string }[] = [
  {
    file: 'renderer/history/MessageBar.tsx',
    control: 'input type=text',
    reason:
      "the one-line bar under a topic (issue 33 §5): field and Send in one row, labelled by aria-label as ntfy's web " +
      "app does, with no field frame; it wears renderer/ui's field look (.ui-field)",
  },
  {
    file: 'renderer/history/SendAttachment.tsx',
    control: 'input type=file',
    reason:
      "the send dialog's hidden file input, opened by its Attach button; the dialog itself is the drop zone and shows " +
      "the file and the upload's progress, which FilePicker's own button and name would repeat (.ui-file-input)",
  },
];

export interface RawControl {
  readonly line: number;
  /** `button`, `select`, `textarea`, or `input type=<type>` (`{…}` for a computed type, `text` when none). */
  readonly control: string;
}

/** The text of the JSX tag that starts at `start` (`<input …>`), braces and quotes skipped. */
function tagText(source: string, start: number): string {
  let depth = 0;
  let quote: string | undefined;
  for (let index = start + 1; index < source.length; index += 1) {
    const char = source[index];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'" || char === '`') {
      quote = char;
    } else if (char === '{') {
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
    } else if (char === '>' && depth === 0) {
      return source.slice(start, index + 1);
    }
  }
  return source.slice(start);
}

/** Comments blanked out (same length, lines kept), so a `<button` in prose is not a control. */
function withoutComments(source: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  return source.replace(/\/\*[\s\S]*?\*\//g, blank).replace(/(^|[^:'"`])\/\/[^\n]*/g, (text, before: string) => {
    return before + blank(text.slice(before.length));
  });
}

/** The raw form controls a .tsx source writes, checkboxes, radios and hidden inputs left out. */
export function rawControls(source: string): RawControl[] {
  const code = withoutComments(source);
  const found: RawControl[] = [];
  for (const match of code.matchAll(/<(button|select|textarea|input)(?=[\s/>])/g)) {
    const tag = match[1] ?? '';
    const line = code.slice(0, match.index).split('\n').length;
    if (tag !== 'input') {
      found.push({ line, control: tag });
      continue;
    }
    const type = /\stype=(?:"([^"]*)"|'([^']*)'|\{)/.exec(tagText(code, match.index));
    const value = type === null ? 'text' : (type[1] ?? type[2] ?? '{…}');
    if (!NATIVE_INPUT_TYPES.has(value)) found.push({ line, control: `input type=${value}` });
  }
  return found;
}

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.tsx'))
    .map((name) => join(dir, name));
}

describe('raw controls outside renderer/ui', () => {
  it('finds raw controls and leaves checkboxes, radios and hidden inputs alone', () => {
    const source = [
      '// a <button in a comment is prose',
      '<Button>ok</Button>',
      '<button type="button" onClick={() => x > 1}>raw</button>',
      '<input type="checkbox" checked={a > b} />',
      '<input type="radio" />',
      '<input type="hidden" />',
      '<input value={v} type="text" />',
      '<input',
      '  name="plain"',
      '/>',
      '<input type={kind} />',
      '<select value={v}>',
      '<textarea />',
      'const ref = useRef<HTMLInputElement>(null);',
    ].join('\n');
    expect(rawControls(source)).toEqual([
      { line: 3, control: 'button' },
      { line: 7, control: 'input type=text' },
      { line: 8, control: 'input type=text' },
      { line: 11, control: 'input type={…}' },
      { line: 12, control: 'select' },
      { line: 13, control: 'textarea' },
    ]);
  });

  it("every view's buttons, fields and selects are renderer/ui's (issue 25 §2)", () => {
    const used = new Set<(typeof ALLOWED)[number]>();
    const offending: string[] = [];
    for (const path of tsxFiles(rendererDir)) {
      const file = relative(root, path).split(sep).join('/');
      if (file.startsWith('renderer/ui/')) continue;
      for (const { line, control } of rawControls(readFileSync(path, 'utf8'))) {
        const allowed = ALLOWED.find((entry) => entry.file === file && entry.control === control);
        if (allowed === undefined) offending.push(`${file}:${line} <${control}>`);
        else used.add(allowed);
      }
    }
    expect(offending, 'use Button, TextField, TextArea, Select or FilePicker from renderer/ui').toEqual([]);
    const stale = ALLOWED.filter((entry) => !used.has(entry)).map((entry) => `${entry.file} <${entry.control}>`);
    expect(stale, 'allowed raw controls that are gone: drop them from ALLOWED').toEqual([]);
  });
});
