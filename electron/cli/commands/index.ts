/** Every `lookup-tray` command, in the order --help lists them: program.ts assembles them, completion reads them. */
import type { CommandDef } from '../command-def';
import { bulk } from './bulk';
import { cache } from './cache';
import { completion } from './completion';
import { config } from './config';
import { demo } from './demo';
import { history } from './history';
import { key } from './key';
import { lookup } from './lookup';
import { profile } from './profile';
import { quota } from './quota';
import { report } from './report';
import { serve } from './serve';
import { status } from './status';

export const COMMANDS: readonly CommandDef[] = [
  lookup,
  bulk,
  quota,
  serve,
  report,
  history,
  key,
  profile,
  status,
  config,
  cache,
  demo,
  completion,
];
