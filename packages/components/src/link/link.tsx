import {
  getLinkHref,
  handleLinkClick,
  isInAppNavigationClick,
  type LinkType,
} from '@storelens/navigation';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import './link.css';

/** Props of {@link Link}. */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'type'> {
  /** The target: an app route or admin href (`wc-admin`), an admin path (`wp-admin`) or a URL. */
  href: string;
  /** Link kind; defaults to `wc-admin`. */
  type?: LinkType;
  /** Replaces in-app navigation (defaults to a push on the admin history). */
  onNavigate?: (href: string) => void;
}

/**
 * A link of one of the three kinds. A plain click on a `wc-admin` link stays inside the app;
 * with ctrl, meta, shift or alt held (or a middle click) the browser handles it as usual.
 */
export function Link({
  href,
  type = 'wc-admin',
  onNavigate,
  onClick,
  className,
  children,
  ...rest
}: LinkProps) {
  const resolved = getLinkHref(href, type);
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (type !== 'wc-admin' || !isInAppNavigationClick(event)) return;
    if (onNavigate) {
      event.preventDefault();
      onNavigate(resolved);
      return;
    }
    handleLinkClick(event, resolved, type);
  };
  const external = type === 'external' && rest.target === '_blank';
  return (
    <a
      {...rest}
      href={resolved}
      rel={external ? (rest.rel ?? 'noopener noreferrer') : rest.rel}
      className={className ? `sl-link ${className}` : 'sl-link'}
      onClick={click}
    >
      {children}
    </a>
  );
}
