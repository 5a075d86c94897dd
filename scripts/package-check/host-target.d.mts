export function hostBuildArgs(platform: string): string[] | null;
