import type { Language } from '@growmail/contracts/language';
import { CheckList } from '@/components/ui/check-list';

const benefits: Record<Language, readonly string[]> = {
  en: [
    'A walk-through of campaigns, automations and transactional email built around your business',
    'An honest look at your current setup and what moving to Growmail would save',
    'A plan to move your contacts and templates across without losing a send',
    'Answers on deliverability: how we keep 99.9% of your email landing in the inbox',
  ],
  fr: [
    'Une présentation des campagnes, de l’automatisation marketing et des emails transactionnels, adaptée à votre activité',
    'Un avis franc sur vos outils actuels et les économies possibles avec Growmail',
    'Un plan de migration de vos contacts et modèles, sans perdre un seul envoi',
    'Des réponses sur la délivrabilité\u202f: comment 99,9\u202f% de vos emails arrivent en boîte de réception',
  ],
};

/** What a visitor gets from the demo (spec "Screens and routes", demo page benefit list). */
export function DemoBenefits({ language = 'en' }: { language?: Language | undefined }) {
  return (
    <div>
      <h2 className="text-xl font-semibold text-ink-900">
        {language === 'fr' ? 'Ce que vous apporte cette démo de 30 minutes' : 'In 30 minutes you will get'}
      </h2>
      <CheckList items={benefits[language]} className="mt-4 flex flex-col gap-3 text-ink-700" />
    </div>
  );
}
