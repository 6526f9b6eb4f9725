// HTML validity for the browser suite: html-validate (npm, no Java) with its recommended rules,
// a few options that fit React's markup, and one rule of our own that the W3C Nu checker enforces
// and html-validate lacks (ARIA roles and states allowed on <input>). The rules left off or bent,
// and why: docs/decisions/0042-valid-html-in-the-test-suite.md.
import { createHash } from 'node:crypto';
import {
  HtmlValidate,
  Rule,
  definePlugin,
  type ConfigData,
  type DOMReadyEvent,
} from 'html-validate';

/** Roles an `<input>` of each type may take explicitly (ARIA in HTML, as the Nu checker reads it). */
const INPUT_ROLES: Record<string, readonly string[]> = {
  text: ['combobox', 'searchbox', 'spinbutton'],
  email: ['combobox'],
  tel: ['combobox'],
  url: ['combobox'],
  // `search` takes none: the Nu checker refuses "combobox" on it (issue 27).
  search: [],
  checkbox: ['button', 'menuitemcheckbox', 'option', 'switch'],
  radio: ['menuitemradio'],
  button: [
    'checkbox',
    'combobox',
    'link',
    'menuitem',
    'menuitemcheckbox',
    'menuitemradio',
    'option',
    'radio',
    'switch',
    'tab',
  ],
  image: ['link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'radio', 'switch'],
};

/** The role an `<input>` has without a `role` attribute. */
function implicitInputRole(type: string, hasList: boolean): string | null {
  if (hasList && ['text', 'search', 'email', 'tel', 'url'].includes(type)) return 'combobox';
  switch (type) {
    case 'text':
    case 'email':
    case 'tel':
    case 'url':
      return 'textbox';
    case 'search':
      return 'searchbox';
    case 'checkbox':
      return 'checkbox';
    case 'radio':
      return 'radio';
    case 'number':
      return 'spinbutton';
    case 'range':
      return 'slider';
    case 'button':
    case 'image':
    case 'reset':
    case 'submit':
      return 'button';
    default:
      return null;
  }
}

/** ARIA 1.2 states that only some roles support, with the roles (among an input's) that do. */
const ROLE_BOUND_ATTRIBUTES: Record<string, readonly string[]> = {
  'aria-expanded': [
    'button',
    'checkbox',
    'combobox',
    'link',
    'menuitem',
    'menuitemcheckbox',
    'menuitemradio',
    'switch',
    'tab',
  ],
  'aria-autocomplete': ['combobox', 'searchbox', 'textbox'],
  'aria-activedescendant': ['combobox', 'searchbox', 'spinbutton', 'textbox'],
  'aria-pressed': ['button'],
  'aria-selected': ['option', 'tab'],
};

const KNOWN_TYPES = new Set([
  ...Object.keys(INPUT_ROLES),
  ...['color', 'date', 'datetime-local', 'file', 'hidden', 'month', 'number', 'password'],
  ...['range', 'reset', 'submit', 'time', 'week'],
]);

/** The `role` and role-bound `aria-*` attributes of every `<input>`, checked as the Nu checker does. */
class InputAria extends Rule {
  override documentation() {
    return {
      description:
        'An <input> may only take the ARIA roles its type allows, and role-bound aria-* states only ' +
        'when its role supports them (ARIA in HTML; what the W3C Nu checker reports).',
    };
  }

  override setup() {
    this.on('dom:ready', (event: DOMReadyEvent) => {
      for (const input of event.document.querySelectorAll('input')) {
        const written = (input.getAttributeValue('type') ?? 'text').toLowerCase();
        const type = KNOWN_TYPES.has(written) ? written : 'text';
        const hasList = input.hasAttribute('list');
        const explicit = input.getAttributeValue('role')?.trim().split(/\s+/)[0] ?? null;
        const implicit = implicitInputRole(type, hasList);
        const allowed = hasList ? [] : (INPUT_ROLES[type] ?? []);
        const valid = explicit === null || explicit === implicit || allowed.includes(explicit);
        if (!valid) {
          this.report(
            input,
            `Role "${explicit}" is not allowed on <input type="${type}">`,
            input.getAttribute('role')?.keyLocation,
          );
        }
        // A role the input may not take is ignored (as browsers and the Nu checker do): the
        // states are judged against the role it really has.
        const role = valid && explicit !== null ? explicit : implicit;
        for (const [name, roles] of Object.entries(ROLE_BOUND_ATTRIBUTES)) {
          if (!input.hasAttribute(name) || (role !== null && roles.includes(role))) continue;
          this.report(
            input,
            `Attribute "${name}" is not allowed on <input type="${type}"> (role ${role ?? 'none'})`,
            input.getAttribute(name)?.keyLocation,
          );
        }
      }
    });
  }
}

const shopRules = definePlugin({ name: 'shop', rules: { 'shop/input-aria': InputAria } });

const rules: ConfigData['rules'] = {
  'shop/input-aria': 'error',
  // React writes some attributes in their DOM-property spelling (srcSet, hrefLang, charSet,
  // autoComplete, noValidate, fetchPriority, dateTime); HTML attribute names are
  // case-insensitive, so the parser (and the Nu checker) reads them the same.
  'attr-case': 'off',
  // React writes `<!DOCTYPE html>`, Prettier `<!doctype html>` in the static offline page: the
  // doctype is case-insensitive.
  'doctype-style': 'off',
  // React closes void elements (<meta/>, <img/>); both spellings are HTML.
  'void-style': 'off',
  // React writes boolean attributes as `required=""`: the empty value, one of HTML's spellings.
  'attribute-boolean-style': ['error', { style: 'empty' }],
  // React writes `hidden=""` from props and a bare `hidden` in the markup it streams (Suspense
  // boundaries): both are HTML's spellings of the same empty value.
  'attribute-empty-style': 'off',
  // React's useId (`_R_…_`) and streamed Suspense boundaries (`S:0`, `B:0`) make ids that HTML
  // allows (any non-empty value without spaces) but the stricter default style does not.
  'valid-id': ['error', { relaxed: true }],
  // The filters are a GET form: several checkboxes share one name (`values__id=1&values__id=2`).
  'form-dup-name': ['error', { shared: ['radio', 'checkbox', 'button', 'reset', 'submit'] }],
  // A list named for screen readers ("Featured products") is allowed by ARIA; the rule only
  // advises against it.
  'aria-label-misuse': ['error', { allowAnyNamable: true }],
  // The search suggestions are a combobox's popup listbox, which no native <select> can be.
  'prefer-native-element': ['error', { exclude: ['listbox'] }],
  // The phone and desktop headers each hold a "Catalogue" nav, and CSS shows one at a time:
  // html-validate cannot see CSS, axe (run on every screen at both widths) judges the landmarks
  // a shopper meets.
  'unique-landmark': 'off',
  // Values only known when rendering (the progress bar's width) are inline styles; HTML allows
  // them and the CSP allows style attributes (decision 0020).
  'no-inline-style': 'off',
  // The home page's title is the shop's own meta title in each language (the demo's Russian one
  // runs past 70 characters): content the shop writes, not markup; search engines shorten it.
  'long-title': 'off',
};

const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  plugins: [shopRules],
  rules,
});

