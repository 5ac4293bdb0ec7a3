import { buildApp } from './app.ts';
import { ConfigError, parseConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

async function main() {
  const config = parseConfig(process.env);
  const app = await buildApp(config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
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

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Grantwell could not start:', error);
  }
  process.exit(1);
});
