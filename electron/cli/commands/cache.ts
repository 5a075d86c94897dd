/** `lookup-tray cache clear`. */
import type { CommandDef } from '../command-def';

export const cache: CommandDef = {
  name: 'cache',
  description: "the profile's cached lookup answers",
  commands: [
    {
      name: 'clear',
      description: "forget the profile's cached answers (the next lookups spend requests)",
      examples: ['lookup-tray cache clear'],
      load: async () => (await import('../handlers/cache')).cacheClearCommand,
    },
  ],
};
