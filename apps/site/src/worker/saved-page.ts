import { languageField } from '@growmail/contracts/form-posts';
import { isLanguage, type Language } from '@growmail/contracts/language';
import { inLanguage, languageOf } from '@/lib/language';
import { hiddenFields } from './offline-rules';

/** A submission kept on the device (D39): the form's own post, with the key made for it. */
export type SavedSubmission = {
  key: string;
  /** The page the form posts to. */
  url: string;
  /** The form's fields, URL-encoded as the browser posted them. */
  body: string;
  savedAt: number;
  /** Waiting to be sent, or refused when it was (then `page` is the server's answer, values kept). */
  state: 'waiting' | 'refused';
  page?: string;
  status?: number;
};

/** The path a discard button posts to; only the worker answers it. */
export const discardPath = '/gm-offline/discard';

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** What the saved page says, in the language of the form that was sent (D43). */
export const savedWords = {
  en: {
    title: 'Saved on this phone. We will send it as soon as you are back online.',
    shortTitle: 'Saved on this phone',
    kept: 'It stays on this device for at most 24 hours, and is deleted once sent.',
    what: 'What will be sent',
    discard: 'Discard it',
    home: 'Back to the home page',
    /** The lead forms' fields as their labels read; another field by its name. */
    labels: {
      fullname: 'Full name',
      firstname: 'First name',
      lastname: 'Last name',
      company_name: 'Company name',
      email: 'Email',
      phone_number: 'Phone number',
      subscribers: 'Number of users',
      user_count: 'Number of users',
      annual_budget: 'Annual budget',
      subject: 'Subject',
      body: 'Message',
      slot: 'Demo time',
      zone: 'Time zone',
    } as Record<string, string>,
  },
  fr: {
    title: 'Votre demande est enregistrée sur cet appareil. Nous l’enverrons dès que vous serez de nouveau en ligne.',
    shortTitle: 'Enregistrée sur cet appareil',
    kept: 'Elle reste sur cet appareil 24\u202fheures au plus, et elle est effacée une fois envoyée.',
    what: 'Ce qui sera envoyé',
    discard: 'Supprimer la demande',
    home: 'Retour à l’accueil',
    labels: {
      fullname: 'Nom complet',
      firstname: 'Prénom',
      lastname: 'Nom',
      company_name: 'Nom de l’entreprise',
      email: 'Adresse email',
      phone_number: 'Numéro de téléphone',
      subscribers: 'Nombre de contacts',
      user_count: 'Nombre d’utilisateurs de votre application',
      annual_budget: 'Budget annuel',
      subject: 'Objet',
      body: 'Message',
      slot: 'Créneau de la démo',
      zone: 'Fuseau horaire',
    } as Record<string, string>,
  },
} satisfies Record<Language, unknown>;

/** The language of a kept submission: the one its form said it was in, else its address's. */
export function savedLanguage(saved: SavedSubmission): Language {
  const said = new URLSearchParams(saved.body).get(languageField);
  return isLanguage(said) ? said : languageOf(new URL(saved.url).pathname);
}

/**
 * The page that tells the visitor their submission is kept: what will be sent, and a button to
 * discard it, in the language of the form they sent. Made by the worker itself, since the network
 * that would fetch a page is gone.
 */
export function savedPage(saved: SavedSubmission): string {
  const language = savedLanguage(saved);
  const words = savedWords[language];
  const labelOf = (name: string) => words.labels[name] ?? name.replace(/_/g, ' ');
  const rows = [...new URLSearchParams(saved.body)]
    .filter(([name, value]) => !hiddenFields.has(name) && value.trim())
    .map(([name, value]) => `<dt>${escape(labelOf(name))}</dt><dd>${escape(value)}</dd>`)
    .join('');
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(words.shortTitle)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:0 auto;padding:1.5rem;color:#111827;line-height:1.5}dt{font-weight:700;margin-top:.75rem}dd{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}button{margin-top:1.5rem;padding:.6rem 1.2rem;font:inherit;border:2px solid #111827;border-radius:.5rem;background:#fff;color:#111827}a{color:#1d4ed8}</style>
</head>
<body>
<main>
<h1>${escape(words.title)}</h1>
<p>${escape(words.kept)}</p>
<h2>${escape(words.what)}</h2>
<dl>${rows}</dl>
<form method="post" action="${discardPath}">
<input type="hidden" name="key" value="${escape(saved.key)}">
<button type="submit">${escape(words.discard)}</button>
</form>
<p><a href="${inLanguage('/', language)}">${escape(words.home)}</a></p>
</main>
</body>
</html>`;
}
