// `npm start`: builds the web bundle when it is missing and the server's bundle from the current
// sources, then runs the server in this process.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServerBundle } from './lib/server-bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

if (!existsSync(`${root}dist/web/index.html`)) {
  console.log('Building the web app (first start only)…');
  const vite = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));
  const build = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// An error's stack names the lines of src/server rather than of the bundle.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(await buildServerBundle()).href);
