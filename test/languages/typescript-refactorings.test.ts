/** TypeScript and TSX: what the CST builder finds in one small file, and the refactorings a user sees on small fixtures. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CstNode, FileCst } from '../../src/core/cst';
import { languageOf, parseFile } from '../../src/languages/registry';
import { refactorings, refactoringsFoundBy } from '../helpers';

const named = (cst: FileCst, name: string): CstNode => {
  const node = cst.nodes.find((n) => n.name === name);
  assert.ok(node, `no node ${name} among ${cst.nodes.map((n) => n.name).join(', ')}`);
  return node;
};

const shapes = `import { make } from './make';

export abstract class Shape<T> extends Base<T> implements Drawable, geo.Sizable {
  private readonly id: number = 0;
  constructor(private side: number, public label?: string) { super(); }
  abstract area(scale: number): number;
  static unit(): Shape<any> { return make(1); }
  onClick = (event: MouseEvent): void => this.area(2);
  resize(factor: number): void;
  resize(factor: any) { this.side *= factor; }
}

export interface Drawable extends Visible, Named<string> {
  draw(context: Canvas, times?: number): void;
  readonly color: string;
}

enum Color { Red, Green }
type Pair<A> = [A, A];

namespace Geometry {
  export function distance(a: Point, ...rest: Point[]): number { return 0; }
}

declare function external(code: string): void;

const twice = <T,>(value: T, { times }: Options = {}) => value;
`;

test('TypeScript CST: JavaScript\'s nodes plus interfaces, enums, type aliases, namespaces and signatures', async () => {
  const cst = await parseFile('src/geo/shapes.ts', shapes);
  assert.equal(cst.language, 'typescript');
  assert.equal(cst.errors, 0);
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.noun, n.signature, n.parent === undefined ? null : cst.nodes[n.parent].name]), [
    ['file', 'File', 'shapes.ts', null],
    ['class', 'Class', 'Shape', 'shapes.ts'],
    ['method', 'Method', 'constructor', 'Shape'],
    ['method', 'Method', 'area', 'Shape'],
    ['method', 'Method', 'unit', 'Shape'],
    ['method', 'Method', 'onClick', 'Shape'],
    ['method', 'Method', 'resize', 'Shape'],
    ['interface', 'Class', 'Drawable', 'shapes.ts'],
    ['method', 'Method', 'draw', 'Drawable'],
    ['enum', 'Class', 'Color', 'shapes.ts'],
    ['type', 'Class', 'Pair', 'shapes.ts'],
    ['namespace', 'Class', 'Geometry', 'shapes.ts'],
    ['function', 'Function', 'distance', 'Geometry'],
    ['function', 'Function', 'external', 'shapes.ts'],
    ['function', 'Function', 'twice', 'shapes.ts'],
  ]);
  assert.deepEqual(cst.nodes.map((n) => n.namespace), ['src/geo/', ...cst.nodes.slice(1).map(() => '')]);
  assert.equal(named(cst, 'resize').location.startLine, 10, 'an overload signature is not a node: the implementation is');
});

test('TypeScript parameter types, return types and supertypes', async () => {
  const cst = await parseFile('src/geo/shapes.ts', shapes);
  const types = (name: string) => [named(cst, name).parameters, named(cst, name).parameterTypes, named(cst, name).returnType];
  assert.deepEqual(types('constructor'), [['side', 'label'], ['number', 'string?'], '']);
  assert.deepEqual(types('draw'), [['context', 'times'], ['Canvas', 'number?'], 'void']);
  assert.deepEqual(types('distance'), [['a', 'rest'], ['Point', 'Point[]'], 'number']);
  assert.deepEqual(types('twice'), [['value', 'times'], ['T', 'Options'], '']);
  assert.deepEqual(types('onClick'), [['event'], ['MouseEvent'], 'void']);
  assert.deepEqual(named(cst, 'Shape').supertypes, ['Base', 'Drawable', 'Sizable']);
  assert.deepEqual(named(cst, 'Drawable').supertypes, ['Visible', 'Named']);
  const self = await parseFile('t.ts', 'function onClick(this: Window, event: Event) {}');
  assert.deepEqual(named(self, 'onClick').parameters, ['event'], '`this:` is not a parameter');
});

test('TypeScript stereotypes: abstract members and signatures, type members, static, exported', async () => {
  const cst = await parseFile('src/geo/shapes.ts', shapes);
  const stereotypes = (name: string) => named(cst, name).stereotypes.slice().sort();
  assert.deepEqual(stereotypes('Shape'), ['exported']);
  assert.deepEqual(stereotypes('Drawable'), ['exported']);
  assert.deepEqual(stereotypes('area'), ['abstract', 'type-member']);
  assert.deepEqual(stereotypes('draw'), ['abstract', 'type-member']);
  assert.deepEqual(stereotypes('unit'), ['has-body', 'static', 'type-member']);
  assert.deepEqual(stereotypes('constructor'), ['constructor', 'has-body', 'type-member']);
  assert.deepEqual(stereotypes('external'), ['abstract']);
  assert.deepEqual(stereotypes('distance'), ['exported', 'has-body']);
  assert.deepEqual(named(cst, 'onClick').calls, [{ name: 'area', args: 1, receiver: 'Shape', ownType: true }]);
});

test('TSX files are read with the TSX grammar: components with typed props', async () => {
  assert.equal(languageOf('src/App.tsx'), 'tsx');
  for (const path of ['a.ts', 'b.mts', 'c.cts', 'types.d.ts']) assert.equal(languageOf(path), 'typescript', path);
  const cst = await parseFile('src/App.tsx', 'export const App = ({ title }: Props): JSX.Element => (\n  <div className="app">{title}<Button onClick={() => track<string>("x")} /></div>\n);\ninterface Props { title: string }\n');
  assert.equal(cst.errors, 0);
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.name]), [['file', 'App.tsx'], ['function', 'App'], ['interface', 'Props']]);
  assert.deepEqual([named(cst, 'App').parameterTypes, named(cst, 'App').calls], [['Props'], [{ name: 'track', args: 1 }]]);
});

const format = `export function formatPrice(amount: number, currency: string): string {
  const rounded = Math.round(amount * 100) / 100;
  const text = rounded.toFixed(2) + ' ' + currency.toUpperCase();
  if (amount < 0) { throw new Error('negative price: ' + text); }
  return text;
}
`;
const slug = `export function slugify(title: string): string {
  return title.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
`;

test('a TypeScript function renamed is a Rename Function; a parameter type changed, a Change Function Signature', async () => {
  const before = { 'lib/util.ts': `${format}\n${slug}` };
  assert.deepEqual(await refactorings(before, { 'lib/util.ts': `${format.replace('formatPrice(', 'formatAmount(')}\n${slug}` }), [
    'Rename Function: lib/util.ts/formatPrice → lib/util.ts/formatAmount',
  ]);
  assert.deepEqual(await refactorings(before, { 'lib/util.ts': `${format.replace('currency: string)', 'currency: Currency)')}\n${slug}` }), [
    'Change Function Signature: lib/util.ts/formatPrice → lib/util.ts/formatPrice',
  ]);
});

test('a TypeScript function moved to another file is a Move Function; moved and renamed, a Move And Rename Function', async () => {
  const upper = 'export function shout(text: string): string {\n  return text.toUpperCase() + "!";\n}\n';
  const before = { 'lib/util.ts': `${format}\n${slug}`, 'lib/text.ts': upper };
  assert.deepEqual(await refactorings(before, { 'lib/util.ts': format, 'lib/text.ts': `${upper}\n${slug}` }), [
    'Move Function: lib/util.ts/slugify → lib/text.ts/slugify',
  ]);
  assert.deepEqual(await refactorings(before, { 'lib/util.ts': format, 'lib/text.ts': `${upper}\n${slug.replace('slugify(', 'toSlug(')}` }), [
    'Move And Rename Function: lib/util.ts/slugify → lib/text.ts/toSlug',
  ]);
});

const render = `function render(items: Item[]): string {
  let html = '<ul>';
  for (const item of items) {
    const label = item.name.trim().toUpperCase();
    html += '<li data-id="' + item.id + '">' + label + '</li>';
  }
  html += '</ul>';
  return html;
}
`;
const renderExtracted = `function render(items: Item[]): string {
  let html = '<ul>';
  for (const item of items) {
    html += renderItem(item);
  }
  html += '</ul>';
  return html;
}
`;
const renderItem = `function renderItem(entry: Item): string {
  const label = entry.name.trim().toUpperCase();
  return '<li data-id="' + entry.id + '">' + label + '</li>';
}
`;

test('part of a TypeScript function moved to a new function it calls is an Extract Function; back, an Inline Function', async () => {
  assert.deepEqual(await refactorings({ 'ui/list.ts': render }, { 'ui/list.ts': `${renderExtracted}\n${renderItem}` }), [
    'Extract Function: ui/list.ts/render → ui/list.ts/renderItem',
  ]);
  assert.deepEqual(await refactorings({ 'ui/list.ts': `${renderExtracted}\n${renderItem}` }, { 'ui/list.ts': render }), [
    'Inline Function: ui/list.ts/renderItem → ui/list.ts/render',
  ]);
});

const speak = `  speak(loudly: boolean, times: number): string {
    const word = this.sound.repeat(times);
    return loudly ? word.toUpperCase() + '!' : word;
  }`;
const animal = (members: string) => `export class Animal {\n  constructor(protected name: string, protected sound: string) {}\n${members}\n}\n`;
const dog = (members: string) => `export class Dog extends Animal {\n  fetch(thing: string): string {\n    return this.name + ' fetches the ' + thing;\n  }\n${members}\n}\n`;

test('a TypeScript class renamed with its method is a Rename Class and a Rename Method', async () => {
  const after = animal(speak.replace('speak(', 'talk(')).replace('class Animal', 'class Creature');
  assert.deepEqual(await refactorings({ 'zoo/animals.ts': animal(speak) }, { 'zoo/animals.ts': after }), [
    'Rename Class: zoo/animals.ts/Animal → zoo/animals.ts/Creature',
    'Rename Method: zoo/animals.ts/Animal/speak → zoo/animals.ts/Creature/talk',
  ]);
});

test('a TypeScript class moved to another file is a Move Class', async () => {
  const before = { 'zoo/animals.ts': `${animal(speak)}\n${dog('')}`, 'zoo/pets.ts': 'export function adopt(pet: Animal) {\n  return pet;\n}\n' };
  const after = { 'zoo/animals.ts': animal(speak), 'zoo/pets.ts': `export function adopt(pet: Animal) {\n  return pet;\n}\n\n${dog('')}` };
  assert.deepEqual(await refactorings(before, after), ['Move Class: zoo/animals.ts/Dog → zoo/pets.ts/Dog']);
});

test('a TypeScript method moved to the superclass is a Pull Up Method; back down, a Push Down Method', async () => {
  const withSub = { 'zoo/animals.ts': `${animal('')}\n${dog(speak)}` };
  const withSuper = { 'zoo/animals.ts': `${animal(speak)}\n${dog('')}` };
  assert.deepEqual(await refactorings(withSub, withSuper), ['Pull Up Method: zoo/animals.ts/Dog/speak → zoo/animals.ts/Animal/speak']);
  assert.deepEqual(await refactorings(withSuper, withSub), ['Push Down Method: zoo/animals.ts/Animal/speak → zoo/animals.ts/Dog/speak']);
});

test('a new TypeScript superclass receiving a pulled-up method is an Extract Superclass', async () => {
  const before = { 'zoo/dog.ts': dog(speak).replace(' extends Animal', '') };
  const after = { 'zoo/dog.ts': `${animal(speak)}\n${dog('')}` };
  assert.deepEqual(await refactorings(before, after), [
    'Extract Superclass: zoo/dog.ts/Dog → zoo/dog.ts/Animal',
    'Pull Up Method: zoo/dog.ts/Dog/speak → zoo/dog.ts/Animal/speak',
  ]);
});

test('a new TypeScript interface declaring a method of a class that now implements it is an Extract Interface', async () => {
  const before = { 'zoo/dog.ts': dog(speak).replace(' extends Animal', '') };
  const after = { 'zoo/dog.ts': `export interface Speaker {\n  speak(loudly: boolean, times: number): string;\n}\n\n${dog(speak).replace(' extends Animal', ' implements Speaker')}` };
  assert.deepEqual(await refactorings(before, after), [
    'Extract Interface: zoo/dog.ts/Dog → zoo/dog.ts/Speaker',
    'Pull Up Method Signature: zoo/dog.ts/Dog/speak → zoo/dog.ts/Speaker/speak',
  ]);
});

test('a TSX component renamed and moved to another file is a Move And Rename Function', async () => {
  const card = 'export function Card({ title, body }: CardProps) {\n  const heading = title.trim().toUpperCase();\n  return <section className="card"><h2>{heading}</h2><p>{body}</p></section>;\n}\n';
  const before = { 'ui/Card.tsx': card, 'ui/List.tsx': 'export function List() {\n  return <ul />;\n}\n' };
  const after = { 'ui/Card.tsx': '', 'ui/List.tsx': `export function List() {\n  return <ul />;\n}\n\n${card.replace('Card(', 'Panel(')}` };
  assert.deepEqual(await refactorings(before, after), ['Move And Rename Function: ui/Card.tsx/Card → ui/List.tsx/Panel']);
});

test('method signatures in an inline object type (a return or parameter annotation) are not elements: naming that type reports nothing', async () => {
  const body = `  let drawn = false;
  return {
    update(done) { drawn = true; write(String(done)); },
    end() { if (drawn) write('\\n'); },
  };
}
`;
  const inline = `export function progressBar(write: (text: string) => void, hooks: { cb(): void }): { update(done: number): void; end(): void } {\n${body}`;
  const cst = await parseFile('cli/stats.ts', inline);
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.name]), [['file', 'stats.ts'], ['function', 'progressBar'], ['function', 'update'], ['function', 'end']]);
  const named = `export interface ProgressBar {\n  update(done: number): void;\n  end(): void;\n}\n\nexport function progressBar(write: (text: string) => void, hooks: { cb(): void }): ProgressBar {\n${body}`;
  assert.deepEqual(await refactorings({ 'cli/stats.ts': inline }, { 'cli/stats.ts': named }), []);
  const alias = await parseFile('api.ts', 'type Api = { get(key: string): number; nested: { inner(): void } };\n');
  assert.deepEqual(alias.nodes.map((n) => [n.kind, n.name]), [['file', 'api.ts'], ['type', 'Api'], ['method', 'get']], "a type alias's own object type declares members; a property's type does not");
});

test('TypeScript and JavaScript calls say what they are made on: this, a typed or created variable, a field, `var me = this`; an untyped local is another object', async () => {
  const src = `export class Service {
  private worker: Worker = new Worker();
  run(token: Token, n) {
    const sub = token.onCancel(() => 1);
    const created = new Worker();
    const me = this;
    sub.dispose();
    created.start(n);
    this.worker.stop();
    n.go();
    me.flush();
    this.dispose();
    helper(n);
  }
}
`;
  const calls = named(await parseFile('a.ts', src), 'run').calls;
  assert.deepEqual(calls, [
    { name: 'onCancel', args: 1, receiver: 'Token' },
    { name: 'dispose', args: 0, otherObject: true },
    { name: 'start', args: 1, receiver: 'Worker' },
    { name: 'stop', args: 0, receiver: 'Worker' },
    { name: 'go', args: 0, otherObject: true },
    { name: 'flush', args: 0, receiver: 'Service', ownType: true },
    { name: 'dispose', args: 0, receiver: 'Service', ownType: true },
    { name: 'helper', args: 1 },
  ]);
  const js = await parseFile('h.js', 'var helpers = {\n  each(list) { return helpers.map(list); },\n  map(list) { return list; },\n};\n');
  assert.deepEqual(named(js, 'each').calls, [{ name: 'map', args: 1 }], 'a module-level object named as the receiver may be the caller\'s own');
});

test('code moved out of a method into a new dispose() that the method calls only on another object (subscription.dispose()) is no Extract Method', async () => {
  const service = (cleanup: string, extra: string) => `export class Service {
  private cache = new Map<string, number>();
  constructor(private readonly pool: Pool) {}
${extra}
  async run(token: Token): Promise<number> {
    const subscription = token.onCancel(() => this.pool.cancel());
    try {
      const value = await this.pool.compute(this.cache.size);
      this.cache.set('last', value);
      return value;
    } finally {
      subscription.dispose();${cleanup}
    }
  }
}
`;
  const cleanup = '\n      this.pool.release(this.cache.size);\n      this.cache.clear();';
  const dispose = '  dispose(): void {\n    this.pool.release(this.cache.size);\n    this.cache.clear();\n  }\n';
  assert.deepEqual(await refactorings({ 'src/service.ts': service(cleanup, '') }, { 'src/service.ts': service('', dispose) }), []);
  const called = service('', dispose).replace('subscription.dispose();', 'subscription.dispose();\n      this.dispose();');
  assert.deepEqual(await refactorings({ 'src/service.ts': service(cleanup, '') }, { 'src/service.ts': called }), ['Extract Method: src/service.ts/Service/run → src/service.ts/Service/dispose']);
});

test('TypeScript: a parameter type written qualified (Connection → lsp.Connection) or an inline object type with other separators is the same type, no Change Method Signature; another type is one', async () => {
  const provider = (connection: string, options: string) => `import * as lsp from 'vscode-languageserver';
import { Connection, Socket } from 'vscode-languageserver';

export class CompletionItemProvider {
  register(connection: ${connection}) {
    connection.onCompletion((params) => this.provideCompletionItems(params));
    connection.console.log('completions registered');
  }

  reveal(element: string, options?: ${options}): void {
    this.log.push(element);
    this.log.push(String(options?.select));
  }

  private log: string[] = [];
}
`;
  const before = { 'server/src/completions.ts': provider('Connection', '{ select?: boolean, focus?: boolean }') };
  assert.deepEqual(await refactorings(before, { 'server/src/completions.ts': provider('lsp.Connection', '{ select?: boolean; focus?: boolean; }') }), []);
  assert.deepEqual(await refactorings(before, { 'server/src/completions.ts': provider('Socket', '{ select?: boolean, focus?: boolean }') }), [
    'Change Method Signature: server/src/completions.ts/CompletionItemProvider/register → server/src/completions.ts/CompletionItemProvider/register',
  ]);
});

test('a type alias or interface declared in a function body (a test callback) is local to that code: no element, no Move Class when the test moves', async () => {
  const test = (name: string) => `test("${name}", () => {\n  type out = z.output<typeof schema>;\n  interface Row { id: number }\n  util.assertEqual<out, string>(true);\n});\n`;
  const cst = await parseFile('tests/default.test.ts', `export type Public = string;\nnamespace Api { export interface Shape { size: number } }\n${test('a')}`);
  assert.deepEqual(cst.nodes.map((n) => n.name), ['default.test.ts', 'Public', 'Api', 'Shape']);
  assert.deepEqual(await refactorings({ 'tests/default.test.ts': test('a') + test('b') }, { 'tests/default.test.ts': test('a'), 'tests/catch.test.ts': test('b') }), []);
});

test('TypeScript: statements moved as written tell an extraction into a method with a return type (sum(lines: Line[]): number { … }) as they do into one without', async () => {
  const invoice = (body: string) => `export class Invoice {
  constructor(private lines: Line[], private pricer: Pricer) {}

  print(out: Printer): void {
    out.header('Invoice');
${body}    out.line('Total', total);
    out.footer();
  }
}
`;
  const summed = '    let total = 0;\n    for (const line of this.lines) {\n      total += line.price * line.quantity;\n    }\n    total = Math.round(total * 100) / 100;\n';
  const pricer = (members: string) => `export class Pricer {
  constructor(private rates: Map<string, number>) {}

  rate(code: string): number {
    return this.rates.get(code) ?? 1;
  }
${members}}
`;
  // the loop and the rounding as the caller wrote them, with the discount and taxes added: too
  // little of the code is the caller's for token similarity alone (0.5 < 0.6)
  const sum = `
  sum(lines: Line[]): number {
    let total = 0;
    for (const line of lines) {
      total += line.price * line.quantity;
    }
    const discount = this.rates.get('discount') ?? 0;
    const taxes = this.rates.get('taxes') ?? 0;
    total = total - total * discount + total * taxes;
    total = Math.round(total * 100) / 100;
    return total;
  }
`;
  assert.deepEqual(
    await refactorings(
      { 'src/invoice.ts': invoice(summed), 'src/pricer.ts': pricer('') },
      { 'src/invoice.ts': invoice('    const total = this.pricer.sum(this.lines);\n'), 'src/pricer.ts': pricer(sum) },
    ),
    ['Extract And Move Method: src/invoice.ts/Invoice/print → src/pricer.ts/Pricer/sum'],
  );
});

test('an object of functions written `as const` or `satisfies T` is the same namespace: adding the assertion moves nothing', async () => {
  const effects = `const effects = {
  linear: (t: number) => t,
  easeInQuad: (t: number) => t * t,
  easeOutQuad: (t: number) => -t * (t - 2),
  easeInOutBounce(t: number) {
    return t < 0.5 ? effects.easeInQuad(t * 2) * 0.5 : effects.easeOutQuad(t * 2 - 1) * 0.5 + 0.5;
  },
}`;
  const before = { 'src/helpers/helpers.easing.ts': `${effects};\n\nexport default effects;\n` };
  assert.deepEqual(await refactorings(before, { 'src/helpers/helpers.easing.ts': `${effects} as const;\n\nexport default effects;\n` }), []);
  assert.deepEqual(await refactorings(before, { 'src/helpers/helpers.easing.ts': `${effects} satisfies Record<string, (t: number) => number>;\n\nexport default effects;\n` }), []);
});

test('functions assigned through a local name for a prototype (`const p = DraftMap.prototype; p.has = function`, Babel\'s `var _proto = X.prototype`) are members of that constructor: the class it is rewritten as holds them where they were', async () => {
  const before = `const DraftMap = (function (_super) {
  __extends(DraftMap, _super);
  function DraftMap(this: any, target: AnyMap): any {
    this.state = { base: target, copy: undefined };
    return this;
  }
  const p = DraftMap.prototype;
  Object.defineProperty(p, "size", {
    get: function () {
      return latest(this.state).size;
    }
  });
  p.has = function (key: any): boolean {
    return latest(this.state).has(key);
  };
  p.set = function (key: any, value: any) {
    prepareCopy(this.state);
    this.state.copy.set(key, value);
    return this;
  };
  return DraftMap;
})(Map);
`;
  const after = `class DraftMap extends Map {
  state: MapState;
  constructor(target: AnyMap) {
    super();
    this.state = { base: target, copy: undefined };
  }
  get size(): number {
    return latest(this.state).size;
  }
  has(key: any): boolean {
    return latest(this.state).has(key);
  }
  set(key: any, value: any) {
    prepareCopy(this.state);
    this.state.copy.set(key, value);
    return this;
  }
}
`;
  const path = 'src/core/mapset.ts';
  assert.deepEqual(await refactorings({ [path]: before }, { [path]: after }), [`Change Type Declaration Kind: ${path}/DraftMap → ${path}/DraftMap`]);
  const cst = await parseFile(path, before);
  assert.deepEqual(cst.nodes.map((n) => [n.name, n.parent === undefined ? null : cst.nodes[n.parent].name]), [
    ['mapset.ts', null], ['DraftMap', 'mapset.ts'], ['size', 'DraftMap'], ['has', 'DraftMap'], ['set', 'DraftMap'],
  ]);
  // a local name for anything but a prototype is no owner: \`const o = make(); o.run = function\` stays in the file
  const other = await parseFile('src/run.js', 'function Task() {}\nconst o = make();\no.run = function () { go(); };\n');
  assert.deepEqual(other.nodes.map((n) => [n.name, n.parent === undefined ? null : other.nodes[n.parent].name]), [['run.js', null], ['Task', 'run.js'], ['run', 'run.js']]);
});

test('a class expression with a name of its own is that class: written out as a declaration, its methods do not move', async () => {
  // hono 1b2a4c0800: `const v2Processor = new (class EventV2Processor extends EventProcessor<…> { … })()`
  // became `class EventV2Processor extends EventProcessor<…> { … }` and `const v2Processor = new EventV2Processor()`
  const before = `abstract class EventProcessor<E> {
  protected abstract getPath(event: E): string;
  createRequest(event: E): Request {
    const path = this.getPath(event);
    return new Request(path);
  }
}

const v2Processor = new (class EventV2Processor extends EventProcessor<EventV2> {
  protected getPath(event: EventV2): string {
    return event.rawPath;
  }
  protected getMethod(event: EventV2): string {
    return event.requestContext.http.method;
  }
})();
`;
  const after = `abstract class EventProcessor<E> {
  protected abstract getPath(event: E): string;
  createRequest(event: E): Request {
    const path = this.getPath(event);
    return new Request(path);
  }
}

class EventV2Processor extends EventProcessor<EventV2> {
  protected getPath(event: EventV2): string {
    return event.rawPath;
  }
  protected getMethod(event: EventV2): string {
    return event.requestContext.http.method;
  }
}

const v2Processor: EventV2Processor = new EventV2Processor();
`;
  const path = 'src/adapter/aws-lambda/handler.ts';
  assert.deepEqual(await refactorings({ [path]: before }, { [path]: after }), []);
  const cst = await parseFile(path, before);
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.name, n.parent === undefined ? null : cst.nodes[n.parent].name]).slice(4), [
    ['class', 'EventV2Processor', 'handler.ts'], ['method', 'getPath', 'EventV2Processor'], ['method', 'getMethod', 'EventV2Processor'],
  ]);
  // one a binding names is the binding's: `const Named = class Inner {}` is `Named`
  const bound = await parseFile('src/named.js', 'const Named = class Inner { run() { return 1; } };\n');
  assert.deepEqual(bound.nodes.map((n) => n.name), ['named.js', 'Named', 'run']);
});

test('a function typed by the name it is bound to takes its parameter types from there: annotations moved onto the binding change no signature', async () => {
  // hono 9987081fe0: `const notFoundHandler = (c: Context) => …` → `const notFoundHandler: NotFoundHandler = (c) => …`;
  // 7cd0248c5a: a field `header = (name: string, value?: string): void => …` → `header: SetHeaders = (name, value): void => …`
  const before = `const notFoundHandler = (c: Context) => {
  return c.text('404 Not Found', 404);
};

export class Context {
  header = (name: string, value: string | undefined): void => {
    if (value === undefined) this.headers.delete(name);
    else this.headers.set(name, value);
  };
  redirect = (location: string, status: number): Response => {
    this.header('Location', location);
    return this.newResponse(null, status);
  };
}
`;
  const after = `const notFoundHandler: NotFoundHandler = (c) => {
  return c.text('404 Not Found', 404);
};

export class Context {
  header: SetHeaders = (name, value): void => {
    if (value === undefined) this.headers.delete(name);
    else this.headers.set(name, value);
  };
  redirect: Redirect = (location: string, status: RedirectStatus): Response => {
    this.header('Location', location);
    return this.newResponse(null, status);
  };
}
`;
  const path = 'src/hono-base.ts';
  // a type written on both sides and changed is still a change
  assert.deepEqual(await refactorings({ [path]: before }, { [path]: after }), [`Change Method Signature: ${path}/Context/redirect → ${path}/Context/redirect`]);
});

test('a function assigned to `this` in a class constructor is a member of the class: a method rewritten so does not move', async () => {
  // hono e2b269acb0: `on(method, path, ...handlers) { … }` became `this.on = (method, path, ...handlers) => { … }` in the constructor
  const before = `export class Hono {
  constructor(init: Init = {}) {
    this.router = init.router;
  }
  on(method: string, path: string, ...handlers: Handler[]) {
    this.path = path;
    for (const handler of handlers) this.addRoute(method.toUpperCase(), this.path, handler);
    return this;
  }
  addRoute(method: string, path: string, handler: Handler) {
    this.routes.push({ method, path, handler });
  }
}
`;
  const after = `export class Hono {
  on: OnHandlerInterface;
  constructor(init: Init = {}) {
    this.router = init.router;
    this.on = (method: string, path: string, ...handlers: Handler[]) => {
      this.path = path;
      for (const handler of handlers) this.addRoute(method.toUpperCase(), this.path, handler);
      return this;
    };
  }
  addRoute(method: string, path: string, handler: Handler) {
    this.routes.push({ method, path, handler });
  }
}
`;
  const path = 'src/hono.ts';
  assert.deepEqual(await refactorings({ [path]: before }, { [path]: after }), []);
  const cst = await parseFile(path, after);
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.name, n.parent === undefined ? null : cst.nodes[n.parent].name]), [
    ['file', 'hono.ts', null], ['class', 'Hono', 'hono.ts'], ['method', 'constructor', 'Hono'], ['method', 'on', 'Hono'], ['method', 'addRoute', 'Hono'],
  ]);
  // a plain function's \`this.x = function\` stays in that function (an ES5 constructor's members are its own already)
  const es5 = await parseFile('src/task.js', 'function Task() {\n  this.run = function () { go(); };\n}\n');
  assert.deepEqual(es5.nodes.map((n) => [n.name, n.parent === undefined ? null : es5.nodes[n.parent].name]), [['task.js', null], ['Task', 'task.js'], ['run', 'Task']]);
});

test('an options object that holds its functions only in nested objects (defineStore({ id, actions: { … } })) is the same object: adding or dropping a function beside them moves nothing', async () => {
  const store = (state: string) => `import { defineStore } from 'pinia';

describe('store plugins', () => {
  const useStore = defineStore({
    id: 'test',
${state}
    actions: {
      incrementN() {
        return this.n++;
      },
      resetN() {
        this.n = 0;
      },
    },
    getters: {
      doubleN(state) {
        return state.n * 2;
      },
    },
  });

  it('adds properties', () => {
    expect(useStore().doubleN).toBe(0);
  });
});
`;
  const withState = { '__tests__/storePlugins.spec.ts': store('    state: () => ({ n: 0 }),\n') };
  const without = { '__tests__/storePlugins.spec.ts': store('') };
  assert.deepEqual(await refactorings(withState, without), []);
  assert.deepEqual(await refactorings(without, withState), []);
  const cst = await parseFile('s.ts', 'const useStore = defineStore({ id: "s", actions: { add() {} } });\nconst config = { port: 80, nested: { level: 1 } };\n');
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.name]), [['file', 's.ts'], ['object', 'useStore'], ['object', 'actions'], ['function', 'add']]);
});

test('a module augmentation pointed at another specifier (declare module \'@vue/runtime-core\' → \'vue\') renames nothing; moved to another file, the interfaces in it move', async () => {
  const augmentation = (target: string) => `import type { Pinia } from './rootStore';

declare module '${target}' {
  export interface ComponentCustomProperties {
    /**
     * Access to the application's Pinia
     */
    $pinia: Pinia;
    _pStores?: Record<string, unknown>;
    $reset(id: string): void;
  }
}

