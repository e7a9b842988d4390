/**
 * The two icons the form islands draw, in lucide's line style (a 24-unit grid, round 2-unit
 * strokes). lucide-react's component would add 1.4 KB of JavaScript to every page with a form;
 * icons on the server's HTML, and those handed to an island as a slot, stay lucide's.
 */
const strokes = {
  close: 'M18 6 6 18M6 6l12 12',
  chevronDown: 'm6 9 6 6 6-6',
} as const;

export function StrokeIcon({ name, className }: { name: keyof typeof strokes; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d={strokes[name]} />
    </svg>
  );
}
