/** Generated at build time by electron.vite.config.ts (scripts/licences.ts). */
declare module 'virtual:about' {
  export const version: string;
  export const licences: { name: string; version: string; licence: string }[];
}
