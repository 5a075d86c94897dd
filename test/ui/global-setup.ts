import { ensureRendererBuild } from '../../scripts/ensure-renderer-build';

/** Build the renderer once (only when out/renderer is missing or older than its sources). */
export default function globalSetup(): void {
  if (process.env.LOOKUP_TRAY_UI_RENDERER_DIR) {
    console.log(`[ui] serving ${process.env.LOOKUP_TRAY_UI_RENDERER_DIR} (LOOKUP_TRAY_UI_RENDERER_DIR): no build`);
    return;
  }
  ensureRendererBuild({ log: (m) => console.log(`[ui] ${m}`) });
}
