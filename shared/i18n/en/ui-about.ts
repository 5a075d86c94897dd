/** English: the About view. */
import type { Fmt } from '../fmt';

export const uiAbout = (_f: Fmt) => ({
  title: 'About Lookup Tray',
  appVersion: (version: string) => `Lookup Tray ${version}`,
  blurb: "Watches an IP-lookup API's monthly and per-minute quota and does quick lookups without wasting it.",
  dataHeading: 'Data folder',
  dataHint: 'Settings, the quota history and cached answers. The API key is never stored here.',
  dataNotFound: 'Could not find the data folder.',
  dataNotOpened: 'Could not open the data folder.',
  openData: 'Open data folder',
  copyPath: 'Copy path',
  copyPathLabel: 'Copy path of the data folder',
  previewCannotOpen: 'This preview cannot open folders: copy the path into your file manager.',
  licencesHeading: 'Open-source licences',
  licencesHint: 'The packages that ship with this version, listed when it was built.',
  colPackage: 'Package',
  colVersion: 'Version',
  colLicence: 'Licence',
});
