/**
 * Statement-level comparison for Extract and Inline (as RefactoringMiner maps statements): a
 * callable's body split into statements at `;`, `{` and `}`, with the callee's parameters replaced
 * by the arguments of the call, compared with the statements its caller lost (Extract) or gained
 * (Inline). Where bodies have no braces (Python), the language marks where statements start.
 */
import type { CstNode } from './cst';
import { IDENTIFIER, isNameChain } from './tokens';

const OPENING = new Set(['(', '[', '{']);
const CLOSING = new Set([')', ']', '}']);

/** Index of the token closing the bracket opened at `open`, or -1. */
function closing(tokens: string[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (OPENING.has(tokens[i])) depth++;
    else if (CLOSING.has(tokens[i]) && --depth === 0) return i;
  }
  return -1;
}

/** Index of the `{` that opens a body after the parameter list opened at `open`, or -1. */
function bodyAfter(tokens: string[], open: number): number {
  const end = closing(tokens, open);
  if (end < 0) return -1;
  for (let j = end + 1; j < tokens.length; j++) {
    if (tokens[j] === '{') return j;
    if (tokens[j] === ';' || tokens[j] === '=>' || tokens[j] === ':') return -1;
  }
  return -1;
}

/** Where a callable's body is in its tokens: a block from its `{`, or an expression from its first token. */
interface Body {
  at: number;
  block: boolean;
  /** An expression body that is statements (a Scala 3 indented block): split as a block's content. */
  statements?: boolean;
}

/** Whether a statement of `node` ends, no `;` written, outside brackets after `at` (CstNode.statementEnds). */
function topLevelEnd(node: CstNode, at: number): boolean {
  const ends = node.statementEnds;
  if (!ends || ends[ends.length - 1] <= at) return false;
  let depth = 0;
  let next = 0;
  for (let i = at; i < node.tokens.length; i++) {
    while (next < ends.length && ends[next] < i) next++;
    if (ends[next] === i && depth === 0 && i > at) return true;
    const t = node.tokens[i];
    if (OPENING.has(t)) depth++;
    else if (CLOSING.has(t)) depth--;
  }
  return false;
}

/**
 * Where the body of a callable's declaration is, as the builder located it (CstNode.bodyAt): a
 * block, or an expression body (after C#'s `=>` or Kotlin's `=`; an arrow function's, right after
 * its `=>`). Elsewhere (a body that is neither: Ruby's `def … end`), or for nodes built without
 * it, the block after its name's parameter list, or, for a function expression bound to a name
 * (`name: function (a) {`, `x.name = function (a) {`), after the `function` keyword's; undefined
 * when none.
 */
function locateBody(node: CstNode): Body | undefined {
  const { tokens, bodyAt: at } = node;
  if (at !== undefined) {
    if (tokens[at] === '{') return { at, block: true };
    if (tokens[at] === '=>' || tokens[at] === '=') return { at: at + 1, block: false };
    if (at > 0 && tokens[at - 1] === '=>') return { at, block: false };
    // Scala's `def size = items.size`; an indented block (`=` and a line break) is the statements it holds
    if (at > 0 && tokens[at - 1] === '=') return { at, block: false, statements: topLevelEnd(node, at) };
  }
  const blockAfter = (parameters: number) => {
    const open = bodyAfter(tokens, parameters);
    return open < 0 ? undefined : { at: open, block: true };
  };
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (tokens[i] === node.name && tokens[i + 1] === '(') return blockAfter(i + 1);
  }
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (tokens[i] === 'function' && tokens[i + 1] === '(') return blockAfter(i + 1);
  }
  return undefined;
}

