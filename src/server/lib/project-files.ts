import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder: the nearest folder above this module that holds package.json. The
 * server runs from its sources (tests, `npm run dev`) and from its bundle in dist/server
 * (`npm start`); both find the same folder, whichever file this code ended up in.
 */
function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server code');
    dir = parent;
  }
  return dir;
}

const root = findProjectRoot();

/** Files the server reads at run time, by their place in the project. */
export const projectFiles = {
  webDir: join(root, 'dist/web'),
  migrationsFolder: join(root, 'src/server/db/migrations'),
  migrationJournal: join(root, 'src/server/db/migrations/meta/_journal.json'),
};