export {};
`;
  const before = { 'src/globalExtensions.ts': augmentation('@vue/runtime-core') };
  assert.deepEqual(await refactorings(before, { 'src/globalExtensions.ts': augmentation('vue') }), []);
  assert.deepEqual(
    await refactorings({ ...before, 'src/rootStore.ts': 'export interface Pinia { id: string }\n' }, { 'src/rootStore.ts': `export interface Pinia { id: string }\n${augmentation('vue')}` }),
    ['Move Class: src/globalExtensions.ts/ComponentCustomProperties → src/rootStore.ts/ComponentCustomProperties'],
  );
});

test('an interface renamed while a type alias of another kind takes its old name (interface Options → KyOptions, type Options = WithBody | WithoutBody) is a Rename Class, not a change of kind; and back', async () => {
  const members = `	/**
	Shortcut for sending JSON. Use this instead of the \`body\` option.
	*/
	json?: unknown;
	prefixUrl?: URL | string;
	retry?: number;
	timeout?: number | false;
	throwHttpErrors?: boolean;
	onDownloadProgress?: (progress: DownloadProgress, chunk: Uint8Array) => void;
`;
  const before = `import type { DownloadProgress } from './progress';

export interface Options extends RequestInit {
${members}}

export interface ResponsePromise extends Promise<Response> {
	json<T>(): Promise<T>;
}
`;
  const after = `import type { DownloadProgress } from './progress';

