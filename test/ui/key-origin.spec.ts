/** A stored key belongs to the origin it was saved for: after a base-URL change the window says so plainly. */
import { startSimulator } from '../../electron/demo/simulator';
import { expect, test } from './fixtures';
import { infoRequests } from './ui-helpers';

test('after the base URL moves to another server, the window asks for the key again and nothing is sent there', async ({
  page,
  preview,
}) => {
  const other = await startSimulator({
    clock: preview.clock,
    keys: { [preview.apiKey]: { monthLimit: 10, minuteLimit: null } },
  });
  try {
    const r = await preview.core.handlers.updateSettings({ baseUrl: other.url });
    expect(r.kind).toBe('saved');
    await preview.open(page);
    const note = page.getByRole('note');
    await expect(note).toContainText(`Your key was saved for ${new URL(preview.sim.url).origin}`);
    await expect(note).toContainText(`now points to ${new URL(other.url).origin}`);
    await expect(note).toContainText('enter it again');
    await page.screenshot({ path: '.tmp/screens/key-origin-note.png', fullPage: true });
    expect(other.log).toHaveLength(0);
    expect(infoRequests(preview)).toBe(0);
  } finally {
    await other.close();
  }
});
