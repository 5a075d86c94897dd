/**
 * The exit codes of `lookup-tray`, each once: its number and what it means. The top-level --help prints this table,
 * each command's "Exit codes:" line names the codes it can end with (exitCodesLine), and test/cli/exit-codes.test.ts
 * holds docs/cli.md's table to it. Also the one error type commands throw: its message is printed as one line on
 * stderr and the process exits with its code. Never a stack trace.
 */
export const EXIT_TABLE = {
  ok: { code: 0, text: 'success' },
  /** The keychain is unreachable, the data folder cannot be used, a bulk job's results could not be written. */
  failure: { code: 1, text: 'other failure (keychain unreachable, data folder unusable)' },
  /** Unknown command, option, setting or field, missing argument, a profile that does not exist. */
  usage: {
    code: 2,
    text: 'usage error (unknown command, option, setting or field, missing argument, unknown profile)',
  },
  noKey: { code: 3, text: 'no API key saved (run: lookup-tray key set)', short: 'no key' },
  /** Not an IP address, an invalid setting value, a key that cannot be a key, an unreadable input file or --out. */
  invalidInput: {
    code: 4,
    text: 'invalid input (not an IP address, invalid setting value, unreadable file or --out)',
  },
  /** The service said "too many requests", or a cooldown recorded earlier holds the request back. */
  rateLimited: {
    code: 5,
    text: 'rate-limited or held back by a cooldown (the reset time is printed on stderr)',
    short: 'rate-limited',
  },
  /** 401/403. */
  invalidKey: { code: 6, text: 'the service refused the API key', short: 'key refused' },
  network: {
    code: 7,
    text: 'network or server error (unreachable, timeout, 5xx, unreadable answer)',
    short: 'network error',
  },
  partialBulk: { code: 8, text: 'bulk run finished with some addresses not looked up' },
  /** Spending a request or deleting a profile needs consent and none was given. */
  needsConsent: {
    code: 9,
    text: 'the command needs consent: it would spend quota or delete a profile (--spend / --yes)',
  },
  /** The base URL moved to another origin after the key was verified. */
  originChanged: {
    code: 10,
    text: 'the base URL changed to another origin while key set verified the key (nothing saved)',
  },
  /** The proxy refused the credentials (407), could not be reached, or its address is not a URL. */
  proxy: {
    code: 11,
    text: 'the proxy refused the credentials or could not be reached (HTTPS_PROXY, NO_PROXY)',
    short: 'proxy',
  },
  /** The service's certificate is not trusted, is for another host, or expired. */
  certificate: {
    code: 12,
    text: "the service's certificate is not trusted, not for its host, or expired",
    short: 'certificate',
  },
  /** 128 + SIGINT, as shells report it. */
  interrupted: {
    code: 130,
    text: 'cancelled with Ctrl+C at a prompt or while bulk reads its input (nothing saved or sent)',
  },
} as const satisfies Record<string, { code: number; text: string; short?: string }>;

export type ExitName = keyof typeof EXIT_TABLE;

/** Each exit code by its name: `EXIT.noKey` is 3. */
export const EXIT = Object.fromEntries(Object.entries(EXIT_TABLE).map(([name, e]) => [name, e.code])) as {
  readonly [N in ExitName]: (typeof EXIT_TABLE)[N]['code'];
};

export type ExitCode = (typeof EXIT)[ExitName];

/** The table printed by the top-level --help. */
export const EXIT_CODES_HELP = `Exit codes:\n${Object.values(EXIT_TABLE)
  .map((e) => `  ${e.code}  ${e.text}`)
  .join('\n')}`;

/** What a command says of each code it can end with: its own words, or `true` for a code that has a short wording. */
export type ExitCodesSaid = {
  [N in ExitName]?: string | ((typeof EXIT_TABLE)[N] extends { short: string } ? true : never);
};

/**
 * A command's "Exit codes:" line: the codes it can end with, by name, in the order of their numbers. Each says what
 * that code means for this command, or `true` for the code's short wording ("3 no key").
 */
export function exitCodesLine(codes: ExitCodesSaid, width = 116): string {
  const parts = (Object.keys(EXIT_TABLE) as ExitName[]).flatMap((name) => {
    const said = codes[name];
    if (said === undefined) return [];
    const e: { code: number; short?: string } = EXIT_TABLE[name];
    return [`${e.code} ${said === true ? e.short : said}`];
  });
  const lines: string[] = [];
  let line = 'Exit codes:';
  parts.forEach((p, i) => {
    const word = `${p}${i < parts.length - 1 ? ',' : '.'}`;
    if (line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line += ` ${word}`;
  });
  lines.push(line);
  return `\n${lines.join('\n')}`;
}

/** A failure a command reports to the user: one line on stderr, then exit `code`. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly code: ExitCode,
  ) {
    super(message);
  }
}