interface KyOptions extends RequestInit {
${members}}

interface OptionsWithoutBody extends Omit<KyOptions, 'body'> {
	method?: 'get' | 'head';
}

interface OptionsWithBody extends KyOptions {
	method?: 'post' | 'put' | 'delete';
}

export type Options = OptionsWithoutBody | OptionsWithBody;

export interface ResponsePromise extends Promise<Response> {
	json<T>(): Promise<T>;
}
`;
  assert.deepEqual(await refactorings({ 'index.d.ts': before }, { 'index.d.ts': after }), ['Rename Class: index.d.ts/Options → index.d.ts/KyOptions']);
  assert.deepEqual(await refactorings({ 'index.d.ts': after }, { 'index.d.ts': before }), ['Rename Class: index.d.ts/KyOptions → index.d.ts/Options']);
});

test('functions declared in code extracted into a new function (a Proxy handler\'s get() and set()) go with that code: an Extract Function, no Move Function of each', async () => {
  const patching = `  const actions = actionNames.reduce((all, name) => {
    all[name] = toRaw(store)[name];
    return all;
  }, {} as Record<string, Function>);
  for (const actionName in actions) {
    store[actionName] = function () {
      const _actionId = runningActionId;
      const trackedStore = new Proxy(store, {
        get(...args) {
          activeAction = _actionId;
          return Reflect.get(...args);
        },
        set(...args) {
          activeAction = _actionId;
          return Reflect.set(...args);
        },
      });
      return actions[actionName].apply(trackedStore, arguments);
    };
  }
