import { __ } from '@storelens/i18n';
import { countryFlag } from './country-flag';
import './flag.css';

/** Props of {@link Flag}: a country code, or an order whose billing/shipping country is used. */
export interface FlagProps {
  /** ISO 3166-1 alpha-2 country code. */
  code?: string;
  /** An order; its billing country, else shipping country, is used when `code` is missing. */
  order?: { billing?: { country?: string }; shipping?: { country?: string } };
  /** Height in pixels; defaults to 24. */
  size?: number;
}

/** A country flag drawn with emoji letters (no remote images); 'Invalid country flag' otherwise. */
export function Flag({ code, order, size = 24 }: FlagProps) {
  const country = code ?? order?.billing?.country ?? order?.shipping?.country;
  const flag = countryFlag(country);
  const style = { fontSize: Math.round(size * 0.85), height: size };
  if (flag === null) {
    return (
      <span
        className="sl-flag is-invalid"
        role="img"
        aria-label={__('Invalid country flag')}
        style={style}
      >
        <span aria-hidden="true">?</span>
      </span>
    );
  }
  return (
    <span className="sl-flag" role="img" aria-label={flag.name} style={style}>
      <span aria-hidden="true">{flag.emoji}</span>
    </span>
  );
}
