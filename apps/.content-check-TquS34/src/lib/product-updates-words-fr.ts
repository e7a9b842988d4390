import type { ProductUpdatesWords } from '@/components/push/product-updates-words';

/** The push prompt's words on the French pages (D37), passed as props so only those pages carry them. */
export const productUpdatesWordsFr: ProductUpdatesWords = {
  open: 'Recevoir les nouveautés',
  title: 'Les nouveautés du produit en notifications du navigateur',
  email: 'Adresse email',
  placeholder: 'vous@entreprise.com',
  turningOn: 'Activation…',
  turnOn: 'Activer',
  notNow: 'Plus tard',
  blocked: 'Les notifications sont bloquées pour ce site. Autorisez-les dans les réglages de votre navigateur.',
  unavailable: 'Impossible d’activer les notifications dans ce navigateur.',
  subscribed: 'C’est fait. Nous ne vous enverrons que les nouveautés du produit.',
  notSaved: 'Votre abonnement n’a pas pu être enregistré. Veuillez réessayer.',
};
