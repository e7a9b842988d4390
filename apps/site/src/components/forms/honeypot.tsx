import { honeypotField } from '@growmail/contracts/form-fields';

/**
 * The field people never see or reach (off-screen, out of the tab order, hidden from
 * assistive technology). Bots that fill every input fill it; the server then stores nothing.
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input
          type="text"
          name={honeypotField}
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </div>
  );
}