`;
  const before = `export function devtoolsPlugin({ app, store, options }: PiniaPluginContext) {
  if (store.$id.startsWith('__hot:')) {
    return;
  }
  const actionNames = Object.keys(options.actions);
${patching}  addDevtools(app, store);
}
`;
  const after = `function patchActionForGrouping(store: Store, actionNames: string[]) {
${patching}}

export function devtoolsPlugin({ app, store, options }: PiniaPluginContext) {
  if (store.$id.startsWith('__hot:')) {
    return;
  }
  patchActionForGrouping(store, Object.keys(options.actions));
  addDevtools(app, store);
}
`;
  assert.deepEqual(await refactorings({ 'src/devtools/plugin.ts': before }, { 'src/devtools/plugin.ts': after }), [
    'Extract Function: src/devtools/plugin.ts/devtoolsPlugin → src/devtools/plugin.ts/patchActionForGrouping',
  ]);
});

test('a local function moved to a module of its own under its name, still called by that name, is a Move Function; not another local that went away', async () => {
  const before = `export function createStore(id: string) {
  const subscriptions: Callback[] = [];
  const actionSubscriptions: Callback[] = [];

  const triggerSubscriptions = (mutation: Mutation, state: State) => {
    subscriptions.forEach((callback) => {
      callback(mutation, state);
    });
  };

  function $onAction(callback: Callback) {
    actionSubscriptions.push(callback);
    const removeSubscription = () => {
      const idx = actionSubscriptions.indexOf(callback);
      if (idx > -1) {
        actionSubscriptions.splice(idx, 1);
      }
    };
    return removeSubscription;
  }

  function $patch(partialState: State) {
    merge(state, partialState);
    triggerSubscriptions({ type: 'patch', storeId: id }, state);
  }

  watch(state, (mutation: Mutation) => {
    actionSubscriptions.forEach((callback) => {
      callback(mutation, state);
    });
  });

  return { $onAction, $patch };
}
`;
  const after = `import { triggerSubscriptions } from './subscriptions';

