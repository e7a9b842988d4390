import type { Language } from '@growmail/contracts/language';
import { faqsSchema } from '@growmail/contracts/content/schemas';

/** The three questions every product page answers (spec "Screens and routes", Feature pages), in our own words. */
export const productFaqs = faqsSchema.parse([
  {
    question: 'What is an email campaign?',
    answer: [
      'A campaign is one message you design once and send to many people at the same time: a product launch, a seasonal offer, a monthly newsletter.',
      'In Growmail you pick the audience from your contact lists and segments, write or drag together the email, preview it on desktop and mobile, then send it now or schedule it for later.',
    ],
  },
  {
    question: 'Will my emails reach the inbox?',
    answer: [
      'Growmail delivers 99.9% of email to the inbox. We authenticate your sending domain with SPF, DKIM and DMARC, watch the reputation of our sending servers, and remove addresses that bounce before they hurt you.',
      'On Enterprise, every message is recorded in a delivery log you can search for up to 90 days, so you can see exactly what happened to any email.',
    ],
  },
  {
    question: 'What can I do when my open rates are low?',
    answer: [
      'Resend the campaign to everyone who did not open it, with one click. You can give the resend a new subject line and choose when it goes out, and people who already opened never receive it twice.',
      'Customers who use resend see open rates about 16% higher on the campaigns they resend.',
    ],
  },
]);

/** The same three questions in French (D37). */
const productFaqsFr = faqsSchema.parse([
  {
    question: 'Qu’est-ce qu’une campagne email\u202f?',
    answer: [
      'Une campagne, c’est un message que vous créez une fois et envoyez à beaucoup de personnes en même temps\u202f: un lancement de produit, une promotion de Tabaski ou de fin d’année, une newsletter mensuelle.',
      'Dans Growmail, vous choisissez les destinataires parmi vos listes et segments, rédigez l’email ou l’assemblez par glisser-déposer, le prévisualisez sur ordinateur et sur mobile, puis l’envoyez tout de suite ou le programmez.',
    ],
  },
  {
    question: 'Mes emails arriveront-ils en boîte de réception\u202f?',
    answer: [
      'Growmail livre 99,9\u202f% des emails en boîte de réception. Nous authentifions votre domaine d’envoi avec SPF, DKIM et DMARC, surveillons la réputation de nos serveurs et retirons les adresses en rebond avant qu’elles ne vous pénalisent.',
      'Avec l’offre Enterprise, chaque message est inscrit dans un journal d’envoi conservé 90 jours\u202f: vous savez exactement ce qu’il est advenu de chaque email.',
    ],
  },
  {
    question: 'Que faire quand mes taux d’ouverture sont faibles\u202f?',
    answer: [
      'Relancez en un clic tous ceux qui n’ont pas ouvert la campagne. Vous pouvez donner à cette relance un nouvel objet et choisir l’heure d’envoi\u202f; ceux qui avaient déjà ouvert la campagne ne la reçoivent jamais deux fois.',
      'Les clients qui utilisent la relance constatent des taux d’ouverture supérieurs d’environ 16\u202f% sur les campagnes relancées.',
    ],
  },
]);

/** The product pages' questions in each language. */
export const productFaqsIn: Record<Language, typeof productFaqs> = { en: productFaqs, fr: productFaqsFr };
