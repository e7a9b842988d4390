import type { APIRoute } from 'astro';
import { testimonialCards } from '@/lib/testimonial-cards';

/** Every testimonial's card as HTML, for the French home page's island: roles in French, and a note on the quote's language. */
export const GET: APIRoute = () => testimonialCards('fr');
