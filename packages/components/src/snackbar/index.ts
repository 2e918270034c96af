export {
  firstAction,
  noticeTimeout,
  SNACKBAR_TIMEOUT,
  type SnackbarAction,
  type SnackbarNotice,
} from './notices';
export { Snackbar, SnackbarList, type SnackbarListProps, type SnackbarProps } from './snackbar';
