/** Deutsch: das Ergebnis einer Abfrage in Worten (die Fakten aus shared/outcome.ts). */
import type { Fmt } from '../fmt';
import type { Face } from '../en/outcome';
import type { OutcomeWords } from '../words';
import type { IpProblem, OutcomeFact, OutcomeKind, ProxyWhy } from '../../outcome';
import type { WindowScope } from '../../window-scope';

type Fact<K extends OutcomeKind> = Extract<OutcomeFact, { kind: K }>;

/** The outcomes the window shows as refused (shared/outcome-table.ts's RefusedKind passes its outcomes here). */
type RefusedFact = Exclude<OutcomeFact, { kind: 'ok' | 'cooldown' | 'rate-limited' | 'bad-response' }>;

const ipProblem = (p: IpProblem): string => {
  switch (p.kind) {
    case 'empty':
      return 'Geben Sie eine IP-Adresse ein.';
    case 'too-long':
      return 'Das ist zu lang für eine IP-Adresse.';
    case 'range':
      return 'Geben Sie eine einzelne Adresse ein, keinen Bereich (CIDR).';
    case 'zone':
      return 'Zonen-IDs (der Teil nach %) werden nicht unterstützt: Geben Sie nur die Adresse ein.';
    case 'spaces':
      return 'Geben Sie eine IP-Adresse ohne Leerzeichen ein.';
    case 'port':
      return 'Geben Sie die Adresse ohne Port ein.';
    case 'bad-v4':
      return `„${p.text}“ ist keine gültige IPv4-Adresse.`;
    case 'bad-v6':
      return `„${p.text}“ ist keine gültige IPv6-Adresse.`;
    case 'not-ip':
      return `„${p.text}“ ist keine IP-Adresse. Hostnamen werden nicht aufgelöst: Geben Sie eine IPv4- oder IPv6-Adresse ein.`;
    case 'bad':
      return `„${p.text}“ ist keine gültige IP-Adresse.`;
  }
};

const network: Record<Fact<'network-error'>['reason'], string> = {
  timeout: 'Der Dienst hat nicht rechtzeitig geantwortet. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  refused:
    'Der Dienst hat die Verbindung abgelehnt. Prüfen Sie die Basis-URL und Ihre Verbindung und versuchen Sie es erneut.',
  dns: 'Die Adresse des Dienstes wurde nicht gefunden. Prüfen Sie die Basis-URL und Ihre Verbindung und versuchen Sie es erneut.',
  tls: 'Die sichere Verbindung zum Dienst ist gescheitert (sein Zertifikat wurde nicht akzeptiert). Prüfen Sie die Basis-URL.',
  reset: 'Die Verbindung zum Dienst wurde unterbrochen. Versuchen Sie es erneut.',
  aborted: 'Die Abfrage wurde abgebrochen.',
  'too-large': 'Die Antwort des Dienstes war größer als 8 MiB; sie wurde nicht zu Ende gelesen. Nichts wurde behalten.',
  other: 'Der Dienst war nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
};

const proxyWhy: Record<ProxyWhy, string> = {
  refused: 'die Verbindung wurde abgelehnt',
  dns: 'sein Name wurde nicht gefunden',
  timeout: 'er hat nicht geantwortet',
  tunnel: 'er hat keine Verbindung zum Dienst geöffnet',
};

const proxy = (o: Fact<'proxy-error'>): string => {
  if (o.reason === 'auth')
    return o.sent
      ? `Der Proxy ${o.proxy} hat Benutzername und Passwort in seiner Adresse nicht akzeptiert (407). Prüfen Sie sie (in der Proxy-Einstellung oder in HTTPS_PROXY für die Befehlszeile).`
      : `Der Proxy ${o.proxy} verlangt Benutzername und Passwort (407). Geben Sie sie in seiner Adresse an: http://user:password@${o.proxy}.`;
  if (o.reason === 'unreachable')
    return `Der Proxy ${o.proxy} war nicht erreichbar (${proxyWhy[o.why ?? 'refused']}). Prüfen Sie die Adresse des Proxys und ob er läuft; der Dienst wurde nicht gefragt.`;
  return `Die Adresse des Proxys „${o.proxy}“ ist keine URL (zum Beispiel http://proxy.example:3128). Prüfen Sie die Proxy-Einstellung oder HTTPS_PROXY für die Befehlszeile.`;
};

