export { SCROLL_DELAY, scrollTarget } from './scroll';
export { ScrollTo, type ScrollToProps } from './scroll-to';
