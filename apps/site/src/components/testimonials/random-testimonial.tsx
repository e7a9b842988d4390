import { useSyncExternalStore, type ReactNode } from 'react';

/** Chosen once per page load, after hydration: the page is static HTML, so the server cannot choose. */
let chosen: number | undefined;
const choose = (count: number) => (chosen ??= Math.floor(Math.random() * count));
const subscribe = () => () => {};

/** The cards arrive as named slots `choice0`, `choice1`, … so their HTML is never repeated in the island's props. */
export const choiceSlot = (position: number) => `choice${position}`;

type Props = { count: number } & Record<string, ReactNode>;

/**
 * Shows one of its cards at random on every load (spec "Screens and routes", Other sections). All of them
 * share one grid cell, so the cell is as tall as the longest from the first paint: choosing
 * one only makes it visible and never shifts the layout.
 */
export function RandomTestimonial({ count, ...cards }: Props) {
  const index = useSyncExternalStore(
    subscribe,
    () => choose(count),
    () => -1,
  );
  return (
    <div className="grid" data-testimonial-choice={index}>
      {Array.from({ length: count }, (_, position) => (
        <div
          key={position}
          className={`col-start-1 row-start-1 transition-opacity duration-300 motion-reduce:transition-none ${
            position === index ? 'opacity-100' : 'invisible opacity-0'
          }`}
          aria-hidden={position === index ? undefined : true}
        >
          {cards[choiceSlot(position)]}
        </div>
      ))}
    </div>
  );
}
