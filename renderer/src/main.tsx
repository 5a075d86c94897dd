import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'react-json-view-lite/dist/index.css';
import './styles.css';
import './a11y.css';
import { ApiProvider } from './api-context';
import { App } from './App';
import { getBridge } from './bridge';

const root = document.getElementById('root');
if (root) {
  const api = getBridge();
  createRoot(root).render(
    <StrictMode>
      {api ? (
        <ApiProvider api={api}>
          <App />
        </ApiProvider>
      ) : (
        <main className="fatal" role="alert">
          Lookup Tray could not reach its background service. Restart the app.
        </main>
      )}
    </StrictMode>,
  );
}
