/**
 * Issue "Several keys, and the month's story": a second profile added in the preview, with its own service and
 * key; switching from the title bar shows each profile's own meters; the lookup view starts fresh for each.
 */
import { expect, test } from './fixtures';
import { startSimulator } from '../../electron/demo/simulator';
import { lookUp, monthMeter, result } from './ui-helpers';
import { shoot } from './ux-shots';

const WORK_KEY = 'FAKE-ui-work-key-0000-1111';

test('add a Work profile with its own service and key, switch from the title bar: each shows its own meters', async ({
  page,
  preview,
}) => {
  const work = await startSimulator({
    clock: preview.clock,
    keys: { [WORK_KEY]: { monthLimit: 500, minuteLimit: null, label: 'work' } },
  });
  try {
    preview.sim.setUsage(preview.apiKey, { month: 1_000 });
    await preview.open(page);
    await lookUp(page, '8.8.8.8');
    await expect(monthMeter(page)).toHaveAttribute('aria-valuenow', '8999');
    await expect(page.getByRole('combobox', { name: 'Profile', exact: true })).toHaveCount(0); // one profile: no picker

    await page.getByRole('button', { name: 'Settings' }).click();
    const profiles = page.getByRole('group', { name: 'Profiles' });
    await expect(profiles).toContainText('Default · in use');
    await expect(profiles).toContainText('8,999 of 10,000 left this month');
    await profiles.getByRole('button', { name: 'Add profile' }).click();
    await page.getByLabel('Profile name').fill('Work');
    await page.getByLabel('Base URL of its service').fill(work.url);
    await shoot(page, 'profiles-add', { dark: true });
    await page.getByRole('button', { name: 'Add and switch' }).click();

    // Now in Work: the picker says so, and its key is missing (entered here, in Settings).
    await expect(page.getByRole('combobox', { name: 'Profile', exact: true })).toHaveValue('Work');
    await expect(page.getByRole('group', { name: 'API key' })).toContainText('No key saved.');
    await page.getByRole('button', { name: 'Add key' }).click();
    await page.getByLabel('API key', { exact: true }).fill(WORK_KEY);
    await page.getByRole('button', { name: 'Save new key' }).click();
    await expect(page.getByRole('group', { name: 'API key' })).toContainText('••••••1111');
    await expect(page.getByRole('group', { name: 'Profiles' })).toContainText('Work · in use');
    await shoot(page, 'profiles-settings', { dark: true, fullPage: true });

    await page.getByRole('button', { name: /Back/ }).click();
    await lookUp(page, '1.1.1.1');
    await expect(monthMeter(page)).toHaveAttribute('aria-valuemax', '500');
    await expect(monthMeter(page)).toHaveAttribute('aria-valuenow', '499');
    expect(work.log.filter((l) => l.path === '/v2/info')).toHaveLength(1);
    await shoot(page, 'profiles-work', { dark: true });

    await page.getByRole('combobox', { name: 'Profile', exact: true }).selectOption('default');
    await expect(monthMeter(page)).toHaveAttribute('aria-valuemax', '10000');
    await expect(monthMeter(page)).toHaveAttribute('aria-valuenow', '8999');
    await expect(result(page)).not.toContainText('1.1.1.1'); // Work's result is not shown under Default
    await page.getByRole('combobox', { name: 'Profile', exact: true }).selectOption('Work');
    await expect(monthMeter(page)).toHaveAttribute('aria-valuenow', '499');
    expect(preview.logs.join('\n')).not.toContain(WORK_KEY);
  } finally {
    await work.close();
  }
});

