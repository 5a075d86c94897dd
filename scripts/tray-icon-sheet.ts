// Contact sheet of the tray icon: every state at 16, 22 and 24 px, on light and dark panels (and the macOS
// template variant on a light and a dark menu bar), each magnified ×5 pixel for pixel and once at 1:1.
// For judging legibility at the size panels really draw. The icons are the real renderTrayIcon() output.
//   npx tsx scripts/tray-icon-sheet.ts [out.png]     (default docs/screenshots/before-after/tray-icons-after.png)
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { renderTrayIcon, type IconModel } from '../electron/core/tray/tray-icon';
import { TRAY_SHEET_STATES } from '../electron/core/tray/tray-icon-states';

const SIZES = [16, 22, 24] as const;
const ZOOM = 5;

interface Panel {
  name: string;
  background: string;
  colour: string;
  template: boolean;
  /** macOS tints a template image white on a dark menu bar. */
  invert?: boolean;
}

const PANELS: Panel[] = [
  { name: 'Light panel', background: '#ececef', colour: '#333', template: false },
  { name: 'Dark panel', background: '#1d1d20', colour: '#ddd', template: false },
  { name: 'macOS light (template)', background: '#e4e4e6', colour: '#333', template: true },
  { name: 'macOS dark (template)', background: '#262628', colour: '#ddd', template: true, invert: true },
];

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

function cell(model: IconModel, size: number, panel: Panel, zoom: number): string {
  const src = dataUrl(renderTrayIcon(model, size, { template: panel.template }));
  const px = size * zoom;
  return `<img alt="" src="${src}" style="width:${px}px;height:${px}px${panel.invert ? ';filter:invert(1)' : ''}">`;
}

function sheetHtml(): string {
  const head = `<tr><th></th>${PANELS.map(
    (p) => `<th colspan="${SIZES.length + 1}" style="background:${p.background};color:${p.colour}">${esc(p.name)}</th>`,
  ).join('')}</tr><tr><th></th>${PANELS.map(
    (p) =>
      `${SIZES.map((s) => `<th class="size" style="background:${p.background};color:${p.colour}">${s} px ×${ZOOM}</th>`).join('')}<th class="size" style="background:${p.background};color:${p.colour}">1:1</th>`,
  ).join('')}</tr>`;
  const rows = TRAY_SHEET_STATES.map(
    (s) =>
      `<tr><th class="state">${esc(s.label)}</th>${PANELS.map(
        (p) =>
          `${SIZES.map((size) => `<td style="background:${p.background}">${cell(s.model, size, p, ZOOM)}</td>`).join('')}<td class="one" style="background:${p.background}">${SIZES.map((size) => cell(s.model, size, p, 1)).join('')}</td>`,
      ).join('')}</tr>`,
  ).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  html,body{margin:0;background:#fff;font:12px system-ui,"Cantarell","Noto Sans","DejaVu Sans",sans-serif;color:#222}
  table{border-collapse:collapse;margin:8px}
  th,td{padding:5px 6px;text-align:center;vertical-align:middle}
  th.state{text-align:right;padding-right:10px;min-width:170px;max-width:190px}
  th.size{font-weight:normal;font-size:11px}
  td img{display:block;margin:auto;image-rendering:pixelated}
  td.one img{display:inline-block;margin:0 3px;vertical-align:middle}
  </style></head><body><table>${head}${rows}</table></body></html>`;
}

async function main(): Promise<void> {
  const out = resolve(process.argv[2] ?? 'docs/screenshots/before-after/tray-icons-after.png');
  mkdirSync(dirname(out), { recursive: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 }, deviceScaleFactor: 1 });
    await page.setContent(sheetHtml());
    await page.locator('table').screenshot({ path: out });
    console.log(`wrote ${out}`);
  } finally {
    await browser.close();
  }
}

await main();
