import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, inject } from 'vitest';
import {
  freePort,
  killServer,
  type ServerProcess,
  spawnServer,
  waitUntilServing,
} from '../../scripts/lib/server-process.ts';

export type { ServerProcess };

/**
 * The servers a test file starts on data directories: each is killed after its test, and the
 * PostgreSQL it leaves behind is stopped with it.
 */
export function serversStoppedAfterEach() {
  const running: ServerProcess[] = [];
  afterEach(async () => {
    for (const server of running.splice(0)) await killServer(server);
  });
  return {
    /** Spawns a server on `dataDir` without waiting for it (one that should fail to start). */
    async spawn(dataDir: string, env: Record<string, string> = {}) {
      const server = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir, ...env });
      running.push(server);
      return server;
    },
    /** Starts a server on `dataDir` and waits until it answers. */
    async start(dataDir: string, env: Record<string, string> = {}) {
      const server = await this.spawn(dataDir, env);
      await waitUntilServing(server);
      return server;
    },
  };
}

/**
 * A new data directory holding what a server's first start leaves there (the cluster, the
 * migrated database), copied from the test run's template with owners and modes kept: a server
 * started on it skips initdb, about four seconds of a busy machine's time. Tests of the first
 * start itself use an empty directory instead.
 */
export function startedDataDir(name: string) {
  const dir = mkdtempSync(join(tmpdir(), `grantwell-${name}-`));
  execFileSync('cp', ['-a', `${inject('serverDataTemplate')}/.`, dir]);
  return dir;
}
