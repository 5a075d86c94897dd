import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import 'react-json-view-lite/dist/index.css';
import './styles.css';
import './a11y.css';
import { ApiProvider } from './api-context';
import { App } from './App';
import { getBridge } from './bridge';
import { useWords, WordsProvider } from './words-context';

function Unreachable() {
  const { w } = useWords();
  return (
    <main className="fatal" role="alert">
      {w.uiNav.unreachableRestart}
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  const api = getBridge();
  createRoot(root).render(
    <StrictMode>
      {/* Holds the window back while a German catalog loads (renderer/src/words-context.tsx): no English flash. */}
      <Suspense fallback={null}>
        {api ? (
          <ApiProvider api={api}>
            <App />
          </ApiProvider>
        ) : (
          <WordsProvider choice="system">
            <Unreachable />
          </WordsProvider>
        )}
      </Suspense>
    </StrictMode>,
  );
}
