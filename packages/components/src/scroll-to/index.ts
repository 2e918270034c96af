export { ScrollTo, type ScrollToProps } from './ScrollTo';
export { SCROLL_DELAY, scrollTarget } from './scroll';
