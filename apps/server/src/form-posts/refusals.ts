import { catalogueFor } from '@growmail/contracts/catalogues';
import type { Language } from '@growmail/contracts/language';

/** Plain words for what can go wrong before a native post is read at all, in each language (D37). */
export const postMessages = {
  en: {
    wrongForm: 'This form was sent to the wrong address. Please send it again from its page.',
    duplicate: 'Each field may be sent once. Please send the form again from its page.',
    contentType: 'The form was not sent as a web form. Please send it again from its page.',
    unreadable: 'The form could not be read. Please send it again from its page.',
  },
  fr: {
    wrongForm: 'Ce formulaire a été envoyé à la mauvaise adresse. Veuillez le renvoyer depuis sa page.',
    duplicate: 'Chaque champ ne peut être envoyé qu’une fois. Veuillez renvoyer le formulaire depuis sa page.',
    contentType: 'Le formulaire n’a pas été envoyé comme un formulaire web. Veuillez le renvoyer depuis sa page.',
    unreadable: 'Le formulaire n’a pas pu être lu. Veuillez le renvoyer depuis sa page.',
  },
} as const satisfies Record<Language, Record<string, string>>;

/** What a page says of a native post refused with a 4xx before its handler ran (a limit, the body's size or type). */
export function refusalMessage(status: number, language: Language = 'en'): string {
  const { serviceMessages } = catalogueFor(language);
  if (status === 429) return serviceMessages.tooManyRequests;
  if (status === 413) return serviceMessages.tooLarge;
  if (status === 415) return postMessages[language].contentType;
  return postMessages[language].unreadable;
}
