/** Small helpers shared by the renderer's ui specs (lookup, gauges, onboarding, settings, screenshots). */
import { folderId, scopedAccount } from '../../electron/core/app/keychain-folder';
import type { Locator, Page } from '@playwright/test';
import { keyAccount } from '../../electron/core/secrets/key-account';
import { KEYCHAIN_SERVICE } from '../../electron/core/secrets/key-vault';
import { fakeIpData } from '../../electron/demo/fake-ip-data';
import type { Preview } from './fixtures';

export const ipField = (page: Page): Locator => page.getByLabel('IP address');
export const lookUpButton = (page: Page): Locator => page.getByRole('button', { name: 'Look up', exact: true });
export const result = (page: Page): Locator => page.getByRole('region', { name: 'Lookup result' });
export const minuteMeter = (page: Page): Locator => page.getByRole('meter', { name: 'Minute quota' });
export const monthMeter = (page: Page): Locator => page.getByRole('meter', { name: 'Month quota' });

/**
 * Types an address and presses Enter, as a user would — after the previous lookup has been answered
 * (while one is in flight the form does not submit, as for a user).
 */
export async function lookUp(page: Page, ip: string): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[aria-label="Lookup result"][aria-busy="true"]'));
  await ipField(page).fill(ip);
  await ipField(page).press('Enter');
}

/** Requests the simulator has answered on /v2/info so far. */
/** The key the keychain holds for the simulator's service (keys are saved per profile and origin). */
export function storedKey(preview: Preview): Promise<string | null> {
  const account = scopedAccount(keyAccount('default', preview.sim.url), folderId(preview.dataDir).id);
  return preview.secrets.getPassword(KEYCHAIN_SERVICE, account);
}

export function infoRequests(preview: Preview): number {
  return preview.sim.log.filter((e) => e.path === '/v2/info').length;
}

/** What the simulator says about a public IPv4 address (deterministic per IP except the local time). */
export function expectedData(
  ip: string,
  language?: string,
): {
  country: string;
  city: string;
  region: string;
  organization: string;
  asn: number;
} {
  const d = fakeIpData(ip, 4, 'unicast', Date.now(), language ? { language } : {}) as {
    location: { country: { name: string }; city: { name: string }; region: { name: string } };
    connection: { organization: string; asn: number };
  };
  return {
    country: d.location.country.name,
    city: d.location.city.name,
    region: d.location.region.name,
    organization: d.connection.organization,
    asn: d.connection.asn,
  };
}

/**
 * Moves the shared service clock (simulator and core) to 12:00 UTC on the 10th of the next month: a test whose
 * story needs weeks left in the month (a countdown in days, a forecast that runs out before the reset) reads the
 * same on any day it runs, not only in the middle of a month (issue 39).
 */
export function toMidMonth(preview: Preview): void {
  const now = new Date(preview.clock.now());
  preview.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 10, 12) - now.getTime());
}

/** Moves the shared service clock so the next lookups happen at the start of a fresh UTC minute. */
export function toStartOfNextMinute(preview: Preview, plusMs = 1000): number {
  const now = preview.clock.now();
  const delta = Math.floor(now / 60_000) * 60_000 + 60_000 - now + plusMs;
  preview.advance(delta);
  return delta;
}