export function createStore(id: string) {
  const subscriptions: Callback[] = [];
  const actionSubscriptions: Callback[] = [];

  function $patch(partialState: State) {
    merge(state, partialState);
    triggerSubscriptions(subscriptions, { type: 'patch', storeId: id }, state);
  }

  watch(state, (mutation: Mutation) => {
    triggerSubscriptions(actionSubscriptions, mutation, state);
  });

  return { $onAction: addSubscription.bind(null, actionSubscriptions), $patch };
}
`;
  const subscriptions = `export function triggerSubscriptions<T extends Method>(subscriptions: T[], ...args: Parameters<T>) {
  subscriptions.forEach((callback) => {
    callback(...args);
  });
}
`;
  const found = await refactorings({ 'src/store.ts': before }, { 'src/store.ts': after, 'src/subscriptions.ts': subscriptions });
  assert.ok(found.includes('Move Function: src/store.ts/createStore/triggerSubscriptions → src/subscriptions.ts/triggerSubscriptions'), found.join('\n'));
  assert.ok(!found.some((r) => r.includes('removeSubscription')), found.join('\n'));
});

test('TypeScript written without semicolons: a statement ends where automatic semicolon insertion puts one', async () => {
  const { bodyStatements } = await import('../../src/core/statements');
  const cst = await parseFile('src/cart.ts', `export class Cart {
  private items: Item[] = []
  add (item: Item): number {
    const price: number = item.price * 2
    this.items.push(item)
    if (price > this.limit) this.warn(price)
    return price
  }
}
`);
  assert.deepEqual(bodyStatements(named(cst, 'add'))?.map((s) => s.join(' ')), [
    'const price : number = item . price * 2', 'this . items . push ( item )', 'if ( price > this . limit ) this . warn ( price )', 'return price',
  ]);
});

test('a class now implementing a new type resolves it to the namesake nearest its file, not to a namespace merged with it or a copy elsewhere', async () => {
  const spec = 'export type Checkable<T = unknown> = {\n  readonly "~check": Checkable.Props<T>;\n};\n\nexport declare namespace Checkable {\n  export interface Props<T> {\n    readonly vendor: string;\n    readonly check: (value: unknown) => T;\n  }\n}\n';
  const schema = (implementsIt: boolean) =>
    `${implementsIt ? 'import type { Checkable } from "./checkable";\n' : ''}export abstract class Schema<T>${implementsIt ? ' implements Checkable<T>' : ''} {\n  abstract parse(input: unknown): T;\n  describe(text: string): this {\n    this.description = text;\n    return this;\n  }\n}\n`;
  // a copy side by side with the sources (`v2/` beside `src/`): a mirror under an output folder such as `deno/lib/` would be skipped (copies.ts)
  const before = { 'src/schema.ts': schema(false), 'v2/schema.ts': schema(false) };
  const after = { 'src/schema.ts': schema(true), 'src/checkable.ts': spec, 'v2/schema.ts': schema(true), 'v2/checkable.ts': spec };
  assert.deepEqual(await refactorings(before, after), [
    'Extract Superclass: src/schema.ts/Schema → src/checkable.ts/Checkable',
    'Extract Superclass: v2/schema.ts/Schema → v2/checkable.ts/Checkable',
  ]);
});

test('a one-line type alias gone from one file and one of another name new in another are no Move And Rename for their look-alike syntax; one renamed with its name kept in words is', async () => {
  const before = { 'lib/errors.ts': 'type allKeys<T> = T extends any ? keyof T : never;\nexport function format(e: string) { return e.trim(); }\n', 'core/util.ts': 'export function clone(x: object) { return { ...x }; }\n' };
  const after = { 'lib/errors.ts': 'export function format(e: string) { return e.trim(); }\n', 'core/util.ts': 'export function clone(x: object) { return { ...x }; }\nexport type EmptyToNever<T> = keyof T extends never ? never : T;\n' };
  assert.deepEqual(await refactorings(before, after), []);
  const renamed = { ...after, 'core/util.ts': 'export function clone(x: object) { return { ...x }; }\nexport type AllKeysOf<T> = T extends any ? keyof T : never;\n' };
  assert.deepEqual(await refactorings(before, renamed), ['Move And Rename Class: lib/errors.ts/allKeys → core/util.ts/AllKeysOf']);
});

test('a method pulled up into an interface declaring it as three overloads is one Pull Up Method Signature', async () => {
  const router = (implementsH3: string) => `import type { H3 } from './types';

