import fc from 'fast-check';
import { advanceSlide, enterSlide, nextSlideStatus, type Slide, type SlideStatus } from './slides';

describe('slide statuses', () => {
  it('go entering → entered and exiting → exited → unmounted', () => {
    expect(nextSlideStatus('entering')).toBe('entered');
    expect(nextSlideStatus('entered')).toBe('entered');
    expect(nextSlideStatus('exiting')).toBe('exited');
    expect(nextSlideStatus('exited')).toBe('unmounted');
    expect(nextSlideStatus('unmounted')).toBe('unmounted');
  });

  it('a new key exits the shown slide and enters its own', () => {
    expect(enterSlide([{ key: 'a', status: 'entered' }], 'b')).toEqual([
      { key: 'a', status: 'exiting' },
      { key: 'b', status: 'entering' },
    ]);
  });

  it('returning to an exiting key enters it again', () => {
    const slides: Slide[] = [
      { key: 'a', status: 'exiting' },
      { key: 'b', status: 'entering' },
    ];
    expect(enterSlide(slides, 'a')).toEqual([
      { key: 'b', status: 'exiting' },
      { key: 'a', status: 'entering' },
    ]);
  });

  it('drops a slide once unmounted', () => {
    const slides: Slide[] = [
      { key: 'a', status: 'exited' },
      { key: 'b', status: 'entered' },
    ];
    expect(advanceSlide(slides, 'a')).toEqual([{ key: 'b', status: 'entered' }]);
  });

  it('after any sequence of keys, exactly the last one is entering or entered', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: 1, maxLength: 12 }),
        (keys) => {
          let slides: Slide[] = [];
          for (const key of keys) slides = enterSlide(slides, key);
          const live = slides.filter((s) =>
            (['entering', 'entered'] as SlideStatus[]).includes(s.status),
          );
          expect(live).toEqual([{ key: keys[keys.length - 1], status: 'entering' }]);
          expect(new Set(slides.map((s) => s.key)).size).toBe(slides.length);
        },
      ),
    );
  });
});
