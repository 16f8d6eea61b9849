/**
 * The refactorings, grouped by file or by type, as one listbox: up/down (or j/k) move the
 * selection, Enter opens the diff, a click selects and opens.
 */
import type { GroupBy, RefactoringView, Segment } from '../src/extension/protocol';
import { h, icon } from './dom';
import { relationshipIcon } from './icons';

export interface ListHandlers {
  select(id: number): void;
  open(id: number): void;
}

export function segments(parts: Segment[]): Node[] {
  return parts.map((s) => (s.code ? h('code', {}, s.text) : document.createTextNode(s.text)));
}

export function groupsOf(items: RefactoringView[], groupBy: GroupBy): [string, RefactoringView[]][] {
  const groups = new Map<string, RefactoringView[]>();
  for (const r of items) {
    const key = groupBy === 'file' ? r.after.file : r.type;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups].sort((a, b) => a[0].localeCompare(b[0]));
}

const percent = (similarity: number) => `${Math.round(similarity * 100)}%`;

function item(r: RefactoringView, selected: boolean, handlers: ListHandlers): HTMLElement {
  return h(
    'li',
    {
      className: `item${selected ? ' selected' : ''}`,
      attrs: { role: 'option', id: `r-${r.id}`, 'aria-selected': String(selected), 'data-id': String(r.id), 'data-type': r.type, title: `${r.description}\n${r.howFound}` },
      on: {
        click: () => {
          handlers.select(r.id);
          handlers.open(r.id);
        },
      },
    },
    icon(relationshipIcon(r.relationship)),
    h('span', { className: 'type' }, r.type),
    h('span', { className: 'annotation' }, ...segments(r.annotation)),
    r.similarity === undefined ? undefined : h('span', { className: 'similarity', attrs: { title: r.howFound } }, percent(r.similarity)),
  );
}

/** The ids in display order, for keyboard navigation. */
export function orderedIds(items: RefactoringView[], groupBy: GroupBy): number[] {
  return groupsOf(items, groupBy).flatMap(([, rs]) => rs.map((r) => r.id));
}

export function renderList(items: RefactoringView[], groupBy: GroupBy, selectedId: number | undefined, handlers: ListHandlers): HTMLElement {
  const order = orderedIds(items, groupBy);
  const list = h('ul', {
    className: 'list',
    attrs: { role: 'listbox', tabindex: '0', 'aria-label': 'Refactorings', 'aria-activedescendant': selectedId === undefined ? undefined : `r-${selectedId}` },
    on: {
      keydown: (event) => {
        const at = selectedId === undefined ? -1 : order.indexOf(selectedId);
        const move = (to: number) => {
          event.preventDefault();
          const id = order[Math.max(0, Math.min(order.length - 1, to))];
          if (id !== undefined) handlers.select(id);
        };
        if (event.key === 'ArrowDown' || event.key === 'j') move(at + 1);
        else if (event.key === 'ArrowUp' || event.key === 'k') move(at - 1);
        else if (event.key === 'Home') move(0);
        else if (event.key === 'End') move(order.length - 1);
        else if (event.key === 'Enter' && selectedId !== undefined) {
          event.preventDefault();
          handlers.open(selectedId);
        }
      },
    },
  });
  for (const [group, rs] of groupsOf(items, groupBy)) {
    list.appendChild(
      h('li', { className: 'group', attrs: { role: 'presentation' } }, icon(groupBy === 'file' ? 'file' : relationshipIcon(rs[0].relationship)), h('span', {}, group), h('vscode-badge', { attrs: { variant: 'counter' } }, String(rs.length))),
    );
    for (const r of rs) list.appendChild(item(r, r.id === selectedId, handlers));
  }
  return list;
}
