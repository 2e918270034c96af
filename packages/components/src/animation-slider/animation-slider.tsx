import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useMediaQuery } from '../summary-numbers/use-media-query';
import { advanceSlide, enterSlide, isMoving, SLIDE_TIMEOUT, type Slide } from './slides';
import './animation-slider.css';

/** Props of {@link AnimationSlider}. */
export interface AnimationSliderProps {
  /** Changing the key slides the old content out and the new content in. */
  animationKey: string;
  /** Direction of travel; no animation when undefined. */
  animate?: 'left' | 'right';
  /** The content for the current key. */
  children: ReactNode;
  /** Called with a key once its content has left (unmounted). */
  onExited?: (key: string) => void;
}

/**
 * Slides content horizontally when its key changes: the old slide goes exiting → exited →
 * unmounted while the new one goes entering → entered, 200 ms each; instantly when the user
 * prefers reduced motion.
 */
export function AnimationSlider({
  animationKey,
  animate,
  children,
  onExited,
}: AnimationSliderProps) {
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');
  const timeout = reduced || animate === undefined ? 0 : SLIDE_TIMEOUT;
  const [slides, setSlides] = useState<Slide[]>([{ key: animationKey, status: 'entered' }]);
  const contents = useRef(new Map<string, ReactNode>());
  contents.current.set(animationKey, children);
  const onExitedRef = useRef(onExited);
  onExitedRef.current = onExited;

  useEffect(() => {
    setSlides((current) =>
      current.some((s) => s.key === animationKey && s.status !== 'exiting' && s.status !== 'exited')
        ? current
        : enterSlide(current, animationKey),
    );
  }, [animationKey]);

  useEffect(() => {
    const timers = slides
      .filter((slide) => isMoving(slide.status))
      .map((slide) =>
        setTimeout(
          () => {
            if (slide.status === 'exited') {
              contents.current.delete(slide.key);
              onExitedRef.current?.(slide.key);
            }
            setSlides((current) => advanceSlide(current, slide.key));
          },
          slide.status === 'exited' ? 0 : timeout,
        ),
      );
    return () => timers.forEach(clearTimeout);
  }, [slides, timeout]);

  return (
    <div className={`sl-slider${animate ? ` is-${animate}` : ''}`}>
      {slides.map((slide) => {
        const leaving = slide.status === 'exiting' || slide.status === 'exited';
        return (
          <div
            key={slide.key}
            className={`sl-slider__slide is-${slide.status}`}
            data-status={slide.status}
            aria-hidden={leaving || undefined}
            inert={leaving}
          >
            {contents.current.get(slide.key)}
          </div>
        );
      })}
    </div>
  );
}
