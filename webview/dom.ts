/**
 * Building DOM from data. Every string from the repository goes in as text (textContent or
 * a Text node), never as markup: commit messages, names and code are shown, not interpreted.
 */
export type Child = Node | string | undefined | false;

export interface Props {
  className?: string;
  /** Attributes set with setAttribute (values are text). */
  attrs?: Record<string, string | undefined>;
  /** Event listeners (no inline handlers anywhere). */
  on?: Partial<{ [K in keyof HTMLElementEventMap]: (event: HTMLElementEventMap[K]) => void }>;
}

export function h(tag: string, props: Props = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  if (props.className) element.className = props.className;
  for (const [name, value] of Object.entries(props.attrs ?? {})) if (value !== undefined) element.setAttribute(name, value);
  for (const [type, listener] of Object.entries(props.on ?? {})) element.addEventListener(type, listener as EventListener);
  append(element, children);
  return element;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** A codicon: `<span class="codicon codicon-NAME" aria-hidden="true">`. */
export function icon(name: string): HTMLElement {
  return h('span', { className: `codicon codicon-${name}`, attrs: { 'aria-hidden': 'true' } });
}

export function clear(element: Element): void {
  element.replaceChildren();
}
