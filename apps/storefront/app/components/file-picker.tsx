import { useState, type ComponentProps, type ReactNode } from 'react';
import { useI18n } from '#app/lib/i18n.tsx';
import { buttonVariants } from './button.tsx';

/*
 * A file field in the page's language (issue 26): the browser's own file input says "Choose file"
 * and "No file chosen" in the browser's language, whatever the page's. The native input stays (it
 * is what the form submits, with or without JavaScript, and what the keyboard focuses: Space or
 * Enter opens the file dialog), visually hidden; a label styled as a button opens the dialog on a
 * click and shows the input's focus ring; the chosen file's name follows it. Without JavaScript
 * the name cannot be read, so CSS tells "no file" from "a file is chosen" by the input's validity
 * (an empty `required` file input is :invalid), which is why the input is always `required`: a
 * form that may be sent empty sets noValidate.
 */
export function FilePicker({
  id,
  label,
  describedBy,
  hint,
  className = '',
  onChange,
  ...input
}: Omit<ComponentProps<'input'>, 'type' | 'id' | 'required' | 'aria-describedby'> & {
  id: string;
  /** The field's name, shown above it: the input's accessible name. */
  label: string;
  /** Ids of the field's hint and errors, read after the chosen file's name. */
  describedBy?: string | undefined;
  /** Shown between the label and the button (its id belongs in describedBy). */
  hint?: ReactNode;
}) {
  const { t } = useI18n();
  const [fileName, setFileName] = useState<string | null>(null);
  const labelId = `${id}-label`;
  const chosenId = `${id}-chosen`;
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label id={labelId} htmlFor={id} className="font-medium">
        {label}
      </label>
      {hint}
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <input
          {...input}
          id={id}
          type="file"
          required
          aria-labelledby={labelId}
          // The chosen file's name once known; before (or without JavaScript) the native input
          // tells its own state to assistive technology.
          aria-describedby={
            [fileName !== null ? chosenId : '', describedBy ?? ''].filter(Boolean).join(' ') ||
            undefined
          }
          className="peer sr-only"
          onChange={(event) => {
            setFileName(event.currentTarget.files?.[0]?.name ?? null);
            onChange?.(event);
          }}
        />
        {/* A second label of the input: a click opens the dialog. Hidden from assistive
            technology, which reaches the input itself (named by the label above). */}
        <label
          htmlFor={id}
          aria-hidden="true"
          className={`${buttonVariants({ variant: 'secondary', size: 'compact' })} cursor-pointer bg-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary`}
        >
          {t('staff.filePicker.choose')}
        </label>
        {fileName !== null ? (
          <span id={chosenId} data-file-name className="min-w-0 break-all text-slate-700">
            {fileName}
          </span>
        ) : (
          <>
            {/* Siblings of the input, for the peer-valid: variant. */}
            <span data-file-name className="text-slate-700 peer-valid:hidden">
              {t('staff.filePicker.none')}
            </span>
            <span data-file-name className="hidden text-slate-700 peer-valid:inline">
              {t('staff.filePicker.chosen')}
            </span>
          </>
        )}
      </div>
    </div>
  );
}
