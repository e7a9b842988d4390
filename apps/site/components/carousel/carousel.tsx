'use client';

import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { Pause, Play } from 'lucide-react';
import { Children, useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { carouselTiming } from './carousel-timing';

type Props = {
  /** Names the carousel for assistive technology. */
  label: string;
  /** One short name per slide, for its announcement and its dot. */
  slideLabels: readonly string[];
  className?: string;
  slideClassName?: string;
  children: ReactNode;
};

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
const subscribeReducedMotion = (onChange: () => void) => {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const prefersReducedMotion = () => window.matchMedia(reducedMotionQuery).matches;

/**
 * An infinite, autoplaying slider with dots and no arrows (spec "Business constants"), on Embla.
 * Slides per view come from CSS: 2 below 400 px, 5 from 400 to 767 px, 4 from 768 px.
 * It stops while the pointer is over it or focus is inside it, when the visitor presses
 * Pause, and never moves on its own for visitors who prefer reduced motion (WCAG 2.2.2).
 */
export function Carousel({ label, slideLabels, className = '', slideClassName = '', children }: Props) {
  const [plugins] = useState(() => [
    Autoplay({
      delay: carouselTiming.autoplayDelayMs,
      playOnInit: false,
      // Pausing is decided below, from hover, focus, the button and the motion preference.
      stopOnInteraction: false,
      stopOnFocusIn: false,
      stopOnMouseEnter: false,
    }),
  ]);
  const [viewportRef, embla] = useEmblaCarousel(
    { loop: true, align: 'start', duration: carouselTiming.emblaDuration },
    plugins,
  );

  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pausedByVisitor, setPausedByVisitor] = useState(false);
  const playing = !!embla && !reducedMotion && !hovered && !focused && !pausedByVisitor;

  const subscribeSelect = useCallback(
    (onChange: () => void) => {
      embla?.on('select', onChange);
      return () => void embla?.off('select', onChange);
    },
    [embla],
  );
  const selected = useSyncExternalStore(
    subscribeSelect,
    () => embla?.selectedScrollSnap() ?? 0,
    () => 0,
  );

  // Start or stop the autoplay plugin whenever the reasons to pause change.
  useEffect(() => {
    const autoplay = embla?.plugins().autoplay;
    if (!autoplay) return;
    if (playing) autoplay.play();
    else autoplay.stop();
  }, [embla, playing]);

  const slides = Children.toArray(children);
  const count = slides.length;

  return (
    // The region only watches hover and focus to pause; its controls are the buttons inside.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={className}
      data-playing={playing}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div ref={viewportRef} className="overflow-hidden">
        <div className="flex touch-pan-y">
          {slides.map((slide, index) => (
            <div
              key={slideLabels[index] ?? index}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}: ${slideLabels[index] ?? ''}`}
              className={`min-w-0 shrink-0 grow-0 basis-1/2 sm:basis-1/5 md:basis-1/4 ${slideClassName}`}
              data-carousel-slide=""
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {/* Says which slide leads once it stops moving on its own, so a chosen dot is confirmed
          without a running commentary while it plays. */}
      <p className="sr-only" aria-live="polite" data-carousel-status="">
        {playing ? '' : `Showing ${slideLabels[selected] ?? ''}, ${selected + 1} of ${count}`}
      </p>
      <div className="mt-4 flex items-center justify-center gap-1">
        <button
          type="button"
          // Invisible rather than absent for reduced motion, so the dots never move as the page hydrates.
          className={`mr-1 flex h-8 w-8 items-center justify-center rounded-full text-ink-700 hover:bg-ink-100 hover:text-ink-900 ${
            reducedMotion ? 'invisible' : ''
          }`}
          aria-label={pausedByVisitor ? `Play ${label.toLowerCase()}` : `Pause ${label.toLowerCase()}`}
          aria-pressed={pausedByVisitor}
          onClick={() => setPausedByVisitor(!pausedByVisitor)}
        >
          {pausedByVisitor ? (
            <Play aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Pause aria-hidden="true" className="h-4 w-4" />
          )}
        </button>
        {slides.map((_, index) => (
          <button
            key={index}
            type="button"
            className="group flex h-6 w-6 items-center justify-center rounded-full"
            aria-label={`Show ${slideLabels[index] ?? `slide ${index + 1}`}`}
            aria-current={index === selected ? 'true' : undefined}
            onClick={() => embla?.scrollTo(index, reducedMotion)}
          >
            <span
              aria-hidden="true"
              className={`block h-2 rounded-full transition-all motion-reduce:transition-none ${
                index === selected ? 'w-4 bg-brand-700' : 'w-2 bg-ink-400 group-hover:bg-ink-700'
              }`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
