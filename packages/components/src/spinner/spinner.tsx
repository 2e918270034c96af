import { VisuallyHidden } from '../primitives/visually-hidden';
import './spinner.css';

/** Props of {@link Spinner}. */
export interface SpinnerProps {
  /** Text announced to screen readers; without it the spinner is decorative. */
  label?: string;
  /** Diameter in pixels; defaults to 20. */
  size?: number;
}

/** A spinning indicator of work in progress. */
export function Spinner({ label, size = 20 }: SpinnerProps) {
  const circle = (
    <svg
      className="sl-spinner__svg"
      width={size}
      height={size}
      viewBox="0 0 20 20"
      aria-hidden="true"
      focusable="false"
    >
      <circle className="sl-spinner__track" cx="10" cy="10" r="8" />
      <path className="sl-spinner__arc" d="M10 2 a8 8 0 0 1 8 8" />
    </svg>
  );
  if (label === undefined) {
    return (
      <span className="sl-spinner" aria-hidden="true">
        {circle}
      </span>
    );
  }
  return (
    <span className="sl-spinner" role="status">
      {circle}
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}
