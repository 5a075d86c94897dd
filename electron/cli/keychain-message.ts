import { cliWords } from './cli-words';

/** What the command line says when there is no system keychain to keep the key in (it keeps keys nowhere else). */
export const noKeychain = (): string => cliWords().w.cli.noKeychain;
