// The NMEA 0183 framing both directions share: the XOR checksum and the NMEA 4.0 tag block with a receive time.

/** The checksum of a sentence or tag-block body (the characters between the start mark and '*'). */
export function nmeaChecksum(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum ^= body.charCodeAt(i);
  return sum.toString(16).toUpperCase().padStart(2, '0');
}

/** Wraps a sentence in a tag block with its receive time (`\c:<unix seconds>*hh\!AIVDM...`), as shore stations and recorders write it. */
export function withTagBlock(sentence: string, receivedAt: Date): string {
  const body = `c:${Math.floor(receivedAt.getTime() / 1000)}`;
  return `\\${body}*${nmeaChecksum(body)}\\${sentence}`;
}
