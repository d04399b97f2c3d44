// `npm run restore -- FILE [--replace]`: restores an archive made by `npm run backup` into DATA_DIR (default ./data).
// The directory must be empty or absent unless --replace is given; the server must be stopped.
import path from 'node:path';
import { restorePglite } from '../apps/server/src/db/backup';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run restore -- quayline-backup-....tar.gz [--replace]');
  process.exit(2);
}
if (process.env.DATABASE_URL) {
  console.log('DATABASE_URL is set: restore PostgreSQL with its own tools, for example\n  pg_restore --clean --if-exists --dbname="$DATABASE_URL" quayline.dump\n(docs/deploy.md, "Backups").');
  process.exit(0);
}
const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data');
try {
  await restorePglite(path.resolve(file), dataDir, { replace: process.argv.includes('--replace') });
  console.log(`Restored ${file} into ${dataDir}. Start the server with npm start.`);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
