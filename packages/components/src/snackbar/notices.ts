/** A snackbar notice's action: a link (`url`) or a button (`onClick`). */
export interface SnackbarAction {
  /** Button or link text. */
  label: string;
  /** Makes the action a link. */
  url?: string;
  /** Runs when the action is chosen. */
  onClick?: () => void;
}

/** One snackbar notice. */
export interface SnackbarNotice {
  /** Stable id, passed back when the notice is removed. */
  id: string;
  /** The message. */
  content: string;
  /** Actions; only the first is shown. */
  actions?: readonly SnackbarAction[];
  /** Stays until dismissed instead of leaving after 10 seconds. */
  explicitDismiss?: boolean;
}

/** How long a notice stays, in milliseconds. */
export const SNACKBAR_TIMEOUT = 10_000;

/** The one action a snackbar shows: the first given. */
export function firstAction(actions: SnackbarNotice['actions']): SnackbarAction | undefined {
  return actions?.[0];
}

/** When the notice leaves by itself, or null when it waits to be dismissed. */
export function noticeTimeout(notice: SnackbarNotice): number | null {
  return notice.explicitDismiss ? null : SNACKBAR_TIMEOUT;
}
