import type { ReactNode } from 'react';

/** The frame of the account pages (register, confirm, forgot and reset password): one column. */
export function AccountPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md" aria-labelledby="account-title">
      <h1 id="account-title" className="mb-6 text-2xl font-bold">
        {title}
      </h1>
      {children}
    </section>
  );
}

/** What a finished step says (account created, link sent, password changed). */
export function Done({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md border border-green-200 bg-green-50 p-4 break-words">
      {children}
    </p>
  );
}

export const inputClass = 'w-full rounded-md border border-slate-300 px-3 py-2';