const certificate = (o: Fact<'certificate-error'>): string => {
  if (o.reason === 'untrusted')
    return `Dem Zertifikat von ${o.host} wird nicht vertraut: ${
      o.issuer
        ? `es wurde unter „${o.issuer}“ ausgestellt, einer Stelle, der dieser Computer nicht vertraut`
        : 'seinem Aussteller wird auf diesem Computer nicht vertraut'
    }. Hat Ihr Netzwerk eine eigene Zertifizierungsstelle, fügen Sie deren Stammzertifikat dem Zertifikatspeicher des Systems hinzu (die Befehlszeile liest auch NODE_EXTRA_CA_CERTS).`;
  if (o.reason === 'host-mismatch')
    return `Das Zertifikat von ${o.host} gilt für einen anderen Hostnamen. Prüfen Sie den Host der Basis-URL (verwenden Sie den Namen, für den das Zertifikat des Dienstes gilt).`;
  return `Das Zertifikat von ${o.host} ist abgelaufen. Der Dienst muss es erneuern (oder die Uhr dieses Computers geht falsch).`;
};

const networkError = (o: Fact<'network-error'>): string => {
  if (o.cause === 'base-url') return 'Die Basis-URL ist ungültig. Prüfen Sie sie in den Einstellungen.';
  if (o.cause === 'unexpected') return 'Die Abfrage ist unerwartet gescheitert. Versuchen Sie es erneut.';
  if (o.cause === 'no-backend') return 'Lookup Tray hat seinen Hintergrunddienst nicht erreicht.';
  return network[o.reason];
};

const refused = (
  o: RefusedFact,
  _message: (o: OutcomeFact) => string,
): { title: string; text?: string; hint: string | null } => {
  switch (o.kind) {
    case 'invalid-ip':
    case 'invalid-input':
      return {
        title: 'Der Dienst hat diese Adresse nicht akzeptiert',
        hint: 'Prüfen Sie die Adresse und versuchen Sie es erneut. Nichts wurde gezählt.',
      };
    case 'not-cached':
      return { title: `Keine Antwort für ${o.ip} gespeichert`, hint: null };
    case 'no-key':
      return { title: 'Noch kein API-Schlüssel', hint: null };
    case 'invalid-key':
      return {
        title: 'Der Dienst akzeptiert Ihren API-Schlüssel nicht',
        hint: 'Er wurde vielleicht zurückgesetzt (zum Beispiel nach einem Leck) oder falsch eingegeben.',
      };
    case 'forbidden':
      return {
        title: 'Ihr Tarif erlaubt das nicht',
        hint: 'Diese Abfrage braucht einen größeren Tarif. Wechseln Sie den Tarif im Dashboard des Dienstes.',
      };
    case 'server-error':
      return {
        title: `Der Dienst hatte ein Problem (${o.status})`,
        hint: 'Das liegt beim Dienst, und gescheiterte Anfragen werden nicht gezählt.',
      };
    case 'network-error':
      return {
        title:
          o.reason === 'timeout'
            ? 'Der Dienst hat nicht rechtzeitig geantwortet'
            : o.reason === 'aborted'
              ? 'Abfrage abgebrochen'
              : 'Der Dienst war nicht erreichbar',
        hint: null,
      };
    case 'proxy-error':
      return {
        title:
          o.reason === 'auth'
            ? `Der Proxy ${o.proxy} hat die Abfrage abgelehnt`
            : `Der Proxy ${o.proxy} war nicht erreichbar`,
        hint: 'Einstellungen → Netzwerk wählt den Proxy: den des Systems, keinen oder einen eigenen.',
      };
    case 'certificate-error':
      return {
        title:
          o.reason === 'expired'
            ? 'Das Zertifikat des Dienstes ist abgelaufen'
            : o.reason === 'host-mismatch'
              ? `Das Zertifikat gilt nicht für ${o.host}`
              : 'Dem Zertifikat des Dienstes wird nicht vertraut',
        hint: null,
      };
  }
};