/** A token that holds a letter, a digit or a quote: a name, a keyword, a number or a literal, not punctuation. */
const WORDY = /[\p{L}\p{N}_$"'`]/u;
const isWord = (t: string) => WORDY.test(t);

/**
 * Whether a statement says anything: two tokens or more, one of them a word (a name, a keyword, a
 * literal). A lone `else` or `try` fits every block; so do the brackets of a closure called in
 * place (Go's `go func() { … }()` leaves `( )`).
 */
const saysSomething = (statement: string[]) => statement.length > 1 && statement.some(isWord);

/**
 * Splits tokens into statements at `{`, `}` and at `;` outside brackets (a `for` header is one
 * statement) but inside the innermost block (a callback's or a lambda's statements written in a
 * call's arguments are each a statement), and where the grammar ended a statement with no `;`
 * written (`ends`, ascending: Go, JavaScript without semicolons; inside brackets too). What says
 * nothing (saysSomething: `else`, `try`, `return;`, `break;`, `( )`) is left out.
 */
function split(tokens: string[], from: number, to: number, ends: number[] = []): string[][] {
  const result: string[][] = [];
  let current: string[] = [];
  let depth = 0;
  // the bracket depth outside each open `{`: a block inside brackets (a callback's, a lambda's) splits at its own `;`
  const outer: number[] = [];
  let next = 0;
  while (next < ends.length && ends[next] < from) next++;
  const end = () => {
    if (saysSomething(current)) result.push(current);
    current = [];
  };
  for (let i = from; i < to; i++) {
    const t = tokens[i];
    if (next < ends.length && ends[next] === i) {
      next++;
      end();
    }
    if (t === '{' || t === '}' || (t === ';' && depth === 0)) {
      if (t === '{') {
        outer.push(depth);
        depth = 0;
      } else if (t === '}') depth = outer.pop() ?? 0;
      end();
      continue;
    }
    if (t === '(' || t === '[') depth++;
    else if ((t === ')' || t === ']') && depth > 0) depth--;
    current.push(t);
  }
  end();
  return result;
}

/**
 * The statements of a declaration whose language marks where they start (Python), from the token
 * `from` on; a compound statement's header without its `:` (`if x`), so that `else:` says nothing.
 */
function marked(node: CstNode, starts: number[], from: number): string[][] {
  const result: string[][] = [];
  for (let i = 0; i < starts.length; i++) {
    if (starts[i] < from) continue;
    const statement = node.tokens.slice(starts[i], i + 1 < starts.length ? starts[i + 1] : node.tokens.length);
    if (statement[statement.length - 1] === ':') statement.pop();
    // the brace closing the block before (Kotlin's `} else`) is no part of the statement
    while (statement[0] === '}') statement.shift();
    if (saysSomething(statement)) result.push(statement);
  }
  return result;
}

/**
 * The statements of a callable's body, or undefined when it has no braced (or, in Python, marked)
 * body. An expression body is one statement, `return e`, as RefactoringMiner reads an arrow
 * function's: it matches where the caller kept the value (matchedStatements).
 */
export function bodyStatements(node: CstNode): string[][] | undefined {
  if (node.statementStarts) {
    // where the builder found the body (Ruby's `def name a, b` has no parentheses), else after the parameters
    if (node.bodyAt !== undefined) {
      // an expression body (Ruby's `def name = value`)
      if (node.tokens[node.bodyAt - 1] === '=') return statementsOf(node, { at: node.bodyAt, block: false });
      if (node.tokens[node.bodyAt] === '=') return statementsOf(node, { at: node.bodyAt + 1, block: false });
      return marked(node, node.statementStarts, node.bodyAt);
    }
    const name = node.tokens.findIndex((t, i) => t === node.name && node.tokens[i + 1] === '(');
    const header = name < 0 ? -1 : closing(node.tokens, name + 1);
    return header < 0 ? undefined : marked(node, node.statementStarts, header + 1);
  }
  const body = locateBody(node);
  return body && statementsOf(node, body);
}

function statementsOf(node: CstNode, body: Body): string[][] {
  if (body.statements) return split(node.tokens, body.at, node.tokens.length, node.statementEnds);
  if (!body.block) {
    const expression = node.tokens.slice(body.at);
    if (expression[expression.length - 1] === ';') expression.pop();
    return expression.length > 0 ? [['return', ...expression]] : [];
  }
  const end = closing(node.tokens, body.at);
  return split(node.tokens, body.at + 1, end < 0 ? node.tokens.length : end, node.statementEnds);
}

/**
 * The statements of a callable's body where the body is what its braces (or, in Python, the marked
 * statements) hold up to the end of the declaration, or an expression body; undefined where the
 * first `{` after the parameters opens something else (a Ruby block in a `def … end`).
 */
export function wholeBodyStatements(node: CstNode): string[][] | undefined {
  if (node.statementStarts) return bodyStatements(node);
  const body = locateBody(node);
  return body && (!body.block || closing(node.tokens, body.at) === node.tokens.length - 1) ? statementsOf(node, body) : undefined;
}

/** All statements of a declaration (its header is one more, which matches nothing in a body). */
export function allStatements(node: CstNode): string[][] {
  return node.statementStarts ? marked(node, node.statementStarts, 0) : split(node.tokens, 0, node.tokens.length, node.statementEnds);
}

/**
 * The arguments of the first call of `name` in `caller` with as many arguments as `parameters`
 * (a variadic callee takes any number from its last one on), each as one string; undefined when none.
 */
export function callArguments(caller: CstNode, name: string, parameters: number, variadic: boolean): string[] | undefined {
  const tokens = caller.tokens;
  // A marked caller's own header is no call: a wrapper of the callee's name declares it there with
  // parameters, not arguments. What comes before its name is: a decorator (`@pause(echo_input)`).
  const bodyAt = caller.statementStarts ? caller.bodyAt : undefined;
  const header = bodyAt === undefined ? -1 : tokens.lastIndexOf(caller.name, bodyAt - 1);
  const from = bodyAt !== undefined ? 0 : locateBody(caller)?.at ?? 0;
  for (let i = from; i + 1 < tokens.length; i++) {
    if (bodyAt !== undefined && header >= 0 && i >= header && i < bodyAt) continue;
    if (tokens[i] !== name || tokens[i + 1] !== '(' || (i > 0 && tokens[i - 1] === 'new')) continue;
    const end = closing(tokens, i + 1);
    if (end < 0) return undefined;
    const args: string[] = [];
    let current: string[] = [];
    let depth = 0;
    for (let j = i + 2; j < end; j++) {
      const t = tokens[j];
      if (OPENING.has(t)) depth++;
      else if (CLOSING.has(t)) depth--;
      if (t === ',' && depth === 0) {
        args.push(current.join(SEP));
        current = [];
      } else current.push(t);
    }
    if (current.length > 0) args.push(current.join(SEP));
    if (args.length === parameters || (variadic && args.length >= parameters - 1)) return args;
  }
  return undefined;
}

/**
 * Joins a statement's tokens into the one string it is compared as: a character no token holds
 * (a string literal may hold spaces), so that it splits back into the same tokens.
 */
const SEP = '\u0001';
const key = (statement: string[]) => statement.join(SEP);
const RETURN = `return${SEP}`;

/** Statements as strings, each parameter (not a member access `x.p`) replaced by its argument. */
export function substituted(statements: string[][], parameters: string[], args: string[] | undefined): string[] {
  if (!args) return statements.map(key);
  const map = new Map<string, string>();
  parameters.forEach((p, i) => {
    if (i < args.length && args[i] !== '') map.set(p, args[i]);
  });
  return statements.map((s) => s.map((t, i) => (i > 0 && s[i - 1] === '.' ? t : map.get(t) ?? t)).join(SEP));
}

/**
 * Words that many languages write and that name nothing of a program's own: `return false`,
 * `return null`, `break`, `continue` fit any code that returns or leaves a loop.
 */
const NAMELESS = new Set(['return', 'break', 'continue', 'true', 'false', 'null', 'nil', 'None', 'True', 'False', 'undefined', 'pass']);

/** Whether a token is a name (a variable, a field, a method, a type; a keyword too), not a literal or `return`. */
export const isName = (t: string) => IDENTIFIER.test(t) && !NAMELESS.has(t);

/**
 * Whether a statement holds a name: not literals and `return` only (`return false`, `return -1`,
 * `return ""`), which fit every body that returns such a value and so tell nothing of where code
 * came from.
 */
const holdsName = (statement: string[]) => statement.some(isName);

/** How many of a callable's statements moved between it and its caller, out of how many it has. */
export interface MovedStatements {
  moved: number;
  total: number;
  /** The caller's statements they matched (each once), as written there: the evidence they take. */
  taken: string[][];
  /**
   * How many more matched but for one identifier (see substitution), one argument added or
   * dropped (see argumentChanged) or the object a call is made on (see receiverReplaced): weaker
   * evidence, not in `moved`.
   */
  substituted: number;
  /** How many of the `moved` hold a name (see holdsName). */
  named: number;
}

/**
 * The statements of `callee`, its parameters replaced by the arguments of its call in `call`, that
 * `had` has and `lacks` does not: for an Extract, the caller before (had) and after (lacks, where
 * the call is); for an Inline, the caller after (had) and before (lacks, where the call was).
 * Statements `claimed` (taken by another callee of the same caller) are no longer in the pool.
 * Undefined when the callee has no braced body.
 */
export function movedStatements(callee: CstNode, had: CstNode, lacks: CstNode, call: CstNode, claimed?: string[][]): MovedStatements | undefined {
  const statements = bodyStatements(callee);
  if (!statements) return undefined;
  const args = callArguments(call, callee.name, callee.parameters.length, callee.stereotypes.includes('variadic'));
  // `return p` of a parameter hands back the caller's own argument: no code of the caller's.
  const handedBack = (st: string[]) => st.length === 2 && st[0] === 'return' && callee.parameters.includes(st[1]);
  const written = substituted(statements.filter((st) => !handedBack(st)), callee.parameters, args);
  const source = allStatements(had);
  const sourceKeys = source.map(unqualifiedKey);
  const lackingKeys = allStatements(lacks).map(unqualifiedKey);
  const pool = lost(sourceKeys, [...lackingKeys, ...(claimed ?? []).map(unqualifiedKey)]);
  const taken: string[] = [];
  const unmatched: string[] = [];
  const matched: string[] = [];
  const moved = matchedStatements(written.map(unqualified), pool, taken, unmatched, matched);
  // a substitution is told on the statements as written: `request.station = s` → `this.station = s`;
  // not with a statement the caller still makes, calling the callee in its place (redirectedCall)
  const lacking = new Set(lackingKeys);
  const near = substitutedStatements(
    asWritten(unmatched, written),
    bag(asWritten(pool, source.map(key)).filter((w) => !redirectedCall(w.split(SEP), callee.name, lacking))),
  );
  const tokens = new Map(sourceKeys.map((k, i) => [k, source[i]]));
  const named = matched.filter((k) => holdsName(k.split(SEP))).length;
  return { moved, total: statements.length, taken: taken.map((k) => tokens.get(k)!), substituted: near, named };
}

/**
 * A statement with `this.` left out before a name (`this.appView.post(id)` as `appView.post(id)`):
 * within one class they are the same code, written with or without the receiver, as
 * RefactoringMiner maps `if (this.view != null)` to `if (view != null)` in an inlined body. Not
 * `this` alone (`return this`, `f(this)`): that is the object itself.
 */
function withoutThis(statement: string[]): string[] {
  const result: string[] = [];
  for (let i = 0; i < statement.length; i++) {
    const t = statement[i];
    if (t === 'this' && statement[i + 1] === '.' && IDENTIFIER.test(statement[i + 2] ?? '') && statement[i - 1] !== '.') i++;
    else result.push(t);
  }
  return result;
}

const unqualifiedKey = (statement: string[]) => key(withoutThis(statement));
const unqualified = (k: string) => unqualifiedKey(k.split(SEP));

/**
 * The statements as written behind `keys` (unqualified, a list or a multiset), from `written`, each
 * one used once.
 */
function asWritten(keys: string[] | Map<string, number>, written: string[]): string[] {
  const byKey = new Map<string, string[]>();
  for (const w of written) {
    const k = unqualified(w);
    const list = byKey.get(k);
    if (list) list.push(w);
    else byKey.set(k, [w]);
  }
  const result: string[] = [];
  const entries: [string, number][] = Array.isArray(keys) ? keys.map((k) => [k, 1]) : [...keys];
  for (const [k, n] of entries) for (let i = 0; i < n; i++) result.push(byKey.get(k)?.shift() ?? k);
  return result;
}

/** Multiset of statement strings. */
function bag(statements: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const s of statements) m.set(s, (m.get(s) ?? 0) + 1);
  return m;
}

