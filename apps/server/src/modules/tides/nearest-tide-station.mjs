// Run as a child process (tide.service.ts): the offline tide database takes about 55 MB of heap once loaded, and a
// server needs one station per terminal. Looking the station up here and handing back only its data keeps the
// database out of the server's memory. Arguments: latitude, longitude, maximum distance in km. Prints the station
// as JSON (or null).
import { nearest } from '@neaps/tide-database';

const [latitude, longitude, maxDistance] = process.argv.slice(2).map(Number);
const found = nearest({ latitude, longitude, maxDistance, filter: (s) => s.kind !== 'current' });
const station = found
  ? { id: found[0].id, name: found[0].name, datums: found[0].datums ?? null, harmonic_constituents: found[0].harmonic_constituents, distance_km: found[1] }
  : null;
process.stdout.write(JSON.stringify(station));
