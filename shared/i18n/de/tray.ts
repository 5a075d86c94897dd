/** Deutsch: das Tray-Symbol, sein Tooltip und sein Menü. */
import type { Fmt } from '../fmt';
import type { BulkProgress } from '../../bulk';
import type { TrayLine } from '../../tray';
import type { TrayWords } from '../words';

/** "gerade eben", "vor 3 Min.", "vor 5 Std.", "vor 2 Tagen" (the command line's ages too). */
export const agoDe =
  (f: Fmt) =>
  (ageMs: number): string => {
    const min = Math.floor(Math.max(0, ageMs) / 60_000);
    if (min < 1) return 'gerade eben';
    if (min < 60) return `vor ${f.num(min)} Min.`;
    const h = Math.floor(min / 60);
    return h < 48 ? `vor ${f.num(h)} Std.` : `vor ${f.count(Math.floor(h / 24), { one: 'Tag', other: 'Tagen' })}`;
  };

export const tray = (f: Fmt): TrayWords => {
  const timeLeft = (ms: number): string => {
    if (ms < 60_000) return 'unter einer Minute';
    const min = Math.ceil(ms / 60_000);
    if (min < 60) return `${f.num(min)} Min.`;
    return `${f.num(Math.floor(min / 60))} Std.${min % 60 ? ` ${f.num(min % 60)} Min.` : ''}`;
  };
  const ago = agoDe(f);
  const level = { ok: '', low: ' (knapp)', critical: ' (kritisch)', exhausted: '' } as const;
  const line = (l: TrayLine): string => {
    switch (l.kind) {
      case 'demo':
        return 'DEMO — simulierter Dienst, kein echtes Kontingent';
      case 'closest':
        return `${l.profile} — am nächsten am Aufbrauchen`;
      case 'no-key':
        return 'Noch kein Schlüssel — Lookup Tray öffnen und einen eintragen';
      case 'no-data':
        return 'Noch keine Kontingentdaten — „Kontingent prüfen“ wählen';
      case 'month-out':
        return `Monat: Kontingent aufgebraucht · wieder voll am ${f.utcDay(l.resetAt, l.now)}`;
      case 'month':
        return `Monat: ${f.num(l.remaining)} von ${f.num(l.limit)} übrig${level[l.level]} · wieder voll am ${f.utcDay(l.resetAt, l.now)}${l.estimated ? ' (geschätzt)' : ''}`;
      case 'at-risk':
        return `Gefährdet: in diesem Tempo aufgebraucht am ${f.utcDay(l.runsOutAt, l.now)}`;
      case 'no-minute-limit':
        return 'Kein Minutenlimit';
      case 'minute-hit':
        return `Minute: Limit erreicht (0 von ${f.num(l.limit)} übrig)`;
      case 'minute':
        return `Minute: ${f.num(l.remaining)} von ${f.num(l.limit)} übrig${l.estimated ? ' (geschätzt)' : ''}`;
      case 'updated':
        return `Aktualisiert ${ago(l.ageMs)}`;
      case 'last-failed':
        return 'Letzte Anfrage fehlgeschlagen — Zahlen evtl. veraltet';
      case 'paused':
        return `Benachrichtigungen pausiert bis ${f.localTime(l.until)} Uhr`;
    }
  };
  const bulkLine = (p: BulkProgress): string => {
    const of = `${f.num(p.done + p.failed)} von ${f.num(p.total)}`;
    switch (p.state) {
      case 'running':
        return p.etaMs !== null && p.left > 0 ? `Stapel: ${of} · noch ${timeLeft(p.etaMs)}` : `Stapel: ${of}`;
      case 'ready':
        return `Stapel: bereit, ${f.count(p.total, { one: 'Adresse', other: 'Adressen' })}`;
      case 'paused':
        if (p.reason === 'network') return `Stapel: pausiert bei ${of} (Dienst nicht erreichbar)`;
        if (p.reason === 'profile') return `Stapel: pausiert bei ${of} (Profil nicht verfügbar)`;
        return `Stapel: pausiert bei ${of}`;
      case 'finished':
        return `Stapel: fertig, ${of}`;
      case 'cancelled':
        return `Stapel: abgebrochen bei ${of}`;
      case 'stopped':
        if (p.reason === 'budget-floor') return `Stapel: an der Budgetgrenze angehalten (${of})`;
        if (p.reason === 'month-exhausted') return `Stapel: angehalten, Monat aufgebraucht (${of})`;
        return `Stapel: angehalten bei ${of}`;
    }
  };
  return {
    line,
    tipLine: (l) =>
      l.kind === 'no-key' ? 'Noch kein Schlüssel' : l.kind === 'no-data' ? 'Noch keine Kontingentdaten' : line(l),
    head: (h) =>
      h.kind === 'demo' ? 'Lookup Tray — DEMO' : h.kind === 'profile' ? `Lookup Tray — ${h.profile}` : 'Lookup Tray',
    bulk: (p, owner) => {
      const text = bulkLine(p);
      return owner ? `Stapel (${owner}):${text.slice('Stapel:'.length)}` : text;
    },
    profile: (p) =>
      p.month
        ? `${p.label} — ${f.num(p.month.remaining)} von ${f.num(p.month.limit)} übrig`
        : `${p.label} — ${p.setUp ? 'noch keine Zahlen' : 'nicht eingerichtet'}`,
    update: (u) =>
      u.kind === 'available'
        ? `Lookup Tray ${u.version} ist verfügbar — Herunterladen`
        : `Neu starten und auf ${u.version} aktualisieren${u.held ? ' (nach dem Stapelauftrag)' : ''}`,
    menu: {
      openHint: 'Lookup Tray öffnen',
      leaveDemo: 'Demo beenden',
      pauseBulk: 'Stapelauftrag pausieren',
      resumeBulk: 'Stapelauftrag fortsetzen',
      lookUp: 'IP nachschlagen…',
      lookUpClipboard: (ip) =>
        ip ? `IP aus der Zwischenablage nachschlagen (${ip})` : 'IP aus der Zwischenablage nachschlagen',
      checkQuota: (spends) => (spends ? 'Kontingent prüfen (kostet 1 Anfrage)' : 'Kontingent prüfen'),
      pauseNotifications: 'Benachrichtigungen pausieren',
      forAnHour: 'Für 1 Stunde',
      untilTomorrow: 'Bis morgen',
      resumeNotifications: 'Benachrichtigungen fortsetzen',
      settings: 'Einstellungen…',
      about: 'Über Lookup Tray',
      quit: 'Beenden',
    },
    notify: {
      checkQuotaFailed: (demo) => `${demo ? 'DEMO — ' : ''}Kontingentprüfung fehlgeschlagen`,
      notRestarting: 'Noch kein Neustart',
    },
  };
};
