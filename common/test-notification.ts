/**
 * The fixed, friendly message "Send test notification" publishes, from the window's topic header and from the tray
 * menu alike: one place, so both send the same words.
 */
import { t } from './i18n/translate.ts';
import type { PublishInputDto } from './ipc-dto.ts';

/**
 * The test message for `topic` on `server` (the server's stored credentials are used by the core), in the sender's
 * language: it is a greeting the user reads, written when sent (not at import, before the language is chosen).
 */
export function testNotificationInput(server: string, topic: string): PublishInputDto {
  return {
    server,
    topic,
    title: t('app.test-notification.title'),
    message: t('app.test-notification.message'),
    tags: ['tada'],
  };
}
