/**
 * Test-only entry for `ntfy-tray publish`, wired exactly as the lead's hunk wires it in main/cli.ts (which another
 * engineer is reworking): the real Node adapters, nothing faked. Once main/cli.ts routes `publish`, the tests can
 * spawn main/cli.ts instead and this file goes.
 */
import { homedir } from 'node:os';
import { runPublish } from '../../../main/core/cli/publish-command.ts';
import { createNodePublishIo } from '../../../main/core/cli/publish-io.ts';
import { createConsoleLogger } from '../../../main/core/logging.ts';
import { defaultDataDir } from '../../../main/core/store/data-dir.ts';

const log = createConsoleLogger({
  name: 'ntfy-tray',
  write: (level, line) => {
    if (level !== 'debug') process.stderr.write(`${level}: ${line}\n`);
  },
});

const io = createNodePublishIo({
  log,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  stdin: process.stdin,
  dataDirOf: (given) => given ?? defaultDataDir({ env: process.env, platform: process.platform, homeDir: homedir() }),
  addSecret: () => undefined,
});

process.exitCode = await runPublish(process.argv.slice(2), io);
