import type { Language } from '@growmail/contracts/language';

const words = {
  en: {
    title: 'How we estimate',
    how: 'Tell us how many customers you message, what you spend on messaging in a year, and which services you pay for today. We price the same services on Growmail for the same customers and show the difference.',
    plan: 'The figure is an estimate for planning. Book a demo and we will work through your real volumes with you.',
  },
  fr: {
    title: 'Notre méthode',
    how: 'Indiquez combien de clients vous contactez, ce que vous dépensez par an en messages et les services que vous payez aujourd’hui. Nous chiffrons les mêmes services chez Growmail pour les mêmes clients et vous montrons l’écart.',
    plan: 'Ce chiffre est une estimation, pour vous aider à planifier. Réservez une démo\u202f: nous reprendrons avec vous vos volumes réels. Le calcul se fait en dollars US.',
  },
} satisfies Record<Language, Record<string, string>>;

/** What the wrapper says beside the calculator (D7): how the figure is reached, in plain words. */
export function HowWeEstimate({ language = 'en' }: { language?: Language | undefined }) {
  const text = words[language];
  return (
    <div className="text-ink-700">
      <h2 className="text-xl font-bold text-ink-900">{text.title}</h2>
      <p className="mt-3">{text.how}</p>
      <p className="mt-3">{text.plan}</p>
    </div>
  );
}
