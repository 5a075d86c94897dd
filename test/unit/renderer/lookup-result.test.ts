/**
 * The lookup window's result area and the screen reader's sentence for every kind of outcome (the samples walk
 * them all): something is shown for each, and a refused lookup reads as it did when each kind had its own case.
 * Rendered to static HTML in Node: the words, not the look.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LookupOutcome } from '../../../shared/outcome';
import { LookupResult } from '../../../renderer/src/components/lookup-result';
import { lookupWords } from '../../../renderer/src/components/lookup-announcer';
import { ALL_OUTCOME_SAMPLES, OUTCOME_SAMPLES } from '../../helpers/outcome-samples';
import { wordsFor } from '../../../shared/i18n';

/** An outcome in English words, as the core once sent beside it (`message`). */
const en = (o: LookupOutcome) => wordsFor('en').w.outcome.message(o);

const noop = () => {};

function shown(outcome: LookupOutcome, now = 2_000): string {
  return renderToStaticMarkup(
    createElement(LookupResult, {
      state: { phase: 'done', ip: '8.8.8.8', outcome, at: 1_000, forced: false },
      now,
      onRetry: noop,
      onRefresh: noop,
      onCancel: noop,
      onConfirm: noop,
      onDecline: noop,
      onOpenSettings: noop,
      onSaveAnswer: async () => ({ message: '' }),
      onOpenMap: async () => true,
    }),
  );
}

/** The result area's text: tags dropped, entities read, spaces folded. */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the lookup result area', () => {
  it('shows something for every kind of outcome (never an empty area)', () => {
    for (const o of ALL_OUTCOME_SAMPLES) {
      const html = shown(o);
      expect(html, o.kind).toMatch(/<h2>|class="answer|<dl|<table/);
      expect(html, o.kind).not.toContain('Enter an IP address to see where it is');
    }
  });

  it('words a refused lookup as before: title, the sentence, the hint and the button', () => {
    const says = (o: LookupOutcome) => text(shown(o));
    const [invalidIp] = OUTCOME_SAMPLES['invalid-ip'];
    expect(says(invalidIp!)).toBe(
      `The service did not accept this address ${en(invalidIp!)} Check the address and try again. Nothing was counted.`,
    );
    const [notCached] = OUTCOME_SAMPLES['not-cached'];
    expect(says(notCached!)).toBe(`No answer kept for 8.8.4.4 ${en(notCached!)} Look up (uses 1 request)`);
    const [noKey] = OUTCOME_SAMPLES['no-key'];
    expect(says(noKey!)).toBe(`No API key yet ${en(noKey!)}`);
    const [invalidKey] = OUTCOME_SAMPLES['invalid-key'];
    expect(says(invalidKey!)).toBe(
      `The service does not accept your API key ${en(invalidKey!)} It may have been reset (for example after a leak) or mistyped. Open Settings`,
    );
    expect(says(OUTCOME_SAMPLES.forbidden[0]!)).toBe(
      "Your plan does not allow this Your plan does not allow this request (403): your plan has no security data. Check or upgrade your plan. This lookup needs a higher plan. Upgrade your plan in the service's dashboard.",
    );
    const [timeout, aborted, refused] = OUTCOME_SAMPLES['network-error'];
    expect(says(timeout!)).toBe(`The service did not answer in time ${en(timeout!)} Retry`);
    expect(says(aborted!)).toBe(`Lookup cancelled ${en(aborted!)} Retry`);
    expect(says(refused!)).toBe(`Could not reach the service ${en(refused!)} Retry`);
    const [server] = OUTCOME_SAMPLES['server-error'];
    expect(says(server!)).toBe(
      `The service had a problem (503) ${en(server!)} This is on the service's side, and failed requests are not counted. Retry`,
    );
    expect(shown(server!)).toContain('<button type="button" class="secondary">Retry</button>');
    expect(shown(timeout!)).toContain('<button type="button">Retry</button>');
  });
});

describe("the screen reader's sentence when a lookup ends", () => {
  it('says every outcome but a limit (the countdown says those)', () => {
    for (const o of ALL_OUTCOME_SAMPLES) {
      const said = lookupWords(o);
      if (o.kind === 'rate-limited' || o.kind === 'cooldown') expect(said, o.kind).toBeNull();
      else expect(said, o.kind).toMatch(/\S/);
    }
  });

  it('says a refused address as the window titles it, and anything else as "Lookup failed"', () => {
    const [invalidInput] = OUTCOME_SAMPLES['invalid-input'];
    expect(lookupWords(invalidInput!)).toBe(`The service did not accept this address. ${en(invalidInput!)}`);
    for (const o of [...OUTCOME_SAMPLES.forbidden, ...OUTCOME_SAMPLES['bad-response'], ...OUTCOME_SAMPLES['no-key']])
      expect(lookupWords(o)).toBe(`Lookup failed: ${en(o)}`);
    expect(lookupWords(OUTCOME_SAMPLES.ok[0]!)).toMatch(/^8\.8\.8\.8.*From the network\.$/);
  });
});