export const outcome = (f: Fmt): OutcomeWords => {
  const limit = (scope: WindowScope, resetAt: number, now: number): string =>
    scope === 'minute'
      ? `Minutenlimit erreicht – wieder frei in ${f.countdown(resetAt - now)}.`
      : `Monatskontingent aufgebraucht – wieder frei am ${f.utc(resetAt, now)}. Wechseln Sie zu einem größeren Tarif oder warten Sie.`;
  const checkBaseUrl = (face: Face) =>
    face === 'cli'
      ? 'Prüfen Sie die Basis-URL: lookup-tray config get baseUrl'
      : 'Prüfen Sie die Basis-URL in den Einstellungen.';
  const badResponse = (o: Fact<'bad-response'>, face: Face): string => {
    const w = o.why;
    switch (w.kind) {
      case 'not-parsed': {
        const body =
          w.notParsed === 'too-large'
            ? `war größer als ${f.num(w.limit / 1024 / 1024)} MiB; er wurde nicht zu Ende gelesen und nichts davon behalten. Sein Anfang wird gezeigt.`
            : w.notParsed === 'too-deep'
              ? `war tiefer als ${f.num(w.limit)} Ebenen verschachtelt; er wurde nicht als JSON gelesen. Er wird gezeigt, wie er kam.`
              : `enthielt mehr als ${f.num(w.limit)} Objekte und Arrays; er wurde nicht als JSON gelesen. Sein Anfang wird gezeigt.`;
        return `Der Dienst antwortete mit ${o.status}, aber der Inhalt ${body}`;
      }
      case 'not-json':
      case 'shape': {
        const what = w.kind === 'not-json' ? 'kein JSON' : 'JSON in unerwarteter Form';
        return `Der Dienst antwortete mit ${o.status}, aber der Inhalt war ${what}.${o.tooLarge ? '' : ' Er wird gezeigt, wie er kam.'}`;
      }
      case 'redirect':
        return `Der Dienst leitete ${w.to ? `nach ${w.to}` : 'anderswohin'} weiter (${o.status}); nicht gefolgt. ${checkBaseUrl(face)}`;
      case 'no-answer':
        return 'Die Statusabfrage hat keine Antwort erhalten.';
      case 'not-found':
        return `Der Dienst antwortete mit 404 (nicht gefunden). ${checkBaseUrl(face)}`;
      case 'other':
        return `Der Dienst antwortete mit ${o.status}${w.said ? `: ${w.said}` : ''}.`;
    }
  };
  const message = (o: OutcomeFact, face: Face = 'window'): string => {
    switch (o.kind) {
      case 'ok':
        return `${o.ip} hat geantwortet.`;
      case 'invalid-ip':
        return ipProblem(o.problem);
      case 'not-cached':
        return `Die Antwort für ${o.ip} ist nicht mehr gespeichert. Nichts wurde gesendet; fragen Sie sie erneut ab, um eine aktuelle zu erhalten.`;
      case 'no-key':
        return face === 'cli'
          ? 'Noch kein API-Schlüssel. Ausführen: lookup-tray key set'
          : 'Noch kein API-Schlüssel. Tragen Sie Ihren Schlüssel in den Einstellungen ein oder probieren Sie die Demo.';
      case 'cooldown':
        return `${limit(o.scope, o.resetAt, o.at)} Nichts wurde gesendet; ${
          face === 'cli' ? 'mit --force wird trotzdem gesendet.' : 'mit „Trotzdem versuchen“ wird trotzdem gesendet.'
        }`;
      case 'invalid-key':
        return `Der API-Schlüssel wurde nicht akzeptiert (${o.status}). ${
          face === 'cli'
            ? 'Prüfen Sie ihn oder ersetzen Sie ihn mit: lookup-tray key set'
            : 'Prüfen oder ersetzen Sie ihn in den Einstellungen.'
        }`;
      case 'forbidden':
        return `Ihr Tarif erlaubt diese Anfrage nicht (${o.status})${o.said ? `: ${o.said}` : ''}. Prüfen Sie Ihren Tarif oder wechseln Sie zu einem größeren.`;
      case 'invalid-input':
        return o.said
          ? `Der Dienst hat die Eingabe abgelehnt (${o.status}): ${o.said}`
          : `Der Dienst hat die Eingabe abgelehnt (${o.status}).`;
      case 'rate-limited':
        return limit(o.scope, o.resetAt, o.at);
      case 'server-error':
        return `Der Dienst hatte ein Problem (${o.status}). Versuchen Sie es später erneut.`;
      case 'network-error':
        return networkError(o);
      case 'proxy-error':
        return proxy(o);
      case 'certificate-error':
        return certificate(o);
      case 'bad-response':
        return badResponse(o, face);
    }
  };
  return {
    message,
    refused: (o: RefusedFact) => refused(o, message),
    action: {
      retry: 'Erneut versuchen',
      refresh: 'Abfragen (verbraucht 1 Anfrage)',
      'open-settings': 'Einstellungen öffnen',
    },
    failed: (m: string) => `Abfrage gescheitert: ${m}`,
    spokenTitle: (title: string, m: string) => `${title}. ${m}`,
    ipProblem,
    limit,
    resetsAt: (iso: string) => `(wieder frei um ${iso})`,
  };
};
