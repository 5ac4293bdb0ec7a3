/**
 * The years a report may be of: those the dates the product takes (1900-01-01 to 2200-12-31,
 * UTC) fall in somewhere. A grant due on the first of them, read in New York, is due in 1899.
 */
export const REPORT_YEARS = { first: 1899, last: 2201 } as const;

export const REPORT_YEAR_MESSAGE = `Year must be a year from ${REPORT_YEARS.first} to ${REPORT_YEARS.last}`;
