import { Children, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Language } from '@growmail/contracts/language';
import { carouselTiming } from './carousel-timing';

type Props = {
  /** Names the carousel for assistive technology. */
  label: string;
  /**
   * The pause button's names while it plays and once paused, each a whole phrase in the page's
   * language: a verb glued to the label reads wrong in French ("Mettre en pause logos…").
   */
  control: { pause: string; play: string };
  /** One short name per slide, for its announcement and its dot. */
  slideLabels: readonly string[];
  /** The language of its controls' names (D37); English when unset. */
  language?: Language | undefined;
  className?: string;
  slideClassName?: string;
  children: ReactNode;
};

const words = {
  en: { of: 'of', colon: ':', showing: 'Showing', show: 'Show', slide: 'slide' },
  fr: {
    of: 'sur',
    colon: '\u202f:',
    showing: 'Affiché\u202f:',
    show: 'Afficher',
    slide: 'diapositive',
  },
} satisfies Record<Language, Record<string, string>>;

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
const subscribeReducedMotion = (onChange: () => void) => {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const prefersReducedMotion = () => window.matchMedia(reducedMotionQuery).matches;

/** The most slides in view at once (5, from 400 to 767 px): a glide further ahead would show a gap at the end. */
const maxSlidesInView = 5;

/**
 * An infinite, autoplaying slider with dots and no arrows (spec "Business constants").
 * Slides per view come from CSS: 2 below 400 px, 5 from 400 to 767 px, 4 from 768 px.
 * It stops while the pointer is over it or focus is inside it, when the visitor presses
 * Pause, and never moves on its own for visitors who prefer reduced motion (WCAG 2.2.2).
 *
 * Rendered on the server it stands still, its Pause button invisible: it moves once React
 * runs, which the route shell may leave until first use. A dot pressed before then still
 * works, as the island replays it. Without script the track scrolls by hand, snapping to each
 * logo, and the buttons, which need React, are not shown.
 *
 * Each logo is drawn once, however it loops (issue 21). The slides keep their place in the DOM
 * and are laid out from the leading one round (CSS `order`). A move glides the track by CSS
 * transition on `transform` the steps ahead; once it ends, the slides are laid out again from
 * the new leader and the track jumps back to 0, unanimated, which looks the same.
 */
export function Carousel({
  label,
  control,
  slideLabels,
  language = 'en',
  className = '',
  slideClassName = '',
  children,
}: Props) {
  const text = words[language];
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pausedByVisitor, setPausedByVisitor] = useState(false);
  const playing = !reducedMotion && !hovered && !focused && !pausedByVisitor;

  // The slide laid out first, how many steps the track is gliding on from it, and whether it glides.
  const [{ leader, ahead, glide }, setTrack] = useState({ leader: 0, ahead: 0, glide: false });
  const trackRef = useRef<HTMLDivElement>(null);
  const regionRef = useRef<HTMLElement>(null);
  const slides = Children.toArray(children);
  const count = slides.length;
  const selected = (leader + ahead) % count;
  /** Shows a slide: gliding there when it is ahead by fewer than the slides that would leave a gap, else at once. */
  const show = (index: number, gliding: boolean) =>
    setTrack((track) => {
      const steps = (index - track.leader + count) % count;
      return gliding && steps > 0 && steps <= count - maxSlidesInView
        ? { leader: track.leader, ahead: steps, glide: true }
        : { leader: index, ahead: 0, glide: false };
    });

  // The island may hydrate on first use, a dot's focus or press: the focus and the pointer that
  // arrived before hydration fired no onFocus or onMouseEnter, so they are read here.
  useEffect(() => {
    if (regionRef.current?.contains(document.activeElement)) setFocused(true);
    if (regionRef.current?.matches(':hover')) setHovered(true);
  }, []);
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      // A hidden tab draws no frames, so a move would never end and jump back from the copy.
      if (document.hidden) return;
      // Reading the layout makes the browser take a jump back it has not drawn yet, so this
      // move glides on from the first slide rather than back across the whole track.
      trackRef.current?.getBoundingClientRect();
      setTrack((track) => ({ leader: track.leader, ahead: track.ahead + 1, glide: true }));
    }, carouselTiming.autoplayDelayMs);
    return () => clearInterval(timer);
  }, [playing]);

  // A slide's share of the track, set per breakpoint: its width, and the length of one step.
  const slideClasses = `min-w-0 shrink-0 grow-0 basis-(--slide-width) noscript:snap-start ${slideClassName}`;

  return (
    // The region only watches hover and focus to pause; its controls are the buttons inside.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      ref={regionRef}
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
      <div className="overflow-hidden noscript:snap-x noscript:snap-mandatory noscript:overflow-x-auto">
        <div
          ref={trackRef}
          className="flex touch-pan-y noscript:touch-auto [--slide-width:50%] sm:[--slide-width:20%] md:[--slide-width:25%]"
          style={{
            transform: ahead > 0 ? `translateX(calc(var(--slide-width) * ${-ahead}))` : undefined,
            transition: glide ? `transform ${carouselTiming.glideMs}ms ease-out` : undefined,
          }}
          onTransitionEnd={(event) => {
            if (event.target === event.currentTarget && ahead > 0)
              setTrack({ leader: (leader + ahead) % count, ahead: 0, glide: false });
          }}
        >
          {slides.map((slide, index) => (
            <div
              key={slideLabels[index] ?? index}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} ${text.of} ${count}${text.colon} ${slideLabels[index] ?? ''}`}
              className={slideClasses}
              style={leader > 0 ? { order: (index - leader + count) % count } : undefined}
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
        {playing ? '' : `${text.showing} ${slideLabels[selected] ?? ''}, ${selected + 1} ${text.of} ${count}`}
      </p>
      <div className="mt-4 flex items-center justify-center gap-1 noscript:hidden">
        <button
          type="button"
          // Invisible rather than absent for reduced motion, so the dots never move as the page hydrates.
          className={`mr-1 flex h-8 w-8 items-center justify-center rounded-full text-ink-700 hover:bg-ink-100 hover:text-ink-900 ${
            reducedMotion ? 'invisible' : ''
          }`}
          aria-label={pausedByVisitor ? control.play : control.pause}
          aria-pressed={pausedByVisitor}
          onClick={() => setPausedByVisitor(!pausedByVisitor)}
        >
          {/* Drawn here, in the stroke of the site's other icons, rather than taken from
              lucide-react: the two glyphs cost this island less as one path. */}
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          >
            <path d={pausedByVisitor ? 'M6 3v18l14-9z' : 'M6 3h4v18H6zm8 0h4v18h-4z'} />
          </svg>
        </button>
        {slides.map((_, index) => (
          <button
            key={index}
            type="button"
            className="group flex h-6 w-6 items-center justify-center rounded-full"
            aria-label={`${text.show} ${slideLabels[index] ?? `${text.slide} ${index + 1}`}`}
            aria-current={index === selected ? 'true' : undefined}
            onClick={() => show(index, !reducedMotion)}
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
