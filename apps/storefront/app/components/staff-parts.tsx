import type { InputHTMLAttributes, ReactNode } from 'react';
import { Form } from 'react-router';
import { AppLink } from './app-link.tsx';
import { Button, buttonVariants } from './button.tsx';
import { type ControlProps, type FieldOf, LabelledField } from './form-messages.tsx';

/*
 * Small pieces the back office's screens share: a page heading with its count, a labelled field,
 * a list's filter form and a status line that screen readers announce.
 */

export function StaffHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </div>
  );
}

/** A back-office input's look; its width is the caller's (`w-full` in a form's grid). */
export const staffInput = 'rounded-md border border-slate-300 px-3 py-2';

/**
 * One labelled field of a back-office form (`LabelledField` with the denser label): the control is
 * an input taking the remaining props (full width unless `width` says), or what `control` renders
 * (a select, a textarea).
 */
export function StaffField({
  field,
  label,
  hint,
  className,
  errors,
  width = 'w-full',
  control,
  ...input
}: {
  field: FieldOf;
  label: string;
  hint?: string | undefined;
  className?: string | undefined;
  errors?: 'below' | 'elsewhere';
  width?: 'w-full' | 'w-32' | 'w-auto';
  control?: (props: ControlProps) => ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'children'>) {
  return (
    <LabelledField
      field={field}
      label={label}
      hint={hint}
      small
      className={className}
      {...(errors ? { errors } : {})}
      control={
        control ?? ((props) => <input {...props} className={`${staffInput} ${width}`} {...input} />)
      }
    />
  );
}

/** A field of a filter form (`filter-q`), its messages from the loader's check. */
export const filterField = (
  name: string,
  errors: Readonly<Record<string, readonly string[] | null>> = {},
): FieldOf => ({
  id: `filter-${name}`,
  name,
  errorId: `filter-${name}-error`,
  errors: errors[name] ?? undefined,
});

/** A back-office page's box: a section, a card. */
export const staffBox = 'rounded-lg border border-slate-200 p-4';

/** A titled part of a back-office page: a section named by its h2, a hint under the heading. */
export function StaffSection({
  headingId,
  title,
  hint,
  className = staffBox,
  children,
  ...rest
}: {
  headingId: string;
  title: string;
  hint?: string;
  className?: string;
  children: ReactNode;
  id?: string;
  'data-testid'?: string;
}) {
  return (
    <section aria-labelledby={headingId} className={className} {...rest}>
      <h2 id={headingId} className={`${hint ? 'mb-1' : 'mb-3'} text-lg font-bold`}>
        {title}
      </h2>
      {hint && <p className="mb-3 text-sm text-slate-600">{hint}</p>}
      {children}
    </section>
  );
}

type Option = { value: string; label: string };

/** A labelled `<select>` of a filter form; the first option is "All" (empty). */
export function FilterSelect({
  field,
  label,
  value,
  options,
  all,
}: {
  field: FieldOf;
  label: string;
  value: string;
  options: readonly Option[];
  all: string;
}) {
  return (
    <StaffField
      field={field}
      label={label}
      control={(props) => (
        <select {...props} defaultValue={value} className={`${staffInput} w-full bg-white`}>
          <option value="">{all}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** Class names are whole words here, so that Tailwind finds them. */
const filterGrid = {
  4: { form: 'sm:grid-cols-2 lg:grid-cols-4', buttons: 'sm:col-span-2 lg:col-span-4' },
  6: { form: 'sm:grid-cols-2 lg:grid-cols-6', buttons: 'sm:col-span-2 lg:col-span-6' },
} as const;

/** A list's filters: a GET form to `action` (a bookmarkable address), "Apply" and "Reset". */
export function FilterForm({
  action,
  label,
  columns,
  apply,
  reset,
  children,
}: {
  action: string;
  label: string;
  /** The grid's columns on a wide screen. */
  columns: keyof typeof filterGrid;
  apply: string;
  reset: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="get"
      action={action}
      aria-label={label}
      className={`mb-6 grid gap-3 rounded-lg border border-slate-200 p-4 ${filterGrid[columns].form}`}
    >
      {children}
      <div className={`flex flex-wrap items-end gap-3 ${filterGrid[columns].buttons}`}>
        <Button type="submit">{apply}</Button>
        <AppLink to={action} className={buttonVariants({ variant: 'secondary' })}>
          {reset}
        </AppLink>
      </div>
    </Form>
  );
}

/** What the last action did, announced politely ("The order is now: Paid."). */
export function StatusLine({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mb-4 rounded-md bg-green-50 p-3 text-green-900">
      {children}
    </p>
  );
}

/** A cell of a `StaffTable` (header or data); `text-right` added for figures. */
export const staffCell = 'border-b border-slate-200 px-3 py-2 text-left align-top';

/**
 * A back-office list as a table: its column heads, then the rows the screen gives. A wide table
 * scrolls inside its own region on a phone; the region takes the focus so a keyboard can scroll
 * it too.
 */
export function StaffTable({
  label,
  columns,
  children,
}: {
  label: string;
  /** Each column's head; `figure` columns (prices, counts) are right-aligned. */
  columns: readonly { label: string; figure?: boolean }[];
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200"
    >
      <table className="w-full min-w-[40rem] border-collapse text-sm">
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={column.figure ? `${staffCell} text-right` : staffCell}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}
