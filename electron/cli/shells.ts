/**
 * The shells `lookup-tray completion` writes a script for, once: the command's argument choices, its help's
 * examples (where each shell looks for the script) and the scripts themselves (commands/completion.ts, one writer
 * per shell: a shell added here fails the typecheck there until it has one) read this list.
 */
export const SHELLS = {
  bash: { saveAs: '~/.local/share/bash-completion/completions/lookup-tray' },
  zsh: { saveAs: '"${fpath[1]}/_lookup-tray"' },
  fish: { saveAs: '~/.config/fish/completions/lookup-tray.fish' },
} as const satisfies Record<string, { saveAs: string }>;

export type Shell = keyof typeof SHELLS;

export const SHELL_NAMES = Object.keys(SHELLS) as Shell[];
