import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { test as base, inject } from 'vitest';
import {
  freePort,
  killServer,
  type ServerProcess,
  spawnServer,
  waitUntilServing,
} from '../../scripts/lib/server-process.ts';
import { scratchDir } from './scratch.ts';

export type { ServerProcess };

/** The servers a test starts on data directories. */
interface Servers {
  /** Spawns a server on `dataDir` without waiting for it (one that should fail to start). */
  spawn(dataDir: string, env?: Record<string, string>): Promise<ServerProcess>;
  /** Starts a server on `dataDir` and waits until it answers. */
  start(dataDir: string, env?: Record<string, string>): Promise<ServerProcess>;
  /** A data directory a server has started on before (startedDataDir), removed at the end. */
  dataDir(name: string): string;
  /** A new empty directory, removed at the end. */
  emptyDir(name: string): string;
}

/**
 * A test with `servers`: each server it starts is killed when it ends, and the PostgreSQL the
 * server leaves behind is stopped with it; then the directories it asked for are removed. Every
 * test has servers of its own, so the tests of a file can run at once (each on directories and
 * ports of its own).
 */
export const test = base.extend<{ servers: Servers }>({
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's needs from its pattern
  servers: async ({}, use) => {
    const running: ServerProcess[] = [];
    const dirs: string[] = [];
    const spawn = async (dataDir: string, env: Record<string, string> = {}) => {
      const server = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir, ...env });
      running.push(server);
      return server;
    };
    await use({
      spawn,
      async start(dataDir, env) {
        const server = await spawn(dataDir, env);
        await waitUntilServing(server);
        return server;
      },
      dataDir(name) {
        const dir = startedDataDir(name);
        dirs.push(dir);
        return dir;
      },
      emptyDir(name) {
        const dir = scratchDir(name);
        dirs.push(dir);
        return dir;
      },
    });
    try {
      // One at a time: two servers of a test may have run on one directory's cluster.
      for (const server of running) await killServer(server);
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  },
});

/**
 * A new data directory holding what a server's first start leaves there (the cluster, the
 * migrated database), copied from the test run's template with owners and modes kept: a server
 * started on it skips initdb, about four seconds of a busy machine's time. Tests of the first
 * start itself use an empty directory instead.
 */
export function startedDataDir(name: string) {
  const dir = scratchDir(name);
  execFileSync('cp', ['-a', `${inject('serverDataTemplate')}/.`, dir]);
  return dir;
}
