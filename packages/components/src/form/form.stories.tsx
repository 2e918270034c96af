import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Form } from './form';
import type { FormErrors } from './form-state';

type Values = { storeName: string; email: string; newsletter: boolean };

function validate(values: Values): FormErrors<Values> {
  const errors: FormErrors<Values> = {};
  if (values.storeName.trim() === '') errors.storeName = 'Enter a store name';
  if (!/^\S+@\S+\.\S+$/.test(values.email)) errors.email = 'Enter a valid e-mail address';
  return errors;
}

function Demo() {
  const [sent, setSent] = useState<Values | null>(null);
  return (
    <>
      <Form<Values>
        label="Store details"
        initialValues={{ storeName: '', email: '', newsletter: false }}
        validate={validate}
        onSubmit={setSent}
      >
        {({ getInputProps, renderError }) => (
          <>
            <div>
              <label htmlFor={getInputProps('storeName').id}>Store name</label>
              <br />
              <input type="text" {...getInputProps('storeName')} />
              {renderError('storeName')}
            </div>
            <div>
              <label htmlFor={getInputProps('email').id}>E-mail</label>
              <br />
              <input type="email" {...getInputProps('email')} />
              {renderError('email')}
            </div>
            <div>
              <input type="checkbox" {...getInputProps('newsletter')} />
              <label htmlFor={getInputProps('newsletter').id}>Send me tips</label>
            </div>
            <div>
              <button type="submit">Save</button>
            </div>
          </>
        )}
      </Form>
      <p>{sent ? `Saved ${JSON.stringify(sent)}` : 'Not saved yet'}</p>
    </>
  );
}

const meta = {
  title: 'Components/Form',
  component: Demo,
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Leave a field or press Save to see errors; Save calls back only when valid. */
export const StoreDetails: Story = {};
