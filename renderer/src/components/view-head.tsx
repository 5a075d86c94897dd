import { useWords } from '../words-context';

/** The head of a view opened from the Lookup view (Settings, Bulk, History, About): "← Back" and its heading. */
export function ViewHead({ title, onBack }: { title: string; onBack: () => void }) {
  const { w } = useWords();
  return (
    <div className="view-head">
      <button type="button" className="link back" onClick={onBack}>
        {w.uiNav.back}
      </button>
      <h1>{title}</h1>
    </div>
  );
}
