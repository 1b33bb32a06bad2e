import type { WebBridge } from '../../web-bridge/server.ts';

/**
 * What the core has stored for `server`'s subscriptions: the settings' auth and user, and whether the keychain holds
 * a secret (never the secret itself).
 */
export async function storedCredentials(bridge: WebBridge, server: string) {
  const listed = await bridge.core.service.listSubscriptions();
  if (!listed.ok) throw new Error(listed.error.message);
  return listed.value
    .filter((item) => item.server === server)
    .map(({ topic, auth, user, hasCredentials }) => ({ topic, auth, user, hasCredentials }));
}
