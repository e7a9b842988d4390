import { partners } from '@/lib/content/partners';
import { PartnerLogo } from './partner-logo';

/** A static row of the first `count` partner logos (the demo and startup pages show 4). */
export function PartnerLogos({ count = 4, label = 'Trusted by' }: { count?: number; label?: string }) {
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
