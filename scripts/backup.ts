// `npm run backup [-- --out FILE]`: a consistent archive of the embedded database in DATA_DIR (default ./data), taken
// with the server stopped. With DATABASE_URL set it prints PostgreSQL's own way instead (docs/deploy.md, "Backups").
import path from 'node:path';
import { backupPglite } from '../apps/server/src/db/backup';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};

if (process.env.DATABASE_URL) {
  console.log('DATABASE_URL is set: back PostgreSQL up with its own tools, for example\n  pg_dump --format=custom --file=quayline.dump "$DATABASE_URL"\n(docs/deploy.md, "Backups").');
  process.exit(0);
}
const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = path.resolve(arg('--out') ?? `quayline-backup-${stamp}.tar.gz`);
try {
  const bytes = await backupPglite(dataDir, out);
  console.log(`Backed up ${dataDir} to ${out} (${(bytes / 1_048_576).toFixed(1)} MB). Restore with: npm run restore -- ${out}`);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
