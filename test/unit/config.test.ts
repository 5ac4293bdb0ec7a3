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
  });

  it('uses a PostgreSQL server when DATABASE_URL is set, and APP_URL follows PORT', () => {
    const config = parseConfig({ DATABASE_URL: 'postgres://u@db:5432/crm', PORT: '8080' });
    expect(config.database).toEqual({ kind: 'server', url: 'postgres://u@db:5432/crm' });
    expect(config.appUrl.origin).toBe('http://localhost:8080');
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', PORT: '' }).database.kind).toBe('embedded');
  });

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
