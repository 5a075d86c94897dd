/** `lookup-tray report`: a bulk job's report (issue 35). */
import type { CommandDef } from '../command-def';
import { BLOCK_LIST_FORMAT_IDS } from '../../../shared/file-formats';

export const report: CommandDef = {
  name: 'report',
  description:
    "a bulk job's report from the answers it holds: countries, networks, security flags, threat scores, top addresses by hits (sends nothing)",
  arguments: [
    {
      name: '[job]',
      description: "the job id, or its beginning as bulk list shows it (default: the profile's newest job)",
    },
  ],
  options: [
    { flags: '--json', description: 'print JSON' },
    { flags: '--markdown', description: 'print Markdown (tables for a ticket or a wiki)' },
    { flags: '--html', description: 'a self-contained HTML page with the map (no script, nothing fetched)' },
    { flags: '--out <file>', description: 'write the report here (default: standard output)' },
    {
      flags: '--threat-threshold <n>',
      description: 'the threat score (1-100) from which an address needs attention (default: the setting, 70)',
    },
    {
      flags: '--block-list <format>',
      description: 'write the addresses that need attention as a block list instead of the report',
      choices: BLOCK_LIST_FORMAT_IDS,
    },
  ],
  examples: [
    'lookup-tray report',
    'lookup-tray report --threat-threshold 50',
    'lookup-tray report --block-list nftables --out blocked.nft && sudo nft -f blocked.nft',
    'lookup-tray report 3f2a9c1b --markdown > report.md',
    'lookup-tray report --html --out report.html',
    'lookup-tray report --json | jq .countries',
  ],
  exitCodes: {
    ok: 'printed',
    failure: 'cannot write --out',
    usage: 'no such job (or none yet)',
    invalidInput: 'an --out that cannot be written',
  },
  load: async () => (await import('../handlers/report')).reportCommand,
};
