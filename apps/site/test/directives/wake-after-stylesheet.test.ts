import { describe, expect, it } from 'vitest';
import { usedOn } from '@/components/after-first-paint';
import { triggers as formTriggers } from '@/directives/form';
import { triggers as interactionTriggers } from '@/directives/interaction';

/**
 * The site's stylesheet applies at the visitor's first use (components/after-first-paint.tsx):
 * that holds only while every event that wakes an island also applies it, so an island never
 * renders elements whose rules are not yet in the page. A directive given a new trigger fails here.
 * `submit` is the one exception: a visitor's submit follows the click or key that sent it.
 */
describe('the events that wake an island', () => {
  it.each([
    ['client:interaction', interactionTriggers],
    ['client:form', formTriggers],
  ])('%s wakes only on events that apply the stylesheet first', (_, triggers) => {
    expect(triggers.filter((type) => type !== 'submit' && !usedOn.includes(type))).toEqual([]);
  });
});
