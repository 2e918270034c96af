import type { ReactNode } from 'react';
import './section.css';

/** Text read by screen readers but not shown on screen. */
export function VisuallyHidden({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <span className="sl-visually-hidden" id={id}>
      {children}
    </span>
  );
}
