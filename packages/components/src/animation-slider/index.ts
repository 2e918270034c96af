export { AnimationSlider, type AnimationSliderProps } from './animation-slider';
export {
  advanceSlide,
  enterSlide,
  nextSlideStatus,
  SLIDE_TIMEOUT,
  type Slide,
  type SlideStatus,
} from './slides';
