import type { Session } from 'electron';

/** session.defaultSession: records the permission handlers the app installs (Chromium's own prompts stay off). */
// Electron's own handler types, so stand-in-fits.ts can prove these setters take what Electron's take.
export type PermissionRequestHandler = Parameters<Session['setPermissionRequestHandler']>[0];
export type PermissionCheckHandler = Parameters<Session['setPermissionCheckHandler']>[0];

export class SessionStandIn {
  permissionRequestHandler: PermissionRequestHandler | null = null;
  permissionCheckHandler: PermissionCheckHandler | null = null;

  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void {
    this.permissionRequestHandler = handler;
  }

  setPermissionCheckHandler(handler: PermissionCheckHandler | null): void {
    this.permissionCheckHandler = handler;
  }
}
