/** English: the Settings view's frame — its heading, the groups' legends, the save bar, the language settings. */
import type { Fmt } from '../fmt';

export const uiSettings = (_f: Fmt) => ({
  title: 'Settings',
  /** The legend of each group of the form (renderer/src/settings-draft.ts FORM_GROUPS). */
  group: {
    Service: 'Service',
    'Warning levels': 'Warning levels',
    Notifications: 'Notifications',
    'Automatic quota checks': 'Automatic quota checks',
    'Lookup cache': 'Lookup cache',
    App: 'App',
    Network: 'Network',
    'Bulk reports': 'Bulk reports',
  },
  /** With several profiles: which groups are the profile's own; `before` + the profile's name + `after`. */
  scopeBefore: 'Service, warning levels, notifications and automatic checks below are ',
  scopeAfter: "'s own; the lookup cache and App settings are shared by every profile.",
  thisProfile: 'this profile',
  save: 'Save settings',
  answerLanguage: 'Language of results',
  serviceDefault: 'Service default',
  interfaceLanguage: 'Language',
});
