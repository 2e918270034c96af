export {
  EmptyContent,
  type EmptyContentAction,
  type EmptyContentProps,
  visibleActions,
} from './empty-content';
