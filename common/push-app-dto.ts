/** The UnifiedPush distributor's registered apps as the window shows them (issue 35 §5; IPC DTOs, see ipc-dto.ts). */

/**
 * The state of the connection carrying an app's endpoint topic: `unreachable` while it waits to reconnect (the
 * server cannot be reached), `refused` when the server refused it for good (401/403, a request it never accepts),
 * `off` while the distributor is switched off.
 */
export type PushAppConnectionDto = 'connecting' | 'connected' | 'unreachable' | 'refused' | 'off';

export interface PushAppDto {
  /** The connection token the app chose; the row's Remove names the registration by it. */
  readonly token: string;
  /** The app's D-Bus name (its app id, e.g. org.kde.neochat). */
  readonly service: string;
  /** What the app said it uses push for; may be empty. */
  readonly description: string;
  /** The ntfy server its endpoint is on. */
  readonly server: string;
  readonly messages: number;
  /** Milliseconds since the epoch; absent until the first message. */
  readonly lastMessageAt?: number;
  readonly connection: PushAppConnectionDto;
}

export interface PushAppsDto {
  /** False where there is no UnifiedPush distributor (macOS, Windows, a Linux session without a bus). */
  readonly available: boolean;
  readonly apps: readonly PushAppDto[];
}