/** Whether every statement of `from` is in `into` as written, each matched once. */
export const everyStatementAsWritten = (from: string[][], into: string[][]) => lost(from.map(key), into.map(key)).size === 0;

/** Statements of `from` not in `to` (multiset difference). */
export function lost(from: string[], to: string[]): Map<string, number> {
  const result = bag(from);
  for (const s of to) {
    const count = result.get(s);
    if (count !== undefined) count > 1 ? result.set(s, count - 1) : result.delete(s);
  }
  return result;
}

/**
 * How many of `statements` are among `pool`, each pool entry used once and taken out of `pool`. A
 * `return e` also matches a statement that ends with `e` (`x = e`, `T x = e`), or of three tokens
 * or more, one that contains it: the caller kept the value where the callee returns it. Not a
 * field read (isNameChain) inside another statement: a lazy getter's `return this.adapter` is in
 * every statement that uses the field. The pool entries matched are added to `taken`; the
 * statements not matched (returns aside) to `unmatched`, the ones matched to `matchedOwn`.
 */
export function matchedStatements(statements: string[], pool: Map<string, number>, taken: string[] = [], unmatched: string[] = [], matchedOwn: string[] = []): number {
  let matched = 0;
  const take = (s: string) => {
    const count = pool.get(s);
    if (!count) return false;
    count > 1 ? pool.set(s, count - 1) : pool.delete(s);
    taken.push(s);
    return true;
  };
  for (const s of statements) {
    if (take(s)) {
      matched++;
      matchedOwn.push(s);
      continue;
    }
    if (!s.startsWith(RETURN)) {
      unmatched.push(s);
      continue;
    }
    const value = s.slice(RETURN.length);
    const words = value.split(SEP);
    const long = words.length >= 3 && !isNameChain(words);
    for (const candidate of pool.keys()) {
      if (candidate === value || candidate.endsWith(`${SEP}=${SEP}${value}`) || (long && `${SEP}${candidate}${SEP}`.includes(`${SEP}${value}${SEP}`))) {
        take(candidate);
        matched++;
        matchedOwn.push(s);
        break;
      }
    }
  }
  return matched;
}

