/**
 * Turns whatever the service returned into a short list of readable facts, read through the one model of the answer
 * (shared/answer.ts). Only what is present is listed; a body of another shape simply yields fewer (or no) facts —
 * the full JSON is shown anyway.
 */
import { flagsOn, readAnswer, SECURITY_FLAGS, type SecurityFlagId } from '../../shared/answer';
import type { FactLabel } from '../../shared/i18n/en/ui-result';
import { localTimeOf } from './format';

export interface Fact {
  /** Which fact (the window words it: shared/i18n's uiResult area, `fact[label]`). */
  label: FactLabel;
  /** The service's data as shown (English for the security line: `flags` or `noFlags` are its facts). */
  value: string;
  /** The security line: the flags that are on (the window words them), or none of the known ones. */
  flags?: SecurityFlagId[];
  noFlags?: true;
  /** Text put on the clipboard by the field's copy button: what is shown (the bare address for "IP"). */
  copy: string;
  /** Coordinates as numbers, for "Map" (a fixed-shape OpenStreetMap link). */
  coordinates?: { lat: number; lon: number };
  /** Optional emphasis for the security line. */
  tone?: 'warn' | 'ok';
}

const NO_FLAGS = 'No VPN, Tor, proxy or datacenter';

/** The facts of an answer as the window lists them; each text comes cleaned and bounded from shared/answer.ts. */
export function summarize(body: unknown): Fact[] {
  const a = readAnswer(body);
  if (!a) return [];
  const facts: Fact[] = [];
  const add = (label: FactLabel, value: string | null, copy: string | null = value, tone?: Fact['tone']): void => {
    if (value !== null)
      facts.push(tone ? { label, value, copy: copy ?? value, tone } : { label, value, copy: copy ?? value });
  };

  add('IP', a.ip ? (a.ipVersion ? `${a.ip} (${a.ipVersion})` : a.ip) : null, a.ip);
  add('Hostname', a.hostname);
  add('Address type', a.rangeType);

  const c = a.country;
  // (The flag and code are decoration: the name is what is copied.)
  if (c?.name) add('Country', `${c.flag ? `${c.flag} ` : ''}${c.name}${c.code ? ` (${c.code})` : ''}`, c.name);
  add('Region', a.region);
  add('City', a.city);
  if (a.coordinates) {
    const text = `${a.coordinates.lat}, ${a.coordinates.lon}`;
    facts.push({ label: 'Coordinates', value: text, copy: text, coordinates: a.coordinates });
  }

  add('ASN', a.asn);
  add('Organisation', a.organization);
  if (a.isp && a.isp !== a.organization) add('ISP', a.isp);
  add('Network', a.network);

  if (a.timezone) {
    const { id, code, currentTime } = a.timezone;
    add('Time zone', code ? `${id} (${code})` : id);
    add('Local time', currentTime ? localTimeOf(currentTime) : null);
  }

  const sec = a.security;
  if (sec) {
    const on = flagsOn(a);
    const anyKnown = Object.values(sec.flags).some((v) => v !== null);
    const ids = SECURITY_FLAGS.filter((f) => on.includes(f.label)).map((f) => f.id);
    if (on.length > 0)
      facts.push({ label: 'Security', value: on.join(', '), copy: on.join(', '), flags: ids, tone: 'warn' });
    else if (anyKnown) facts.push({ label: 'Security', value: NO_FLAGS, copy: NO_FLAGS, noFlags: true, tone: 'ok' });
    const score = sec.threatScore;
    if (score !== null) add('Threat score', `${score} / 100`, null, score >= 50 ? 'warn' : undefined);
  }
  return facts;
}
