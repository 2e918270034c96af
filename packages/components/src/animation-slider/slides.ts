/** The life of a slide: entering → entered → exiting → exited → unmounted. */
export type SlideStatus = 'entering' | 'entered' | 'exiting' | 'exited' | 'unmounted';

/** How long entering and exiting take, in milliseconds. */
export const SLIDE_TIMEOUT = 200;

/** A slide and where it stands. */
export interface Slide {
  /** The animation key the slide belongs to. */
  key: string;
  /** Its status. */
  status: SlideStatus;
}

/** The status after the current one finishes; entered and unmounted are resting states. */
export function nextSlideStatus(status: SlideStatus): SlideStatus {
  switch (status) {
    case 'entering':
      return 'entered';
    case 'exiting':
      return 'exited';
    case 'exited':
      return 'unmounted';
    default:
      return status;
  }
}

/** A new key arrives: every other slide starts exiting and the key's slide enters. */
export function enterSlide(slides: readonly Slide[], key: string): Slide[] {
  const others = slides
    .filter((slide) => slide.key !== key)
    .map(
      (slide): Slide =>
        slide.status === 'entering' || slide.status === 'entered'
          ? { ...slide, status: 'exiting' }
          : slide,
    );
  return [...others, { key, status: 'entering' }];
}

/** Moves one slide to its next status, dropping it once unmounted. */
export function advanceSlide(slides: readonly Slide[], key: string): Slide[] {
  return slides
    .map((slide) =>
      slide.key === key ? { ...slide, status: nextSlideStatus(slide.status) } : slide,
    )
    .filter((slide) => slide.status !== 'unmounted');
}

/** Whether a slide is waiting for a timer (or the next tick) to move on. */
export function isMoving(status: SlideStatus): boolean {
  return status === 'entering' || status === 'exiting' || status === 'exited';
}
