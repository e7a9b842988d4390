// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { calculatorWords } from '@/components/calculator/calculator-words';
import { SavingsPicture } from '@/components/calculator/savings-picture';
import { formWordsFr } from '@/lib/form-words-fr';

afterEach(cleanup);

/** Each row of the picture as a screen reader reads it: its label and its amount. */
const rowsOf = (caption: string) =>
  within(screen.getByRole('figure', { name: caption }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

/** Each row's bar, as the eye sees it: where it starts and how long it is, in percent of the scale. */
const barsOf = (caption: string) =>
  within(screen.getByRole('figure', { name: caption }))
    .getAllByRole('listitem')
    .map((item) => {
      const bar = item.querySelectorAll('rect')[1]!;
      return [bar.getAttribute('x'), bar.getAttribute('width')];
    });

const caption = 'Your yearly cost, today and with Growmail';

describe('the savings picture (issue 40)', () => {
  it('shows the cost today, the cost with Growmail, and the saving between them', () => {
    render(
      <SavingsPicture figures={{ currentCost: 12_000, growmailCost: 1880, savings: 10_120 }} words={calculatorWords} />,
    );
    expect(rowsOf(caption)).toEqual(['Today $12,000.00', 'With Growmail $1,880.00', 'You save $10,120.00']);
    // The saving's bar runs from the end of Growmail's to the end of today's.
    expect(barsOf(caption)).toEqual([
      ['0%', '100%'],
      ['0%', '15.67%'],
      ['15.67%', '84.33%'],
    ]);
  });

  it('shows the two costs and no saving when the result is already cost efficient', () => {
    // 5 × 12 × 1,000 ÷ 1500 = 40: a saving of exactly 100 is not above 100.
    render(<SavingsPicture figures={{ currentCost: 140, growmailCost: 40, savings: 100 }} words={calculatorWords} />);
    expect(rowsOf(caption)).toEqual(['Today $140.00', 'With Growmail $40.00']);
    expect(screen.queryByText('You save')).toBeNull();
  });

  it('draws Growmail’s cost as the longer bar when it is the larger', () => {
    render(
      <SavingsPicture figures={{ currentCost: 50_000, growmailCost: 188_000, savings: 0 }} words={calculatorWords} />,
    );
    expect(rowsOf(caption)).toEqual(['Today $50,000.00', 'With Growmail $188,000.00']);
    expect(barsOf(caption)).toEqual([
      ['0%', '26.6%'],
      ['0%', '100%'],
    ]);
  });

  it('speaks French with dollars written as French writes them', () => {
    render(
      <SavingsPicture
        figures={{ currentCost: 12_000, growmailCost: 1880, savings: 10_120 }}
        words={formWordsFr.calculator}
        language="fr"
      />,
    );
    expect(rowsOf('Votre coût annuel, aujourd’hui et avec Growmail')).toEqual([
      'Aujourd’hui 12\u202f000,00\u00a0dollars US',
      'Avec Growmail 1\u202f880,00\u00a0dollars US',
      'Vous économisez 10\u202f120,00\u00a0dollars US',
    ]);
  });

  it('keeps its bars from assistive technology, which reads the figures as text', () => {
    const { container } = render(
      <SavingsPicture figures={{ currentCost: 12_000, growmailCost: 1880, savings: 10_120 }} words={calculatorWords} />,
    );
    const bars = [...container.querySelectorAll('svg')];
    expect(bars).toHaveLength(3);
    for (const bar of bars) expect(bar.getAttribute('aria-hidden')).toBe('true');
  });
});
