import type { Language } from '@growmail/contracts/language';
import { DataTable } from '@/components/ui/data-table';

/** The plans, in column order. */
const plans = [
  { key: 'flex', label: 'Flex' },
  { key: 'growth', label: 'Growth' },
  { key: 'enterprise', label: 'Enterprise' },
] as const;

type Cell = string | boolean;
type Row = { feature: string } & Record<(typeof plans)[number]['key'], Cell>;

/** What each plan includes, from spec "Business constants"; Growth's optional modules are marked as add-ons. */
const rowsFr: Row[] = [
  { feature: 'Tarif', flex: 'Pour 1\u202f000 crédits', growth: 'Mensuel ou annuel', enterprise: 'Sur devis' },
  { feature: 'Utilisateurs', flex: '3', growth: '5', enterprise: 'Illimités' },
  { feature: 'Campagnes email', flex: true, growth: '10 fois plus qu’avec Flex', enterprise: true },
  { feature: 'Synchronisation des contacts par API', flex: false, growth: true, enterprise: true },
  { feature: 'Automatisation marketing', flex: false, growth: 'En option', enterprise: true },
  { feature: 'Emails transactionnels', flex: false, growth: 'En option', enterprise: 'Serveurs dédiés' },
  { feature: 'Analytique d’application', flex: false, growth: 'En option', enterprise: true },
  { feature: 'Journal d’envoi conservé 90 jours', flex: false, growth: false, enterprise: true },
  { feature: 'Responsable de compte dédié', flex: false, growth: false, enterprise: true },
  { feature: 'Assistance par téléphone', flex: false, growth: false, enterprise: true },
];

const words = {
  en: {
    included: 'Included',
    notIncluded: 'Not included',
    title: 'Compare plans',
    caption: 'What the Flex, Growth and Enterprise plans include',
    feature: 'Feature',
  },
  fr: {
    included: 'Inclus',
    notIncluded: 'Non inclus',
    title: 'Comparer les offres',
    caption: 'Ce que comprennent les offres Flex, Growth et Enterprise',
    feature: 'Fonctionnalité',
  },
} satisfies Record<Language, Record<string, string>>;

const rows: Row[] = [
  { feature: 'Price', flex: 'Per 1,000 credits', growth: 'Monthly or yearly', enterprise: 'Custom' },
  { feature: 'Seats', flex: '3', growth: '5', enterprise: 'Unlimited' },
  { feature: 'Email campaigns', flex: true, growth: '10X a month', enterprise: true },
  { feature: 'API contact sync', flex: false, growth: true, enterprise: true },
  { feature: 'Automation journeys', flex: false, growth: 'Add-on', enterprise: true },
  { feature: 'Transactional email', flex: false, growth: 'Add-on', enterprise: 'Dedicated servers' },
  { feature: 'App analytics', flex: false, growth: 'Add-on', enterprise: true },
  { feature: '90-day log retention', flex: false, growth: false, enterprise: true },
  { feature: 'Dedicated account manager', flex: false, growth: false, enterprise: true },
  { feature: 'Phone support', flex: false, growth: false, enterprise: true },
];

function Value({ cell, language }: { cell: Cell; language: Language }) {
  if (cell === true)
    return (
      <>
        <span aria-hidden="true" className="font-bold text-brand-700">
          ✓
        </span>
        <span className="sr-only">{words[language].included}</span>
      </>
    );
  if (cell === false)
    return (
      <>
        <span aria-hidden="true" className="text-ink-600">
          —
        </span>
        <span className="sr-only">{words[language].notIncluded}</span>
      </>
    );
  return <>{cell}</>;
}

/** The plan comparison on /pricing (D9): a real table, so screen readers announce plan and feature per cell. */
export function ComparisonTable({ language = 'en' }: { language?: Language | undefined }) {
  const text = words[language];
  return (
    <section aria-labelledby="compare-title" className="mx-auto max-w-7xl px-4 py-16 lg:px-8">
      <h2 id="compare-title" className="text-2xl font-bold text-ink-900 md:text-3xl">
        {text.title}
      </h2>
      {/* Short labels and tight cells let the table fit a 320 px screen without scrolling sideways. */}
      <div className="mt-6 overflow-hidden rounded-2xl border border-ink-100">
        <DataTable
          caption={text.caption}
          columns={[
            { label: text.feature, className: 'w-[38%] px-1.5 py-2 font-semibold sm:p-2 md:w-1/3 md:p-4' },
            ...plans.map((plan) => ({ label: plan.label, className: 'px-1.5 py-2 sm:p-2 font-semibold md:p-4' })),
          ]}
          rows={language === 'fr' ? rowsFr : rows}
          rowKey={(row) => row.feature}
          cells={(row) => [row.feature, ...plans.map((plan) => <Value cell={row[plan.key]} language={language} />)]}
          classes={{
            table: 'w-full border-collapse text-left text-xs sm:text-sm md:text-base',
            head: 'bg-ink-50',
            row: 'border-t border-ink-100 align-top',
            rowHeader: 'px-1.5 py-2 font-medium hyphens-auto wrap-anywhere text-ink-900 sm:p-2 md:p-4',
            cell: 'px-1.5 py-2 sm:p-2 text-ink-700 md:p-4',
          }}
        />
      </div>
    </section>
  );
}
