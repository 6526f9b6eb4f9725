import type { ReactNode } from 'react';

/*
 * Small pieces the back office's screens share: a page heading with its count, a labelled
 * select and a status line that screen readers announce.
 */

export function StaffHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </div>
  );
}

type Option = { value: string; label: string };

/** A labelled `<select>` of a filter form; the first option is "All" (empty). */
export function FilterSelect({
  id,
  label,
  name,
  value,
  options,
  all,
  errors,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  options: readonly Option[];
  all: string;
  errors?: readonly string[] | undefined;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2"
      >
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FilterErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

export function FilterErrors({
  id,
  errors,
}: {
  id: string;
  errors?: readonly string[] | undefined;
}) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {errors.join(' ')}
    </p>
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
