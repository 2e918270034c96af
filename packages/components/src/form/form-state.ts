/** Field values of a form: text fields hold strings, checkboxes booleans. */
export type FormValues = Record<string, string | boolean>;

/** Validation errors by field name. */
export type FormErrors<V extends FormValues> = Partial<Record<keyof V, string>>;

/** What the form keeps: the values and which fields the user has visited. */
export interface FormState<V extends FormValues> {
  /** Current values. */
  values: V;
  /** Fields that were left (blurred) or submitted. */
  touched: Partial<Record<keyof V, boolean>>;
}

/** Changes to a form's state. */
export type FormAction<V extends FormValues> =
  | { type: 'change'; name: keyof V; value: V[keyof V] }
  | { type: 'blur'; name: keyof V }
  | { type: 'submit' }
  | { type: 'reset'; values: V };

/** The form state after an action; submitting marks every field touched. */
export function formReducer<V extends FormValues>(
  state: FormState<V>,
  action: FormAction<V>,
): FormState<V> {
  switch (action.type) {
    case 'change':
      return { ...state, values: { ...state.values, [action.name]: action.value } };
    case 'blur':
      return state.touched[action.name]
        ? state
        : { ...state, touched: { ...state.touched, [action.name]: true } };
    case 'submit': {
      const touched: Partial<Record<keyof V, boolean>> = {};
      for (const name of Object.keys(state.values) as (keyof V)[]) touched[name] = true;
      return { ...state, touched };
    }
    case 'reset':
      return { values: action.values, touched: {} };
  }
}

/** The errors to show: only those of touched fields. */
export function shownErrors<V extends FormValues>(
  errors: FormErrors<V>,
  touched: FormState<V>['touched'],
): FormErrors<V> {
  const shown: FormErrors<V> = {};
  for (const name of Object.keys(errors) as (keyof V)[]) {
    if (touched[name] && errors[name]) shown[name] = errors[name];
  }
  return shown;
}

/** Whether any field has an error. */
export function hasErrors<V extends FormValues>(errors: FormErrors<V>): boolean {
  return Object.values(errors).some((message) => typeof message === 'string' && message !== '');
}
