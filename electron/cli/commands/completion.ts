/** `lookup-tray completion bash|zsh|fish`: a completion script written from the command definitions. */
import type { CommandDef } from '../command-def';
import { SHELL_NAMES, SHELLS } from '../shells';
import { orList } from '../../../shared/format-en';

export const completion: CommandDef = {
  name: 'completion',
  description: 'print a shell completion script',
  arguments: [{ name: '<shell>', description: orList(SHELL_NAMES), choices: SHELL_NAMES }],
  examples: SHELL_NAMES.map((shell) => `lookup-tray completion ${shell} > ${SHELLS[shell].saveAs}`),
  load: async (cli) => (await import('../handlers/completion')).completionCommand(cli),
};
