import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** The panels arrive as named slots `panel0`, `panel1`, …, one per label (src/components/docs/Operation.astro). */
export const panelSlot = (index: number) => `panel${index}`;

type Props = { labels: string[] } & Record<string, ReactNode>;

/**
 * Tabs over code samples rendered at build (curl, JavaScript, Python); arrow keys, Home and
 * End move between them. An island that hydrates on the first focus or press inside it.
 */
export function CodeTabs({ labels, ...panels }: Props) {
  const [selected, setSelected] = useState(0);
  const id = useId();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? labels.length - 1
          : step
            ? (selected + step + labels.length) % labels.length
            : null;
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
    tabs.current[next]?.focus();
  };
  return (
    <div className="my-5">
      <div role="tablist" aria-label="Language" className="flex gap-1 border-b border-ink-100">
        {labels.map((label, index) => (
          <button
            key={label}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-selected={index === selected}
            aria-controls={`${id}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
            onKeyDown={onKeyDown}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
              index === selected
                ? 'border-brand-700 text-brand-800'
                : 'border-transparent text-ink-700 hover:text-brand-800'
            }`}
          >
            {label}
          </button>
        ))}
      </div>
      {labels.map((label, index) => (
        <div
          key={label}
          role="tabpanel"
          id={`${id}-panel-${index}`}
          aria-labelledby={`${id}-tab-${index}`}
          hidden={index !== selected}
        >
          {panels[panelSlot(index)]}
        </div>
      ))}
    </div>
  );
}
