/** Deutsch: die Ansicht „Über“. */
import type { Fmt } from '../fmt';
import type { UiAboutWords } from '../words';

export const uiAbout = (_f: Fmt): UiAboutWords => ({
  title: 'Über Lookup Tray',
  appVersion: (version: string) => `Lookup Tray ${version}`,
  blurb:
    'Behält das Monats- und Minutenkontingent einer IP-Lookup-API im Blick und schlägt schnell nach, ohne es zu verschwenden.',
  dataHeading: 'Datenordner',
  dataHint: 'Einstellungen, der Verlauf des Kontingents und gespeicherte Antworten. Der API-Schlüssel liegt nie hier.',
  dataNotFound: 'Der Datenordner wurde nicht gefunden.',
  dataNotOpened: 'Der Datenordner konnte nicht geöffnet werden.',
  openData: 'Datenordner öffnen',
  copyPath: 'Pfad kopieren',
  copyPathLabel: 'Pfad des Datenordners kopieren',
  previewCannotOpen: 'Diese Vorschau kann keine Ordner öffnen: Kopieren Sie den Pfad in Ihren Dateimanager.',
  licencesHeading: 'Open-Source-Lizenzen',
  licencesHint: 'Die Pakete, die mit dieser Version ausgeliefert werden, aufgelistet beim Bau.',
  colPackage: 'Paket',
  colVersion: 'Version',
  colLicence: 'Lizenz',
});
