import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with React elements where its placeholders are (a bold user name, a styled URL): the
 * catalog keeps the whole sentence, so each language puts the elements where its word order wants them. `text` is
 * `t(key, …)` with each element's placeholder passed as itself (`{ url: '{url}' }`), so only the catalog's own
 * `{name}` marks are split on, never user data.
 */
export function richText(text: string, nodes: Readonly<Record<string, ReactNode>>): ReactNode {
  const parts = text.split(/\{([a-zA-Z]+)\}/);
  return parts.map((part, index) => {
    // split with a capture group: odd indexes are placeholder names.
    if (index % 2 === 0) return part === '' ? null : <Fragment key={index}>{part}</Fragment>;
    return <Fragment key={index}>{part in nodes ? nodes[part] : `{${part}}`}</Fragment>;
  });
}
