/**
 * Options as ntfy's CLI declares them (urfave/cli flags in cmd/publish.go, cmd/subscribe.go, cmd/app.go): a name,
 * aliases (`--no_cache`, `--sched`, `-C` …) and the environment variable that gives the value when the option is
 * not on the command line (`EnvVars: []string{"NTFY_TITLE"}`). One table per command; node:util parseArgs reads
 * every name, and `canonicalValues` folds them into one value per option. docs/protocol.md#cli.
 */
import { formatList, t } from '../../../common/i18n/translate.ts';
import type { ArgsResult } from '../client-config/args-result.ts';

interface FlagSpec {
  readonly type: 'string' | 'boolean';
  /** One letter: `-t`. */
  readonly short?: string;
  /** Further long names (ntfy's aliases of more than one letter, and its underscore spellings). */
  readonly aliases?: readonly string[];
  /** ntfy's environment variable for it, read when no name of the option is on the command line. */
  readonly env?: string;
}

export type FlagTable = Readonly<Record<string, FlagSpec>>;

type ParseOption = { readonly type: 'string' | 'boolean'; readonly short?: string };

/** Every name of every option, for parseArgs. */
export function parseArgsOptions(table: FlagTable): Record<string, ParseOption> {
  const options: Record<string, ParseOption> = {};
  for (const [name, spec] of Object.entries(table)) {
    options[name] = spec.short === undefined ? { type: spec.type } : { type: spec.type, short: spec.short };
    for (const alias of spec.aliases ?? []) options[alias] = { type: spec.type };
  }
  return options;
}

export type FlagValues = Readonly<Record<string, string | boolean | undefined>>;

/**
 * Go's strconv.ParseBool, which urfave/cli applies to a boolean option's environment variable: `1 t T TRUE true
 * True` and `0 f F FALSE false False`; anything else is refused.
 */
function goBool(text: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(text)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(text)) return false;
  return undefined;
}

function fromEnv(spec: FlagSpec, name: string, env: Readonly<Record<string, string | undefined>>) {
  const text = spec.env === undefined ? undefined : env[spec.env];
  // urfave/cli: an empty variable leaves the option unset.
  if (text === undefined || text === '' || spec.env === undefined) return { ok: true as const, value: undefined };
  if (spec.type === 'string') return { ok: true as const, value: text };
  const value = goBool(text);
  return value === undefined
    ? { ok: false as const, error: t('cli.options.env-bool', { variable: spec.env, value: text, option: `--${name}` }) }
    : { ok: true as const, value };
}

/**
 * One value per option, under its own name: from the command line (under any of its names; two names with
 * different values is a mistake), else from its environment variable.
 */
export function canonicalValues(
  table: FlagTable,
  values: FlagValues,
  env: Readonly<Record<string, string | undefined>>,
): ArgsResult<Record<string, string | boolean | undefined>> {
  const result: Record<string, string | boolean | undefined> = {};
  for (const [name, spec] of Object.entries(table)) {
    const given = [name, ...(spec.aliases ?? [])].filter((each) => values[each] !== undefined);
    const distinct = new Set(given.map((each) => values[each]));
    if (distinct.size > 1) {
      return { ok: false, error: t('cli.publish.same-option', { options: formatList(given.map((n) => `--${n}`)) }) };
    }
    const first = given[0];
    if (first !== undefined) {
      result[name] = values[first];
      continue;
    }
    const read = fromEnv(spec, name, env);
    if (!read.ok) return read;
    result[name] = read.value;
  }
  return { ok: true, value: result };
}

/** A string option's value (undefined when not given, or given as a boolean by mistake). */
export function stringOf(values: FlagValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

export function isSet(values: FlagValues, name: string): boolean {
  return values[name] === true;
}
