/**
 * Issue 34 §6: lists the exported names of the app's source (main, preload, common, renderer, scripts, test/server)
 * that no other file imports, and those only tests import. It resolves every import and re-export of every file the
 * two TypeScript projects hold (tests included) to the declaration it names, with the compiler's own checker.
 * `node scripts/unused-exports.ts` prints them, one `file: name` a line.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE_FOLDERS = ['main/', 'preload/', 'common/', 'renderer/', 'scripts/', 'test/server/'];
const TEST_PATH = /(^|\/)(test|bench)\/|\.test\.tsx?$|\.spec\.ts$|(^|\/)[a-z.]*\.config\.ts$/;

interface UnusedExport {
  readonly file: string;
  readonly name: string;
  /** 'nobody': no other file imports it; 'tests': only tests (and benchmarks) do. */
  readonly usedBy: 'nobody' | 'tests';
}

function programFor(root: string, configFile: string): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, configFile),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (config === undefined) throw new Error(`cannot read ${configFile}`);
  return ts.createProgram({ rootNames: config.fileNames, options: { ...config.options, noEmit: true } });
}

function canonical(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/** `import('<literal>')`, the form React.lazy and code splitting use. */
function isDynamicImport(node: ts.Node): node is ts.CallExpression & { arguments: [ts.StringLiteral] } {
  return (
    ts.isCallExpression(node) &&
    node.expression.kind === ts.SyntaxKind.ImportKeyword &&
    node.arguments.length >= 1 &&
    node.arguments[0] !== undefined &&
    ts.isStringLiteral(node.arguments[0])
  );
}

/** Every declaration symbol another file reaches through an import or re-export, with the files reaching it. */
function importedSymbols(program: ts.Program, root: string, used: Map<ts.Symbol, Set<string>>): void {
  const checker = program.getTypeChecker();
  const mark = (symbol: ts.Symbol | undefined, from: string): void => {
    if (symbol === undefined) return;
    const target = canonical(checker, symbol);
    const users = used.get(target) ?? new Set<string>();
    users.add(from);
    used.set(target, users);
  };
  for (const source of program.getSourceFiles()) {
    if (source.isDeclarationFile || source.fileName.includes('/node_modules/')) continue;
    const from = path.relative(root, source.fileName);
    const visit = (node: ts.Node): void => {
      if (ts.isImportSpecifier(node) || ts.isExportSpecifier(node) || ts.isImportClause(node)) {
        mark(checker.getSymbolAtLocation(node.name ?? node), from);
      } else if (ts.isNamespaceImport(node)) {
        const namespace = checker.getSymbolAtLocation(node.name);
        const module = namespace === undefined ? undefined : canonical(checker, namespace);
        if (module !== undefined) for (const each of checker.getExportsOfModule(module)) mark(each, from);
      } else if (
        ts.isExportDeclaration(node) &&
        node.exportClause === undefined &&
        node.moduleSpecifier !== undefined
      ) {
        const module = checker.getSymbolAtLocation(node.moduleSpecifier);
        if (module !== undefined) for (const each of checker.getExportsOfModule(module)) mark(each, from);
      } else if (isDynamicImport(node)) {
        // import('./x.tsx').then((module) => module.X): a lazily loaded module counts as used whole.
        const module = checker.getSymbolAtLocation(node.arguments[0]);
        if (module !== undefined) for (const each of checker.getExportsOfModule(module)) mark(each, from);
      } else if (ts.isImportTypeNode(node) && node.qualifier !== undefined) {
        mark(checker.getSymbolAtLocation(node.qualifier), from);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

export function findUnusedExports(root: string): UnusedExport[] {
  const found = new Map<string, UnusedExport>();
  for (const configFile of ['tsconfig.node.json', 'tsconfig.web.json']) {
    const program = programFor(root, configFile);
    const checker = program.getTypeChecker();
    const used = new Map<ts.Symbol, Set<string>>();
    importedSymbols(program, root, used);
    for (const source of program.getSourceFiles()) {
      const file = path.relative(root, source.fileName);
      if (!SOURCE_FOLDERS.some((folder) => file.startsWith(folder)) || TEST_PATH.test(file)) continue;
      const module = checker.getSymbolAtLocation(source);
      if (module === undefined) continue;
      for (const exported of checker.getExportsOfModule(module)) {
        const target = canonical(checker, exported);
        const users = [...(used.get(target) ?? [])].filter((user) => user !== file);
        const key = `${file}: ${exported.name}`;
        const usedBy =
          users.length === 0 ? 'nobody' : users.every((user) => TEST_PATH.test(user)) ? 'tests' : undefined;
        const before = found.get(key);
        // Held by both projects (a pure renderer file): unused only when unused in each.
        if (usedBy === undefined) found.set(key, { file, name: exported.name, usedBy: 'nobody', ...{ used: true } });
        else if (before === undefined) found.set(key, { file, name: exported.name, usedBy });
        else if ('used' in before) continue;
        else if (before.usedBy === 'nobody' && usedBy === 'tests')
          found.set(key, { file, name: exported.name, usedBy });
      }
    }
  }
  return [...found.values()].filter((entry) => !('used' in entry)).sort((a, b) => a.file.localeCompare(b.file));
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const unused = findUnusedExports(root);
  for (const entry of unused) process.stdout.write(`${entry.file}: ${entry.name} (used by ${entry.usedBy})\n`);
  const nobody = unused.filter((entry) => entry.usedBy === 'nobody').length;
  process.stdout.write(`unused exports: ${nobody} used by no other file, ${unused.length - nobody} only by tests\n`);
}
