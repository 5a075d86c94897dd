/**
 * The `uiResult` area (shared/i18n/en/ui-result.ts, de/ui-result.ts): the Lookup view's result in words — ages,
 * sizes, a limit's time, a non-public address's name — in English (as the window always said it) and in German.
 */
import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../../shared/i18n';
import { parseIp, rangeKind } from '../../../shared/ip';

const en = wordsFor('en').w.uiResult;
const de = wordsFor('de').w.uiResult;
const MIN = 60_000;

describe('the lookup result in words', () => {
  it('says an age in the language, with its plural', () => {
    expect([0, 1, 3, 120, 26 * 60].map((m) => en.age(m * MIN))).toEqual([
      'just now',
      '1 minute ago',
      '3 minutes ago',
      '2 hours ago',
      'yesterday',
    ]);
    expect([0, 1, 3, 120, 26 * 60].map((m) => de.age(m * MIN))).toEqual([
      'gerade eben',
      'vor 1 Minute',
      'vor 3 Minuten',
      'vor 2 Stunden',
      'gestern',
    ]);
    expect(de.source('cache', true, 3 * MIN)).toBe(
      'Gespeicherte Antwort · abgerufen vor 3 Minuten — vielleicht veraltet',
    );
  });

  it('says a size with the language’s decimal mark', () => {
    expect(en.tooLarge(20_345_678)).toBe('This answer is 20.3 MB — too large to show here.');
    expect(de.tooLarge(20_345_678)).toBe('Diese Antwort ist 20,3 MB groß — zu groß, um sie hier zu zeigen.');
    expect(de.tooLarge(1_234_567_890)).toContain('1.234,6 MB');
  });

  it('names a non-public address by its kind, the same kind for IPv4 and IPv6 private ranges', () => {
    expect(rangeKind('uniqueLocal')).toBe('private');
    expect(rangeKind('unicast')).toBeNull();
    expect(rangeKind('something-new')).toBe('reserved');
    expect(en.confirmText('private')).toBe(
      'A private address: the service may know little about it. Nothing has been sent yet; a lookup uses 1 request.',
    );
    expect(de.note('loopback')).toBe('Eine Loopback-Adresse: Der Dienst weiß darüber vielleicht wenig.');
  });

  it('says when a limit was met: the time today, the day and time before', () => {
    const now = Date.UTC(2026, 10, 27, 18, 0);
    expect(en.limitWas('minute', now - 10 * MIN, now)).toMatch(/^Minute limit was reached at \d\d:\d\d — it has reset/);
    expect(de.limitWas('month', now - 3 * 24 * 60 * MIN, now)).toMatch(
      /^Das Monatskontingent wurde am 2[345]\. Nov\. um \d\d:\d\d aufgebraucht — /,
    );
    expect(en.limitWas('minute', Number.NaN, now)).toContain('at an unknown time');
  });

  it('names every non-public range an address can be in, in both languages', () => {
    const samples = ['10.0.0.1', '127.0.0.1', 'fe80::1', '224.0.0.1', '0.0.0.0', '255.255.255.255', '100.64.0.1'];
    samples.push('198.18.0.1', 'fc00::1', '2002::1', '2001::1', '64:ff9b::1', '::1', '169.254.1.1', '240.0.0.1');
    for (const ip of samples) {
      const p = parseIp(ip);
      const kind = p.ok ? rangeKind(p.range) : null;
      expect(kind, ip).not.toBeNull();
      expect(de.note(kind!), ip).not.toBe(en.note(kind!));
      expect(en.note(kind!), ip).toMatch(/^(A|An|The) .+ address: the service may know little about it\.$/);
    }
  });
});
