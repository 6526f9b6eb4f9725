import type { Messages } from '@shop/contract';

/** Looks up a dotted key ('errors.notFoundTitle') and fills `{name}` placeholders. */
export function translate(
  messages: Messages,
  key: string,
  values: Record<string, string | number> = {},
): string {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  const text = typeof node === 'string' ? node : key;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}
