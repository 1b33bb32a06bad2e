import { describe, expect, it } from 'vitest';
import { classifyAddress, isOwnAddress } from '../../../../main/core/net/address-class.ts';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:127.0.0.1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['::ffff:192.168.0.10', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['172.32.0.1', 'public'],
    ['8.8.8.8', 'public'],
    ['2606:4700::1111', 'public'],
    ['::ffff:8.8.8.8', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each(['localhost', 'example.com', '', '127.0.0.1.nip.io', '1.2.3'])('%s is not an address', (input) => {
    expect(classifyAddress(input)).toBeUndefined();
  });
});

describe('isOwnAddress', () => {
  it.each([
    ['203.0.113.5', ['203.0.113.5'], true],
    ['::ffff:203.0.113.5', ['203.0.113.5'], true],
    ['203.0.113.5', ['::ffff:203.0.113.5'], true],
    ['2001:db8::5', ['2001:db8:0:0::05'], true],
    ['[2001:db8::5]', ['2001:db8::5'], true],
    ['fe80::1%eth0', ['fe80::1'], true],
    ['203.0.113.6', ['203.0.113.5'], false],
    ['203.0.113.5', [], false],
    ['me.example', ['203.0.113.5'], false],
  ] as const)('%s among %j: %s', (address, own, expected) => {
    expect(isOwnAddress(address, own)).toBe(expected);
  });
});
