/** The header: what was compared (commit, author, date, message), counts and filter chips by type. */
import type { ViewModel } from '../src/extension/protocol';
import { h, icon } from './dom';

export function typeCounts(model: ViewModel): [string, number][] {
  const counts = new Map<string, number>();
  for (const r of model.refactorings) counts.set(r.type, (counts.get(r.type) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** The files left out of the analysis, each with why (binary, too large, generated …), folded; none when none. */
function skippedList(model: ViewModel): HTMLElement | undefined {
  const n = model.skipped.length;
  if (n === 0) return undefined;
  const items = model.skipped.map((s) => h('li', {}, `${s.path} (${s.side}): ${s.detail ? `${s.reason} — ${s.detail}` : s.reason}`));
  return h('details', { className: 'skipped', attrs: { 'data-testid': 'skipped' } }, h('summary', {}, `${n} file${n === 1 ? '' : 's'} skipped`), h('ul', {}, ...items));
}

function commitBlock(model: ViewModel): HTMLElement[] {
  const c = model.commit;
  if (!c) return [h('div', { className: 'subject' }, model.summary)];
  const body = c.message.startsWith(c.subject) ? c.message.slice(c.subject.length).trim() : c.message.trim();
  const date = new Date(c.date);
  return [
    h('div', { className: 'subject', attrs: { 'data-testid': 'subject' } }, c.subject || '(no message)'),
    h(
      'div',
      { className: 'meta' },
      icon('account'),
      h('span', { attrs: { title: c.authorEmail } }, c.author),
      ' · ',
      h('time', { attrs: { datetime: c.date } }, Number.isNaN(date.getTime()) ? c.date : date.toLocaleString()),
      ' · ',
      icon('git-commit'),
      h('code', { attrs: { title: c.sha } }, c.shortSha),
    ),
    body ? h('pre', { className: 'message' }, body) : undefined,
  ].filter((e): e is HTMLElement => e !== undefined);
}

export function renderHeader(model: ViewModel, hiddenTypes: Set<string>, onToggle: (type: string) => void): HTMLElement {
  const total = model.refactorings.length;
  const chips = typeCounts(model).map(([type, count]) => {
    const on = !hiddenTypes.has(type);
    return h(
      'button',
      {
        className: `chip${on ? ' on' : ''}`,
        attrs: { type: 'button', 'aria-pressed': String(on), 'data-type': type, title: on ? `Hide ${type}` : `Show ${type}` },
        on: { click: () => onToggle(type) },
      },
      icon(on ? 'check' : 'circle-large-outline'),
      h('span', {}, type),
      h('vscode-badge', { attrs: { variant: 'counter' } }, String(count)),
    );
  });
  const stats = [
    `${total} refactoring${total === 1 ? '' : 's'}`,
    `${model.unchanged} element${model.unchanged === 1 ? '' : 's'} matched unchanged`,
    `${model.elapsedMs} ms`,
  ];
  return h(
    'header',
    {},
    h('h1', {}, icon(model.kind === 'commit' ? 'git-commit' : 'git-compare'), h('span', {}, model.title), h('span', { className: 'repo' }, model.repository.name)),
    ...commitBlock(model),
    h('div', { className: 'summary', attrs: { 'data-testid': 'summary' } }, `${model.summary} · ${stats.join(' · ')}`),
    ...(model.warnings ?? []).map((w) =>
      h('div', { className: 'warning', attrs: { 'data-testid': 'warning' } }, icon('warning'), h('span', {}, `${w.path}: ${w.detail ?? w.reason}`)),
    ),
    skippedList(model),
    chips.length > 0 ? h('div', { className: 'chips', attrs: { role: 'group', 'aria-label': 'Filter by refactoring type' } }, ...chips) : undefined,
  );
}
