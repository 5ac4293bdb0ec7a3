import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * A client bound to one signed-in user: `as.post('/api/contacts', body)`; from `address` when
 * given (the throttles count by address), else from inject's default address.
 */
export function clientFor(app: FastifyInstance, cookie: string, address?: string) {
  const send = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie },
      ...(address === undefined ? {} : { remoteAddress: address }),
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: unknown) => send('POST', url, payload ?? {}),
    patch: (url: string, payload?: unknown) => send('PATCH', url, payload ?? {}),
    delete: (url: string) => send('DELETE', url),
  };
}

export type Client = ReturnType<typeof clientFor>;

/** Creates a record by POSTing `body` to `url` as `client`, and answers its id; fails unless 201. */
export async function createdId(client: Client, url: string, body: Record<string, unknown>) {
  const response = await client.post(url, body);
  if (response.statusCode !== 201) {
    throw new Error(`POST ${url} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<{ id: number }>().id;
}

/** Sets the time zone the client's organization counts its days in (an admin's reminders' setting). */
export async function setCompanyTimeZone(client: Client, timeZone: string) {
  const response = await client.patch('/api/organization/reminders', { timeZone });
  if (response.statusCode !== 200) {
    throw new Error(`time zone ${timeZone} refused: ${response.statusCode} ${response.body}`);
  }
}

/** A multipart/form-data body holding one file, as a browser's upload would send it. */
export function multipartFile(
  content: string | Buffer,
  {
    filename = 'contacts.csv',
    contentType = 'text/csv',
    field = 'file',
    fields = {} as Record<string, string | string[]>,
  } = {},
) {
  const boundary = `----grantwell${Math.random().toString(16).slice(2)}`;
  // A field given a list is sent once for each of its values.
  const textFields = Object.entries(fields).flatMap(([name, values]) =>
    [values]
      .flat()
      .map(
        (value) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
  );
  const payload = Buffer.concat([
    Buffer.from(textFields.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
