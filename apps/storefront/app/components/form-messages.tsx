import type { FieldMetadata, FormMetadata } from '@conform-to/react';

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
