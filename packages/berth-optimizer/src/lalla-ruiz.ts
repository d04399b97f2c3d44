// Loader for the Lalla-Ruiz et al. (2012) discrete berth allocation instances (plain text, see
// /work/shared/benchmarks/bap/README.md): N, M, arrivals, berth openings, an N x M handling matrix with 99999 for
// "cannot use", berth closings, then optionally each vessel's latest departure.
import { InstanceFormatError, parseInstance, type TInstanceDocument, type TParsedInstance } from './instance-format';

const FORBIDDEN = 99999;

/** The instance document of a Lalla-Ruiz text file (the plain discrete form of the JSON format). */
export function lallaRuizToDocument(text: string, name?: string): TInstanceDocument {
  const numbers = text
    .split(/\s+/)
    .filter((t) => t.length > 0)
    .map(Number);
  if (numbers.some((n) => !Number.isFinite(n))) throw new InstanceFormatError(['(document): the file holds something other than numbers']);
  let at = 0;
  const take = (count: number, what: string) => {
    if (at + count > numbers.length) throw new InstanceFormatError([`(document): the file ends before the ${what}`]);
    const out = numbers.slice(at, at + count);
    at += count;
    return out;
  };
  const [n, m] = take(2, 'vessel and berth counts') as [number, number];
  if (!Number.isInteger(n) || !Number.isInteger(m) || n < 1 || m < 1) throw new InstanceFormatError(['(document): the first two numbers must be the vessel and berth counts']);
  const arrivals = take(n, 'arrival times');
  const opens = take(m, 'berth opening times');
  const handling = Array.from({ length: n }, (_, i) => take(m, `handling times of vessel ${i + 1}`));
  const closes = take(m, 'berth closing times');
  const latest = numbers.length - at >= n ? take(n, 'latest departures') : null;
  const berthId = (k: number) => `B${k + 1}`;
  return {
    ...(name ? { name } : {}),
    quay: { kind: 'discrete', berths: opens.map((open, k) => ({ id: berthId(k), open: [open, closes[k]!] as [number, number] })) },
    vessels: arrivals.map((arrival, i) => ({
      id: `V${i + 1}`,
      arrival,
      ...(latest ? { latest_departure: latest[i]! } : {}),
      handling: Object.fromEntries(handling[i]!.flatMap((h, k) => (h >= FORBIDDEN ? [] : [[berthId(k), h]]))),
    })),
  };
}

/** Parses a Lalla-Ruiz text file into the optimizer's model. */
export function parseLallaRuiz(text: string, name?: string): TParsedInstance {
  return parseInstance(lallaRuizToDocument(text, name));
}
