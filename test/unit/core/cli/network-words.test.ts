import { describe, expect, it } from 'vitest';
import { networkWords, plainNetworkReason } from '../../../../main/core/cli/network-words.ts';

describe('networkWords', () => {
  it.each([
    ['connect ECONNREFUSED 127.0.0.1:18300', 'connection refused'],
    ['getaddrinfo ENOTFOUND ntfy.example.invalid', 'host not found'],
    ['getaddrinfo EAI_AGAIN ntfy.example.com', 'host not found'],
    ['read ECONNRESET', 'connection reset'],
    ['ABORT_ERR: The operation was aborted', 'no answer in time'],
    ['connect ETIMEDOUT 10.0.0.1:443', 'no answer in time'],
    ['CERT_HAS_EXPIRED: certificate has expired', 'TLS certificate problem: certificate has expired'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate', 'TLS certificate problem: self-signed certificate'],
  ])('%s → %s', (detail, words) => {
    expect(networkWords(detail)).toBe(words);
  });

  it('leaves a reason without a known code as it came', () => {
    expect(networkWords('HTTP 502 Bad Gateway')).toBeUndefined();
    expect(plainNetworkReason('unexpected EOF in the stream')).toBe('unexpected EOF in the stream');
  });
});
