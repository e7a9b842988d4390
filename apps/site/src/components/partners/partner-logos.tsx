import type { Partner } from '@growmail/contracts/content/schemas';
import { PartnerLogo } from './partner-logo';

type Props = {
  /** The partners, in their order (the page's content, `contentFrom`). */
  partners: readonly Partner[];
  count?: number;
  label?: string;
};

/** A static row of the first `count` partner logos (the demo and startup pages show 4). */
export function PartnerLogos({ partners, count = 4, label = 'Trusted by' }: Props) {
  return (
    <div>
      <p className="text-sm font-semibold text-ink-600">{label}</p>
      <ul className="mt-4 grid grid-cols-2 items-center gap-x-6 gap-y-5 md:grid-cols-4">
        {partners.slice(0, count).map((partner) => (
          <li key={partner.name} className="flex items-center">
            <PartnerLogo partner={partner} />
          </li>
        ))}
      </ul>
    </div>
  );
}