/**
 * How many of `statements` match a statement of `pool` but for one identifier (see substitution),
 * one argument (see argumentChanged) or the object a call is made on (see receiverReplaced), each
 * pool entry used once.
 */
function substitutedStatements(statements: string[], pool: Map<string, number>): number {
  if (statements.length === 0) return 0;
  // Pool statements by length: a substitution keeps it, an argument changes it.
  const byLength = new Map<number, string[][]>();
  for (const [s, n] of pool) {
    const tokens = s.split(SEP);
    if (tokens.length < MIN_ARGUMENT_CHANGED) continue;
    const list = byLength.get(tokens.length) ?? [];
    for (let i = 0; i < n; i++) list.push(tokens);
    byLength.set(tokens.length, list);
  }
  const take = (list: string[][] | undefined, fits: (y: string[]) => boolean) => {
    const at = list ? list.findIndex(fits) : -1;
    if (at >= 0) list!.splice(at, 1);
    return at >= 0;
  };
  let count = 0;
  for (const s of statements) {
    const x = s.split(SEP);
    // A substitution first (as long), then an argument added or dropped (another length), then
    // the call made on another object (any length).
    const found =
      take(byLength.get(x.length), (y) => substitution(x, y)) ||
      [...byLength].some(([length, list]) => length !== x.length && take(list, (y) => argumentChanged(x, y))) ||
      [...byLength.values()].some((list) => take(list, (y) => receiverReplaced(x, y)));
    if (found) count++;
  }
  return count;
}