export class H3Router${implementsH3} {
  fetch(request: Request): Promise<Response> {
    return this.handler(request).then((body) => new Response(body));
  }

  use(path: string, handler: EventHandler) {
    return this.all(path, handler);
  }
}
`;
  const types = `export interface H3 {
  fetch(request: Request): Promise<Response>;

  use(route: string, handler: EventHandler | H3, details?: Partial<H3Route>): H3;
  use(handler: EventHandler | H3, details?: Partial<H3Route>): H3;
  use(details: H3Route): H3;
}
`;
  assert.deepEqual(await refactorings({ 'src/router.ts': router('') }, { 'src/router.ts': router(' implements H3'), 'src/types.ts': types }), [
    'Extract Interface: src/router.ts/H3Router → src/types.ts/H3',
    'Pull Up Method Signature: src/router.ts/H3Router/fetch → src/types.ts/H3/fetch',
    'Pull Up Method Signature: src/router.ts/H3Router/use → src/types.ts/H3/use',
  ]);
});

test('the names of a function type\'s parameters are no part of it: renaming them in a parameter\'s type changes no signature; another parameter type does', async () => {
  // got f65c9efd2f: `(res: http.IncomingMessage) => void` → `(response: …) => void` in the type of `request(...args)`
  const agent = (callback: string) => `import * as http from 'node:http';

export function request(url: string, ...args: [http.RequestOptions?, ${callback}?]) {
  const client = http.request(url, args[0] ?? {});
  client.on('response', (response) => args[1]?.(response));
  return client;
}
`;
  const before = { 'source/agent.ts': agent('((res: http.IncomingMessage) => void)') };
  assert.deepEqual(await refactorings(before, { 'source/agent.ts': agent('((response: http.IncomingMessage) => void)') }), []);
  assert.deepEqual(await refactorings(before, { 'source/agent.ts': agent('((...rest: http.IncomingMessage[]) => void)') }), [
    'Change Function Signature: source/agent.ts/request → source/agent.ts/request',
  ]);
  assert.deepEqual(await refactorings(before, { 'source/agent.ts': agent('((res: http.ServerResponse) => void)') }), [
    'Change Function Signature: source/agent.ts/request → source/agent.ts/request',
  ]);
});

test('a method of an object type and a property holding a function type are one type: respelling one as the other changes no signature; another return type does', async () => {
  // got b9a855d372, typescript-eslint's method-signature-style: `deferred: {resolve(): void}` → `deferred: {resolve: () => void}`
  const bench = (deferred: string) => `import Benchmark from 'benchmark';