/**
 * The hydrated document: the filter form applies itself as the shopper changes it, so scripts take
 * its Apply button away; the server's HTML, what works without JavaScript, keeps the button and
 * the rule (WCAG technique H32, a form has a submit button).
 */
const hydratedValidator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  plugins: [shopRules],
  rules: { ...rules, 'wcag/h32': 'off' },
});

/**
 * What varies from one answer of the same page to the next without changing its markup: the CSP
 * nonce and the CSRF token. Blanked so that identical pages share one validation.
 */
const normalise = (html: string) =>
  html
    .replace(/ nonce="[^"]*"/g, ' nonce="n"')
    .replace(/(<input type="hidden" name="csrf[^"]*" value=")[^"]*"/g, '$1t"');

const cache = new Map<string, Promise<string[]>>();

/**
 * The errors html-validate finds in a document, one line each (`where` names it in the lines);
 * `hydrated` for a document as scripts left it (`page.content()`). Validation is CPU: the same
 * markup (after `normalise`) is validated once per test file.
 */
export function htmlErrors(
  html: string,
  where: string,
  { hydrated = false }: { hydrated?: boolean } = {},
): Promise<string[]> {
  const markup = normalise(html);
  const key = `${hydrated}:${createHash('sha1').update(markup).digest('base64')}`;
  let errors = cache.get(key);
  if (!errors) {
    errors = (hydrated ? hydratedValidator : validator)
      .validateString(markup)
      .then((report) =>
        report.results.flatMap((result) =>
          result.messages.map(
            (m) =>
              `${m.ruleId} at ${m.selector ?? `${m.line}:${m.column}`}: ${m.message} — ` +
              markup.slice(m.offset, m.offset + 80),
          ),
        ),
      );
    cache.set(key, errors);
  }
  return errors.then((lines) => lines.map((line) => `${where}: ${line}`));
}
