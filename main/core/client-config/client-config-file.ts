/**
 * Reads the client.yml of a `subscribe` run: the `-c/--config` file, else ntfy's default path
 * (client-config/config-path.ts) when that file exists — as ntfy's CLI does, whose defaults (host, credentials)
 * apply to every run, and whose `subscribe:` entries only to `--from-config`.
 */
import { readFileSync } from 'node:fs';
import { type ClientConfig, type ClientConfigProblem, parseClientConfig } from './client-config.ts';
import { errorMessage } from '../../../common/error-message.ts';
import { t } from '../../../common/i18n/translate.ts';

export type ClientConfigLoad =
  | { readonly kind: 'none'; readonly path: string | undefined }
  | { readonly kind: 'ok'; readonly path: string; readonly config: ClientConfig }
  | { readonly kind: 'error'; readonly message: string };

/** One sentence per problem; names the field and entry, never a value (it may be a secret). */
export function describeClientConfigProblem(path: string, problem: ClientConfigProblem): string {
  const entry = 'entry' in problem ? problem.entry : undefined;
  const where = entry === undefined ? path : t('cli.client-config.entry', { path, entry });
  switch (problem.kind) {
    case 'yaml':
      return problem.line === undefined
        ? t('cli.client-config.yaml', { where })
        : t('cli.client-config.yaml-line', { where, line: problem.line });
    case 'aliases':
      return t('cli.client-config.aliases', { where });
    case 'duplicate-key':
      return t('cli.client-config.duplicate-key', { where, field: problem.field, line: problem.line });
    case 'not-a-map':
      return t('cli.client-config.not-a-map', { where, field: problem.field ?? '' });
    case 'not-a-list':
      return t('cli.client-config.not-a-list', { where, field: problem.field });
    case 'not-text':
      return t('cli.client-config.not-text', { where, field: problem.field });
    case 'unknown-filter':
      return t('cli.client-config.unknown-filter', { where, field: problem.field });
    case 'missing-topic':
      return t('cli.client-config.missing-topic', { where });
  }
}

/** One warning line per key ntfy ignores (client-config.ts `ignoredFields`): named, never its value. */
export function ignoredFieldWarnings(path: string, config: ClientConfig): string[] {
  return config.ignoredFields.map(({ field, entry }) =>
    t('cli.client-config.unknown-field', {
      where: entry === undefined ? path : t('cli.client-config.entry', { path, entry }),
      field,
    }),
  );
}

/**
 * `given`: the -c/--config path, which must exist; else the first of `candidates` (config-path.ts) that exists.
 * A `none` names the first candidate, ntfy's own default.
 */
export function loadClientConfig(given: string | undefined, candidates: readonly string[]): ClientConfigLoad {
  if (given !== undefined) return loadFile(given, true);
  for (const candidate of candidates) {
    const load = loadFile(candidate, false);
    if (load.kind !== 'none') return load;
  }
  return { kind: 'none', path: candidates[0] };
}

function loadFile(path: string, given: boolean): ClientConfigLoad {
  let source: string;
  try {
    source = readFileSync(path, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    if (!given && missing) return { kind: 'none', path };
    return { kind: 'error', message: t('cli.client-config.unreadable', { path, reason: errorMessage(error) }) };
  }
  const parsed = parseClientConfig(source);
  return parsed.ok
    ? { kind: 'ok', path, config: parsed.config }
    : { kind: 'error', message: describeClientConfigProblem(path, parsed.problem) };
}
