/** What the wrapper says beside the calculator (D7): how the figure is reached, in plain words. */
export function HowWeEstimate() {
  return (
    <div className="text-ink-700">
      <h2 className="text-xl font-bold text-ink-900">How we estimate</h2>
      <p className="mt-3">
        Tell us how many customers you message, what you spend on messaging in a year, and which services you pay for
        today. We price the same services on Growmail for the same customers and show the difference.
      </p>
      <p className="mt-3">
        The figure is an estimate for planning. Book a demo and we will work through your real volumes with you.
      </p>
    </div>
  );
}
