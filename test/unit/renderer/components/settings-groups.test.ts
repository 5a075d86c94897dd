/**
 * The Settings form's controls (renderer/src/components/settings-groups.tsx): a setting given a form group in
 * SETTINGS_EDITORS without a control fails the typecheck, so it cannot compile and stay invisible.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { SettingControls, SettingControlsNow } from '../../../../renderer/src/components/settings-groups';
import { SETTINGS_EDITORS } from '../../../../renderer/src/settings-draft';

describe('every setting in a form group has a control (compile-time)', () => {
  it('the controls cover every setting the form edits', () => {
    expectTypeOf<SettingControlsNow>().toMatchTypeOf<SettingControls>();
  });

  it('a setting given a group but no control fails the typecheck', () => {
    const editors = { ...SETTINGS_EDITORS, newSetting: 'App' } as const;
    const controls = {} as SettingControlsNow;
    // @ts-expect-error newSetting is in the App group and has no control
    const missing: SettingControls<typeof editors> = controls;
    // A setting edited elsewhere needs none.
    const _elsewhere = { ...SETTINGS_EDITORS, newSetting: 'elsewhere: a test' } as const;
    const fine: SettingControls<typeof _elsewhere> = controls;
    expect([editors.newSetting, missing, fine]).toHaveLength(3);
  });
});
