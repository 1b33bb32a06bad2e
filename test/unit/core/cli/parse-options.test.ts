import { describe, expect, it } from 'vitest';
import { parseOptions } from '../../../../main/core/cli/parse-options.ts';

function parse(args: string[], allowPositionals = false) {
  return parseOptions({
    args,
    allowPositionals,
    options: { topic: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
}

describe('parseOptions', () => {
  it('answers the values when the arguments are fine', () => {
    const result = parse(['--topic', 'alerts', '--json']);
    expect(result.ok && result.value.values).toEqual({ topic: 'alerts', json: true });
  });

  it.each([
    [['--tpoic', 'alerts'], "unknown option '--tpoic'; did you mean '--topic'?"],
    [['--verbose'], "unknown option '--verbose'"],
    [['-x'], "unknown option '-x'"],
    [['--topic'], "option '--topic' needs a value"],
    [['--topic', '--json'], "option '--topic' needs a value (for one that starts with '-', write --topic=-…)"],
    [['--json=yes'], "option '--json' takes no value"],
    [['stray'], "unexpected argument 'stray'"],
  ])('%j: %s', (args, error) => {
    expect(parse(args)).toEqual({ ok: false, error });
  });

  it('takes a value that starts with a dash when it is given inline', () => {
    const result = parse(['--topic=-odd']);
    expect(result.ok && result.value.values.topic).toBe('-odd');
  });
});
