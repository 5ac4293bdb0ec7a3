import { describe, expect, it } from 'vitest';
import { throttleAddressOf } from '../../src/server/modules/auth/throttle-address.ts';

describe('throttleAddressOf', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(throttleAddressOf('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address as its /64, lower-cased, however it is written', () => {
    expect(throttleAddressOf('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64');
    expect(throttleAddressOf('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(throttleAddressOf('2001:0db8:0001:0002:0:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(throttleAddressOf('2001:db8:1:3::5')).toBe('2001:db8:1:3::/64');
  });

  it('expands :: wherever it stands', () => {
    expect(throttleAddressOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleAddressOf('2001:db8::1:2:3:4')).toBe('2001:db8:0:0::/64');
    expect(throttleAddressOf('2001:db8::7:1:2:3:4')).toBe('2001:db8:0:7::/64');
    expect(throttleAddressOf('::1:2:3:4:5:6:7')).toBe('0:1:2:3::/64');
    expect(throttleAddressOf('1:2:3::')).toBe('1:2:3:0::/64');
    expect(throttleAddressOf('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddressOf('::')).toBe('0:0:0:0::/64');
  });

  it('ignores the zone of a link-local address', () => {
    expect(throttleAddressOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('counts an IPv4-mapped address as the IPv4 address it carries', () => {
    expect(throttleAddressOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddressOf('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(throttleAddressOf('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keeps anything else as it is', () => {
    expect(throttleAddressOf('')).toBe('');
    expect(throttleAddressOf('not an address')).toBe('not an address');
    expect(throttleAddressOf('2001:db8::1::2')).toBe('2001:db8::1::2');
  });
});
