import { afterEach } from 'vitest';
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
    async spawn(dataDir: string) {
      const server = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
      running.push(server);
      return server;
    },
    /** Starts a server on `dataDir` and waits until it answers. */
    async start(dataDir: string) {
      const server = await this.spawn(dataDir);
      await waitUntilServing(server);
      return server;
    },
  };
}
