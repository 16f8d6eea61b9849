/**
 * The selected refactoring in detail: its annotation, how it was found, and the before and after
 * code side by side, the matched element highlighted and moved lines marked.
 */
import type { CodeSide, CodeView, RefactoringView, ViewModel } from '../src/extension/protocol';
import { h, icon } from './dom';
import { segments } from './list';

function side(title: string, s: CodeSide | undefined, cssSide: 'before' | 'after'): HTMLElement {
  const heading = h('div', { className: 'side-title' }, h('span', { className: 'side-label' }, title), s ? h('span', { className: 'file', attrs: { title: s.file } }, s.file) : undefined);
  if (!s) return h('section', { className: `side ${cssSide}` }, heading, h('div', { className: 'loading' }, 'Loading…'));
  if (s.error) return h('section', { className: `side ${cssSide}` }, heading, h('div', { className: 'error' }, icon('warning'), ' ', s.error));
  const marked = new Set(s.marked);
  const rows = s.lines.map((text, i) => {
    const n = s.firstLine + i;
    const inElement = n >= s.highlight.startLine && n <= s.highlight.endLine;
    const cls = ['line', inElement ? 'hl' : '', marked.has(n) ? 'marked' : ''].filter(Boolean).join(' ');
    return h('div', { className: cls, attrs: { 'data-line': String(n) } }, h('span', { className: 'ln' }, String(n)), h('span', { className: 'src' }, text || ' '));
  });
  const more = s.truncated > 0 ? h('div', { className: 'truncated' }, `… ${s.truncated} more lines`) : undefined;
  return h('section', { className: `side ${cssSide}` }, heading, h('div', { className: 'code', attrs: { role: 'region', 'aria-label': `${title} code` } }, ...rows, more));
}

function markLegend(r: RefactoringView): string | undefined {
  if (r.relationship === 'EXTRACT' || r.relationship === 'EXTRACT_MOVE') return 'Marked: the lines extracted from the source';
  if (r.relationship === 'INLINE') return 'Marked: the lines inlined into the target';
  return undefined;
}

export function renderDetail(model: ViewModel, r: RefactoringView, code: CodeView | undefined, onOpen: (id: number) => void): HTMLElement {
  const current = code?.id === r.id ? code : undefined;
  const legend = markLegend(r);
  return h(
    'div',
    { className: 'detail', attrs: { 'data-testid': 'detail' } },
    h(
      'div',
      { className: 'detail-head' },
      h('div', { className: 'detail-title' }, h('strong', {}, r.type), ' ', h('span', { className: 'annotation' }, ...segments(r.annotation))),
      h('vscode-button', { attrs: { icon: 'diff', title: 'Open the two versions in a diff editor (Enter)' }, on: { click: () => onOpen(r.id) } }, 'Open Diff'),
    ),
    h('div', { className: 'description' }, r.description),
    // how it was found, with its similarity; a pair taken on thin evidence says so (a warning, "check it")
    h('div', { className: r.weak ? 'found weak' : 'found', attrs: { 'data-testid': 'how-found' } }, icon(r.weak ? 'warning' : 'info'), h('span', {}, r.howFound)),
    legend ? h('div', { className: 'legend' }, h('span', { className: 'swatch' }), legend) : undefined,
    h('div', { className: 'sides' }, side(`Before · ${current?.before.revisionLabel ?? model.before.label}`, current?.before, 'before'), side(`After · ${current?.after.revisionLabel ?? model.after.label}`, current?.after, 'after')),
  );
}
