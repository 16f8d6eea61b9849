/**
 * The Refactoring Lens view: renders the host's ViewModel, keeps the user's choices (selection,
 * grouping, filters) in the webview state so they survive hiding and reloads.
 */
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import type { CodeView, GroupBy, HostMessage, ViewModel, WebviewState } from '../src/extension/protocol';
import { renderDetail } from './code';
import { clear, h, icon } from './dom';
import { renderHeader } from './header';
import { orderedIds, renderList } from './list';
import { onHostMessage, vscode } from './vscodeApi';

const app = document.getElementById('app')!;
let state: WebviewState = vscode.getState() ?? { groupBy: 'file', hiddenTypes: [] };
let code: CodeView | undefined;
/** The refactoring whose code was last asked of the host. */
let requested: number | undefined;

function requestCode(id: number): void {
  if (requested === id) return;
  requested = id;
  vscode.postMessage({ type: 'select', id });
}

function update(next: Partial<WebviewState>): void {
  state = { ...state, ...next };
  vscode.setState(state);
  render();
}

function visible(model: ViewModel) {
  const hidden = new Set(state.hiddenTypes);
  return model.refactorings.filter((r) => !hidden.has(r.type));
}

function select(id: number): void {
  if (state.selectedId === id) return;
  update({ selectedId: id });
  requestCode(id);
  const list = app.querySelector<HTMLElement>('.list');
  list?.focus();
  document.getElementById(`r-${id}`)?.scrollIntoView({ block: 'nearest' });
}

const open = (id: number) => vscode.postMessage({ type: 'open', id });

function toggleType(type: string): void {
  const hidden = new Set(state.hiddenTypes);
  if (hidden.has(type)) hidden.delete(type);
  else hidden.add(type);
  update({ hiddenTypes: [...hidden] });
}

function groupButton(groupBy: GroupBy, label: string, codicon: string): HTMLElement {
  const on = state.groupBy === groupBy;
  return h('vscode-button', { attrs: { icon: codicon, secondary: on ? undefined : '', 'aria-pressed': String(on), 'data-group': groupBy }, on: { click: () => update({ groupBy }) } }, label);
}

function emptyState(model: ViewModel): HTMLElement {
  const filtered = model.refactorings.length > 0;
  const why = filtered
    ? 'Every refactoring is filtered out by the type chips above.'
    : `No refactorings found. Analysed ${model.summary}; ${model.unchanged} element${model.unchanged === 1 ? '' : 's'} matched unchanged.`;
  return h(
    'div',
    { className: 'empty', attrs: { 'data-testid': 'empty' } },
    icon(filtered ? 'filter' : 'info'),
    h('p', {}, why),
    model.hiddenBySetting > 0 ? h('p', {}, `${model.hiddenBySetting} more hidden by the refactoringLens.hiddenTypes setting.`) : undefined,
    filtered ? h('vscode-button', { on: { click: () => update({ hiddenTypes: [] }) } }, 'Show all types') : undefined,
  );
}

function render(): void {
  const model = state.model;
  clear(app);
  if (!model) {
    app.appendChild(h('div', { className: 'empty' }, icon('loading'), h('p', {}, 'Waiting for the analysis…')));
    return;
  }
  const hidden = new Set(state.hiddenTypes);
  app.appendChild(renderHeader(model, hidden, toggleType));
  const items = visible(model);
  if (items.length === 0) {
    app.appendChild(emptyState(model));
    return;
  }
  if (state.selectedId === undefined || !items.some((r) => r.id === state.selectedId)) {
    state.selectedId = orderedIds(items, state.groupBy)[0];
    vscode.setState(state);
  }
  requestCode(state.selectedId!);
  const toolbar = h('div', { className: 'toolbar' }, h('span', { className: 'label' }, 'Group by'), groupButton('file', 'File', 'file'), groupButton('type', 'Type', 'symbol-class'));
  const selected = items.find((r) => r.id === state.selectedId)!;
  app.appendChild(
    h('main', {}, toolbar, renderList(items, state.groupBy, state.selectedId, { select, open }), renderDetail(model, selected, code, open)),
  );
}

onHostMessage((message: HostMessage) => {
  switch (message.type) {
    case 'model': {
      const sameModel = JSON.stringify(state.model) === JSON.stringify(message.model);
      code = undefined;
      requested = undefined;
      state = { ...state, model: message.model, selectedId: message.selectedId ?? (sameModel ? state.selectedId : undefined) };
      vscode.setState(state);
      render();
      return;
    }
    case 'code':
      code = message.code;
      render();
      return;
  }
});

render();
vscode.postMessage({ type: 'ready' });
