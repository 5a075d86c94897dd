/** Removes the key from any text that will be shown (a server could echo it back). */
export function redact(text: string, key: string | null | undefined): string {
  if (!key || key.length < 4) return text;
  return text.split(key).join('••••••');
}
