/**
 * The environment variable with which an administrator turns update checks off (NTFY_TRAY_UPDATES=off): read by
 * main/core/updates/update-policy.ts, named by the Settings view.
 */
export const UPDATES_ENV = 'NTFY_TRAY_UPDATES';
