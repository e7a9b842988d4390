import type { Messages } from './messages.ts';

/**
 * What the lead forms tell a French visitor (D37): the keys of ./messages.ts, written for the
 * French pages. Only a French page's islands are given it, so no English page ships it. French
 * typography puts a narrow no-break space (U+202F) before `!`, `?`, `:` and `;`.
 */
export const messagesFr = {
  required: {
    fullname: 'Veuillez indiquer votre nom complet.',
    email: 'Veuillez indiquer votre adresse email.',
    subject: 'Veuillez indiquer l’objet de votre message.',
    body: 'Veuillez écrire votre message.',
    firstname: 'Veuillez indiquer votre prénom.',
    lastname: 'Veuillez indiquer votre nom.',
    company_name: 'Veuillez indiquer le nom de votre entreprise.',
    phone_number: 'Veuillez indiquer votre numéro de téléphone.',
    subscribers: 'Veuillez choisir le nombre de contacts.',
    user_count: 'Veuillez choisir le nombre d’utilisateurs de votre application.',
    annual_budget: 'Veuillez choisir votre budget annuel d’email marketing.',
  },
  invalidEmail: 'Cette adresse email n’est pas valide.',
  networkFailure: 'Une erreur s’est produite. Veuillez réessayer.',
  demoSubmitted: 'Votre demande a bien été envoyée',
  startupSubmitted: 'Votre candidature a bien été envoyée',
  formFailed: 'Une erreur s’est produite. Veuillez réessayer.',
  badConfirmationLink:
    'Ce lien de confirmation n’est pas valide ou a expiré. Abonnez-vous de nouveau pour en recevoir un autre.',
  confirmFailed: 'Nous n’avons pas pu confirmer votre abonnement. Veuillez réessayer.',
  subscribeFailed: 'Votre abonnement n’a pas pu être enregistré. Veuillez réessayer.',
  preferencesSaved: 'Vos préférences sont enregistrées.',
  preferencesFailed: 'Vos préférences n’ont pas pu être enregistrées. Veuillez réessayer.',
  controlCharacters: 'Ce champ contient des caractères qui ne sont pas acceptés.',
  errorSummary: 'Le formulaire contient des erreurs',
  tooLong: '{max} caractères au maximum.',
} as const satisfies Messages;

/**
 * What the French footer tells a visitor before they subscribe (D23, D37): the server records
 * this exact wording with the consent of a membership asked for in French.
 */
export const newsletterConsentWordingFr =
  'Des conseils pour développer votre chiffre d’affaires auprès de vos clients, une fois par mois. Nous vous envoyons un lien de confirmation par email, et chaque email vous permet de vous désabonner.';
