import { afterEach, describe, expect, it, vi } from 'vitest';

/** format.ts as a browser in `zone` loads it (its formatters take the zone they are made in). */
async function formatIn(zone: string) {
  vi.stubEnv('TZ', zone);
  vi.resetModules();
  return import('./format.ts');
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('formatDay', () => {
  it('reads a day kept at noon UTC as that day, in every time zone', async () => {
    for (const zone of ['Pacific/Kiritimati', 'Asia/Kolkata', 'UTC', 'Pacific/Pago_Pago']) {
      const { formatDay } = await formatIn(zone);
      expect(formatDay('2027-01-01T12:00:00.000Z'), zone).toBe('January 1, 2027');
      expect(formatDay('2027-12-31T12:00:00+00:00'), zone).toBe('December 31, 2027');
      expect(formatDay('1900-01-01T12:00:00.000Z'), zone).toBe('January 1, 1900');
    }
  });

  it('reads a day the history kept before (the midnight that began it) where the reader is', async () => {
    // 1 January, saved from Berlin: read in Berlin, it is 1 January, as it was before.
    const { formatDay } = await formatIn('Europe/Berlin');
    expect(formatDay('2026-12-31T23:00:00+00:00')).toBe('January 1, 2027');
  });
});
