/** The carousel's timing (spec "Business constants": autoplay every 2000 ms at speed 2000 ms). */
export const carouselTiming = {
  /** Time between the starts of two moves. */
  autoplayDelayMs: 2000,
  /**
   * How long one move glides, easing out. Most of the 2000 ms, so the logos are nearly always
   * drifting as the spec's speed asks, but ending a little before the next move starts: the
   * loop's jump back from the copied logos to the real ones happens in that rest.
   */
  glideMs: 1800,
} as const;
