/** Deutsch: Einstellungen → API-Schlüssel und die Fakten des Schlüssels (shared/key-facts.ts). */
import type { Fmt } from '../fmt';
import type { UiKeyWords } from '../words';
import type { KeyProblem, KeySaved, VerifyFact } from '../../key-facts';
import type { Quoted } from '../en/ui-key';

const unreachable = (v: Extract<VerifyFact, { kind: 'unreachable' }>): string => {
  switch (v.reason) {
    case 'refused':
      return `Unter ${v.host} hat nichts geantwortet: Die Verbindung wurde abgelehnt. Prüfen Sie die Basis-URL samt Port.`;
    case 'dns':
      return `Die Adresse ${v.hostname} wurde nicht gefunden. Prüfen Sie die Basis-URL auf Tippfehler.`;
    case 'timeout':
      return `${v.host} hat nicht rechtzeitig geantwortet. Prüfen Sie die Basis-URL und Ihre Verbindung und versuchen Sie es erneut.`;
    case 'tls':
      return `Die sichere Verbindung zu ${v.host} ist gescheitert: Das Zertifikat wurde nicht akzeptiert, oder auf diesem Port spricht der Server kein https://. Prüfen Sie die Basis-URL.`;
    case 'reset':
      return `${v.host} hat die Verbindung vor der Antwort abgebrochen. Versuchen Sie es erneut.`;
    case 'other':
      return `${v.host} ist nicht erreichbar. Prüfen Sie die Basis-URL und Ihre Verbindung.`;
  }
};

const verify = (v: VerifyFact, q: Quoted): string => {
  switch (v.kind) {
    case 'not-verified':
      return 'Der Schlüssel konnte nicht geprüft werden. Versuchen Sie es erneut.';
    case 'cancelled':
      return 'Die Prüfung wurde abgebrochen. Versuchen Sie es erneut.';
    case 'unreachable':
      return unreachable(v);
    case 'key-refused':
      return 'Dieser Dienst hat den Schlüssel nicht angenommen (401). Prüfen Sie, ob Sie ihn vollständig kopiert haben.';
    case 'redirect':
      return v.to
        ? `Diese Adresse leitet nach ${v.to} weiter (${v.status}), und Lookup Tray folgt keinen Weiterleitungen. Ist das der Dienst, verwenden Sie sie als Basis-URL.`
        : `Diese Adresse leitet woandershin weiter (${v.status}), und Lookup Tray folgt keinen Weiterleitungen. Prüfen Sie die Basis-URL.`;
    case 'not-found':
      return 'Unter dieser Adresse gibt es keine Lookup-API (404). Prüfen Sie den Pfad der Basis-URL.';
    case 'not-api':
      return `Diese Adresse hat geantwortet, aber nicht wie die Lookup-API (${v.status}). Prüfen Sie die Basis-URL.`;
    case 'service-trouble':
      return `Der Dienst hatte ein Problem (${v.status}). Versuchen Sie es später erneut.`;
    case 'outcome':
      return q.outcome(v.outcome);
  }
};