const suite = new Benchmark.Suite();

export function request(deferred: ${deferred}, url: string) {
  fetch(url).then(() => deferred.resolve());
}

suite.add('request', { defer: true, fn: request });
`;
  const before = { 'benchmark/index.ts': bench('{resolve(): void; reject?(error: Error): void}') };
  assert.deepEqual(await refactorings(before, { 'benchmark/index.ts': bench('{resolve: () => void; reject?: (reason: Error) => void}') }), []);
  assert.deepEqual(await refactorings(before, { 'benchmark/index.ts': bench('{resolve: () => Promise<void>; reject?: (reason: Error) => void}') }), [
    'Change Function Signature: benchmark/index.ts/request → benchmark/index.ts/request',
  ]);
});

test('a union or intersection opening with its operator (`| A | B`, as Prettier breaks one over lines) is the same type: joining it onto one line changes no signature; another member does', async () => {
  // vue 40178ddfc2: `dynamicSlots: (| CompiledSlotDescriptor | CompiledSlotDescriptor[] | undefined)[]` put on one line by a formatter update
  const slots = (type: string) => `interface SlotDescriptor {
  name: string
  fn: () => unknown
}

export function createSlots(
  slots: Record<string, () => unknown>,
  dynamicSlots: ${type},
): Record<string, () => unknown> {
  for (const slot of dynamicSlots) {
    if (Array.isArray(slot)) for (const s of slot) slots[s.name] = s.fn
    else if (slot) slots[slot.name] = slot.fn
  }
  return slots
}
`;
  const before = { 'src/helpers/createSlots.ts': slots('(\n    | SlotDescriptor\n    | SlotDescriptor[]\n    | undefined\n  )[]') };
  assert.deepEqual(await refactorings(before, { 'src/helpers/createSlots.ts': slots('(SlotDescriptor | SlotDescriptor[] | undefined)[]') }), []);
  assert.deepEqual(await refactorings(before, { 'src/helpers/createSlots.ts': slots('Array<\n    & SlotDescriptor\n    & { key?: string }\n  >') }), [
    'Change Function Signature: src/helpers/createSlots.ts/createSlots → src/helpers/createSlots.ts/createSlots',
  ]);
  const intersection = { 'src/helpers/createSlots.ts': slots('Array<\n    & SlotDescriptor\n    & { key?: string }\n  >') };
  assert.deepEqual(await refactorings(intersection, { 'src/helpers/createSlots.ts': slots('Array<SlotDescriptor & { key?: string }>') }), []);
  assert.deepEqual(await refactorings(before, { 'src/helpers/createSlots.ts': slots('(SlotDescriptor | SlotDescriptor[] | null | undefined)[]') }), [
    'Change Function Signature: src/helpers/createSlots.ts/createSlots → src/helpers/createSlots.ts/createSlots',
  ]);
});

test('a local callback of a deleted function, renamed into a test\'s unrelated callback in another file, is no Move And Rename Function; one moved with its function\'s code into a helper still is', async () => {
  const stream = `export default function asStream(options: Options): Proxy {
  const proxy = duplex(input, output);
  if (options.body) {
    proxy.write = () => {
      proxy.destroy();
      throw new Error('the stream is not writable when the body option is used');
    };
  }
  return proxy;
}
`;
  const test = (extra: string) => `import got from '../source';

test('read error', async t => {
  await t.throwsAsync(got('', {
    request: () => {
      const proxy = duplex(input, output);
      proxy.resume();
${extra}      return proxy;
    },
    throwHttpErrors: false
  }), { instanceOf: got.RequestError });
});
`;
  const before = { 'source/as-stream.ts': stream, 'test/error.ts': test('') };
  const after = {
    'source/core.ts': `export class Request extends Duplex {\n  constructor(options: Options) {\n    super();\n    this.options = options;\n  }\n}\n`,
    'test/error.ts': test(`      proxy.read = () => {\n        proxy.destroy(new Error('the stream is not readable'));\n        return null;\n      };\n`),
  };
  const found = await refactorings(before, after);
  assert.ok(!found.some((r) => r.includes('asStream/write')), found.join('\n'));
  // asStream kept, its block extracted into a helper of another file that it calls: the callback went with it
  const extracted = {
    'source/as-stream.ts': `import { lockWrite } from './lock';\nexport default function asStream(options: Options): Proxy {\n  const proxy = duplex(input, output);\n  lockWrite(proxy, options);\n  return proxy;\n}\n`,
    'source/lock.ts': `export function lockWrite(proxy: Proxy, options: Options) {\n  if (options.body) {\n    proxy.end = () => {\n      proxy.destroy();\n      throw new Error('the stream is not writable when the body option is used');\n    };\n  }\n}\n`,
    'test/error.ts': test(''),
  };
  const moved = await refactorings(before, extracted);
  assert.ok(moved.includes('Move And Rename Function: source/as-stream.ts/asStream/write → source/lock.ts/lockWrite/end'), moved.join('\n'));
});

test('an interface made a class takes its methods\' bodies from the factory that built its objects: each is moved there', async () => {
  // yargs 376f892427: `interface YargsInstance` and `function Yargs()` assigning `self.exitProcess = function …` became `class YargsInstance`
  const before = {
    'lib/parser.ts': `export function Parser(shim: Shim): ParserInstance {
  const self = {} as ParserInstance;
  let strictMode = false;
  let aliases: Record<string, string[]> = {};
  self.strict = function (enabled = true) {
    argsert('[boolean]', [enabled], arguments.length);
    strictMode = enabled !== false;
    return self;
  };
  self.alias = function (key: string, value: string) {
    argsert('<string> <string>', [key, value], arguments.length);
    (aliases[key] = aliases[key] || []).push(value);
    shim.log('alias ' + key + ' ' + value);
    return self;
  };
  return self;
}

