import type { ServiceMessages } from './service-messages.ts';

/** What the services answer a French visitor with (D37): the keys of ./service-messages.ts. */
export const serviceMessagesFr = {
  savingsReceived: 'Merci\u202f! Votre estimation d’économies est transmise à notre équipe.',
  enquiryReceived: 'Merci de nous avoir écrit\u202f! Nous vous répondons très vite.',
  subscribed:
    'Votre abonnement est confirmé. Notre prochaine newsletter arrivera bientôt dans votre boîte de réception.',
  confirmationSent:
    'Merci\u202f! Pour confirmer votre abonnement, ouvrez le lien que nous venons de vous envoyer par email.',
  alreadySubscribed: 'Cette adresse est déjà abonnée. Merci\u202f!',
  badApiKey: 'La clé d’API n’est pas valide.',
  badTrackingLink: 'Ce lien n’est pas valide.',
  tooManyRequests: 'Trop de demandes en peu de temps. Patientez une minute, puis réessayez.',
  tooLarge: 'La demande est trop volumineuse.',
  serviceUnavailable:
    'Nous ne pouvons pas traiter de demande pour le moment. Réessayez dans une minute\u202f: rien de ce que vous avez saisi n’est perdu.',
  serverError: 'Un problème est survenu de notre côté. Veuillez réessayer.',
  notFound: 'Introuvable.',
  badRequest: 'La demande n’est pas valide.',
  badJson: 'Le corps de la demande n’est pas du JSON valide.',
  notJson: 'Envoyez la demande en application/json.',
  badAddress: 'L’adresse n’est pas valide.',
} as const satisfies ServiceMessages;
