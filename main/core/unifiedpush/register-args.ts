/**
 * What an app may register with, checked before anything is stored: dbus.md "Resources" bounds the token and the
 * description to 100 bytes and says a call whose fields do not follow the specification is ignored.
 */
import type { UnifiedPushVersion } from './registration.ts';

export interface RegisterRequest {
  readonly service: string;
  readonly token: string;
  readonly description: string;
  readonly version: UnifiedPushVersion;
}

const MAX_FIELD_BYTES = 100;
/** A well-known bus name (the D-Bus specification, "Valid Bus Names"): dot-separated elements, not starting with a digit. */
const BUS_NAME = /^[A-Za-z_-][A-Za-z0-9_-]*(\.[A-Za-z_-][A-Za-z0-9_-]*)+$/;
const MAX_BUS_NAME_LENGTH = 255;

const byteLength = (text: string): number => Buffer.byteLength(text, 'utf8');

/** The request, or why it is not one (for the D-Bus InvalidArgs error; never shown with the token). */
export function checkRegisterRequest(input: {
  readonly service: unknown;
  readonly token: unknown;
  readonly description: unknown;
  readonly version: UnifiedPushVersion;
}): RegisterRequest | { readonly invalid: string } {
  const { service, token, description } = input;
  if (typeof service !== 'string' || service.length > MAX_BUS_NAME_LENGTH || !BUS_NAME.test(service)) {
    return { invalid: 'service is not a well-known D-Bus name' };
  }
  if (typeof token !== 'string' || token === '' || byteLength(token) > MAX_FIELD_BYTES) {
    return { invalid: 'token must be 1 to 100 bytes' };
  }
  const text = description ?? '';
  if (typeof text !== 'string' || byteLength(text) > MAX_FIELD_BYTES) {
    return { invalid: 'description must be at most 100 bytes' };
  }
  return { service, token, description: text, version: input.version };
}
