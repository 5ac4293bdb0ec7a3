import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** The charsets whose text is UTF-8 as it is: UTF-8 itself, and ASCII, its first 128 characters. */
const UTF8_LABELS = new Set(['utf-8', 'utf8', 'us-ascii', 'ascii']);

/** The charset a Content-Type names (`application/json; charset=latin1`), lower case, if any. */
function charsetOf(contentType: string | undefined) {
  const named = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  return named?.toLowerCase();
}

/**
 * JSON bodies are read as JSON is written, in UTF-8 (RFC 8259), and refused otherwise rather
 * than read with each byte that is not UTF-8 turned into U+FFFD: a name sent in Latin-1 ('René'
 * as `52 65 6e e9`) would be saved as 'Ren�' and answered as saved. A body that names another
 * charset (other than ASCII, which UTF-8 contains) is 415; one whose bytes are not UTF-8 is 400. What is UTF-8 is parsed as Fastify
 * parses JSON, keys reaching an object's prototype left out (`buildApp`).
 */
export const jsonBodyPlugin = fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('remove', 'remove');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const charset = charsetOf(request.headers['content-type']);
      if (charset !== undefined && !UTF8_LABELS.has(charset)) {
        done(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send JSON in UTF-8'), undefined);
        return;
      }
      let text: string;
      try {
        text = utf8.decode(body as Buffer);
      } catch {
        done(new AppError('INVALID_INPUT', 'The request body is not UTF-8 text'), undefined);
        return;
      }
      parseJson(request, text, done);
    });
  },
  { name: 'json-body' },
);
