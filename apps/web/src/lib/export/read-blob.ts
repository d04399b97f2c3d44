// Reads a Blob back through FileReader: jsdom's Blob (the component tests' DOM) has no text() or arrayBuffer().
export function readBlobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

export async function readBlobText(blob: Blob): Promise<string> {
  // ignoreBOM keeps a byte-order mark in the text, so a test can see that the csv carries one.
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await readBlobBytes(blob));
}
