export { type FieldInputProps, Form, type FormApi, type FormProps } from './form';
export {
  type FormAction,
  type FormErrors,
  type FormState,
  type FormValues,
  formReducer,
  hasErrors,
  shownErrors,
} from './form-state';
