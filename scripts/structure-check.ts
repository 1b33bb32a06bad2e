/**
 * The structure check of issue 34 §5: no function longer than {@link MAX_FUNCTION_LINES} lines and no source file
 * longer than {@link MAX_FILE_LINES} lines in the app's own code. `npm run structure` prints every violation (so
 * progress is visible); test/unit/scripts/structure-check.test.ts fails on any that is not on its allow-list.
 *
 * Lines are counted as an editor shows them: a file's lines (a final newline ends the last line, it starts none),
 * a function's from the line of its first token (after its leading comment) to the line of its last, both included.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const MAX_FUNCTION_LINES = 150;
const MAX_FILE_LINES = 350;

/** The folders checked, relative to the repository root. */
const CHECKED_FOLDERS = ['main', 'preload', 'common', 'renderer', 'scripts', 'test/server'] as const;

interface LongFunction {
  readonly file: string;
  readonly name: string;
  readonly line: number;
  readonly lines: number;
}

interface LongFile {
  readonly file: string;
  readonly lines: number;
}

export interface StructureReport {
  readonly functions: readonly LongFunction[];
  readonly files: readonly LongFile[];
}

const sourceExtensions = ['.ts', '.tsx', '.mts', '.cts'];

function isSourceFile(name: string): boolean {
  return sourceExtensions.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts');
}

/** Every source file under `folder` (relative to `root`), as forward-slash paths relative to `root`, sorted. */
function listSourceFiles(root: string, folder: string): string[] {
  const absolute = path.join(root, folder);
  if (!fs.existsSync(absolute)) return [];
  const entries = fs.readdirSync(absolute, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && isSourceFile(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

export function countLines(text: string): number {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

type FunctionNode =
  | ts.FunctionDeclaration
  | ts.FunctionExpression
  | ts.ArrowFunction
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration;

function isFunctionNode(node: ts.Node): node is FunctionNode {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** A readable name: its own, or that of the variable, property or argument it is assigned to. */
function functionName(node: FunctionNode, source: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name !== undefined) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText(source)})`;
  return '(anonymous)';
}

/** The functions of one file's text longer than `maxLines`, outermost and nested alike. */
export function longFunctions(file: string, text: string, maxLines = MAX_FUNCTION_LINES): LongFunction[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunctionNode(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > maxLines) found.push({ file, name: functionName(node, source), line: first + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every long function and long file under the checked folders of `root`. */
export function checkStructure(root: string, folders: readonly string[] = CHECKED_FOLDERS): StructureReport {
  const functions: LongFunction[] = [];
  const files: LongFile[] = [];
  for (const file of folders.flatMap((folder) => listSourceFiles(root, folder))) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const lines = countLines(text);
    if (lines > MAX_FILE_LINES) files.push({ file, lines });
    functions.push(...longFunctions(file, text));
  }
  return { functions, files };
}

export function formatReport(report: StructureReport): string[] {
  return [
    ...report.files.map((f) => `${f.file}: ${f.lines} lines (file limit ${MAX_FILE_LINES})`),
    ...report.functions.map(
      (f) => `${f.file}:${f.line}: ${f.name} is ${f.lines} lines (function limit ${MAX_FUNCTION_LINES})`,
    ),
  ];
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const lines = formatReport(checkStructure(root));
  for (const line of lines) process.stdout.write(`${line}\n`);
  process.stdout.write(lines.length === 0 ? 'structure: all within limits\n' : `structure: ${lines.length} over\n`);
  process.exitCode = lines.length === 0 ? 0 : 1;
}
