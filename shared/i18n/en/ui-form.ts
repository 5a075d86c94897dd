/** English: the Settings form's own words — its fields' units and the shortcut recorder, the save bar. */
import type { Fmt } from '../fmt';

export const uiForm = (_f: Fmt) => ({
  /** The unit chooser of a length of time (the cache's lifetime). */
  /** A confirmation's safe choice (renderer/src/components/confirm-box.tsx). */
  cancel: 'Cancel',
  unit: 'Unit',
  units: { minutes: 'minutes', hours: 'hours', days: 'days' },
  /** The shortcut recorder's hint around the accelerator it registers (shown as it is, `translate="no"`). */
  shortcutHint: { before: 'Click here and press the keys you want. It registers ', after: '.' },
  cannotRegister: (problem: string) => `This shortcut cannot be registered: ${problem}`,
  /** The save bar's line. */
  saveBar: {
    unsaved: 'Unsaved changes',
    saved: 'Settings saved.',
    nothingSaved: 'Nothing was saved: correct the marked fields, then save again.',
    failed: 'Settings could not be saved: nothing was changed. Try again.',
  },
});
