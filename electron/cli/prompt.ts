/**
 * Reading the key: a hidden prompt on the terminal (@inquirer/password: nothing is echoed, the prompt is written
 * to stderr so stdout stays clean) or all of stdin with --stdin. Never from an argument or the environment.
 */
import { CliError, EXIT } from './exit-codes';
import { cliWords } from './cli-words';

export async function readKeyFromStdin(stdin: NodeJS.ReadableStream = process.stdin): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += b.length;
    if (size > 4096) throw new CliError(cliWords().w.cli.key.tooLong, EXIT.invalidInput);
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function promptForKey(): Promise<string> {
  if (!process.stdin.isTTY)
    throw new CliError(
      'No terminal to ask for the key on: pipe it in with --stdin (e.g. lookup-tray key set --stdin < key.txt).',
      EXIT.usage,
    );
  const { default: password } = await import('@inquirer/password');
  try {
    return await password(
      {
        message: cliWords().w.cli.key.prompt,
        mask: false,
        // Enter on an empty line asks again (a stray Enter is not a key); Ctrl+C leaves.
        validate: (v) => v.trim() !== '' || cliWords().w.cli.key.promptAgain,
      },
      { input: process.stdin, output: process.stderr, clearPromptOnDone: false },
    );
  } catch (err) {
    if (err instanceof Error && (err.name === 'ExitPromptError' || err.name === 'AbortPromptError'))
      throw new CliError(cliWords().w.cli.key.cancelled, EXIT.interrupted);
    throw err;
  }
}

/** Asks y/N on the terminal (stderr); false when there is none. */
export async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY || !process.stderr.isTTY) return false;
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  // Ctrl+C at the question: cancelled, as at any prompt (exit 130), nothing done.
  const interrupted = new Promise<never>((_, reject) =>
    rl.once('SIGINT', () => reject(new CliError(cliWords().w.cli.confirm.cancelled, EXIT.interrupted))),
  );
  try {
    return /^(y(es)?|j(a)?)$/i.test(
      (await Promise.race([rl.question(`${question} ${cliWords().w.cli.confirm.yesNo} `), interrupted])).trim(),
    );
  } finally {
    rl.close();
  }
}
