/** A small element builder for the panels loaded on demand: no framework, plain DOM. */
type Attributes = Readonly<Record<string, string | boolean | undefined>>;
type Child = Node | string | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: readonly Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) if (child !== undefined && child !== false) element.append(child);
  return element;
}
