import { Check, Copy } from 'lucide-react';
import { useState } from 'react';

/** Copies a code block's text; says so to screen readers too. */
export function CopyButton({ text, label = 'Copy code' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    setTimeout(() => setState('idle'), 2000);
  };
  return (
    <button
      type="button"
      onClick={copy}
      className="inline-flex items-center gap-1 rounded-md border border-ink-300 bg-white px-2 py-1 text-xs font-medium text-ink-700 hover:border-brand-700 hover:text-brand-800"
    >
      {state === 'copied' ? (
        <Check aria-hidden="true" className="size-3.5" />
      ) : (
        <Copy aria-hidden="true" className="size-3.5" />
      )}
      <span>{label}</span>
      <span role="status" className="sr-only">
        {state === 'copied'
          ? 'Copied to the clipboard'
          : state === 'failed'
            ? 'Could not copy; select the text instead'
            : ''}
      </span>
    </button>
  );
}
