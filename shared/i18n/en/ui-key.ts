/**
 * English: Settings → API key (the key section, the key form, the key-origin notes) and the key's facts
 * (shared/key-facts.ts) — why a key could not be verified or saved, how it was saved.
 */
import type { Fmt } from '../fmt';
import type { KeyProblem, KeySaved, VerifyFact } from '../../key-facts';
import type { OutcomeFact } from '../../outcome';
import type { SettingProblem } from '../../setting-problem';

/** The sentences of other areas this one quotes (an outcome's, a setting's problem): passed in, in the same language. */
export interface Quoted {
  outcome: (o: OutcomeFact) => string;
  setting: (p: SettingProblem) => string;
}

const unreachable = (v: Extract<VerifyFact, { kind: 'unreachable' }>): string => {
  switch (v.reason) {
    case 'refused':
      return `Nothing answered at ${v.host}: the connection was refused. Check the base URL, including its port.`;
    case 'dns':
      return `The address ${v.hostname} could not be found. Check the base URL for typos.`;
    case 'timeout':
      return `${v.host} did not answer in time. Check the base URL and your connection, then try again.`;
    case 'tls':
      return `The secure connection to ${v.host} failed: its certificate was not accepted, or it does not speak https:// on this port. Check the base URL.`;
    case 'reset':
      return `${v.host} cut the connection off before answering. Try again.`;
    case 'other':
      return `${v.host} could not be reached. Check the base URL and your connection.`;
  }
};

const verify = (v: VerifyFact, q: Quoted): string => {
  switch (v.kind) {
    case 'not-verified':
      return 'The key could not be verified. Try again.';
    case 'cancelled':
      return 'The check was cancelled. Try again.';
    case 'unreachable':
      return unreachable(v);
    case 'key-refused':
      return 'This service did not accept the key (401). Check that you copied all of it.';
    case 'redirect':
      return v.to
        ? `This address redirects to ${v.to} (${v.status}), and Lookup Tray does not follow redirects. If that is the service, use it as the base URL.`
        : `This address redirects elsewhere (${v.status}), and Lookup Tray does not follow redirects. Check the base URL.`;
    case 'not-found':
      return "There is no Lookup API at this address (404). Check the base URL's path.";
    case 'not-api':
      return `This address answered, but not as the Lookup API does (${v.status}). Check the base URL.`;
    case 'service-trouble':
      return `The service had a problem (${v.status}). Try again later.`;
    case 'outcome':
      return q.outcome(v.outcome);
  }
};

export const uiKey = (_f: Fmt) => ({
  /** The first run (renderer/src/components/onboarding.tsx). */
  welcome: {
    title: 'Welcome to Lookup Tray',
    lead: 'Look up IP addresses and keep an eye on your API quota — before it runs out.',
    or: 'or',
    demoOffer: 'No key yet? Try it against a built-in simulated service. Nothing is sent anywhere.',
    tryDemo: 'Try demo',
    demoFailed: 'The demo could not start. Try again.',
  },
  legend: 'API key',
  demoHint: 'Demo mode uses a built-in demo key. To enter your own key, leave the demo.',
  leaveDemo: 'Leave demo',
  leaveDemoFailed: 'The demo could not be left. Try again.',
  /** Where the key is (after the masked key and " — "). */
  where: {
    keychain: 'stored in your system keychain',
    none: 'not stored',
    preview: 'kept in memory for this preview session; forgotten when it stops',
    session: 'kept in memory for this session only (it is gone when the app quits)',
  },
  noKey: 'No key saved.',
  replace: 'Replace key',
  add: 'Add key',
  remove: 'Remove key',
  replaceHint: "Replacing a key (for example after resetting a compromised one) drops the old key's quota figures.",
  saveNew: 'Save new key',
  confirmRemoveLabel: 'Confirm removing the key',
  confirmRemove: (where: 'keychain' | 'memory') =>
    `Remove the key from ${where === 'keychain' ? 'the keychain' : 'memory'}? Lookups stop until you add a key again.`,
  removeFailed: 'The key could not be removed. Try again.',
  // The key form.
  save: 'Save',
  baseUrl: 'Base URL',
  key: 'API key',
  show: 'Show',
  hide: 'Hide',
  keptWhere: {
    nowhere: 'Never written to disk in plain text.',
    preview: 'Kept in memory for this preview session; forgotten when it stops. It is only ever sent to this service.',
    keychain:
      'Stored in your system keychain (GNOME Keyring / KWallet, macOS Keychain or Windows Credential Manager). It is only ever sent to this service.',
  },
  noKeychain:
    'No system keychain found. Install and unlock GNOME Keyring or KWallet (Linux), or use the macOS Keychain / Windows Credential Manager. You can keep the key in memory for this session only.',
  sessionOnly: 'Keep the key in memory for this session only',
  verifyLabel: 'Verify the key',
  verifyCosts: 'This service has no free status check: verifying the key uses 1 request of your quota.',
  verifySpend: 'Verify (uses 1 request)',
  saveUnverified: 'Save without verifying',
  checking: 'Checking…',
  saving: 'Saving…',
  /** Why a key was not saved. */
  problem(p: KeyProblem, q: Quoted): string {
    switch (p.kind) {
      case 'key-empty':
        return 'Enter your API key.';
      case 'key-spaces':
        return 'An API key has no spaces inside it. Check what was pasted.';
      case 'setting':
        return q.setting(p.problem);
      case 'base-url-first':
        return 'Enter the base URL of the service first.';
      case 'origin-changed':
        return `The base URL changed to ${p.baseUrl || '(none)'} while the key was being verified for ${p.origin}: nothing was saved.`;
      case 'keychain-write':
        return 'The key could not be saved in the system keychain.';
      case 'legacy-moved':
        return 'The base URL has changed since: check it, then confirm again.';
      case 'legacy-gone':
        return 'There is no key from an earlier version any more.';
      case 'tick-session-only':
        return 'There is no keychain to store the key in: tick “Keep the key in memory for this session only” to continue.';
      case 'not-saved':
        return 'Lookup Tray could not save the key. Try again.';
      case 'not-verified':
      case 'cancelled':
      case 'unreachable':
      case 'key-refused':
      case 'redirect':
      case 'not-found':
      case 'not-api':
      case 'service-trouble':
      case 'outcome':
        return verify(p, q);
    }
  },
  /** How a key was saved. */
  saved(s: KeySaved): string {
    if (s.kind === 'legacy') return `Key from the earlier version saved for ${s.origin} (not verified yet).`;
    const where = {
      keychain: 'in your system keychain',
      preview: 'in memory for this preview session',
      session: 'in memory for this session only',
    }[s.where];
    return `Key saved ${where} (${s.verified ? 'verified' : 'not verified yet'}).`;
  },
  // The key-origin notes; the origins between them are data (shown as they are).
  origin: {
    before: 'Your key was saved for ',
    middle: '. The base URL now points to ',
    after: ', so the key is not sent there: enter it again to use it with this service.',
  },
  legacy: {
    text: 'A key saved by an earlier version of Lookup Tray is in your keychain, but the service it was for was not recorded, so it is not sent anywhere until you confirm.',
    confirm: ' Use it only if this is the service you entered it for:',
    baseUrlFirst: ' Enter the base URL first.',
    use: 'Use it for ',
    failed: 'The key could not be used. Try again.',
  },
});