export const uiKey = (_f: Fmt): UiKeyWords => ({
  welcome: {
    title: 'Willkommen bei Lookup Tray',
    lead: 'Schlagen Sie IP-Adressen nach und behalten Sie Ihr API-Kontingent im Blick – bevor es ausgeht.',
    or: 'oder',
    demoOffer: 'Noch kein Schlüssel? Probieren Sie es mit einem eingebauten simulierten Dienst. Nichts wird gesendet.',
    tryDemo: 'Demo ausprobieren',
    demoFailed: 'Die Demo konnte nicht starten. Versuchen Sie es erneut.',
  },
  legend: 'API-Schlüssel',
  demoHint:
    'Der Demomodus verwendet einen eingebauten Demo-Schlüssel. Für Ihren eigenen Schlüssel verlassen Sie die Demo.',
  leaveDemo: 'Demo verlassen',
  leaveDemoFailed: 'Die Demo konnte nicht verlassen werden. Versuchen Sie es erneut.',
  where: {
    keychain: 'im Schlüsselbund des Systems gespeichert',
    none: 'nicht gespeichert',
    preview: 'für diese Vorschau im Speicher gehalten; vergessen, wenn sie endet',
    session: 'nur für diese Sitzung im Speicher gehalten (weg, wenn die App beendet wird)',
  },
  noKey: 'Kein Schlüssel gespeichert.',
  replace: 'Schlüssel ersetzen',
  add: 'Schlüssel hinzufügen',
  remove: 'Schlüssel entfernen',
  replaceHint:
    'Wer einen Schlüssel ersetzt (etwa nach dem Zurücksetzen eines kompromittierten), verwirft die Kontingentzahlen des alten.',
  saveNew: 'Neuen Schlüssel speichern',
  confirmRemoveLabel: 'Entfernen des Schlüssels bestätigen',
  confirmRemove: (where: 'keychain' | 'memory') =>
    `Den Schlüssel aus ${where === 'keychain' ? 'dem Schlüsselbund' : 'dem Speicher'} entfernen? Abfragen ruhen, bis Sie wieder einen Schlüssel hinzufügen.`,
  removeFailed: 'Der Schlüssel konnte nicht entfernt werden. Versuchen Sie es erneut.',
  save: 'Speichern',
  baseUrl: 'Basis-URL',
  key: 'API-Schlüssel',
  show: 'Zeigen',
  hide: 'Verbergen',
  keptWhere: {
    nowhere: 'Nie im Klartext auf die Festplatte geschrieben.',
    preview: 'Für diese Vorschau im Speicher gehalten; vergessen, wenn sie endet. Er geht nur an diesen Dienst.',
    keychain:
      'Im Schlüsselbund des Systems gespeichert (GNOME Keyring / KWallet, macOS-Schlüsselbund oder Windows-Anmeldeinformationsverwaltung). Er geht nur an diesen Dienst.',
  },
  noKeychain:
    'Kein Schlüsselbund des Systems gefunden. Installieren und entsperren Sie GNOME Keyring oder KWallet (Linux), oder verwenden Sie den macOS-Schlüsselbund bzw. die Windows-Anmeldeinformationsverwaltung. Sie können den Schlüssel nur für diese Sitzung im Speicher halten.',
  sessionOnly: 'Schlüssel nur für diese Sitzung im Speicher halten',
  verifyLabel: 'Schlüssel prüfen',
  verifyCosts:
    'Dieser Dienst hat keine kostenlose Statusabfrage: Die Prüfung des Schlüssels verbraucht 1 Anfrage Ihres Kontingents.',
  verifySpend: 'Prüfen (1 Anfrage)',
  saveUnverified: 'Ohne Prüfung speichern',
  checking: 'Wird geprüft …',
  saving: 'Wird gespeichert …',
  problem(p: KeyProblem, q: Quoted): string {
    switch (p.kind) {
      case 'key-empty':
        return 'Geben Sie Ihren API-Schlüssel ein.';
      case 'key-spaces':
        return 'Ein API-Schlüssel enthält keine Leerzeichen. Prüfen Sie, was eingefügt wurde.';
      case 'setting':
        return q.setting(p.problem);
      case 'base-url-first':
        return 'Geben Sie zuerst die Basis-URL des Dienstes ein.';
      case 'origin-changed':
        return `Die Basis-URL wurde zu ${p.baseUrl || '(keiner)'} geändert, während der Schlüssel für ${p.origin} geprüft wurde: Nichts wurde gespeichert.`;
      case 'keychain-write':
        return 'Der Schlüssel konnte nicht im Schlüsselbund des Systems gespeichert werden.';
      case 'legacy-moved':
        return 'Die Basis-URL hat sich seither geändert: Prüfen Sie sie und bestätigen Sie erneut.';
      case 'legacy-gone':
        return 'Es gibt keinen Schlüssel einer früheren Version mehr.';
      case 'tick-session-only':
        return 'Es gibt keinen Schlüsselbund für den Schlüssel: Wählen Sie „Schlüssel nur für diese Sitzung im Speicher halten“, um fortzufahren.';
      case 'not-saved':
        return 'Lookup Tray konnte den Schlüssel nicht speichern. Versuchen Sie es erneut.';
      case 'not-verified':
      case 'cancelled':
      case 'unreachable':
      case 'key-refused':
      case 'redirect':
      case 'not-found':
      case 'not-api':
      case 'service-trouble':
      case 'outcome':
        return verify(p, q);
    }
  },
  saved(s: KeySaved): string {
    if (s.kind === 'legacy') return `Schlüssel der früheren Version für ${s.origin} gespeichert (noch nicht geprüft).`;
    const where = {
      keychain: 'im Schlüsselbund des Systems',
      preview: 'für diese Vorschau im Speicher',
      session: 'nur für diese Sitzung im Speicher',
    }[s.where];
    return `Schlüssel ${where} gespeichert (${s.verified ? 'geprüft' : 'noch nicht geprüft'}).`;
  },
  origin: {
    before: 'Ihr Schlüssel wurde für ',
    middle: ' gespeichert. Die Basis-URL zeigt jetzt auf ',
    after:
      ', deshalb wird der Schlüssel nicht dorthin gesendet: Geben Sie ihn erneut ein, um ihn mit diesem Dienst zu verwenden.',
  },
  legacy: {
    text: 'Ein Schlüssel, den eine frühere Version von Lookup Tray gespeichert hat, liegt in Ihrem Schlüsselbund, aber der Dienst dazu wurde nicht vermerkt; er wird nirgendwohin gesendet, bis Sie bestätigen.',
    confirm: ' Verwenden Sie ihn nur, wenn Sie ihn für diesen Dienst eingegeben haben:',
    baseUrlFirst: ' Geben Sie zuerst die Basis-URL ein.',
    use: 'Verwenden für ',
    failed: 'Der Schlüssel konnte nicht verwendet werden. Versuchen Sie es erneut.',
  },
});
