import type { APIRoute } from 'astro';
import { testimonialCards } from '@/lib/testimonial-cards';

/** Every testimonial's card as HTML, for the English home page's island (lib/testimonial-cards.ts). */
export const GET: APIRoute = () => testimonialCards('en');
