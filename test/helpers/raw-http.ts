import { connect, type Socket } from 'node:net';

/**
 * An HTTP request written by hand on a TCP socket, so a test can do what a browser on a bad
 * connection does: send the head and part of the body, then trickle, stall or vanish.
 */
export interface RawRequest {
  socket: Socket;
  /** Writes more of the body; resolves once it is handed to the kernel. */
  write(chunk: string | Buffer): Promise<void>;
  /** The whole answer the server wrote before closing, or '' if it closed without one. */
  answer: Promise<string>;
  /** Resolves once the server has written `text` (say, `100 Continue`), however long it takes. */
  received(text: string): Promise<void>;
  /** Drops the connection as a closed tab does. */
  drop(): void;
}

export function openRawRequest(
  url: string,
  head: { method: string; path: string; headers: Record<string, string | number> },
  firstBytes: string | Buffer = '',
): Promise<RawRequest> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      const lines = [`${head.method} ${head.path} HTTP/1.1`, `host: ${hostname}:${port}`];
      for (const [name, value] of Object.entries(head.headers)) lines.push(`${name}: ${value}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (firstBytes.length > 0) socket.write(firstBytes);
      resolve({
        socket,
        write: (chunk) =>
          new Promise<void>((done, fail) =>
            socket.write(chunk, (error) => (error ? fail(error) : done())),
          ),
        answer,
        received: (text) =>
          new Promise<void>((done, fail) => {
            const check = () => {
              if (!Buffer.concat(received).includes(text)) return;
              socket.off('data', check);
              done();
            };
            socket.on('data', check);
            socket.once('close', () => fail(new Error(`closed before the server wrote ${text}`)));
            check();
          }),
        drop: () => socket.destroy(),
      });
    });
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    const answer = new Promise<string>((done) =>
      socket.on('close', () => done(Buffer.concat(received).toString('utf8'))),
    );
    socket.on('error', () => {}); // a reset is an outcome the tests look at through `answer`
    socket.once('error', reject);
  });
}

/** A raw answer without the interim answers before it (`100 Continue`). */
const finalOf = (answer: string) =>
  answer.replace(/^(HTTP\/1\.1 1\d\d [^\r]*\r\n(?:[^\r]+\r\n)*\r\n)+/, '');

/** The status code of a raw HTTP answer, or 0 if there was none. */
export const statusOf = (answer: string) =>
  Number(/^HTTP\/1\.1 (\d{3})/.exec(finalOf(answer))?.[1] ?? 0);

/** The JSON body of a raw HTTP answer (Content-Length framed). */
export function jsonBodyOf(answer: string): unknown {
  const final = finalOf(answer);
  const at = final.indexOf('\r\n\r\n');
  return at < 0 ? null : JSON.parse(final.slice(at + 4));
}
