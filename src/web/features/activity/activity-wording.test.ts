import { describe, expect, it } from 'vitest';
import { timeAgo } from './activity-wording.ts';

/** `day` January 2027 at `hour` on the user's clock, as the server writes a time. */
const at = (day: number, hour: number) => new Date(2027, 0, day, hour).toISOString();

describe('timeAgo', () => {
  const now = new Date(2027, 0, 13, 23).getTime();

  it('counts hours within a day, however the days fall', () => {
    expect(timeAgo(at(13, 23), now)).toBe('just now');
    expect(timeAgo(at(12, 23), now + 1000)).toBe('yesterday');
    expect(timeAgo(at(13, 1), now)).toBe('22 hours ago');
  });

  it("counts days as the user's calendar does", () => {
    // 47 hours ago, and yet yesterday.
    expect(timeAgo(at(12, 0), now)).toBe('yesterday');
    expect(timeAgo(at(11, 23), now)).toBe('2 days ago');
    // 33 hours ago, and the day before yesterday.
    expect(timeAgo(at(10, 22), new Date(2027, 0, 12, 7).getTime())).toBe('2 days ago');
    expect(timeAgo(at(7, 23), now)).toBe('6 days ago');
  });
});
