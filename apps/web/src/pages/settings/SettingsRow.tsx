import type { ReactNode } from 'react';

/**
 * One row of a settings form: the label column, then the input column with the control and an
 * optional help line. With `htmlFor` the label is a <label> for that control; without it, text.
 */
export function SettingsRow({
  label,
  htmlFor,
  help,
  children,
}: {
  label?: string;
  htmlFor?: string;
  help?: string;
  children: ReactNode;
}) {
  return (
    <div className="sl-settings__row">
      {htmlFor ? (
        <label className="sl-settings__label" htmlFor={htmlFor}>
          {label}
        </label>
      ) : (
        <span className="sl-settings__label">{label}</span>
      )}
      <div className="sl-settings__input">
        {children}
        {help && <p className="sl-settings__help">{help}</p>}
      </div>
    </div>
  );
}
