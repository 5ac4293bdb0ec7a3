// The lists' limits without the schemas: the web app's lists read them and leave the validation
// library out of their first download.

/** The longest search (`?q=`) a list takes. */
export const SEARCH_TEXT_MAX = 200;

/** A search longer than a list takes, counted as the server counts: by character, an emoji one. */
export const tooLong = (search: string) => [...search.trim()].length > SEARCH_TEXT_MAX;

/** The furthest a page may start: past any list's last row (PostgreSQL's integer). */
export const OFFSET_MAX = 2_147_483_647;
