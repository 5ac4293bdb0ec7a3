import { buildApp } from './app.ts';
import { ConfigError, parseConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

/** After the grace period and the cut connections, how long closing the database may take. */
const FORCED_EXIT_AFTER_MS = 5_000;

/** A start-up failure the person running the server can act on: its message says how. */
class StartupError extends Error {}

const isAddressInUse = (error: unknown) =>
  error instanceof Error && 'code' in error && error.code === 'EADDRINUSE';

async function main() {
  const config = parseConfig(process.env);
  if (config.env === 'test') {
    throw new StartupError(
      'NODE_ENV=test is for the test suite only (it hashes passwords cheaply): use production or development.',
    );
  }
  const app = await buildApp(config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // Requests in flight get a grace period; then their connections are cut, so a client that
    // never finishes sending cannot keep the process alive. Should closing still not end (a
    // database that does not answer), the process ends anyway: the data directory's lock goes
    // with it, and the next start recovers as after a crash.
    const grace = config.limits.shutdownGraceMs;
    setTimeout(() => {
      app.log.warn('grace period over: closing the connections of unfinished requests');
      app.server.closeAllConnections();
    }, grace).unref();
    setTimeout(() => {
      app.log.error('shutdown did not finish in time; exiting');
      process.exit(1);
    }, grace + FORCED_EXIT_AFTER_MS).unref();
    try {
      // Stops accepting, waits for requests in flight, then closes the database (checkpoint).
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  // The plain lines of start-up, before the JSON log lines: the address to open (APP_URL, which
  // the links in emails use too), and, when APP_URL is not set, what that means for links.
  app.server.once('listening', () => {
    const address = config.appUrl.href.replace(/\/$/, '');
    console.log(`Grantwell is running at ${address}`);
    if (!config.appUrlIsSet) {
      console.log(
        `APP_URL is not set, so invitation links use ${address}, which opens only on this computer: set APP_URL to the address your team opens.`,
      );
    }
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if (!isAddressInUse(error)) throw error;
    await app.close();
    throw new StartupError(
      `Port ${config.port} is already in use: stop the program using it, or set PORT to another port.`,
    );
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof StartupError
  ) {
    console.error(error.message);
  } else {
    console.error('Grantwell could not start:', error);
  }
  process.exit(1);
});
