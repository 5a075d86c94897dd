/** Child process for read-only-dir.ts: open a store on argv dir, apply a change, report as JSON. */
import path from 'node:path';
import { JsonFileStore } from '../../electron/core/storage/json-file-store';
import { SettingsStore } from '../../electron/core/storage/settings-store';
import { inWords } from './notice-words';

const [kind, dir = '', patchJson = '{}'] = process.argv.slice(2);
const patch = JSON.parse(patchJson) as Record<string, unknown>;
const now = () => Date.UTC(2026, 10, 22, 12, 0, 0);

if (kind === 'settings') {
  const store = new SettingsStore({ dataDir: dir, now });
  const before = store.get();
  const outcome = store.update(patch);
  process.stdout.write(
    JSON.stringify({
      kind,
      before,
      after: store.get(),
      outcome,
      notices: inWords(store.notices()),
      persistent: store.persistent,
    }),
  );
} else {
  const store = new JsonFileStore<Record<string, unknown>>(path.join(dir, 'state.json'), {
    defaults: () => ({ fresh: true }),
    validate: (raw) =>
      typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null,
    now,
  });
  const before = store.read();
  const outcome = store.write({ ...before, ...patch });
  process.stdout.write(
    JSON.stringify({
      kind,
      before,
      after: store.read(),
      outcome,
      notices: inWords(store.notices()),
      persistent: store.writable,
    }),
  );
}
