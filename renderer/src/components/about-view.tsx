import { useEffect, useState } from 'react';
import { licences, version } from 'virtual:about';
import type { DataInfo } from '../../../shared/ipc';
import { CopyButton } from './copy-button';
import { UpdateStatusLine } from './update-controls';
import { useApi } from '../api-context';
import { ViewHead } from './view-head';
import { useWords } from '../words-context';

/** About: the version, where the data lives (with a way to open it), and the licences of what ships with the app. */
export function AboutView({ onBack, serviceNow }: { onBack: () => void; serviceNow: () => number }) {
  const api = useApi();
  const { w } = useWords();
  const t = w.uiAbout;
  const [info, setInfo] = useState<DataInfo | null>(null);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  useEffect(() => {
    void api.getDataInfo().then(setInfo, () => setMessage({ text: t.dataNotFound, failed: true }));
  }, [api, t.dataNotFound]);

  const open = async (): Promise<void> => {
    try {
      const r = await api.openDataFolder();
      setMessage({ text: w.uiSaved.folder(r.said), failed: !r.opened });
    } catch {
      setMessage({ text: t.dataNotOpened, failed: true });
    }
  };

  return (
    <main className="about">
      <ViewHead title={t.title} onBack={onBack} />
      <section className="group" aria-labelledby="about-app">
        <h2 id="about-app">{t.appVersion(version)}</h2>
        <p>{t.blurb}</p>
        <UpdateStatusLine serviceNow={serviceNow} />
      </section>
      <section className="group" aria-labelledby="about-data">
        <h2 id="about-data">{t.dataHeading}</h2>
        <p className="hint">{t.dataHint}</p>
        <p className="data-path" translate="no">
          <code>{info?.dataDir ?? '…'}</code>
        </p>
        <div className="button-row">
          {info?.canOpenFolder && (
            <button type="button" className="secondary small" onClick={() => void open()}>
              {t.openData}
            </button>
          )}
          {info && (
            <CopyButton text={info.dataDir} label={t.copyPathLabel}>
              {t.copyPath}
            </CopyButton>
          )}
        </div>
        {info && !info.canOpenFolder && <p className="hint">{t.previewCannotOpen}</p>}
        {message && (
          <p className={message.failed ? 'hint error-text' : 'hint'} role="status">
            {message.text}
          </p>
        )}
      </section>
      <section className="group" aria-labelledby="about-licences">
        <h2 id="about-licences">{t.licencesHeading}</h2>
        <p className="hint">{t.licencesHint}</p>
        <table className="licences">
          <thead>
            <tr>
              <th scope="col">{t.colPackage}</th>
              <th scope="col">{t.colVersion}</th>
              <th scope="col">{t.colLicence}</th>
            </tr>
          </thead>
          <tbody translate="no">
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
