import {
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
  useCallback,
  useId,
  useReducer,
} from 'react';
import {
  type FormErrors,
  type FormValues,
  formReducer,
  hasErrors,
  shownErrors,
} from './form-state';
import './form.css';

/** Props to spread on an input, select or textarea. */
export interface FieldInputProps {
  id: string;
  name: string;
  value?: string;
  checked?: boolean;
  onChange: (
    event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>,
  ) => void;
  onBlur: () => void;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/** What a Form hands its children. */
export interface FormApi<V extends FormValues> {
  /** Current values. */
  values: V;
  /** Every current validation error, shown or not. */
  errors: FormErrors<V>;
  /** The errors shown: those of touched fields. */
  shown: FormErrors<V>;
  /** Sets one value. */
  setValue: <K extends keyof V>(name: K, value: V[K]) => void;
  /** Props wiring an input to a field, including aria-invalid and aria-describedby. */
  getInputProps: (name: keyof V & string) => FieldInputProps;
  /** The field's error message element (under the field), or null when none is shown. */
  renderError: (name: keyof V & string) => ReactNode;
  /** Restores the initial values and untouches every field. */
  reset: () => void;
}

/** Props of {@link Form}. */
export interface FormProps<V extends FormValues> {
  /** Starting values; their keys are the fields. */
  initialValues: V;
  /** Returns the errors of some values (an empty object when valid). */
  validate?: (values: V) => FormErrors<V>;
  /** Called with the values on submit, only when there are no errors. */
  onSubmit: (values: V) => void;
  /** Renders the fields. */
  children: (form: FormApi<V>) => ReactNode;
  /** Class name of the form element. */
  className?: string;
  /** Accessible name of the form. */
  label?: string;
}

/**
 * A form helper: keeps values and touched fields, validates on every change, shows errors only
 * for touched fields, and on submit touches every field and calls `onSubmit` only when valid.
 */
export function Form<V extends FormValues>({
  initialValues,
  validate = () => ({}),
  onSubmit,
  children,
  className,
  label,
}: FormProps<V>) {
  const formId = useId();
  const [state, dispatch] = useReducer(formReducer<V>, { values: initialValues, touched: {} });
  const errors = validate(state.values);
  const shown = shownErrors(errors, state.touched);
  const fieldId = (name: string) => `${formId}-${name}`;
  const errorId = (name: string) => `${formId}-${name}-error`;

  const setValue = useCallback(
    <K extends keyof V>(name: K, value: V[K]) => dispatch({ type: 'change', name, value }),
    [],
  );

  const getInputProps = (name: keyof V & string): FieldInputProps => {
    const current = state.values[name];
    const error = shown[name];
    return {
      id: fieldId(name),
      name,
      ...(typeof current === 'boolean' ? { checked: current } : { value: current }),
      onChange: (event) => {
        const target = event.target;
        const next =
          typeof current === 'boolean' && target instanceof HTMLInputElement
            ? target.checked
            : target.value;
        dispatch({ type: 'change', name, value: next as V[keyof V] });
      },
      onBlur: () => dispatch({ type: 'blur', name }),
      'aria-invalid': error !== undefined,
      ...(error !== undefined ? { 'aria-describedby': errorId(name) } : {}),
    };
  };

  const renderError = (name: keyof V & string): ReactNode => {
    const error = shown[name];
    return error === undefined ? null : (
      <p id={errorId(name)} className="sl-form__error">
        {error}
      </p>
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dispatch({ type: 'submit' });
    if (!hasErrors(errors)) onSubmit(state.values);
  };

  return (
    <form className={className ?? 'sl-form'} noValidate onSubmit={submit} aria-label={label}>
      {children({
        values: state.values,
        errors,
        shown,
        setValue,
        getInputProps,
        renderError,
        reset: () => dispatch({ type: 'reset', values: initialValues }),
      })}
    </form>
  );
}
