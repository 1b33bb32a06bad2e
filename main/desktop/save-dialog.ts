/**
 * The client.yml export's save step: Electron's save dialog, then the file, owner-only when it holds secrets.
 */
import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SaveFile } from '../core/bridge/client-config-requests.ts';

/** The part of Electron's dialog module the save step uses (main/index.ts passes the real one, which must fit). */
interface SaveDialogHandle {
  showSaveDialog(options: {
    defaultPath: string;
    filters: { name: string; extensions: string[] }[];
  }): Promise<{ readonly canceled: boolean; readonly filePath: string }>;
}

/** Saves through `dialog`, starting in `homeDir` with the file's suggested name. */
export function saveWithDialog(dialog: SaveDialogHandle, homeDir: string): SaveFile {
  return async (file) => {
    const chosen = await dialog.showSaveDialog({
      defaultPath: path.join(homeDir, file.suggestedName),
      filters: [{ name: 'YAML', extensions: ['yml', 'yaml'] }],
    });
    if (chosen.canceled || chosen.filePath === '') return { kind: 'canceled' };
    await writeFile(chosen.filePath, file.contents, { mode: file.private ? 0o600 : 0o644 });
    // The mode applies only to a new file: one that existed keeps its own, so a file with secrets is narrowed here.
    if (file.private) await chmod(chosen.filePath, 0o600);
    return { kind: 'saved', path: chosen.filePath };
  };
}
