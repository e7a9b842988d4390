import { testimonialsSchema } from './schemas';
import { validContent } from './validate';

/** Sample testimonials (D2): fictional customers; the home page shows one at random. */
export const testimonials = validContent('testimonials.ts', testimonialsSchema, [
  {
    name: 'Amara Okafor',
    role: 'Head of Growth',
    company: 'Zuri Fashion',
    content:
      'We moved our newsletters, abandoned-cart reminders and order receipts into Growmail in one afternoon. Repeat orders are up by a third, and I finally see every message a customer gets in one place.',
    image: '/testimonials/amara-okafor.svg',
  },
  {
    name: 'Daniel Mwangi',
    role: 'CTO',
    company: 'Kestrel Pay',
    content:
      'Password resets and payment alerts have to arrive in seconds. Growmail’s transactional API did that from day one, and the 90-day delivery log ended our guessing whenever support asks where an email went.',
    image: '/testimonials/daniel-mwangi.svg',
  },
  {
    name: 'Priya Nair',
    role: 'Lifecycle Marketing Lead',
    company: 'Nimbus Learning',
    content:
      'Our onboarding journey used to be a spreadsheet and good intentions. Now it is a visual workflow that reacts to what each learner does, and course completions have climbed every month since.',
    image: '/testimonials/priya-nair.svg',
  },
  {
    name: 'Kwame Asante',
    role: 'Founder',
    company: 'Savanna Foods',
    content:
      'Resending to people who did not open is one click, and it wins back a real share of every campaign. For a small team, getting that much revenue without writing a new email is hard to beat.',
    image: '/testimonials/kwame-asante.svg',
  },
]);

export type Testimonial = (typeof testimonials)[number];
