import { siteConfig } from '@/lib/site-config';

type Props = {
  /** Words before the address, such as "Prefer email? Write to". */
  lead: string;
  className?: string;
};

/**
 * The sales team's address as a mail link, after the page's own words: the way to reach us
 * that needs no form, beside the contact and demo forms and on the offline page (D39).
 */
export function SalesEmail({ lead, className }: Props) {
  return (
    <p className={className}>
      {`${lead} `}
      <a className="underline" href={`mailto:${siteConfig.contactEmail}`}>
        {siteConfig.contactEmail}
      </a>
      .
    </p>
  );
}
