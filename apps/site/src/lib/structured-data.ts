import { runtime } from './runtime';
import type { Language } from '@growmail/contracts/language';
import { inLanguage } from './language';
import { brandWords } from './content/brand';
import { siteConfig } from './site-config';

/** schema.org descriptions of the organisation, the site and the product FAQs. */

export function organizationData(_language: Language = 'en') {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: siteConfig.name,
    url: runtime.urls.public,
    logo: `${runtime.urls.public}/icons/icon-512.png`,
    email: siteConfig.contactEmail,
    sameAs: siteConfig.social.map((social) => social.href),
  };
}

export function websiteData(language: Language = 'en') {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: siteConfig.name,
    url: `${runtime.urls.public}${inLanguage('/', language).replace(/^\/$/, '')}`,
    inLanguage: language,
    description: brandWords[language].description,
    publisher: { '@type': 'Organization', name: siteConfig.name },
  };
}

export function faqPageData(faqs: readonly { question: string; answer: readonly string[] }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer.join(' ') },
    })),
  };
}
