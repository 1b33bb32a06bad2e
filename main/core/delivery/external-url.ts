/**
 * The URL allowlist for everything the core opens or fetches from a message. The rule itself lives in
 * common/url-allowlist.ts so that the window (which greys out an action that cannot run) and the core (which refuses
 * it again) apply the same one; the core's modules keep importing it from here.
 */
export { isAllowedExternalUrl, isFetchableUrl } from '../../../common/url-allowlist.ts';
