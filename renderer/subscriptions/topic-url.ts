import { parseServerInput, parseTopicInput, topicUrlOf, type TopicAddress } from '../../common/topic-input.ts';

/**
 * A server as the core stores it (`ntfy.sh`, `https://Ntfy.sh/` → `https://ntfy.sh`), to tell whether two typed
 * servers are the same one; undefined when the field does not name an http(s) server.
 */
export function serverKey(text: string): string | undefined {
  const result = parseServerInput(text);
  return result.ok ? result.server : undefined;
}

/** Where the form's topic and server fields lead; the problems by field when they lead nowhere. */
export type AddressCheck =
  | { readonly ok: true; readonly address: TopicAddress; readonly url: string }
  | { readonly ok: false; readonly errors: { readonly topic?: string; readonly server?: string } };

/**
 * The form's two fields read with the common rule (common/topic-input.ts): a topic URL in the topic field names its
 * own server and the server field is not used; a bare topic goes to the server field's server. A problem goes next
 * to the field that holds the text at fault.
 */
export function checkAddress(topicText: string, serverText: string): AddressCheck {
  const result = parseTopicInput(topicText, serverText);
  if (result.ok) return { ok: true, address: result.address, url: topicUrlOf(result.address) };
  const { error } = result;
  const topicIsUrl = topicText.includes('/');
  if (error.code === 'missing-topic' || error.code === 'invalid-topic-name' || topicIsUrl) {
    // The topic is at fault; a bare topic's server may be too, and both are said at once.
    const server = topicIsUrl ? undefined : parseServerInput(serverText);
    const serverError = server === undefined || server.ok ? undefined : server.error.message;
    return {
      ok: false,
      errors: { topic: error.message, ...(serverError === undefined ? {} : { server: serverError }) },
    };
  }
  return { ok: false, errors: { server: error.message } };
}
