import { describe, expect, it } from 'vitest';
import { clientAddressOf } from '../../src/server/lib/client-address.ts';

describe('clientAddressOf', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientAddressOf('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address as its /64, lower-cased, however it is written', () => {
    expect(clientAddressOf('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64');
    expect(clientAddressOf('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientAddressOf('2001:0db8:0001:0002:0:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressOf('2001:db8:1:3::5')).toBe('2001:db8:1:3::/64');
  });

  it('expands :: wherever it stands', () => {
    expect(clientAddressOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressOf('2001:db8::1:2:3:4')).toBe('2001:db8:0:0::/64');
    expect(clientAddressOf('2001:db8::7:1:2:3:4')).toBe('2001:db8:0:7::/64');
    expect(clientAddressOf('::1:2:3:4:5:6:7')).toBe('0:1:2:3::/64');
    expect(clientAddressOf('1:2:3::')).toBe('1:2:3:0::/64');
    expect(clientAddressOf('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressOf('::')).toBe('0:0:0:0::/64');
  });

  it('ignores the zone of a link-local address', () => {
    expect(clientAddressOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('counts an IPv4-mapped address as the IPv4 address it carries', () => {
    expect(clientAddressOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressOf('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientAddressOf('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keeps anything else as it is', () => {
    expect(clientAddressOf('')).toBe('');
    expect(clientAddressOf('not an address')).toBe('not an address');
    expect(clientAddressOf('2001:db8::1::2')).toBe('2001:db8::1::2');
  });
});
