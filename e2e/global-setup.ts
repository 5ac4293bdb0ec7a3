import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServerBundle } from '../scripts/lib/server-bundle.mjs';
import { freePort, spawnServer, waitUntilServing } from '../scripts/lib/server-process.ts';

/**
 * Runs the built app as `npm start` would, on a free port with a throwaway data directory.
 * Tests read its address from E2E_BASE_URL (see fixtures.ts).
 */
export default async function globalSetup() {
  if (!existsSync('dist/web/index.html')) {
    throw new Error('The web app is not built: run `npm run build` first (npm run test:e2e does).');
  }
  await buildServerBundle();
  const dataDir = mkdtempSync(join(tmpdir(), 'grantwell-e2e-'));
  const port = await freePort();
  const server = spawnServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${port}`,
    // Deadline reminders are looked for every ten seconds, so a test sees its own soon.
    REMINDER_INTERVAL_SECONDS: '10',
  });
  await waitUntilServing(server);
  process.env.E2E_BASE_URL = server.url;

  return async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    // The server's own log, for when a test fails because of it.
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/e2e-server.log', server.output());
    rmSync(dataDir, { recursive: true, force: true });
  };
}
