/**
 * node:util parseArgs with errors a person can act on: "unknown option '--tpoic'; did you mean '--topic'?" instead
 * of Node's text (which suggests `--` and positional arguments), and short words for a missing or unwanted value.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { closestName } from './closest-name.ts';
import type { ArgsResult } from '../client-config/args-result.ts';
import { t } from '../../../common/i18n/translate.ts';
import { errorMessage } from '../../../common/error-message.ts';

type Config = ParseArgsConfig & { readonly args: string[] };

/** `parseArgs(config)`, or a one-line reason the arguments cannot be read. */
export function parseOptions<T extends Config>(config: T): ArgsResult<ReturnType<typeof parseArgs<T>>> {
  try {
    return { ok: true, value: parseArgs(config) };
  } catch (error) {
    return { ok: false, error: explainParseError(config) ?? errorMessage(error) };
  }
}

/** Reads the arguments again without strictness and says what the strict pass refused. */
function explainParseError(config: Config): string | undefined {
  const options = config.options ?? {};
  const { tokens } = parseArgs({ ...config, strict: false, tokens: true, allowPositionals: true });
  for (const token of tokens) {
    if (token.kind === 'positional' && config.allowPositionals !== true) {
      return t('cli.options.unexpected-argument', { value: token.value });
    }
    if (token.kind !== 'option') continue;
    const option = options[token.name];
    if (option === undefined) {
      const names = Object.keys(options);
      const suggestion = closestName(token.name, names);
      return suggestion === undefined
        ? t('cli.options.unknown', { option: token.rawName })
        : t('cli.options.unknown-suggest', { option: token.rawName, suggestion: `--${suggestion}` });
    }
    if (option.type === 'boolean' && token.value !== undefined)
      return t('cli.options.takes-no-value', { option: token.rawName });
    if (option.type === 'string') {
      const { value } = token;
      if (value === undefined) return t('cli.options.needs-value', { option: token.rawName });
      // Node refuses `--topic --json` as ambiguous; a value that really starts with a dash can be given inline.
      if (!token.inlineValue && value.startsWith('-')) {
        return t('cli.options.needs-value-dash', { option: token.rawName });
      }
    }
  }
  return undefined;
}
