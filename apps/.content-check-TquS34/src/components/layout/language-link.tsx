import type { Language } from '@growmail/contracts/language';
import { languageNames, twinPath } from '@/lib/language';

type Props = {
  /** The page's own path, under its language's prefix. */
  path: string;
  language: Language;
  className?: string;
  /** Shows the language's code (`FR`), its name read out after it: for the desktop header, where room is short. */
  short?: boolean;
};

const names: Record<Language, string> = { en: 'Read this page in English', fr: 'Lire cette page en français' };

/**
 * The link to the page's twin in the other language (D37): a plain link, so it works without
 * script, named in the language it leads to. Nothing ever redirects on the browser's language.
 */
export function LanguageLink({ path, language, className, short = false }: Props) {
  const twin = twinPath(path, language);
  return (
    <a
      href={twin.path}
      hrefLang={twin.language}
      lang={twin.language}
      rel="alternate"
      title={names[twin.language]}
      data-language-link=""
      // A code of two capitals is as wide in the fallback face as in the brand font only to
      // within about 7%: a box of its own width keeps the header's shape when the font is late.
      className={short ? `${className ?? ''} inline-block w-9 text-center lg:w-12` : className}
    >
      {short ? (
        <>
          {twin.language.toUpperCase()}
          <span className="sr-only"> {languageNames[twin.language]}</span>
        </>
      ) : (
        languageNames[twin.language]
      )}
    </a>
  );
}
