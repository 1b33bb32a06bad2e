/** Settings, message actions and desktop notices as they cross the bridge (IPC DTOs; see ipc-dto.ts). */
import type { MessageRefDto, PriorityDto } from './message-dto.ts';

export type ThemeDto = 'system' | 'light' | 'dark';

export interface PreferencesDto {
  readonly notificationsEnabled: boolean;
  readonly quietHours: {
    readonly enabled: boolean;
    readonly start: string;
    readonly end: string;
    readonly urgentBreaksThrough: boolean;
  };
  readonly sounds: boolean;
  /** Global floor for popups (messages below it are still stored). */
  readonly minPriority: PriorityDto;
  readonly startAtLogin: boolean;
  readonly theme: ThemeDto;
  readonly historyRetention: { readonly maxAgeDays: number; readonly maxPerSubscription: number };
  readonly keepaliveTimeoutSeconds: number;
  /** From where image attachments are downloaded without a click; never internal addresses of other servers. */
  readonly autoDownloadAttachments: 'never' | 'subscription-server' | 'any-server';
  readonly autoDownloadMaxBytes: number;
  /** Look for new versions (only where `updateChecks` is `user`). */
  readonly checkForUpdates: boolean;
  /** Serve as the UnifiedPush distributor (Linux only; see PushAppsDto.available). */
  readonly unifiedPushEnabled: boolean;
}

/**
 * Who decides whether the app checks for updates (core/updates/update-policy.ts): the user (`checkForUpdates`),
 * the administrator, who turned them off (NTFY_TRAY_UPDATES=off), or nobody: this build has no release feed.
 */
export type UpdateChecksDto = 'user' | 'administrator-off' | 'not-in-this-build';

export interface SettingsDto {
  readonly defaultServer: string;
  readonly preferences: PreferencesDto;
  readonly updateChecks: UpdateChecksDto;
  /** Milliseconds since the epoch; Infinity is sent as null ("until resumed"); absent when not paused. */
  readonly pausedUntil?: number | null;
}

export interface SettingsPatchDto {
  readonly defaultServer?: string;
  readonly preferences?: Partial<Omit<PreferencesDto, 'quietHours' | 'historyRetention'>> & {
    readonly quietHours?: Partial<PreferencesDto['quietHours']>;
    readonly historyRetention?: Partial<PreferencesDto['historyRetention']>;
  };
  /** Minutes, or `until-resumed`, or null to resume. */
  readonly pause?: number | 'until-resumed' | null;
}

/** An image attachment fetched by main (same cache, type check and size cap as the notifications). */
export interface AttachmentPreviewDto {
  /** A `data:image/…;base64,` URL: the page never loads a remote image itself. */
  readonly dataUrl: string;
  readonly bytes: number;
}

export type ActionOutcomeDto =
  | { readonly kind: 'opened'; readonly url: string }
  | { readonly kind: 'copied' }
  | { readonly kind: 'http'; readonly ok: boolean; readonly status?: number; readonly message: string }
  /** Nothing was sent: `method` to `host` (this computer or its network) waits for the user's confirmation. */
  | { readonly kind: 'confirm'; readonly method: string; readonly host: string; readonly message: string };

export interface RunActionOptionsDto {
  /** The user saw method and host of an http action to an internal address and confirmed it. */
  readonly confirmedInternal: boolean;
}

/** Which message a notification click asks the window to show. */
export interface ShowMessageDto extends MessageRefDto {
  /** The index of an http action (in the message's actions) to show its confirmation for, sending nothing. */
  readonly confirmAction?: number;
}

/**
 * What the desktop is not doing for the app, said in the window: `tray-host-missing` (Linux without a
 * StatusNotifier host: no tray icon, so closing the window minimizes it), `tray-icon-missing` (a host runs but does
 * not list our icon: the same fallback), `notifications-refused` (the system's notification center refused a
 * popup) and `update-available` (a new version; dismissed, it comes back only for a newer one or after a restart).
 */
export type DesktopNoticeIdDto =
  'tray-host-missing' | 'tray-icon-missing' | 'notifications-refused' | 'update-available';

export interface DesktopNoticeDto {
  readonly id: DesktopNoticeIdDto;
  /** Plain text, one or two sentences: what is wrong and what the user can do. */
  readonly text: string;
  /** Dismissed notices never come back (kept across restarts); the others go away when their cause does. */
  readonly dismissible: boolean;
  /** A web page the notice points to (a new version's release page), opened through BridgeApi.openLink. */
  readonly link?: { readonly label: string; readonly url: string };
}
