export { AnimationSlider, type AnimationSliderProps } from './AnimationSlider';
export {
  advanceSlide,
  enterSlide,
  nextSlideStatus,
  SLIDE_TIMEOUT,
  type Slide,
  type SlideStatus,
} from './slides';
