// Apart from the time zones' rules (due-dates.ts), which the forms that send times do not need.

/**
 * `instant` as ISO 8601 on clocks `offset` ms ahead of UTC, with that offset
 * (2027-01-15T12:00:00+13:00): the day and time people there see, which reads back as the same
 * instant. Milliseconds only where there are some. An offset ISO 8601 cannot write (one of
 * seconds, as Monrovia's until 1972) gives the time in UTC instead.
 */
export function isoTimeWithOffset(instant: Date, offset: number): string {
  if (offset % 60_000 !== 0) return instant.toISOString();
  const shown = new Date(instant.getTime() + offset).toISOString();
  const minutes = Math.round(Math.abs(offset) / 60_000);
  const zone = `${offset < 0 ? '-' : '+'}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${shown.slice(0, shown.endsWith('.000Z') ? -5 : -1)}${zone}`;
}
