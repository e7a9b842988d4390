import type { Language } from '@growmail/contracts/language';
import { appIconPath, appleIconSize, ogImagePath, ogImageSize } from '@/lib/brand-images';
import { runtime } from '@/lib/runtime';
import { englishPath, inLanguage, ogLocales } from '@/lib/language';
import { siteConfig } from '@/lib/site-config';

export type PageMeta = {
  title: string;
  description: string;
  /** The page's canonical path, such as /pricing. */
  path: string;
  /** Use the title as it is, without the site name appended. */
  absoluteTitle?: boolean;
  /** Reached only from a personal link (the confirmation page): kept out of search. */
  noindex?: boolean;
  /** The page came back from a native post with problems: its title says so first (GOV.UK). */
  problem?: boolean;
  /** The page's language (D37); English when unset. `path` is already under its prefix. */
  language?: Language;
  /** The page has no twin in the other language: the developer docs (D37). */
  untranslated?: boolean;
};

const errorPrefix: Record<Language, string> = { en: 'Error: ', fr: 'Erreur\u202f: ' };
/** The colon after the site's name in the card's alternative text: French puts U+202F before it. */
const colon: Record<Language, string> = { en: ':', fr: '\u202f:' };

/**
 * A page's title, description, canonical URL and social cards, rendered into <head> at build.
 * The origin is a stand-in the server replaces with PUBLIC_URL (D21); the card image is the
 * page's own, drawn at build (src/pages/og).
 */
export function PageHead({
  title,
  description,
  path,
  absoluteTitle,
  noindex,
  problem,
  language = 'en',
  untranslated,
}: PageMeta) {
  const address = (route: string) => `${runtime.urls.public}${route === '/' ? '' : route}`;
  const url = address(path);
  const english = englishPath(path);
  // The card is drawn once per page, in the page's language (src/pages/og).
  const image = `${runtime.urls.public}${ogImagePath(path)}`;
  const imageAlt = `${siteConfig.name}${colon[language]} ${title}`;
  return (
    <>
      <title>{`${problem ? errorPrefix[language] : ''}${absoluteTitle ? title : `${title} | ${siteConfig.name}`}`}</title>
      <meta name="description" content={description} />
      <meta name="application-name" content={siteConfig.name} />
      <meta name="theme-color" content={siteConfig.themeColor} />
      {noindex && <meta name="robots" content="noindex, nofollow" />}
      <link rel="canonical" href={url} />
      {!untranslated && (
        <>
          <link rel="alternate" hrefLang="en" href={address(english)} />
          <link rel="alternate" hrefLang="fr" href={address(inLanguage(english, 'fr'))} />
          <link rel="alternate" hrefLang="x-default" href={address(english)} />
        </>
      )}
      <link rel="icon" href="/icon.svg" type="image/svg+xml" />
      <link rel="apple-touch-icon" href={appIconPath(appleIconSize, 'maskable')} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:site_name" content={siteConfig.name} />
      <meta property="og:type" content="website" />
      <meta property="og:locale" content={ogLocales[language]} />
      {!untranslated && <meta property="og:locale:alternate" content={ogLocales[language === 'fr' ? 'en' : 'fr']} />}
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content={String(ogImageSize.width)} />
      <meta property="og:image:height" content={String(ogImageSize.height)} />
      <meta property="og:image:alt" content={imageAlt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={imageAlt} />
    </>
  );
}
