/**
 * Watches a private session bus for Notify calls and the notification server's answers, by eavesdropping (the
 * bus of notification-session.ts allows it). A test learns the moment a real server (dunst) has accepted a popup
 * and under which id, without asking the server again and again: the answer is the event.
 *
 * dbus-native leaves method calls addressed to others alone (it neither answers nor dispatches them), and this
 * connection makes no calls after its match rules are in place, so an overheard reply cannot settle a call of ours.
 */
import { createClient, messageType, type Message } from 'dbus-native';
import { NOTIFICATIONS_SERVICE } from '../../../main/os/notifications/freedesktop-notifications.ts';

export interface AnsweredNotify {
  /** The id the server answered with (0 would mean it discarded the popup). */
  readonly serverId: number;
  readonly appName: string;
  readonly summary: string;
  readonly body: string;
  /** Flat pairs as sent: key, label, key, label… */
  readonly actions: readonly string[];
}

export interface NotifyWatcher {
  /** Resolves with the `count`-th answered Notify (1-based) seen since the watcher started, past or future. */
  waitForAnswered(count: number): Promise<AnsweredNotify>;
  close(): Promise<void>;
}

const RULES = [
  `type='method_call',interface='${NOTIFICATIONS_SERVICE.interface}',member='Notify',eavesdrop='true'`,
  "type='method_return',eavesdrop='true'",
];

export async function watchNotifyCalls(busAddress: string): Promise<NotifyWatcher> {
  const bus = createClient({ busAddress });
  const calls = new Map<string, Message>();
  const answered: AnsweredNotify[] = [];
  const waiters = new Set<() => void>();
  const key = (peer: string | undefined, serial: number | undefined): string => `${String(peer)}#${String(serial)}`;

  bus.connection.on('message', (message: Message) => {
    if (message.type === messageType.methodCall && message.member === 'Notify') {
      calls.set(key(message.sender, message.serial), message);
      return;
    }
    if (message.type !== messageType.methodReturn) return;
    const call = calls.get(key(message.destination, message.replySerial));
    if (call === undefined) return;
    calls.delete(key(message.destination, message.replySerial));
    const [appName, , , summary, body, actions] = call.body ?? [];
    answered.push({
      serverId: Number(message.body?.[0]),
      appName: String(appName),
      summary: String(summary),
      body: String(body),
      actions: Array.isArray(actions) ? actions.map(String) : [],
    });
    for (const waiter of [...waiters]) waiter();
  });
  for (const rule of RULES) await bus.addMatch(rule);

  return {
    waitForAnswered: (count) =>
      new Promise((resolve) => {
        const attempt = (): void => {
          const found = answered[count - 1];
          if (found === undefined) return;
          waiters.delete(attempt);
          resolve(found);
        };
        waiters.add(attempt);
        attempt();
      }),
    close: () => bus.close(),
  };
}
