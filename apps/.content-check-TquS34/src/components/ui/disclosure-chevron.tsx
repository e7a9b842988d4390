/** The down arrow of a disclosure button (a menu that opens below it); it turns over while open. */
export function DisclosureChevron({ open, className }: { open: boolean; className: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      className={`${className} transition-transform ${open ? 'rotate-180' : ''}`}
      aria-hidden="true"
    >
      <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
