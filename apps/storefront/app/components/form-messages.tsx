import type { FieldMetadata, FormMetadata } from '@conform-to/react';
import { useI18n } from '#app/lib/i18n.tsx';

/** A field's messages under it, tied to the input by `aria-describedby={field.errorId}`. */
export function FieldErrors({ field }: { field: Pick<FieldMetadata, 'errorId' | 'errors'> }) {
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

type TextFieldProps = {
  field: FieldMetadata<string | number | null | undefined>;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  /** Shown under the label, tied to the input (a rule, an example). */
  hint?: string;
};

/** One labelled input of a Conform form, with its messages: the markup every form shares. */
export function TextField({ field, label, type = 'text', autoComplete, hint }: TextFieldProps) {
  const hintId = `${field.id}-hint`;
  const described = [hint ? hintId : null, field.errors ? field.errorId : null].filter(Boolean);
  return (
    <div>
      <label htmlFor={field.id} className="mb-1 block font-medium">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mb-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <input
        id={field.id}
        name={field.name}
        type={type}
        form={field.formId}
        defaultValue={
          typeof field.initialValue === 'string' || typeof field.initialValue === 'number'
            ? String(field.initialValue)
            : undefined
        }
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={described.length ? described.join(' ') : undefined}
        autoComplete={autoComplete}
        className="w-full rounded-md border border-slate-300 px-3 py-2"
      />
      <FieldErrors field={field} />
    </div>
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
