/**
 * The fixed, friendly message "Send test notification" publishes, from the window's topic header and from the tray
 * menu alike: one place, so both send the same words.
 */
import type { PublishInputDto } from './ipc-dto.ts';

export const TEST_NOTIFICATION = {
  title: 'Test notification',
  message: 'This is a test from ntfy Tray',
  tags: ['tada'],
} as const;

/** The test message for `topic` on `server` (the server's stored credentials are used by the core). */
export function testNotificationInput(server: string, topic: string): PublishInputDto {
  return { server, topic, ...TEST_NOTIFICATION, tags: [...TEST_NOTIFICATION.tags] };
}
