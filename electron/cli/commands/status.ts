/** `lookup-tray status`: what the tray menu says. */
import type { CommandDef } from '../command-def';

export const status: CommandDef = {
  name: 'status',
  description: 'what the tray menu says: the quota at a glance',
  options: [{ flags: '--json', description: 'print JSON' }],
  examples: ['lookup-tray status'],
  load: async () => (await import('../handlers/status')).statusCommand,
};
