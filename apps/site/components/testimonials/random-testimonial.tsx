'use client';

import { Children, useSyncExternalStore, type ReactNode } from 'react';

/** Chosen once per page load, after hydration: the page is static HTML, so the server cannot choose. */
let chosen: number | undefined;
const choose = (count: number) => (chosen ??= Math.floor(Math.random() * count));
const subscribe = () => () => {};

/**
 * Shows one of its children at random on every load (spec "Screens and routes", Other sections). All of them
 * share one grid cell, so the cell is as tall as the longest from the first paint: choosing
 * one only makes it visible and never shifts the layout.
 */
export function RandomTestimonial({ children }: { children: ReactNode }) {
  const items = Children.toArray(children);
  const index = useSyncExternalStore(
    subscribe,
    () => choose(items.length),
    () => -1,
  );
  return (
    <div className="grid" data-testimonial-choice={index}>
      {items.map((item, position) => (
        <div
          key={position}
          className={`col-start-1 row-start-1 transition-opacity duration-300 motion-reduce:transition-none ${
            position === index ? 'opacity-100' : 'invisible opacity-0'
          }`}
          aria-hidden={position === index ? undefined : true}
        >
          {item}
        </div>
      ))}
    </div>
  );
}
