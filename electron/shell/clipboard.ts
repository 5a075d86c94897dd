/** Reads an IP address from the clipboard (for "Look up IP from clipboard"). */
import { clipboard } from 'electron';
import { parseIp } from '../../shared/ip';

/** The normalised IP on the clipboard, or null when the clipboard holds anything else. */
export async function clipboardIp(): Promise<string | null> {
  let text: string;
  try {
    text = await clipboard.readText();
  } catch {
    return null;
  }
  if (text.length > 200) return null;
  const r = parseIp(text);
  return r.ok ? r.ip : null;
}
