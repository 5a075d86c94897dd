/** The two windows the service's quota has (its headers, its 429s): one list, which state.db's CHECK repeats. */
export const WINDOW_SCOPES = ['minute', 'month'] as const;
export type WindowScope = (typeof WINDOW_SCOPES)[number];

export function isWindowScope(v: unknown): v is WindowScope {
  return (WINDOW_SCOPES as readonly unknown[]).includes(v);
}
