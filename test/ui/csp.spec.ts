/**
 * Issue 40 (info): the renderer's Content-Security-Policy allows no inline style. The app styles itself from its
 * stylesheet and through the CSSOM (React's `style` props, uPlot), which the policy does not govern; markup that
 * carried a `style` attribute or a `<style>` element — say text from an answer that some future change rendered as
 * HTML — is not applied, so it cannot restyle the window or read it through CSS selectors. The fixture fails every ui
 * test whose page the policy refused anything (fixtures.ts), so the views work under it.
 */
import { expect, test } from './fixtures';

test('inline style in injected markup is refused; the app is styled as ever', async ({ page, preview }) => {
  await preview.open(page);
  // A second tab of the same session: its refusals are this test's own, not the app's (the fixture watches `page`).
  const tab = await page.context().newPage();
  await tab.goto(preview.url);
  await expect(tab.locator('#root > *').first()).toBeAttached();
  const seen = await tab.evaluate(async () => {
    const refused = new Promise<string>((resolve) =>
      document.addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective), { once: true }),
    );
    const host = document.createElement('div');
    host.innerHTML =
      '<span id="csp-attr" style="color: rgb(255, 0, 0)">x</span><style>#csp-rule { color: rgb(0, 0, 255); }</style><span id="csp-rule">y</span>';
    document.body.append(host);
    const color = (id: string) => getComputedStyle(document.getElementById(id)!).color;
    // The app's own styling: its stylesheet, and a style set through the CSSOM.
    const own = document.createElement('span');
    document.body.append(own);
    own.style.color = 'rgb(0, 128, 0)';
    const attr = color('csp-attr');
    return {
      attr,
      rule: color('csp-rule'),
      cssom: getComputedStyle(own).color,
      margin: getComputedStyle(document.body).margin,
      // The refusal's event, when there was one to wait for (an applied style has none).
      directive: attr === 'rgb(255, 0, 0)' ? null : await refused,
    };
  });
  expect(seen.attr).not.toBe('rgb(255, 0, 0)');
  expect(seen.rule).not.toBe('rgb(0, 0, 255)');
  expect(seen.directive).toMatch(/^style-src/);
  expect({ cssom: seen.cssom, margin: seen.margin }).toEqual({ cssom: 'rgb(0, 128, 0)', margin: '0px' });
  await tab.close();
});