/**
 * `list.add(new Match(name))` and `list.add(new Match(name, 1))`: one statement, of four tokens or
 * more, with an argument added or dropped on the way, as RefactoringMiner maps a statement whose
 * call gained an argument: the longer holds the shorter's tokens with one `, arg` inserted before
 * a `)` or `,`, or one `arg ,` after a `(` or `,` (brackets balanced).
 */
function argumentChanged(a: string[], b: string[]): boolean {
  const [x, y] = a.length < b.length ? [a, b] : [b, a];
  if (x.length < MIN_ARGUMENT_CHANGED) return false;
  let p = 0;
  while (p < x.length && x[p] === y[p]) p++;
  let q = 0;
  while (q < x.length - p && x[x.length - 1 - q] === y[y.length - 1 - q]) q++;
  if (p + q !== x.length) return false;
  const inserted = y.slice(p, y.length - q);
  let depth = 0;
  for (const t of inserted) {
    if (OPENING.has(t)) depth++;
    else if (CLOSING.has(t) && --depth < 0) return false;
  }
  if (depth !== 0) return false;
  return (inserted[0] === ',' && (y[p + inserted.length] === ')' || y[p + inserted.length] === ',')) || (inserted[inserted.length - 1] === ',' && (y[p - 1] === '(' || y[p - 1] === ','));
}

