import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/server/config.ts';

describe('parseConfig', () => {
  it('applies the documented defaults on an empty environment', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      database: { kind: 'embedded', dataDir: './data' },
      smtpUrl: undefined,
      env: 'production',
    });
    expect(config.appUrl.href).toBe('http://localhost:3000/');
    expect(config.limits.shutdownGraceMs).toBe(10_000);
  });

  it('reads the shutdown grace period in whole seconds, and refuses anything else', () => {
    expect(parseConfig({ SHUTDOWN_GRACE_SECONDS: '30' }).limits.shutdownGraceMs).toBe(30_000);
    expect(parseConfig({ SHUTDOWN_GRACE_SECONDS: '0' }).limits.shutdownGraceMs).toBe(0);
    for (const value of ['-1', '2.5', 'ten', '3601']) {
      expect(() => parseConfig({ SHUTDOWN_GRACE_SECONDS: value })).toThrow(
        /SHUTDOWN_GRACE_SECONDS/,
      );
    }
  });

  it('scans for reminders every 15 minutes unless REMINDER_INTERVAL_SECONDS says otherwise', () => {
    expect(parseConfig({}).reminders.intervalSeconds).toBe(900);
    expect(parseConfig({ REMINDER_INTERVAL_SECONDS: '5' }).reminders.intervalSeconds).toBe(5);
    for (const value of ['0', '-1', '1.5', 'soon', '86401']) {
      expect(() => parseConfig({ REMINDER_INTERVAL_SECONDS: value })).toThrow(
        /REMINDER_INTERVAL_SECONDS/,
      );
    }
  });

  it('uses a PostgreSQL server when DATABASE_URL is set, and APP_URL follows PORT', () => {
    const config = parseConfig({ DATABASE_URL: 'postgres://u@db:5432/crm', PORT: '8080' });
    expect(config.database).toEqual({ kind: 'server', url: 'postgres://u@db:5432/crm' });
    expect(config.appUrl.origin).toBe('http://localhost:8080');
    expect(config.appUrlIsSet).toBe(false);
    expect(parseConfig({ APP_URL: 'https://crm.example.org' }).appUrlIsSet).toBe(true);
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', PORT: '' }).database.kind).toBe('embedded');
  });

  it('trusts no proxy by default: the socket address is the client', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('reads TRUST_PROXY as a list of proxy addresses and ranges', () => {
    expect(parseConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(
      parseConfig({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,::1,fd00::/8' }).trustProxy,
    ).toEqual(['10.0.0.5', '192.168.0.0/16', '::1', 'fd00::/8']);
  });

  // `true` would take the leftmost X-Forwarded-For entry, which the client writes itself.
  it.each(['true', 'TRUE', 'yes', '1', '10.0.0.300', '10.0.0.0/33', '10.0.0.1,,10.0.0.2'])(
    'refuses TRUST_PROXY=%s, naming it',
    (value) => {
      expect(() => parseConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: must be false, or a comma-separated list of proxy addresses/,
      );
    },
  );

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', APP_URL: 'ftp://x', NODE_ENV: 'x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems } = error as ConfigError;
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'PORT',
      'DATABASE_URL',
      'APP_URL',
      'NODE_ENV',
    ]);
  });
});
