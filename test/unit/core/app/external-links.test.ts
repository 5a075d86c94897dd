/**
 * Issue 16, item 15: coordinates open OpenStreetMap through the fixed allow-list, in one URL shape built from
 * validated numbers — nothing else on that host.
 */
import { describe, expect, it } from 'vitest';
import { EXTERNAL_HOST_ALLOW_LIST, isAllowedExternalUrl } from '../../../../electron/core/app/external-links';
import { osmMapUrl } from '../../../../shared/map-link';
import { releasePageUrl } from '../../../../shared/update';

const allowed = (u: string) => isAllowedExternalUrl(u, EXTERNAL_HOST_ALLOW_LIST);

describe('the map link', () => {
  it('is built from two numbers in range, rounded to 5 decimals, and the allow-list accepts it', () => {
    expect(osmMapUrl(37.4223, -122.085)).toBe(
      'https://www.openstreetmap.org/?mlat=37.4223&mlon=-122.085#map=12/37.4223/-122.085',
    );
    expect(osmMapUrl(-33.8688123456, 151.2093)).toBe(
      'https://www.openstreetmap.org/?mlat=-33.86881&mlon=151.2093#map=12/-33.86881/151.2093',
    );
    for (const [lat, lon] of [
      [37.4223, -122.085],
      [0, 0],
      [-90, 180],
    ] as const)
      expect(allowed(osmMapUrl(lat, lon)!)).toBe(true);
    for (const [lat, lon] of [
      [91, 0],
      [0, 180.5],
      [Number.NaN, 1],
      [1, Number.POSITIVE_INFINITY],
    ])
      expect(osmMapUrl(lat!, lon!)).toBeNull();
  });

  it('refuses every other URL on the map host, and every other host', () => {
    for (const url of [
      'https://www.openstreetmap.org/',
      'https://www.openstreetmap.org/edit',
      'https://www.openstreetmap.org/?mlat=37.4223&mlon=-122.085',
      'https://www.openstreetmap.org/?mlat=37.4223&mlon=-122.085#map=12/1/2',
      'https://www.openstreetmap.org/?mlat=37.42230&mlon=-122.085#map=12/37.42230/-122.085',
      'https://www.openstreetmap.org/?mlat=37.4223&mlon=-122.085&x=1#map=12/37.4223/-122.085',
      'https://www.openstreetmap.org/login?mlat=1&mlon=2#map=12/1/2',
      'https://www.openstreetmap.org/?mlat=99&mlon=2#map=12/99/2',
      'http://www.openstreetmap.org/?mlat=1&mlon=2#map=12/1/2',
      'https://u:p@www.openstreetmap.org/?mlat=1&mlon=2#map=12/1/2',
      'https://openstreetmap.org/?mlat=1&mlon=2#map=12/1/2',
      'https://evil.example/?mlat=1&mlon=2#map=12/1/2',
      'javascript:alert(1)',
    ])
      expect(allowed(url), url).toBe(false);
  });
});

describe('the release page (an unsigned build hearing of a new version)', () => {
  it('opens exactly https://github.com/<owner>/<repo>/releases/tag/v<version>, built from a valid version', () => {
    const url = releasePageUrl('lookup-tray', 'lookup-tray', '0.2.0');
    expect(url).toBe('https://github.com/lookup-tray/lookup-tray/releases/tag/v0.2.0');
    expect(allowed(url!)).toBe(true);
    expect(allowed(releasePageUrl('o', 'r.js', '1.2.3-beta.1')!)).toBe(true);
    // The version comes from the update feed: anything but a version gives no link at all.
    for (const v of ['0.2', 'v0.2.0', '0.2.0/../../x', '0.2.0?x=1', '0.2.0#x', '0.2.0 ', '', '1.2.3-<b>'])
      expect(releasePageUrl('o', 'r', v), v).toBeNull();
    expect(releasePageUrl('-o', 'r', '1.0.0')).toBeNull();
    expect(releasePageUrl('o', '..', '1.0.0')).toBeNull();
  });

  it('refuses every other URL on github.com', () => {
    for (const url of [
      'https://github.com/',
      'https://github.com/o/r',
      'https://github.com/o/r/releases',
      'https://github.com/o/r/releases/download/v1.0.0/Lookup-Tray-Setup-1.0.0.exe',
      'https://github.com/o/r/releases/tag/v1.0.0?x=1',
      'https://github.com/o/r/releases/tag/v1.0.0#x',
      'https://github.com/o/r/releases/tag/1.0.0',
      'https://github.com/o/r/releases/tag/v1.0.0/x',
      'https://github.com/login/oauth/authorize?client_id=x',
      'http://github.com/o/r/releases/tag/v1.0.0',
      'https://u:p@github.com/o/r/releases/tag/v1.0.0',
      'https://gist.github.com/o/r/releases/tag/v1.0.0',
    ])
      expect(allowed(url), url).toBe(false);
  });
});
