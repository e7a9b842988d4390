/**
 * A list whose items each open with a check mark: benefits, plan features, eligibility rules.
 * The mark is inline SVG sized to the text, so the list costs no icon library in client bundles.
 */
export function CheckList({
  items,
  className = 'flex flex-col gap-3 text-ink-700',
}: {
  items: readonly string[];
  className?: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex gap-2.5">
          <svg
            viewBox="0 0 20 20"
            aria-hidden="true"
            focusable="false"
            className="mt-[0.15em] h-[1.2em] w-[1.2em] shrink-0 text-brand-700"
          >
            <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.75" />
            <path
              d="M6.5 10.2l2.3 2.3 4.7-4.9"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.75"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
