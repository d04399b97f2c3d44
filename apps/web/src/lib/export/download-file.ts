// Saves a Blob built in the browser as a file, through a temporary object URL and a download link.
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers start reading the URL only after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
