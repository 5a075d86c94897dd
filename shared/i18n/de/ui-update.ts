/** Deutsch: die Update-Steuerung (Einstellungen → App) und die Update-Zeile (dort und in „Über“). */
import type { Fmt } from '../fmt';
import type { UiUpdateWords } from '../words';
import type { UpdateFailure, UpdateStatus } from '../../update-facts';

/** „in 15 min“, „in 2 h“, „in einer Minute“. */
function inWords(ms: number, f: Fmt): string {
  const min = Math.round(ms / 60_000);
  if (min <= 1) return 'in einer Minute';
  if (min < 90) return `in ${f.num(min)} min`;
  return `in ${f.num(Math.round(min / 60))} h`;
}

/** „gerade eben“, „vor 5 min“, „vor 3 h“, „vor 2 Tagen“. */
function ago(ms: number, f: Fmt): string {
  const min = Math.floor(Math.max(0, ms) / 60_000);
  if (min < 1) return 'gerade eben';
  if (min < 90) return `vor ${f.num(min)} min`;
  const h = Math.round(min / 60);
  if (h < 36) return `vor ${f.num(h)} h`;
  const d = Math.round(h / 24);
  return `vor ${f.count(d, { one: 'Tag', other: 'Tagen' })}`;
}

function failure(x: UpdateFailure): string {
  const what =
    x.what === 'check'
      ? 'Die Suche nach Updates ist gescheitert'
      : x.what === 'download'
        ? `Lookup Tray ${x.version ?? ''} konnte nicht geladen werden`
        : 'Das Update ist gescheitert';
  const why = {
    offline: 'keine Verbindung zum Update-Server.',
    unsigned:
      'diese Kopie ist nicht signiert und kann sich nicht selbst aktualisieren: Laden Sie die neue Version von der Release-Seite.',
    'no-release': 'es wurde keine veröffentlichte Version gefunden.',
    unknown: 'unbekannter Fehler.',
    other: x.detail,
  }[x.why];
  return `${what}: ${why}`;
}

export const uiUpdate = (f: Fmt): UiUpdateWords => ({
  auto: 'Automatisch nach Updates suchen',
  installsHint: 'Einige Male am Tag; eine neue Version lädt im Hintergrund und wird beim Neustart installiert.',
  noticeOnly:
    'Diese Kopie ist nicht signiert und installiert Updates nicht selbst: Gibt es eine neue Version, steht das hier und im Menü im Infobereich, mit einem Link zum Herunterladen.',
  checkNow: 'Jetzt suchen',
  restart: (version: string) => `Neu starten für ${version}`,
  available: (version: string) => `Lookup Tray ${version} ist verfügbar – Herunterladen`,
  couldNotCheck: 'Die Suche nach Updates ist gescheitert. Versuchen Sie es später erneut.',
  couldNotOpen: 'Die Release-Seite konnte nicht geöffnet werden.',
  couldNotRestart: 'Der Neustart ist gescheitert. Beenden Sie Lookup Tray, um das Update zu installieren.',
  held: (version: string) =>
    `Eine Sammelabfrage läuft: Starten Sie für ${version} neu, wenn sie fertig ist (auch Beenden installiert es, und die Abfrage geht beim nächsten Start weiter).`,
  nothing: 'Es wurde noch kein Update heruntergeladen.',
  failure,
  status(s: UpdateStatus, now: number): string {
    const held = s.heldByBulk
      ? ' Eine Sammelabfrage läuft: Neu starten, wenn sie fertig ist, oder zum Installieren beenden.'
      : '';
    switch (s.phase) {
      case 'off':
        return s.offWhy === 'installed-only'
          ? 'Nur die installierte App aktualisiert sich selbst.'
          : (s.offReason ?? 'Diese Kopie von Lookup Tray aktualisiert sich nicht selbst.');
      case 'checking':
        return 'Suche nach Updates …';
      case 'downloading':
        return `Lookup Tray ${s.version ?? ''} wird geladen${s.percent === null ? '' : ` (${f.num(Math.floor(s.percent))} %)`} …`;
      case 'ready':
        return `Lookup Tray ${s.version ?? ''} ist bereit – neu starten zum Aktualisieren (oder es wird beim Beenden installiert).${held}`;
      case 'available':
        return `Lookup Tray ${s.version ?? ''} ist verfügbar. Diese Kopie ist nicht signiert und installiert es nicht selbst: Laden Sie es von der Release-Seite.`;
      case 'idle':
      case 'up-to-date':
      case 'failed':
        break;
    }
    const parts: string[] = [];
    if (s.phase === 'failed' && s.error)
      parts.push(`${failure(s.error.fact).replace(/\.$/, '')} (${ago(now - s.error.at, f)}).`);
    else if (s.phase === 'up-to-date' && s.checkedAt !== null)
      parts.push(`Lookup Tray ${s.current} ist die neueste Version (geprüft ${ago(now - s.checkedAt, f)}).`);
    else parts.push(`Lookup Tray ${s.current}. Noch nicht nach Updates gesucht.`);
    if (s.demo) parts.push('Im Demomodus wird nichts geprüft.');
    else if (!s.auto) parts.push('Automatische Suche ist aus.');
    else if (s.nextCheckAt !== null)
      parts.push(`${s.phase === 'failed' ? 'Nächster Versuch' : 'Nächste Suche'} ${inWords(s.nextCheckAt - now, f)}.`);
    if (s.noticeOnly)
      parts.push('Diese Kopie ist nicht signiert: Sie meldet eine neue Version, installiert sie aber nicht.');
    return parts.join(' ');
  },
});