test('removing a profile asks first and says what goes; the one in use cannot be removed', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Add profile' }).click();
  await page.getByLabel('Profile name').fill('Lab');
  await page.getByRole('button', { name: 'Add and switch' }).click();
  await expect(page.getByRole('combobox', { name: 'Profile', exact: true })).toHaveValue('Lab');
  const profiles = page.getByRole('group', { name: 'Profiles' });
  await expect(profiles.getByRole('button', { name: 'Remove Lab' })).toHaveCount(0); // in use
  // "Use" says which profile, as "Rename" and "Remove" do: a screen reader's list of buttons is not "Use, Use, Use".
  await expect(profiles.getByRole('button', { name: /^Use \S/ })).toHaveCount(1);
  await profiles.getByRole('button', { name: 'Use' }).click();
  await expect(page.getByRole('combobox', { name: 'Profile', exact: true })).toHaveValue('default');
  await page.getByRole('group', { name: 'Profiles' }).getByRole('button', { name: 'Remove Lab' }).click();
  const confirm = page.getByRole('group', { name: 'Confirm removing the profile' });
  await expect(confirm).toContainText('Its API key is deleted from the keychain');
  await shoot(page, 'profiles-remove', { dark: true });
  await confirm.getByRole('button', { name: 'Remove profile' }).click();
  await expect(page.getByRole('group', { name: 'Profiles' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'Removed Lab.' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Profile', exact: true })).toHaveCount(0);
});

test('removing a profile another window removed meanwhile: the window says there is none by that name', async ({
  page,
  preview,
}) => {
  await preview.core.handlers.addProfile({ name: 'Lab' });
  await preview.core.handlers.switchProfile({ name: 'default' });
  await preview.open(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Remove Lab' }).click();
  await preview.core.handlers.removeProfile({ name: 'Lab' });
  const confirm = page.getByRole('group', { name: 'Confirm removing the profile' });
  await confirm.getByRole('button', { name: 'Remove profile' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('There is no profile named "Lab".');
  await shoot(page, 'profiles-remove-gone', { dark: true });
});

test('a profile not in use is checked in the background: its line follows, and the tray can show it when it is closest to running out', async ({
  page,
  preview,
}) => {
  const work = await startSimulator({
    clock: preview.clock,
    keys: { [WORK_KEY]: { monthLimit: 500, minuteLimit: null, label: 'work' } },
  });
  try {
    await preview.open(page);
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByLabel('Tray icon shows')).toHaveCount(0); // one profile: nothing to choose
    await page.getByRole('button', { name: 'Add profile' }).click();
    await page.getByLabel('Profile name').fill('Work');
    await page.getByLabel('Base URL of its service').fill(work.url);
    await page.getByRole('button', { name: 'Add and switch' }).click();
    await page.getByRole('button', { name: 'Add key' }).click();
    await page.getByLabel('API key', { exact: true }).fill(WORK_KEY);
    await page.getByRole('button', { name: 'Save new key' }).click();
    await expect(page.getByRole('group', { name: 'API key' })).toContainText('••••••1111');
    await page.getByRole('group', { name: 'Profiles' }).getByRole('button', { name: 'Use' }).click();
    await expect(page.getByRole('combobox', { name: 'Profile', exact: true })).toHaveValue('default');

    // Work is used elsewhere (another machine, a script): its next automatic check, in the background, sees it.
    work.setUsage(WORK_KEY, { month: 470 });
    await preview.core.whenIdle();
    preview.advance(6 * 60_000);
    await preview.core.whenIdle(); // the check that came due has its answer (the machine may be slow to run it)
    const workLine = page.getByRole('group', { name: 'Profiles' }).getByRole('listitem').filter({ hasText: 'Work' });
    await expect(workLine).toContainText('30 of 500 left this month');
    expect(work.log.filter((l) => l.path === '/v2/info')).toHaveLength(0); // the free status check only

    // With two profiles, Settings says which of its settings are the profile's own.
    await expect(page.getByText(/automatic checks below are Default's own/)).toBeVisible();
    const trayShows = page.getByLabel('Tray icon shows');
    await expect(trayShows).toHaveValue('selected');
    await trayShows.selectOption({ label: 'The profile closest to running out' });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
    await shoot(page, 'profiles-tray-shows', { dark: true, fullPage: true });
    const snap = await preview.core.handlers.getSnapshot();
    expect(snap.settings.trayShows).toBe('closest');
    expect(snap.watched.map((w) => [w.label, w.quota.month?.remaining])).toEqual([['Work', 30]]);
  } finally {
    await work.close();
  }
});
