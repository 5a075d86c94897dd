// Secret patterns for the packaging check: things that must never ship inside app.asar.
// Keys built at run time (`demo-${hex}`, `apikey: key`) are fine; literal values are not.

/** File names that hold secrets by convention. */
export const SECRET_FILE = /(^|\/)(\.env(\..*)?|\.npmrc|id_(rsa|ed25519|ecdsa)|.*\.(pem|key|p12|pfx|keychain))$/i;

const PATTERNS = [
  ['apikey=<value> in a URL', /[?&]apikey=(?!\$\{|"|'|`|\s|&)[A-Za-z0-9._~%-]{6,}/gi],
  ['apikey with a literal value', /["'`]?api[-_]?key["'`]?\s*[:=]\s*["'`][A-Za-z0-9._~-]{12,}["'`]/gi],
  ['hard-coded demo key', /\bdemo-[0-9a-f]{12,}\b/gi],
  ['fake test key', /FAKE-(?:TEST-)?KEY-[A-Za-z0-9-]+/g],
  ['private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/g],
  [
    'token',
    /\b(?:ghp_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{40,}|AKIA[0-9A-Z]{16}|xox[bap]-[A-Za-z0-9-]{10,}|sk-[A-Za-z0-9]{32,})\b/g,
  ],
];

/** Every secret-looking match in `text`, as "label (first 12 chars…)" (never the whole value). */
export function findSecrets(text) {
  const out = [];
  for (const [label, re] of PATTERNS) for (const m of text.matchAll(re)) out.push(`${label} (${m[0].slice(0, 12)}…)`);
  return out;
}

/** The scanner must be able to fail: one sample per pattern (built here at run time, never shipped) must be caught,
 *  and code that builds keys at run time must not be. Returns the problems (empty when the scanner is sound). */
export function scannerSelfTest() {
  const samples = [
    `/v2/info?ip=1.1.1.1&apikey=${'a1b2c3'.repeat(3)}`,
    `"apikey": "${'x'.repeat(16)}"`,
    `demo-${'0f'.repeat(12)}`,
    `FAKE-TEST-KEY-${'ab'}`,
    `-----BEGIN ${'RSA'} PRIVATE KEY-----`,
    `ghp_${'A'.repeat(36)}`,
  ];
  const missed = samples.filter((s) => findSecrets(s).length === 0).map((s) => `missed ${s.slice(0, 16)}…`);
  const runtime = 'fetch(`${base}/v2/info?ip=${ip}`, { headers: { apikey: key } }); const k = `demo-${hex}`;';
  const falseAlarms = findSecrets(runtime).map((h) => `false alarm ${h}`);
  return [...missed, ...falseAlarms];
}
