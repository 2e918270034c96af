import type { ReactNode } from 'react';
import { Link } from '../link/link';
import { H } from '../section/section';
import './empty-content.css';

/** One action of an empty-content panel: a link (`href`) or a button (`onClick`). */
export type EmptyContentAction = { label: string } & (
  | { href: string; hrefType?: 'wc-admin' | 'wp-admin' | 'external'; onClick?: never }
  | { onClick: () => void; href?: never }
);

/** Props of {@link EmptyContent}. */
export interface EmptyContentProps {
  /** Heading of the panel. */
  title: string;
  /** Explanation under the title. */
  message?: ReactNode;
  /** Picture above the title; the default is an inline drawing; `null` for none. */
  illustration?: ReactNode;
  /** A primary and an optional secondary action; extra entries are ignored. */
  actions?: readonly [EmptyContentAction, EmptyContentAction?] | readonly EmptyContentAction[];
}

function DefaultIllustration() {
  return (
    <svg width="150" height="100" viewBox="0 0 150 100" aria-hidden="true" focusable="false">
      <rect x="15" y="20" width="120" height="70" rx="6" className="sl-empty__paper" />
      <rect x="30" y="38" width="60" height="8" rx="4" className="sl-empty__line" />
      <rect x="30" y="54" width="90" height="8" rx="4" className="sl-empty__line" />
      <rect x="30" y="70" width="40" height="8" rx="4" className="sl-empty__line" />
    </svg>
  );
}

/** At most two actions: the first is primary, the second secondary. */
export function visibleActions(
  actions: EmptyContentProps['actions'],
): { action: EmptyContentAction; primary: boolean }[] {
  const defined: EmptyContentAction[] = [];
  for (const action of actions ?? []) if (action !== undefined) defined.push(action);
  return defined.slice(0, 2).map((action, i) => ({ action, primary: i === 0 }));
}

/** A panel for when there is nothing to show: illustration, title, message and up to two actions. */
export function EmptyContent({
  title,
  message,
  illustration = <DefaultIllustration />,
  actions,
}: EmptyContentProps) {
  return (
    <div className="sl-empty">
      {illustration !== null && <div className="sl-empty__illustration">{illustration}</div>}
      <H className="sl-empty__title">{title}</H>
      {message !== undefined && <p className="sl-empty__message">{message}</p>}
      <div className="sl-empty__actions">
        {visibleActions(actions).map(({ action, primary }) => {
          const className = `sl-empty__action ${primary ? 'is-primary' : 'is-secondary'}`;
          return action.href !== undefined ? (
            <Link
              key={action.label}
              className={className}
              href={action.href}
              type={action.hrefType ?? 'wc-admin'}
            >
              {action.label}
            </Link>
          ) : (
            <button key={action.label} type="button" className={className} onClick={action.onClick}>
              {action.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