export interface ParserInstance {
  strict(enabled: boolean): ParserInstance;
  alias(key: string, value: string): ParserInstance;
}
`,
  };
  const after = {
    'lib/parser.ts': `export class ParserInstance {
  #strict = false;
  #aliases: Record<string, string[]> = {};
  constructor(private shim: Shim) {}
  strict(enabled = true): ParserInstance {
    argsert('[boolean]', [enabled], arguments.length);
    this.#strict = enabled !== false;
    return this;
  }
  alias(key: string, value: string): ParserInstance {
    argsert('<string> <string>', [key, value], arguments.length);
    (this.#aliases[key] = this.#aliases[key] || []).push(value);
    this.shim.log('alias ' + key + ' ' + value);
    return this;
  }
}
`,
  };
  assert.deepEqual(await refactorings(before, after), [
    'Change Method Signature: lib/parser.ts/ParserInstance/strict → lib/parser.ts/ParserInstance/strict',
    'Change Type Declaration Kind: lib/parser.ts/ParserInstance → lib/parser.ts/ParserInstance',
    'Move Method: lib/parser.ts/Parser/alias → lib/parser.ts/ParserInstance/alias',
    'Move Method: lib/parser.ts/Parser/strict → lib/parser.ts/ParserInstance/strict',
  ]);
  // a body written anew, not the factory's, came from nowhere
  const rewritten = after['lib/parser.ts'].replace(
    "argsert('<string> <string>', [key, value], arguments.length);\n    (this.#aliases[key] = this.#aliases[key] || []).push(value);\n    this.shim.log('alias ' + key + ' ' + value);",
    'const known = this.#aliases.get(key) ?? new Set<string>();\n    known.add(value.trim().toLowerCase());\n    this.#aliases.set(key, known);',
  );
  assert.notEqual(rewritten, after['lib/parser.ts']);
  assert.deepEqual(await refactorings(before, { 'lib/parser.ts': rewritten }), [
    'Change Method Signature: lib/parser.ts/ParserInstance/strict → lib/parser.ts/ParserInstance/strict',
    'Change Type Declaration Kind: lib/parser.ts/ParserInstance → lib/parser.ts/ParserInstance',
    'Move Method: lib/parser.ts/Parser/strict → lib/parser.ts/ParserInstance/strict',
  ]);
});

test('a call on a runtime global (`Reflect.get(…)`) reaches no project function of that name: handlers of proxies in another file, replaced by a shared helper, are not inlined into the caller', async () => {
  const handler = `    new Proxy(new Map<string, number>(), {
      get(store, key: keyof Map<string, number>) {
        return store[key]
      },
    })`;
  const before = {
    'test/routes.test.ts': `describe('routes', () => {
  router.on('/counts', () =>
${handler}
  )
  router.on('/totals', async () =>
${handler}
  )
})
`,
    'test/headers.test.ts': `const frozen = (headers: Headers) =>
  new Proxy(headers, {
    get(store, key) {
      if (key === 'append') {
        throw new TypeError('frozen headers')
      }
      return Reflect.get(store, key)
    },
  })
`,
  };
  const after = {
    'test/routes.test.ts': `const tracked = (inner: Map<string, number>) =>
  new Proxy(inner, {
    get(store, key, seen) {
      const found = store[key as keyof Map<string, number>]
      if (typeof found === 'function') {
        return (...rest: unknown[]) => Reflect.apply(found, seen === store ? store : seen, rest)
      }
      return found
    },
  })

describe('routes', () => {
  router.on('/counts', () => tracked(new Map()))
  router.on('/totals', async () => tracked(new Map()))
})
`,
    'test/headers.test.ts': `const frozen = (headers: Headers) =>
  new Proxy(headers, {
    get(store, key, seen) {
      if (key === 'append') {
        throw new TypeError('frozen headers')
      }
      const found = Reflect.get(store, key)
      if (typeof found === 'function') {
        return (...rest: unknown[]) => Reflect.apply(found, seen === store ? store : seen, rest)
      }
      return found
    },
  })
`,
  };
  assert.deepEqual(await refactorings(before, after), [
    'Change Function Signature: test/headers.test.ts/frozen/get → test/headers.test.ts/frozen/get',
  ]);
});

test('TypeScript: a class renamed with its old name left as a deprecated type alias (`export type MemoryStore = InMemoryStore;`) is a Rename Class, though little of its code stayed', async () => {
  const before = { 'src/store.ts': `export class MemoryStore {\n  private items = new Map<string, number>();\n  get(key: string): number | undefined {\n    return this.items.get(key);\n  }\n}\n` };
  const after = (alias: string) => ({
    'src/store.ts': `export class InMemoryStore {\n  private readonly entries: Record<string, Entry> = {};\n  constructor(private clock: Clock) {}\n  lookup(name: string, fallback?: number): number | undefined {\n    const entry = this.entries[name];\n    if (!entry || entry.expires < this.clock.now()) return fallback;\n    return entry.value;\n  }\n  store(name: string, value: number, ttl = 60): void {\n    this.entries[name] = { value, expires: this.clock.now() + ttl };\n  }\n}\n${alias}`,
  });
  // the alias, a type of the old name, is no class made a type alias: it is what the rename left behind
  assert.deepEqual(await refactoringsFoundBy(before, after('\n/** @deprecated use InMemoryStore */\nexport type MemoryStore = InMemoryStore;\n')), [
    'Rename Class: src/store.ts/MemoryStore → src/store.ts/InMemoryStore (alias-left)',
  ]);
  // an alias of the old name for another type (here one not declared in the file) is no sign of a rename
  assert.ok(!(await refactorings(before, after('\nexport type MemoryStore = Map<string, number>;\n'))).some((r) => r.startsWith('Rename Class')));
});

test('of two near-copies of a local in two gone functions, the one whose sibling locals went into the new function is moved there, not its twin', async () => {
  // `persistImpl` took `newImpl`'s body; `oldImpl`, deleted, held the same `api.setState = …`.
  // newImpl's body, which the commit wrote into persistImpl as it was
  const newBody = `  const options = { storage: createJSONStorage(() => localStorage), ...baseOptions }
  const storage = options.storage
  const setItem = () => {
    const state = options.partialize({ ...get() })
    return storage.setItem(options.name, { state, version: options.version })
  }
  const savedSetState = api.setState
  api.setState = (state, replace) => {
    savedSetState(state, replace)
    void setItem()
  }
  const hydrate = () => {
    return toThenable(storage.getItem.bind(storage))(options.name).then((value) => value && options.migrate(value))
  }
  hydrate()
  return config(set, get, api)
}
`;
  const before = `const oldImpl = (config, baseOptions) => (set, get, api) => {
  const options = { getStorage: () => localStorage, serialize: JSON.stringify, ...baseOptions }
  const storage = options.getStorage()
  const setItem = () => {
    const state = options.partialize({ ...get() })
    return toThenable(options.serialize)({ state, version: options.version }).then((value) => storage.setItem(options.name, value))
  }
  const savedSetState = api.setState
  api.setState = (state, replace) => {
    savedSetState(state, replace)
    void setItem()
  }
  const hydrate = () => {
    return toThenable(storage.getItem.bind(storage))(options.name).then((value) => options.deserialize(value))
  }
  hydrate()
  return config(set, get, api)
}

const newImpl = (config, baseOptions) => (set, get, api) => {
${newBody}
const persistImpl = (config, baseOptions) => {
  if ('getStorage' in baseOptions || 'serialize' in baseOptions) {
    return oldImpl(config, baseOptions)
  }
  return newImpl(config, baseOptions)
}

export const persist = persistImpl
`;
  const after = `const persistImpl = (config, baseOptions) => (set, get, api) => {
${newBody}
export const persist = persistImpl
`;
  const found = await refactorings({ 'src/persist.ts': before }, { 'src/persist.ts': after });
  assert.deepEqual(found.filter((r) => r.startsWith('Move Function')), [
    'Move Function: src/persist.ts/newImpl/hydrate → src/persist.ts/persistImpl/hydrate',
    'Move Function: src/persist.ts/newImpl/setItem → src/persist.ts/persistImpl/setItem',
    'Move Function: src/persist.ts/newImpl/setState → src/persist.ts/persistImpl/setState',
  ]);
});
