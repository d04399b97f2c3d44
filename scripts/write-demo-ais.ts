// Writes the demo AIS recording to a file, for AIS_REPLAY_FILE or to look at:
//   npm run ais:demo-recording -- demo-ais.nmea [--now 2026-11-24T12:00:00Z]
// It seeds a fresh in-memory demo (the same as `npm start` on an empty database) at that moment and encodes the
// recording of its calls; one line per sentence, each with its NMEA 4.0 tag block.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { buildDemoAisRecordingWithStories } from '../apps/server/src/demo/demo-ais-recording';
import { seedDemoIfEmpty } from '../apps/server/src/demo/seed-demo';

const args = process.argv.slice(2);
const nowAt = args.indexOf('--now');
const now = nowAt >= 0 ? new Date(args[nowAt + 1] ?? '') : new Date();
const file = args.find((a, i) => !a.startsWith('--') && (nowAt < 0 || i !== nowAt + 1));
if (!file || Number.isNaN(now.getTime())) {
  console.error('usage: npm run ais:demo-recording -- FILE [--now ISO-TIME]');
  process.exit(2);
}

const database = await openDatabase({ kind: 'pglite', dataDir: null });
try {
  await migrateToLatest(database.db as never);
  await seedDemoIfEmpty(database.db, now);
  const started = performance.now();
  const { lines, stories, moored } = await buildDemoAisRecordingWithStories(database.db, now);
  const ms = performance.now() - started;
  writeFileSync(path.resolve(file), lines.map((l) => `${l}\n`).join(''));
  const kinds = [...stories.values()].reduce<Record<string, number>>((acc, s) => ({ ...acc, [s.kind]: (acc[s.kind] ?? 0) + 1 }), {});
  console.log(`${lines.length} lines (${stories.size} approaching vessels ${JSON.stringify(kinds)}, ${moored.length} moored) built in ${ms.toFixed(0)} ms -> ${file}`);
} finally {
  await database.close();
}
