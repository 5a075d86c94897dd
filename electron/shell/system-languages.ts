/**
 * The operating system's languages, most preferred first, as the app follows them (Settings → App → Language
 * "Same as the system"): Electron's app.getPreferredSystemLanguages() — the whole list, so a user whose first
 * language has no catalog gets the first one that has ('fr-FR', 'de-DE' → German) — or, when it gives none, the
 * app's locale. The core (notifications), the tray and the window (through the snapshot) all read this one list.
 */
export interface LanguageSource {
  getPreferredSystemLanguages(): string[];
  getLocale(): string;
}

export function systemLanguages(app: LanguageSource): string[] {
  let preferred: string[] = [];
  try {
    preferred = app.getPreferredSystemLanguages().filter((l) => typeof l === 'string' && l.length > 0);
  } catch {
    // An Electron without the call (it came in 22): the app's locale below.
  }
  return preferred.length > 0 ? preferred : [app.getLocale()];
}
