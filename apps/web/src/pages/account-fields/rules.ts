import type { UserRole } from '@storelens/api';
import { isApiError } from '@storelens/data';
import { __ } from '@storelens/i18n';

/** Each role's name as the account pages show it. */
export const ROLE_LABELS: Readonly<Record<UserRole, string>> = {
  administrator: __('Administrator'),
  shop_manager: __('Shop manager'),
  analyst: __('Analyst'),
};

/** The server refuses shorter passwords too; checking here saves a round trip. */
export const MIN_PASSWORD_LENGTH = 8;

/** What is wrong with a new password, or '' when nothing is. */
export function passwordProblem(password: string): string {
  return password.length < MIN_PASSWORD_LENGTH ? __('Use at least 8 characters.') : '';
}

/** What is wrong with an e-mail address typed into a form, or '' when nothing is. */
export function emailProblem(email: string): string {
  return email.trim() ? '' : __('Enter an e-mail address.');
}

/** The server's message for a failed request, or `fallback` when the failure was not an API error. */
export function requestMessage(e: unknown, fallback = __('The request failed.')): string {
  return isApiError(e) ? e.message : fallback;
}

/** The server's per-field messages of a refused request (`{ password: '…' }`), or none. */
export function fieldMessages(e: unknown): Readonly<Record<string, string>> {
  return isApiError(e) ? e.params : {};
}

/** A stored date-time (`2026-11-24T13:07:00`) as the account tables show it, or "Never". */
export function accountTime(value: string | null | undefined): string {
  return value ? value.replace('T', ' ') : __('Never');
}
