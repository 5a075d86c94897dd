export function hostBuildArgs(platform: string): string[] | null;
export function packageBin(require: NodeJS.Require, name: string, command?: string): string;
