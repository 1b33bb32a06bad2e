/**
 * What a publish did, in the words the window shows: the send form's status line and the topic header's "Send
 * test notification". Kept apart from the form's helpers so the header does not load the form's emoji table.
 */
import type { BridgeApi, BridgeResult, PublishOutcomeDto, SubscriptionRefDto } from '../../common/ipc.ts';
import { testNotificationInput } from '../../common/test-notification.ts';
import { activeLocale, t } from '../../common/i18n/translate.ts';
import { absoluteTime } from './format.ts';
import { whyNoPopup } from './quiet-status.ts';

interface SendResult {
  readonly sent: boolean;
  readonly text: string;
}

function capitalized(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/**
 * The answer in words: "Sent", "Scheduled for <time>", or "Not sent: <why>" — the core's words for a refusal (a
 * 403: the topic is read-only for this user), an unreachable server or a request it would not make.
 */
export function describeSendResult(result: BridgeResult<PublishOutcomeDto>, locale?: string): SendResult {
  if (!result.ok) return { sent: false, text: t('detail.send.not-sent', { reason: result.error.message }) };
  const outcome = result.value;
  if (outcome.outcome === 'sent') {
    const text = outcome.scheduled
      ? t('detail.send.scheduled', { time: absoluteTime(outcome.time, locale ?? activeLocale()) })
      : t('detail.send.sent');
    return { sent: true, text };
  }
  return { sent: false, text: t('detail.send.not-sent', { reason: capitalized(outcome.detail) }) };
}

/**
 * Publishes the fixed test message (the tray menu sends the same) and says what happened; sent while a pause,
 * quiet hours, notifications off or the topic's mute hold popups back, it says that nothing will pop up and why.
 */
export async function sendTestNotification(
  api: BridgeApi,
  topic: SubscriptionRefDto & { readonly muted: boolean },
): Promise<string> {
  const result = describeSendResult(await api.publishMessage(testNotificationInput(topic.server, topic.topic)));
  if (!result.sent) return result.text;
  const settings = await api.getSettings();
  const why = settings.ok ? whyNoPopup(settings.value, topic, Date.now()) : undefined;
  return why === undefined ? t('detail.send.test-sent') : t('detail.send.test-sent-silent', { reason: why });
}
