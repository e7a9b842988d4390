import { optionalAttribute } from '@growmail/contracts/runtime';
import { runtime } from '@/lib/runtime';

type Props = {
  /** The chat's first message, prefilled for the visitor to send: what the page is about. */
  message: string;
  /** Words before the link, such as "Rather chat?". */
  lead?: string;
  className?: string;
};

/**
 * "Chat on WhatsApp" (D34), in a paragraph the server keeps when WHATSAPP_NUMBER is set and
 * removes whole when it is not (apps/server/src/site/placeholders.ts).
 */
export function WhatsAppLink({ message, lead, className }: Props) {
  if (!runtime.whatsAppDigits) return null;
  const href = `https://wa.me/${runtime.whatsAppDigits}?text=${encodeURIComponent(message)}`;
  return (
    <p {...{ [optionalAttribute]: 'whatsapp' }} className={className}>
      {lead && `${lead} `}
      <a href={href} className="underline">
        Chat on WhatsApp
      </a>
    </p>
  );
}