/** Index of the method a statement calls on a chain of names it starts with (`this . a . f (`: 4), or -1. */
function afterReceiver(s: string[]): number {
  let i = 0;
  while (IDENTIFIER.test(s[i] ?? '') && s[i + 1] === '.') i += 2;
  return i > 0 && IDENTIFIER.test(s[i] ?? '') && s[i + 1] === '(' ? i : -1;
}

/**
 * One call made on another object, its method and arguments as they were (`this.agenda.notifyHalt()`
 * and `propagationList.notifyHalt()`, `ctx.queue.add(e)` and `queue.add(e)`): code moved to the
 * class that holds the object calls it on its own field, as RefactoringMiner maps a statement whose
 * receiver was replaced. Five tokens or more, as for a substitution; not `super`, the object itself.
 */
function receiverReplaced(x: string[], y: string[]): boolean {
  if (x.length < MIN_SUBSTITUTED || y.length < MIN_SUBSTITUTED) return false;
  const i = afterReceiver(x);
  const j = afterReceiver(y);
  if (i < 0 || j < 0 || x.length - i !== y.length - j) return false;
  // `super.close()` calls the class's own inherited method, no other object's
  if (x[0] === 'super' || y[0] === 'super') return false;
  if (x.slice(0, i).join(' ') === y.slice(0, j).join(' ')) return false;
  for (let k = 0; k < x.length - i; k++) if (x[i + k] !== y[j + k]) return false;
  return true;
}

const MIN_SUBSTITUTED = 5;

/**
 * Whether the caller still makes the call `statement` made, on the same object with the same
 * arguments, to `name` in its place (`deflater.close()` → `deflater.end()`): the statement was
 * redirected to the new callable, not given to it. Its likeness to a call in the callee's body made
 * on another object (okio e941f186b2's `Deflater.end() { dataProcessor.close() }`, which sixteen
 * tests now call where they called `close()`) is the callee passing the call on, no code the caller
 * lost.
 */
function redirectedCall(statement: string[], name: string, lacking: Set<string>): boolean {
  const i = afterReceiver(statement);
  if (i < 0 || statement[i] === name) return false;
  return lacking.has(unqualifiedKey([...statement.slice(0, i), name, ...statement.slice(i + 1)]));
}

