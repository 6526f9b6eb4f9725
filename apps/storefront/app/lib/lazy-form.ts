import { getFormProps, parse, useForm, type Submission } from '@conform-to/react';
import { useRef } from 'react';
import type { z } from 'zod';
import type { parseForm } from './forms.ts';
import { useI18n } from './i18n.tsx';
import type { ShopFormOptions } from './shop-form.ts';

/*
 * A form whose check in the browser (zod and the contract's schemas) loads when the shopper first
 * touches the form, not with the page (issue 25, decision 0084; the newsletter's form first,
 * decision 0076). On the cart and the checkout zod and the forms' schemas were as much of the
 * page's start-up CPU as React DOM, for checks that only matter once a field is used.
 *
 * What stays the same: the server checks every post with the same schema (with JavaScript off it
 * is the only check) and its messages show in the fields; once the check is here the browser
 * flags the same messages, when `useShopForm` would (lib/shop-form.ts). A form sent before its
 * check has arrived waits for it and is sent again, once (a second press meanwhile is the same
 * send), so it is still checked in the browser. Only if the check's module cannot load at all (a
 * lost connection) does the form go to the server unchecked, which answers in place.
 *
 * This module imports zod's and the schemas' types only: nothing of them runs until `load`.
 */

/** A module of checks: the schemas a page's forms use and `parseForm` (lib/forms.ts) to run them. */
export type CheckModule = { parseForm: typeof parseForm };

/** A page's checks, loaded once, on demand. */
export type FormChecks<Module> = {
  /** The module, once it has arrived. */
  readonly module: Module | undefined;
  /** Whether waiting is over: the module is here, or it could not load (forms go unchecked). */
  readonly settled: boolean;
  /** Starts loading (once) and resolves when settled; never rejects. */
  load(): Promise<void>;
};

/** `formChecks(() => import('./cart-checks.ts'))`, at a route module's top level. */
export function formChecks<Module>(importer: () => Promise<Module>): FormChecks<Module> {
  let module: Module | undefined;
  let failed = false;
  let loading: Promise<void> | undefined;
  return {
    get module() {
      return module;
    },
    get settled() {
      return module !== undefined || failed;
    },
    load() {
      loading ??= importer().then(
        (loaded) => {
          module = loaded;
        },
        () => {
          failed = true;
        },
      );
      return loading;
    },
  };
}

/** Conform's own controls (`form.validate`, a field checked on blur) submit with this name. */
const CONFORM_INTENT = '__intent__';

/**
 * `useShopForm` (same options, same timing) for a form of `schemaOf(module)`, its check loaded
 * from `checks`: `[form, fields, formProps]`. Spread `formProps` on the form instead of
 * `getFormProps(form)`: they load the check on the form's first focus or pointer-down and hold a
 * send made before it has arrived.
 */
export function useLazyShopForm<
  Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>,
  Module extends CheckModule,
>(
  checks: FormChecks<Module>,
  schemaOf: (module: Module) => Schema,
  { shouldValidate, shouldRevalidate, ...options }: ShopFormOptions<NoInfer<Schema>> = {},
) {
  const { t } = useI18n();
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    ...options,
    onValidate: ({ formData }) => {
      const module = checks.module;
      if (module) return module.parseForm(formData, schemaOf(module), t);
      // Not here (a field left before it arrived, or it could not load): nothing to flag; the
      // server checks what is sent.
      return parse(formData, { resolve: () => ({ value: {} }) }) as Submission<
        z.input<Schema>,
        string[],
        z.output<Schema>
      >;
    },
    // lib/shop-form.ts says why: first checked on submit, then on every keystroke.
    shouldValidate: shouldValidate ?? 'onSubmit',
    shouldRevalidate: shouldRevalidate ?? 'onInput',
  });
  const formProps = getFormProps(form);
  // A send held for the check: a second press meanwhile (a double click, Enter again) is the same
  // send, not one more.
  const held = useRef(false);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const { submitter } = event.nativeEvent as SubmitEvent;
    // Conform's own checks (a field left, `form.validate`) never send the form: they pass.
    if (checks.settled || (submitter as HTMLButtonElement | null)?.name === CONFORM_INTENT) {
      formProps.onSubmit(event);
      return;
    }
    event.preventDefault();
    if (held.current) return;
    held.current = true;
    const element = event.currentTarget;
    void checks.load().then(() => {
      held.current = false;
      if (!element.isConnected) return;
      // The same button again (its intent is part of the post), if it still belongs to the form.
      const button =
        submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement
          ? submitter
          : null;
      element.requestSubmit(button?.isConnected && button.form === element ? button : null);
    });
  };
  const load = () => void checks.load();
  return [form, fields, { ...formProps, onSubmit, onFocus: load, onPointerDown: load }] as const;
}
