// Stable DCSA identifiers (UUID version 5 in Quayline's own namespace) derived from our row ids, so every export
// of the same port call names the same port call, services and timestamps.
import { createHash } from 'node:crypto';

const NAMESPACE = Buffer.from('6b1f6e1e8c3a4d9e9b0e2f4a5c7d8e91', 'hex');

export function dcsaId(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
