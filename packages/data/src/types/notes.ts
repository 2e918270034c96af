// Response types per API.md §5.2, until packages/api provides TypeBox schemas.

/** A note action (button) as the server sends it. */
export interface NoteAction {
  readonly id: number;
  readonly name: string;
  readonly label: string;
  readonly query: string;
  readonly status: string;
  readonly url: string | null;
  readonly primary?: boolean;
  readonly actioned_text?: string;
  readonly nonce_action?: string | null;
  readonly nonce_name?: string | null;
}

/** Note types. */
export type NoteType = 'error' | 'warning' | 'update' | 'info' | 'marketing' | 'survey' | 'email';

/** Note statuses. */
export type NoteStatus = 'pending' | 'unactioned' | 'actioned' | 'snoozed' | 'sent';

/** An admin (inbox) note. */
export interface Note {
  readonly id: number;
  readonly name: string;
  readonly type: NoteType;
  readonly locale: string;
  readonly title: string;
  readonly content: string;
  readonly content_data: unknown;
  readonly status: NoteStatus;
  readonly source: string;
  readonly date_created: string;
  readonly date_created_gmt: string;
  readonly date_reminder: string | null;
  readonly date_reminder_gmt: string | null;
  readonly is_snoozable: boolean;
  readonly actions: readonly NoteAction[];
  readonly layout?: string;
  readonly image?: string;
  readonly is_deleted?: boolean;
  readonly is_read?: boolean;
}

/** Fields a note update may send. */
export interface NoteUpdate {
  readonly status?: NoteStatus;
  readonly date_reminder?: string | null;
  readonly is_deleted?: boolean;
  readonly is_read?: boolean;
}
