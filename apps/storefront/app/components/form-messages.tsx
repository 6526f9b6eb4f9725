import type { ReactNode } from 'react';
import type { FieldMetadata, FormMetadata } from '@conform-to/react';
import { useI18n } from '#app/lib/i18n.tsx';

/** A field's messages under it, tied to the input by `aria-describedby={field.errorId}`. */
export function FieldErrors({
  field,
}: {
  field: { errorId: string; errors?: readonly string[] | undefined };
}) {
  if (!field.errors?.length) return null;
  return (
    <p id={field.errorId} role="alert" className="mt-1 text-sm text-red-700">
      {field.errors.join(' ')}
    </p>
  );
}

/** Messages of the whole form (the server's `detail`, 'Something went wrong.'), announced. */
export function FormErrors({ form }: { form: Pick<FormMetadata, 'errorId' | 'errors'> }) {
  if (!form.errors?.length) return null;
  return (
    <p id={form.errorId} role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-red-800">
      {form.errors.join(' ')}
    </p>
  );
}

/** What a field shows: Conform's field metadata, or the same few things by hand. */
export type FieldOf = {
  id: string;
  name: string;
  errorId: string;
  errors?: readonly string[] | undefined;
};

/** What a field's control (input, select, textarea) takes to be named, labelled and described. */
export type ControlProps = {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * One labelled control of a form with its hint and messages, both tied to the control: the
 * markup every form shares. `control` renders the input, select or textarea. `small` is the back
 * office's denser label; `errors: 'elsewhere'` leaves the messages to the form, where the field
 * shares a row with its buttons.
 */
export function LabelledField({
  field,
  label,
  hint,
  small = false,
  className,
  errors = 'below',
  control,
}: {
  field: FieldOf;
  label: string;
  /** Shown under the label, tied to the control (a rule, an example). */
  hint?: string | undefined;
  small?: boolean;
  /** Of the field's box (its share of a row or grid). */
  className?: string | undefined;
  errors?: 'below' | 'elsewhere';
  control: (props: ControlProps) => ReactNode;
}) {
  const hintId = `${field.id}-hint`;
  const invalid = Boolean(field.errors?.length);
  const described = [hint ? hintId : null, invalid ? field.errorId : null].filter(Boolean);
  return (
    <div className={className}>
      <label htmlFor={field.id} className={`mb-1 block ${small ? 'text-sm ' : ''}font-medium`}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mb-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {control({
        id: field.id,
        name: field.name,
        'aria-invalid': invalid ? true : undefined,
        'aria-describedby': described.length ? described.join(' ') : undefined,
      })}
      {errors === 'below' && <FieldErrors field={field} />}
    </div>
  );
}

type TextFieldProps = {
  field: FieldMetadata<string | number | null | undefined>;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  /** Shown under the label, tied to the input (a rule, an example). */
  hint?: string;
};

/** One labelled input of a Conform form, with its messages. */
export function TextField({ field, label, type = 'text', autoComplete, hint }: TextFieldProps) {
  return (
    <LabelledField
      field={field}
      label={label}
      hint={hint}
      control={(props) => (
        <input
          {...props}
          type={type}
          form={field.formId}
          defaultValue={
            typeof field.initialValue === 'string' || typeof field.initialValue === 'number'
              ? String(field.initialValue)
              : undefined
          }
          autoComplete={autoComplete}
          className="w-full rounded-md border border-slate-300 px-3 py-2"
        />
      )}
    />
  );
}

/**
 * The button Enter in a field presses (the first submit button of a form is its default): a form
 * whose first visible button is a secondary one (the address forms' "show regions and cities")
 * starts with this one, so Enter does what the main button does.
 */
export function DefaultSubmit({ intent }: { intent: string }) {
  return <button type="submit" name="intent" value={intent} hidden tabIndex={-1} />;
}

/** The e-mail address of an account form (login, register, a forgotten password). */
export function EmailField({ field }: { field: TextFieldProps['field'] }) {
  const { t } = useI18n();
  return <TextField field={field} label={t('auth.email')} type="email" autoComplete="email" />;
}

type PasswordField = TextFieldProps['field'];

/** A new password and its repetition (register, reset, change): the same two fields everywhere. */
export function NewPasswordFields({
  password,
  confirmation,
  label,
}: {
  password: PasswordField;
  confirmation: PasswordField;
  label: string;
}) {
  const { t } = useI18n();
  return (
    <>
      <TextField field={password} label={label} type="password" autoComplete="new-password" />
      <TextField
        field={confirmation}
        label={t('auth.confirmPassword')}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
