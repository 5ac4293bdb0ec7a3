// Fails when src/server/db/schema.ts has changes that no committed migration carries.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const migrations = join(root, 'src/server/db/migrations');
const list = () => new Set(readdirSync(migrations, { recursive: true }).map(String));

const journal = join(migrations, 'meta/_journal.json');
const journalBefore = readFileSync(journal, 'utf8');
const before = list();
const kit = join(root, 'node_modules/drizzle-kit/bin.cjs');
const run = spawnSync(process.execPath, [kit, 'generate'], { cwd: root, encoding: 'utf8' });
if (run.status !== 0) {
  console.error(run.stdout, run.stderr);
  process.exit(1);
}
const added = [...list()].filter((file) => !before.has(file));
if (added.length > 0) {
  for (const file of added) rmSync(join(migrations, file), { recursive: true, force: true });
  writeFileSync(journal, journalBefore);
  console.error(
    `Schema drift: the schema differs from the committed migrations (generating produced ${added.join(', ')}).\n` +
      'Run `npm run db:generate` and commit the migration.',
  );
  process.exit(1);
}
console.log('Migrations match the schema.');