/** Words of a string literal (a message), lower-cased. */
const messageWords = (literal: string) => new Set(literal.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/**
 * Two string literals that are one message reworded (`"User-defined-functions are disabled"` →
 * `"User-defined functions are disabled"`): three words or more each, half of the words of either
 * shared by both. Not two constants (`"and"`, `"or"`): a statement that compares with another
 * constant is another statement.
 */
function rewordedMessage(a: string, b: string): boolean {
  if (!/^["'`]/.test(a) || !/^["'`]/.test(b)) return false;
  const x = messageWords(a);
  const y = messageWords(b);
  if (x.size < 3 || y.size < 3) return false;
  let common = 0;
  for (const w of x) if (y.has(w)) common++;
  return common >= Math.max(x.size, y.size) / 2;
}

const MIN_ARGUMENT_CHANGED = 4;

/**
 * Two statements of five tokens or more that differ in one identifier only, as RefactoringMiner
 * maps a statement with a substitution: a field or variable renamed on the way
 * (`this.count = n` → `this.total = n`), a receiver that became `this` (`request.station = s` →
 * `this.station = s`), a declared type changed. Not the name of a called method: calling another
 * method is another statement (`drawer.performClick()` is not `drawer.dismiss()`). Or in one
 * message reworded (rewordedMessage), as RefactoringMiner replaces a string literal. A shorter one
 * (`free(a)`, `check(status)`) is too common to tell where it came from.
 */
function substitution(x: string[], y: string[]): boolean {
  if (x.length !== y.length || x.length < MIN_SUBSTITUTED) return false;
  let differ = -1;
  for (let i = 0; i < x.length; i++) {
    if (x[i] === y[i]) continue;
    if (differ >= 0) return false;
    differ = i;
  }
  if (differ < 0) return false;
  if (rewordedMessage(x[differ], y[differ])) return true;
  // `super.close()` calls the class's own inherited method: `mSocket.close()` is another object's
  if (x[differ] === 'super' || y[differ] === 'super') return false;
  return IDENTIFIER.test(x[differ]) && IDENTIFIER.test(y[differ]) && x[differ + 1] !== '(';
}

/** The words of a statement (names, keywords, literals), without its punctuation. */
const words = (statement: string[]) => statement.filter(isWord);

/**
 * Whether two statements are one statement edited: two words or more in common, and at least half
 * of the words of the longer (`return getValue().getFirst()` and `return getValue().getComponent()`,
 * `Metric metric1 = new Metric.Builder("new1", …)` and `Metric m1 = new Metric.Builder("m1", …)`),
 * as RefactoringMiner maps a statement after replacements. `_parser = new Parser()` and
 * `_parser.Parse("")` share a field, not a statement. A statement of two words is kept only as
 * written: `return he` shares its two words with any `return he.Code`, a keyword and a receiver,
 * no sign of one statement edited into the other. `x` and `y` are the statements' words.
 */
function edited(x: string[], y: string[]): boolean {
  if (x.length < 2 || y.length < 2) return false;
  if (Math.min(x.length, y.length) === 2 && x.join(' ') !== y.join(' ')) return false;
  const pool = bag(y);
  let common = 0;
  for (const w of x) {
    const n = pool.get(w);
    if (n) {
      common++;
      n > 1 ? pool.set(w, n - 1) : pool.delete(w);
    }
  }
  return common >= 2 && 2 * common >= Math.max(x.length, y.length);
}

/** Whether any statement of `before` is in `after`, as written or edited (see edited). */
export function anyStatementKept(before: string[][], after: string[][]): boolean {
  const afterWords = after.map(words);
  return before.some((a) => {
    const x = words(a);
    return afterWords.some((y) => edited(x, y));
  });
}

/** Whether every statement of `before` is in `after`, as written or edited (see edited), each matched once. */
export function everyStatementKept(before: string[][], after: string[][]): boolean {
  const pool = after.map(words);
  return before.every((a) => {
    const x = words(a);
    const i = pool.findIndex((y) => edited(x, y) || x.join(' ') === y.join(' '));
    if (i < 0) return false;
    pool.splice(i, 1);
    return true;
  });
}
