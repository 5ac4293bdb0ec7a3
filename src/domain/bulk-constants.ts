// The limits of bulk actions, without the validation library, so list pages can import them
// without bringing the schemas along (bulk.ts re-exports them).

/** As many records as one page of a list can show. */
export const BULK_MAX = 500;
