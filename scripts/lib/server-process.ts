// Starting Grantwell's server as a real process, as `npm start` does: for the crash, load and
// bench scripts, the browser tests' setup, and the process tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { stopLeftoverCluster } from '../../src/server/db/embedded-cluster.ts';
import { serverBundle } from './server-bundle.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** Its DATA_DIR, when it runs the embedded database. */
  dataDir: string | undefined;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Node's flags for the server, as `npm start` passes them (package.json): a young generation of
 * 32 MB semi-spaces, so the many short-lived objects of each request are collected less often
 * (measured on the list under load: about 5 % more requests per second, for some tens of MB).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

/**
 * Starts the server's bundle as a real process, as `npm start` does; build it first with
 * buildServerBundle (server-bundle.mjs) so that it holds the current sources. `quiet` discards its
 * request log instead of keeping it (a benchmark must not spend its own CPU collecting it);
 * errors are kept either way.
 */
export function spawnServer(env: Record<string, string>, { quiet = false } = {}): ServerProcess {
  if (!existsSync(serverBundle)) {
    throw new Error('The server is not built: call buildServerBundle (server-bundle.mjs) first.');
  }
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--enable-source-maps', serverBundle],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', quiet ? 'ignore' : 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR,
    url: `http://127.0.0.1:${env.PORT}`,
    output: () => output,
    exited,
  };
}

/**
 * Kills the process with SIGKILL, as a crash would, and then stops the PostgreSQL that a killed
 * server leaves running on its data directory (the next start would have taken it over).
 */
export async function killServer(server: ServerProcess) {
  server.child.kill('SIGKILL');
  await server.exited;
  if (server.dataDir) await stopLeftoverCluster(server.dataDir);
}

/** Resolves once the server answers; rejects if it exits or takes longer than `timeoutMs`. */
export async function waitUntilServing(server: ServerProcess, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline && !exited) {
    try {
      await fetch(`${server.url}/api/user`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`server did not start:\n${server.output()}`);
}
