import { useEffect, useState, type ReactNode } from 'react';

type Props = {
  /** Where every testimonial's card is, as HTML in the page's language: /testimonials.json or /fr/testimonials.json. */
  cardsPath: string;
  /** Where the card the page carries (`children`) stands in the list at `cardsPath`. */
  carried: number;
  /** The card the page carries, rendered on the server: what shows without JavaScript. */
  children: ReactNode;
};

/**
 * Shows one testimonial at random on every load (spec "Screens and routes", Other sections; D4).
 * The page carries one card, the one that needs the most room, so its HTML stays small and the
 * same for everyone (D35); once the island wakes it fetches the others and chooses. They all share
 * one grid cell, which the carried card holds open from the first paint, so choosing one only makes
 * it visible and never shifts the layout (tests/e2e/home.test.ts checks the room at every width).
 * When the cards cannot be fetched (offline), the carried one shows.
 */
export function RandomTestimonial({ cardsPath, carried, children }: Props) {
  const [cards, setCards] = useState<string[]>([]);
  const [shown, setShown] = useState(-1);
  useEffect(() => {
    fetch(cardsPath)
      .then((response) => response.json() as Promise<string[]>)
      .then((all) => {
        if (all.length > carried) setCards(all);
        setShown(all.length > carried ? Math.floor(Math.random() * all.length) : carried);
      })
      .catch(() => setShown(carried));
  }, [cardsPath, carried]);

  return (
    <div className="grid" data-testimonial-choice={shown}>
      {(cards.length > 0 ? cards : [undefined]).map((html, position) => {
        const own = html === undefined || position === carried;
        const at = own ? carried : position;
        return (
          <div
            // The carried card keeps its key, so React keeps the HTML the server rendered for it.
            key={own ? 'carried' : position}
            className={`col-start-1 row-start-1 transition-opacity duration-300 motion-reduce:transition-none ${
              at === shown ? 'opacity-100' : 'invisible opacity-0'
            }`}
            aria-hidden={at === shown ? undefined : true}
            {...(own ? { children } : { dangerouslySetInnerHTML: { __html: html } })}
          />
        );
      })}
    </div>
  );
}
