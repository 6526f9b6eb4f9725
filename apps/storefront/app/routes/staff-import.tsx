import { useState, type FormEvent } from 'react';
import { data } from 'react-router';
import {
  CATALOGUE_MAX_REPORTED_ERRORS,
  catalogueFormatOf,
  catalogueImportEventSchema,
  catalogueRefusalSchema,
  isApiError,
  type CatalogueImportResult,
  type CatalogueRefusal,
} from '@shop/contract';
import { Button } from '#app/components/button.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { StaffHeading, StatusLine } from '#app/components/staff-parts.tsx';
import { readVerifiedForm, refusalMessages } from '#app/lib/forms.server.ts';
import { FilePicker } from '#app/components/file-picker.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { useLocaleData } from '#app/lib/locale-data.ts';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { useIsPending } from '#app/lib/pending.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/staff-import';

/*
 * The catalogue file in and out (issue 24, decision 0058). Without JavaScript the form posts to
 * the action, which hands the file to the API and shows the result or the rows at fault. With
 * JavaScript the page sends the file to the API itself and reads its streamed progress into a
 * progress bar: the import's one transaction holds the embedded database, so a page that polled
 * would wait behind it, while a stream reports each batch as it is written.
 */

type Outcome =
  | { kind: 'checking' }
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'result'; result: CatalogueImportResult }
  | { kind: 'refusal'; refusal: CatalogueRefusal }
  | { kind: 'problem'; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  const form = await readVerifiedForm(request, t);
  const file = form.get('file');
  const problem = (message: string, status = 400) =>
    data<Outcome>({ kind: 'problem', message }, { status });
  if (!(file instanceof File) || file.size === 0) return problem(t('staffImport.noFile'));
  const format = catalogueFormatOf(file.name);
  if (!format) return problem(t('staffImport.badType'));
  try {
    const result = await shop.api.staffImport.importCatalogue({
      body: { format, content: await file.text() },
    });
    return data<Outcome>({ kind: 'result', result });
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw error;
    const refusal = catalogueRefusalSchema.safeParse(error.body);
    if (refusal.success) {
      return data<Outcome>({ kind: 'refusal', refusal: refusal.data }, { status: 400 });
    }
    const { fieldErrors, formErrors } = refusalMessages(error.body, t);
    return problem([...formErrors, ...Object.values(fieldErrors).flat()].join(' '), error.status);
  }
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'staffImport.title', robots: 'noindex' });
}

/** Reads the API's answer: the refusal, or the stream of progress lines up to the result. */
async function readImport(response: Response, show: (outcome: Outcome) => void, fallback: string) {
  if (!response.ok || !response.body) {
    const body: unknown = await response.json().catch(() => null);
    const refusal = catalogueRefusalSchema.safeParse(body);
    if (refusal.success) return show({ kind: 'refusal', refusal: refusal.data });
    const detail =
      body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string'
        ? body.detail
        : fallback;
    return show({ kind: 'problem', message: detail });
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      const event = catalogueImportEventSchema.parse(JSON.parse(line));
      if (event.kind === 'progress')
        show({ kind: 'progress', done: event.done, total: event.total });
      else if (event.kind === 'done') show({ kind: 'result', result: event.result });
      else show({ kind: 'problem', message: event.detail });
    }
  }
}

export default function StaffImport({ actionData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const csrfToken = useLocaleData()?.csrfToken ?? '';
  const [live, setLive] = useState<Outcome | undefined>();
  const [busy, setBusy] = useState(false);
  const posting = useIsPending();
  const outcome = live ?? actionData;
  const api = `/${locale}/api/staff/catalogue`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) {
      return setLive({ kind: 'problem', message: t('staffImport.noFile') });
    }
    const format = catalogueFormatOf(file.name);
    if (!format) return setLive({ kind: 'problem', message: t('staffImport.badType') });
    setBusy(true);
    setLive({ kind: 'checking' });
    try {
      const response = await fetch(`${api}/import/`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: {
          'content-type': 'application/json',
          accept: 'application/x-ndjson',
          'x-csrftoken': csrfToken,
          'x-requested-with': 'XMLHttpRequest',
        },
        body: JSON.stringify({ format, content: await file.text() }),
      });
      await readImport(response, setLive, t('errors.somethingWentWrong'));
    } catch {
      setLive({ kind: 'problem', message: t('errors.somethingWentWrong') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <StaffHeading title={t('staffImport.title')} />
      <p className="mb-4 max-w-prose">{t('staffImport.intro')}</p>
      <form
        method="post"
        encType="multipart/form-data"
        onSubmit={(event) => void submit(event)}
        className="mb-6 flex flex-wrap items-end gap-3"
      >
        <CsrfInput />
        <FilePicker
          id="catalogue-file"
          name="file"
          label={t('staffImport.file')}
          accept=".csv,.json,text/csv,application/json"
        />
        <Button type="submit" disabled={busy || posting}>
          {t('staffImport.submit')}
        </Button>
      </form>
      <ImportOutcome outcome={outcome} />
      <section aria-labelledby="export-title" className="mt-8 border-t border-slate-200 pt-6">
        <h2 id="export-title" className="mb-2 text-xl font-bold">
          {t('staffImport.export')}
        </h2>
        <p className="mb-3 max-w-prose">{t('staffImport.exportIntro')}</p>
        <p className="flex flex-wrap gap-4">
          <a href={`${api}/export/?format=csv`} download className="text-primary underline">
            {t('staffImport.exportCsv')}
          </a>
          <a href={`${api}/export/?format=json`} download className="text-primary underline">
            {t('staffImport.exportJson')}
          </a>
        </p>
      </section>
    </>
  );
}

function ImportOutcome({ outcome }: { outcome: Outcome | undefined }) {
  const { t } = useI18n();
  // One live region, present from the start, so each change is announced.
  return (
    <div aria-live="polite">
      {outcome?.kind === 'checking' && <p role="status">{t('staffImport.checking')}</p>}
      {outcome?.kind === 'progress' && (
        <p className="flex flex-col gap-1">
          <label htmlFor="import-progress">
            {t('staffImport.progress', { done: outcome.done, total: outcome.total })}
          </label>
          <progress
            id="import-progress"
            max={outcome.total}
            value={outcome.done}
            className="h-3 w-full max-w-xl"
          />
        </p>
      )}
      {outcome?.kind === 'result' && (
        <StatusLine>{t('staffImport.done', { ...outcome.result })}</StatusLine>
      )}
      {outcome?.kind === 'problem' && (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-red-900">
          {outcome.message}
        </p>
      )}
      {outcome?.kind === 'refusal' && <Refusal refusal={outcome.refusal} />}
    </div>
  );
}

function Refusal({ refusal }: { refusal: CatalogueRefusal }) {
  const { t } = useI18n();
  const more = refusal.count - Math.min(refusal.rows.length, CATALOGUE_MAX_REPORTED_ERRORS);
  return (
    <div role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-red-900">
      <p className="mb-2 font-bold">{refusal.detail}</p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('staffImport.errorsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-3">
                {t('staffImport.row')}
              </th>
              <th scope="col" className="pr-3">
                {t('staffImport.column')}
              </th>
              <th scope="col">{t('staffImport.message')}</th>
            </tr>
          </thead>
          <tbody>
            {refusal.rows.map((error, i) => (
              <tr key={i} className="align-top">
                <td className="pr-3">{error.row === 0 ? t('staffImport.fileRow') : error.row}</td>
                <td className="pr-3 break-all">{error.column}</td>
                <td>{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more > 0 && <p className="mt-2">{t('staffImport.moreErrors', { count: more })}</p>}
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/staff/`} generic />;
}
