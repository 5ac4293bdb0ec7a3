/**
 * The years a report may be of: those the dates the product takes (instants on a day from
 * 1900-01-01 to 2200-12-31 somewhere, common.ts) fall in anywhere. A grant due as 1900 began in
 * Kiribati (UTC+14) is due on 30 December 1899 at UTC-12, and one due as 2200 ends at UTC-12 is
 * due in 2201 in Kiribati.
 */
export const REPORT_YEARS = { first: 1899, last: 2201 } as const;

export const REPORT_YEAR_MESSAGE = `Year must be a year from ${REPORT_YEARS.first} to ${REPORT_YEARS.last}`;
