import { getFormProps, parse, useForm, type Submission } from '@conform-to/react';
import { useEffect, useRef, useState } from 'react';
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
 * send, with the last pressed button), so it is still checked in the browser. If the check's module
 * cannot load (a lost connection) or has not arrived within `CHECKS_TIMEOUT_MS` of the press (a
 * lossy one), the form goes to the server unchecked, which answers in place. A button that is never
 * checked (`formnovalidate`, the checkout's "update places") is not held. A field left before the
 * check arrived, in a form checked on blur, is checked when it arrives.
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
  /** Starts loading (once) and resolves when settled (which may be never); never rejects. */
  load(): Promise<void>;
  /**
   * Starts loading (once) and resolves when settled or, at the latest, the time limit after THIS
   * call: what a press waits for. Each wait gets the whole limit, however long ago loading began
   * (a press 3.9 s after the first focus still waits up to 4 s, not 0.1 s). Never rejects.
   */
  wait(): Promise<void>;
};

/**
 * How long a send waits for the checks at most (from its press): on a lossy link the import can
 * hang for long, and a held send must not wait for it; the server checks it anyway.
 */
export const CHECKS_TIMEOUT_MS = 4000;

/** `formChecks(() => import('./cart-checks.ts'))`, at a route module's top level. */
export function formChecks<Module>(
  importer: () => Promise<Module>,
  timeoutMs = CHECKS_TIMEOUT_MS,
): FormChecks<Module> {
  let module: Module | undefined;
  let failed = false;
  let loading: Promise<void> | undefined;
  const checks: FormChecks<Module> = {
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
    wait() {
      const settling = checks.load();
      if (checks.settled) return Promise.resolve();
      // Late: the press goes unchecked; a module that still arrives checks from then on.
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        void settling.then(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
  return checks;
}

/** Conform's own controls (`form.validate`, a field checked on blur) submit with this name. */
const CONFORM_INTENT = '__intent__';

/** What `holdSends` reads of a submitter (a <button> or <input type="submit">). */
export type SubmitterLike = { readonly name: string; readonly formNoValidate?: boolean };

/**
 * The hold of `useLazyShopForm`, apart from React and the DOM: `press(submitter, resend)` says
 * whether a submit passes now (the checks are settled, or its button is never checked: Conform's
 * own controls, `formnovalidate`); otherwise it is held until the checks settle or the time limit
 * from the press that began the hold has passed (`wait`), then `resend` of the LAST press held
 * meanwhile runs, once (the same send, with the button pressed last). A press after a hold ended
 * unchecked and before the checks settled is held anew, with the whole limit again.
 * `onHeld` hears the held submitter, and `undefined` when the hold ends.
 */
export function holdSends<Submitter extends SubmitterLike>(
  checks: Pick<FormChecks<unknown>, 'settled' | 'wait'>,
  onHeld: (submitter: Submitter | null | undefined) => void = () => {},
) {
  let held: { submitter: Submitter | null; resend: () => void } | undefined;
  // The re-send of a hold that ended presses again (`requestSubmit` submits at once, inside
  // `resend`): that press passes, checked or not (late checks are not settled).
  let resending = false;
  return function press(submitter: Submitter | null, resend: () => void): boolean {
    if (
      resending ||
      checks.settled ||
      submitter?.name === CONFORM_INTENT ||
      submitter?.formNoValidate
    ) {
      return true;
    }
    const first = held === undefined;
    held = { submitter, resend };
    onHeld(submitter);
    if (first) {
      void checks.wait().then(() => {
        const last = held;
        held = undefined;
        onHeld(undefined);
        resending = true;
        try {
          last?.resend();
        } finally {
          resending = false;
        }
      });
    }
    return false;
  };
}

/**
 * `form.requestSubmit(submitter)`, where a browser lacks it (Safari before 16) by a click on the
 * submitter, or on a hidden submit button added for the moment: the press is never lost.
 */
export function submitForm(form: HTMLFormElement, submitter: HTMLElement | null): void {
  if (typeof form.requestSubmit === 'function') {
    try {
      form.requestSubmit(submitter);
      return;
    } catch {
      // A submitter the browser refuses (no longer the form's): a click still sends it.
    }
  }
  if (submitter) {
    submitter.click();
    return;
  }
  const button = form.ownerDocument.createElement('button');
  button.type = 'submit';
  button.hidden = true;
  form.append(button);
  button.click();
  button.remove();
}

/**
 * `useShopForm` (same options, same timing) for a form of `schemaOf(module)`, its check loaded
 * from `checks`: `[form, fields, formProps, held]`. Spread `formProps` on the form instead of
 * `getFormProps(form)`: they load the check on the form's first focus or pointer-down and hold a
 * send made before it has arrived. `held` is true while a send waits (show it as pending).
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
  const validate = shouldValidate ?? 'onSubmit';
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
    shouldValidate: validate,
    shouldRevalidate: shouldRevalidate ?? 'onInput',
  });
  const formProps = getFormProps(form);
  // A form checked on blur: a field left before the checks arrived was "checked" with nothing to
  // check it; it is checked again once they are here, as if just left (a field that is fine shows
  // nothing). Read from the document, as Conform does: a field can sit outside its <form> (`form=`).
  // Conform's `validate` is the same function for the form's life.
  const { id: formId, validate: validateField } = form;
  useEffect(() => {
    if (validate !== 'onBlur' || checks.module) return;
    const left = new Set<string>();
    let active = true;
    const onFocusOut = (event: FocusEvent) => {
      const field = event.target;
      const isField =
        field instanceof HTMLInputElement ||
        field instanceof HTMLTextAreaElement ||
        field instanceof HTMLSelectElement;
      if (!isField || field.form?.id !== formId || !field.name || checks.module) return;
      left.add(field.name);
      void checks.load().then(() => {
        if (!active || !checks.module) return;
        for (const name of left) validateField({ name });
        left.clear();
      });
    };
    document.addEventListener('focusout', onFocusOut);
    return () => {
      active = false;
      document.removeEventListener('focusout', onFocusOut);
    };
  }, [checks, formId, validate, validateField]);
  // A send held for the check: a second press meanwhile (a double click, Enter again) is the same
  // send, not one more; the button pressed last is the one sent.
  const [held, setHeld] = useState(false);
  const press = useRef<ReturnType<typeof holdSends<SubmitterLike>>>(undefined);
  press.current ??= holdSends(checks, (submitter) => setHeld(submitter !== undefined));
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    // Older browsers have no `submitter` on the event.
    const submitter = (event.nativeEvent as Partial<SubmitEvent>).submitter ?? null;
    const button =
      submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement
        ? submitter
        : null;
    const element = event.currentTarget;
    const resend = () => {
      if (!element.isConnected) return;
      // The same button again (its intent is part of the post), if it still belongs to the form.
      submitForm(element, button?.isConnected && button.form === element ? button : null);
    };
    if (press.current?.(button, resend) ?? true) {
      formProps.onSubmit(event);
      return;
    }
    event.preventDefault();
  };
  const load = () => void checks.load();
  return [
    form,
    fields,
    { ...formProps, onSubmit, onFocus: load, onPointerDown: load },
    held,
  ] as const;
}
