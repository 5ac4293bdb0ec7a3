// How large a file an import takes: apart from csv-import.ts, so that the page choosing a file
// checks it without loading the schemas of the preview and the import.

/** The largest file an import takes. */
export const IMPORT_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/** Said of a larger file: by the server, and by the app before it sends any of it. */
export const IMPORT_TOO_LARGE = `The file is larger than ${IMPORT_UPLOAD_MAX_BYTES / 1024 / 1024} MB; nothing was imported`;
