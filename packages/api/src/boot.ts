import { type Static, Type } from 'typebox';
import { Closed } from './admin-common';
import type { SessionUser } from './auth';
import type { DateType } from './revenue';

/**
 * `GET /wp-json/storelens/v1/data-changes`: when the report data this server answers last
 * changed (orders ingested, settings saved, data deleted), ISO 8601 in UTC to the millisecond.
 * The dashboard asks every half minute and reads its reports again when the time moves on.
 */
export const DataChangesResponse = Closed({ changed_gmt: Type.String() });
/** The data-changes answer. */
export type DataChangesResponse = Static<typeof DataChangesResponse>;

/**
 * Store settings the server writes into the dashboard page (`window.storelensSettings`), so
 * the client's date and money helpers agree with the server from the first render.
 */
export interface BootSettings {
  /** IANA zone deciding local days. */
  timezone: string;
  /** 0 = Sunday … 6 = Saturday. */
  startOfWeek: number;
  /** `period=…&compare=…` used when the URL names no period. */
  defaultDateRange: string;
  dateType: DateType;
  currency: {
    code: string;
    symbol: string;
    symbolPosition: 'left' | 'right' | 'left_space' | 'right_space';
    thousandSeparator: string;
    decimalSeparator: string;
    precision: number;
  };
  /** Statuses left out of reports. */
  excludedStatuses: string[];
  /**
   * The store's order statuses beyond WooCommerce's own (`orderStatuses`), with their labels:
   * a connected shop's custom statuses (`shipped`), offered by the status filters.
   */
  customStatuses?: { value: string; label: string }[];
  /**
   * The WooCommerce shop this store is connected to (apps/server/src/connect), if any: row
   * links open its orders and products, and the Downloads report says that its downloads are
   * not imported (`downloadLog` false: WooCommerce's REST API has no download log). `canWrite`
   * false: the shop's key is read-only, so stock cannot be edited from Storelens.
   */
  connectedShop?: { name: string; url: string; downloadLog: boolean; canWrite?: boolean };
  /**
   * The signed-in user and the REST nonce to send as `X-WP-Nonce`; absent when the page was
   * opened without a session (the dashboard then shows the login page).
   */
  auth?: { user: SessionUser; nonce: string };
  /**
   * True while the store holds the generated demo shop (no shop connected): every page says
   * its figures are not the owner's, and how to see their own.
   */
  demoStore?: boolean;
  /**
   * Whether the server has a public address (STORELENS_PUBLIC_URL), so a connected shop can send
   * it changes by webhook; signed-in pages only.
   */
  publicAddress?: boolean;
  /** True while no account exists: the first-run page creates the administrator. */
  setupRequired?: boolean;
  /**
   * How a signed-out user who forgot their password gets a new one: `email` when the server
   * can e-mail a reset link (SMTP_URL and STORELENS_PUBLIC_URL are set), else `command` (an
   * administrator's link from Users, or `npm run user -- reset-password` on the server).
   */
  passwordReset?: 'email' | 'command';
}
