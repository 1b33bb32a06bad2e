/**
 * The project files a source file reaches through its relative imports (static, dynamic and `new URL('./x.ts',
 * import.meta.url)`, which is how launch-app.ts hands register.ts to the processes it forks), transitively.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const RELATIVE_IMPORT =
  /\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|new URL\(\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function directImports(root: string, file: string): string[] {
  const source = readFileSync(path.join(root, file), 'utf8');
  return [...source.matchAll(RELATIVE_IMPORT)]
    .map((match) => match[1] ?? match[2] ?? match[3] ?? '')
    .map((specifier) => path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)))
    .filter((target) => existsSync(path.join(root, target)));
}

/** Every file (project-relative, `/`-separated) that `file` reaches, itself included. */
export function reachableFiles(root: string, file: string): Set<string> {
  const seen = new Set([file]);
  const pending = [file];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const target of directImports(root, next)) {
      if (seen.has(target)) continue;
      seen.add(target);
      pending.push(target);
    }
  }
  return seen;
}
