import type { Language } from '@growmail/contracts/language';
import { optionalAttribute } from '@growmail/contracts/runtime';
import { runtime } from '@/lib/runtime';

type Props = {
  language?: Language;
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
export function WhatsAppLink({ language = 'en', message, lead, className }: Props) {
  if (!runtime.whatsAppDigits) return null;
  const href = `https://wa.me/${runtime.whatsAppDigits}?text=${encodeURIComponent(message)}`;
  return (
    <p {...{ [optionalAttribute]: 'whatsapp' }} className={className}>
      {lead && `${lead} `}
      <a href={href} className="underline">
        {language === 'fr' ? 'Discuter sur WhatsApp' : 'Chat on WhatsApp'}
      </a>
    </p>
  );
}
