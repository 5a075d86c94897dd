import { useEffect, useState } from 'react';
import { licences, version } from 'virtual:about';
import type { DataInfo } from '../../../shared/ipc';
import { CopyButton } from './copy-button';
import { UpdateStatusLine } from './update-controls';
import { useApi } from '../api-context';
import { ViewHead } from './view-head';

/** About: the version, where the data lives (with a way to open it), and the licences of what ships with the app. */
export function AboutView({ onBack }: { onBack: () => void }) {
  const api = useApi();
  const [info, setInfo] = useState<DataInfo | null>(null);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  useEffect(() => {
    void api.getDataInfo().then(setInfo, () => setMessage({ text: 'Could not find the data folder.', failed: true }));
  }, [api]);

  const open = async (): Promise<void> => {
    try {
      const r = await api.openDataFolder();
      setMessage({ text: r.message, failed: !r.opened });
    } catch {
      setMessage({ text: 'Could not open the data folder.', failed: true });
    }
  };

  return (
    <main className="about">
      <ViewHead title="About Lookup Tray" onBack={onBack} />
      <section className="group" aria-labelledby="about-app">
        <h2 id="about-app">Lookup Tray {version}</h2>
        <p>Watches an IP-lookup API&apos;s monthly and per-minute quota and does quick lookups without wasting it.</p>
        <UpdateStatusLine />
      </section>
      <section className="group" aria-labelledby="about-data">
        <h2 id="about-data">Data folder</h2>
        <p className="hint">Settings, the quota history and cached answers. The API key is never stored here.</p>
        <p className="data-path">
          <code>{info?.dataDir ?? '…'}</code>
        </p>
        <div className="button-row">
          {info?.canOpenFolder && (
            <button type="button" className="secondary small" onClick={() => void open()}>
              Open data folder
            </button>
          )}
          {info && (
            <CopyButton text={info.dataDir} label="Copy path of the data folder">
              Copy path
            </CopyButton>
          )}
        </div>
        {info && !info.canOpenFolder && (
          <p className="hint">This preview cannot open folders: copy the path into your file manager.</p>
        )}
        {message && (
          <p className={message.failed ? 'hint error-text' : 'hint'} role="status">
            {message.text}
          </p>
        )}
      </section>
      <section className="group" aria-labelledby="about-licences">
        <h2 id="about-licences">Open-source licences</h2>
        <p className="hint">The packages that ship with this version, listed when it was built.</p>
        <table className="licences">
          <thead>
            <tr>
              <th scope="col">Package</th>
              <th scope="col">Version</th>
              <th scope="col">Licence</th>
            </tr>
          </thead>
          <tbody>
            {licences.map((p) => (
              <tr key={p.name}>
                <th scope="row">{p.name}</th>
                <td>{p.version}</td>
                <td>{p.licence}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </main>
  );
}
