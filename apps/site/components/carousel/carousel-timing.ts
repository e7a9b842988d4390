/** The carousel's timing (spec "Business constants": autoplay every 2000 ms at speed 2000 ms). */
export const carouselTiming = {
  /** Time between the starts of two moves. */
  autoplayDelayMs: 2000,
  /**
   * Embla's `duration` is not in milliseconds but a physics constant. At 50 a one-logo move
   * eases to rest (within half a pixel) in about 2000 ms at 60 frames a second, so each move
   * lasts as long as the pause between them, as the spec's speed of 2000 ms asks.
   */
  emblaDuration: 50,
} as const;
