/**
 * Child process for atomic-file.test.ts: replaces `<file>` with `<content>` through writeFileAtomic, whose fault
 * switch kills this process with SIGKILL once the temporary file is complete and before the rename.
 *
 * Usage: node atomic-file-crasher.ts <file> <content>
 */
import { writeFileAtomic } from '../../../../main/core/store/atomic-file.ts';

const [file, content] = process.argv.slice(2);
if (file === undefined || content === undefined) throw new Error('usage: atomic-file-crasher.ts <file> <content>');
await writeFileAtomic(file, content, {
  beforeRename: () => {
    process.kill(process.pid, 'SIGKILL');
  },
});
