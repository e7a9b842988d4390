import { honeypotField } from '@growmail/contracts/form-fields';
import { honeypotWord } from './form-words';

/**
 * The field people never see or reach (off-screen, out of the tab order, hidden from
 * assistive technology). Bots that fill every input fill it; the server then stores nothing.
 */
export function Honeypot({
  value,
  onChange,
  label = honeypotWord,
}: {
  value: string;
  onChange: (value: string) => void;
  /** In the page's language (D43): a screen reader that reads it anyway reads it in the right voice. */
  label?: string | undefined;
}) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        {label}
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
