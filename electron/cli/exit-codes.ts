/**
 * The exit codes of `lookup-tray` (documented in --help and docs/cli.md), and the one error type commands throw:
 * its message is printed as one line on stderr and the process exits with its code. Never a stack trace.
 */
export const EXIT = {
  ok: 0,
  /** Something else failed (the keychain is unreachable, the data folder cannot be used). */
  failure: 1,
  /** Wrong command line: unknown command, option, setting or field, missing argument, a profile that does not exist. */
  usage: 2,
  /** No API key saved for this profile and base URL. */
  noKey: 3,
  /** Not an IP address, an invalid setting value, a key that cannot be a key, an unreadable input file, an --out that cannot be written. */
  invalidInput: 4,
  /** The service said "too many requests", or a cooldown recorded earlier holds the request back. */
  rateLimited: 5,
  /** The service refused the key (401/403). */
  invalidKey: 6,
  /** The service could not be reached, failed (5xx) or answered something unreadable. */
  network: 7,
  /** A bulk run finished with some addresses not looked up. */
  partialBulk: 8,
  /** Spending a request or deleting a profile needs consent (--spend / --yes) and none was given. */
  needsConsent: 9,
  /** The settings changed under the command: the base URL moved to another origin after the key was verified. */
  originChanged: 10,
  /** Cancelled at a prompt with Ctrl+C (128 + SIGINT, as shells report it). */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The table printed by --help and copied into docs/cli.md. */
export const EXIT_CODES_HELP = `Exit codes:
  0  success
  1  other failure (keychain unreachable, data folder unusable)
  2  usage error (unknown command, option, setting or field, missing argument, unknown profile)
  3  no API key saved (run: lookup-tray key set)
  4  invalid input (not an IP address, invalid setting value, unreadable file or --out)
  5  rate-limited or held back by a cooldown (the reset time is printed on stderr)
  6  the service refused the API key
  7  network or server error (unreachable, timeout, 5xx, unreadable answer)
  8  bulk run finished with some addresses not looked up
  9  the command needs consent: it would spend quota or delete a profile (--spend / --yes)
  10  the base URL changed to another origin while key set verified the key (nothing saved)
  130  cancelled with Ctrl+C at a prompt`;

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
