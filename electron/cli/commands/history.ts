/** `lookup-tray history`: the requests used per day this month, as the window's History view shows them. */
import type { CommandDef } from '../command-def';

export const history: CommandDef = {
  name: 'history',
  description:
    "the requests used per UTC day in this month's window, its total and the forecast (the window's History)",
  options: [{ flags: '--json', description: 'print JSON' }],
  examples: ['lookup-tray history', 'lookup-tray --profile Work history --json | jq .total'],
  exitCodes: { ok: 'printed', noKey: 'no service set up yet' },
  load: async () => (await import('../handlers/history')).historyCommand,
};
