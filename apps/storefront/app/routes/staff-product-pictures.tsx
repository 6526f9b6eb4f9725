import { Form, useNavigation } from 'react-router';
import type { SubmissionResult } from '@conform-to/react';
import { MAX_PICTURE_BYTES, PICTURE_MIME_TYPES, type StaffPicture } from '@shop/contract';
import { slugWithId } from '@shop/domain';
import { z } from 'zod';
import { AppLink } from '#app/components/app-link.tsx';
import { Button } from '#app/components/button.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { FieldErrors, FormErrors } from '#app/components/form-messages.tsx';
import { sizedUrl } from '#app/components/sized-image.tsx';
import { staffBox, StaffHeading, StaffSection, StatusLine } from '#app/components/staff-parts.tsx';
import { readForm, sendForm } from '#app/lib/forms.server.ts';
import { resultFor } from '#app/lib/forms.ts';
import { FilePicker } from '#app/components/file-picker.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { useIsPending } from '#app/lib/pending.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { useShopForm } from '#app/lib/shop-form.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/staff-product-pictures';
import { foundOr404, recordId } from '#app/lib/api-errors.server.ts';

/*
 * A product's pictures in the back office (issue 24): upload one (a multipart form, so it works
 * without JavaScript), move one up or down, remove one. The server checks each file with sharp;
 * its refusal shows at the file field in the staff member's language.
 */

const uploadFormSchema = z.object({ intent: z.literal('upload'), file: z.file() });
const pictureFormSchema = z.object({
  intent: z.enum(['up', 'down', 'remove']),
  picture: z.coerce.number().int().positive(),
});
const formSchema = z.discriminatedUnion('intent', [uploadFormSchema, pictureFormSchema]);

const MEGABYTE = 1024 * 1024;

export async function loader({ params, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  return {
    pictures: await foundOr404(
      shop.api.staffPictures.list({ params: { id: recordId(params.id) } }),
    ),
  };
}

/** One change; the product page shows it once it commits (the pictures move its change count). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  const id = recordId(params.id);
  return sendForm(
    await readForm(request, formSchema, t),
    t,
    async (value) => {
      if (value.intent === 'upload') {
        await shop.api.staffPictures.upload({ params: { id }, body: { file: value.file } });
      } else if (value.intent === 'remove') {
        await shop.api.staffPictures.remove({ params: { id, pictureId: value.picture } });
      } else {
        await shop.api.staffPictures.move({
          params: { id, pictureId: value.picture },
          body: { direction: value.intent },
        });
      }
      return { done: value.intent };
    },
    { resetForm: true },
  );
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'staffPictures.upload', robots: 'noindex' });
}

const DONE_KEYS = {
  upload: 'staffPictures.added',
  up: 'staffPictures.moved',
  down: 'staffPictures.moved',
  remove: 'staffPictures.removed',
} as const;

export default function StaffProductPictures({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const { product, pictures } = loaderData.pictures;
  // React Router hands over the action's answer before the list it reloads: the line waits for
  // the list, so it never announces a change the page does not show yet.
  const settled = useNavigation().state === 'idle';
  const done = settled && actionData && 'done' in actionData ? actionData.done : null;
  return (
    <>
      <StaffHeading title={t('staffPictures.title', { product: product.title })}>
        <p className="flex flex-wrap gap-4">
          <AppLink
            to={`/${locale}/staff/products/${product.id}/`}
            className="text-primary underline"
          >
            {t('staffPictures.edit')}
          </AppLink>
          <AppLink
            to={`/${locale}/products/${slugWithId(product.slug, product.id)}/`}
            className="text-primary underline"
          >
            {t('staffPictures.inShop')}
          </AppLink>
        </p>
      </StaffHeading>
      {done && <StatusLine>{t(DONE_KEYS[done])}</StatusLine>}
      <UploadForm lastResult={resultFor(actionData, { intent: 'upload' })} />
      <p className="mb-4 text-slate-700">{t('staffPictures.intro')}</p>
      {pictures.length === 0 ? (
        <p>{t('staffPictures.none')}</p>
      ) : (
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {pictures.map((picture, index) => (
            <PictureItem
              key={picture.id}
              picture={picture}
              position={index + 1}
              count={pictures.length}
              lastResult={resultFor(actionData, { picture: String(picture.id) })}
            />
          ))}
        </ol>
      )}
    </>
  );
}

type Result = SubmissionResult<string[]> | undefined;

function UploadForm({ lastResult }: { lastResult: Result }) {
  const { t } = useI18n();
  const [form, fields] = useShopForm(uploadFormSchema, { id: 'picture-upload', lastResult });
  const pending = useIsPending({ fields: { intent: 'upload' } });
  const hintId = `${fields.file.id}-hint`;
  return (
    <StaffSection
      headingId="picture-upload-title"
      title={t('staffPictures.upload')}
      className={`mb-8 ${staffBox}`}
    >
      <Form method="post" encType="multipart/form-data" id={form.id} noValidate>
        <FormErrors form={form} />
        <CsrfInput />
        <input type="hidden" name="intent" value="upload" />
        <div className="flex flex-wrap items-end gap-3">
          <FilePicker
            id={fields.file.id}
            name={fields.file.name}
            label={t('staffPictures.file')}
            hint={
              <p id={hintId} className="mb-1 text-sm text-slate-600">
                {t('staffPictures.hint', { max: MAX_PICTURE_BYTES / MEGABYTE })}
              </p>
            }
            accept={PICTURE_MIME_TYPES.join(',')}
            aria-invalid={fields.file.errors ? true : undefined}
            describedBy={fields.file.errors ? `${hintId} ${fields.file.errorId}` : hintId}
          />
          <Button type="submit" disabled={pending}>
            {t('staffPictures.send')}
          </Button>
        </div>
        <FieldErrors field={fields.file} />
      </Form>
    </StaffSection>
  );
}

function PictureItem({
  picture,
  position,
  count,
  lastResult,
}: {
  picture: StaffPicture;
  position: number;
  count: number;
  lastResult: Result;
}) {
  const { t } = useI18n();
  const [form] = useShopForm(pictureFormSchema, { id: `picture-${picture.id}`, lastResult });
  const of = { picture: String(picture.id) };
  const moving = useIsPending({ fields: of });
  const label = t('staffPictures.picture', { position, count });
  return (
    <li className="rounded-lg border border-slate-200 p-3">
      <figure>
        <img
          src={sizedUrl({ image: picture.image, imageType: 'page_gallery' }, 'xs')}
          alt={label}
          width={picture.width ?? undefined}
          height={picture.height ?? undefined}
          loading="lazy"
          className="aspect-square w-full rounded-md bg-slate-50 object-contain"
        />
        <figcaption className="mt-2 text-sm text-slate-700">{label}</figcaption>
      </figure>
      <Form method="post" id={form.id} className="mt-2">
        <FormErrors form={form} />
        <CsrfInput />
        <input type="hidden" name="picture" value={picture.id} />
        <div role="group" aria-label={label} className="flex flex-wrap gap-2">
          {position > 1 && (
            <Button type="submit" name="intent" value="up" variant="secondary" disabled={moving}>
              {t('staffPictures.moveUp')}
            </Button>
          )}
          {position < count && (
            <Button type="submit" name="intent" value="down" variant="secondary" disabled={moving}>
              {t('staffPictures.moveDown')}
            </Button>
          )}
          <Button type="submit" name="intent" value="remove" variant="danger" disabled={moving}>
            {t('staffPictures.remove')}
          </Button>
        </div>
      </Form>
    </li>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/staff/`} generic />;
}
