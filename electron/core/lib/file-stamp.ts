/** A UTC instant for a file name: "20261123-180347" (no colons, sorts by time). */
export function fileStamp(at: number): string {
  return new Date(at)
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
}
