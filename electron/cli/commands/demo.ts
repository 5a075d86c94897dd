/** `lookup-tray demo`: the app's demo service on the command line. */
import type { CommandDef } from '../command-def';

export const demo: CommandDef = {
  name: 'demo',
  description:
    "start the app's demo service (the embedded simulator) and print its base URL and a demo key to try; Ctrl+C stops it",
  examples: [
    'lookup-tray demo',
    'printf %s "$DEMO_KEY" | lookup-tray --data-dir "$DEMO_DIR" key set --stdin --base-url "$DEMO_URL"',
  ],
  helpAfter: "\nThe key and the folder it prints are the demo's own: both are gone when it stops.",
  load: async () => (await import('../handlers/demo')).demoCommand,
};
