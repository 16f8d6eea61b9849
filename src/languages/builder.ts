/**
 * The generic CST builder: one walk of the syntax tree per file, driven by a LanguageSpec.
 *
 * The walk collects the file's tokens once (leaf texts, comments excluded, string literals whole)
 * and opens a CST node where a declaration rule matches; a node's tokens are the slice of the
 * file's tokens between its opening and its closing, so they include its children's.
 */
import { arityMark, type CallSite, type CstNode, type FileCst, type LanguageFacts, type Location, isType } from '../core/cst';
import { boundModule, SELF_TYPE, UNKNOWN_TYPE, type CallRule, type Declaration, type DeclarationRule, type LanguageSpec, type Parameters, type Receiver, type TypedName } from './spec';
import type { SyntaxNode, SyntaxTree } from './treesitter';
import { comparableType } from './type-spelling';

interface OpenDeclaration {
  id: number;
  depth: number;
  declaration: Declaration;
  tokenStart: number;
  bodyStart: number;
  bodyEnd: number;
  parameterNames: Set<string>;
  /** LanguageSpec.definedFor of the declaration, once asked (null: none). */
  definedFor?: string | null;
}

/** A call whose receiver names a variable or field: resolved once the file is walked (a field may be declared below its use). */
interface PendingReceiver {
  site: CallSite;
  receiver: Receiver & { kind: 'name' | 'field' };
  /** Ids of the declarations open around the call, innermost last. */
  scopes: number[];
}

/** An argument written as a bare name (CallRule.argumentName): its type is the one the name is declared with, read at the end of the walk. */
interface PendingArgument {
  site: CallSite;
  index: number;
  name: string;
  scopes: number[];
}

/** What the walk does at a node type: bits of a per-language table indexed by node type id. */
const COMMENT = 1;
const ATOMIC = 2;
const DECLARATION = 4;
const CALL = 8;
const OPAQUE = 16;
const TYPED = 32;
const STATEMENT = 64;
const STATEMENT_LIST = 128;
const STATEMENT_END_LIST = 256;
/** tree-sitter's type id of ERROR nodes. */
const ERROR_TYPE_ID = 65535;

interface TypeTable {
  roles: Uint16Array;
  names: string[];
}

interface Walk {
  spec: LanguageSpec;
  types: TypeTable;
  text: string;
  file: string;
  nodes: CstNode[];
  /** Text and start offset of every token of the file, in order. */
  tokens: string[];
  tokenStarts: number[];
  /** Indices into `tokens` where a statement starts (LanguageSpec.statementTypes), in order. */
  statementStarts: number[];
  /** Depths of the children of the statement lists being walked (LanguageSpec.statementLists), innermost last. */
  statementLists: number[];
  /** Indices into `tokens` where a statement ended with no `;` written (LanguageSpec.statementEndLists), in order. */
  statementEnds: number[];
  /** Depths of the children of the statement-end lists being walked (LanguageSpec.statementEndLists), innermost last. */
  statementEndLists: number[];
  open: OpenDeclaration[];
  /** Depths of the opaque nodes being walked (declarations inside them are not nodes). */
  opaque: number[];
  errors: number;
  /** Per CST node id: names declared with a type in its own code (LanguageSpec.typedNames), '' when several types. */
  typed: Map<number, Map<string, string>>;
  /** Per CST node id: the types of `typed` as written, where the language gives them (TypedName's `written`), '' when several. */
  typedWritten: Map<number, Map<string, string>>;
  pending: PendingReceiver[];
  pendingArguments: PendingArgument[];
  /** Calls whose receiver is another call, by that call's syntax node id: it is walked next, inside them. */
  receiverCalls: Map<number, { site: CallSite; owner: number }>;
  /** The name calls give the file's module (LanguageSpec.module), '' when the language names none. */
  module: string;
}

const typeTables = new Map<LanguageSpec, TypeTable>();

/**
 * The role of every named node type of the spec's grammar, by type id (one name may have several
 * ids): comparing numbers instead of type names keeps the walk cheap.
 */
function typeTable(spec: LanguageSpec, tree: SyntaxTree): TypeTable {
  let table = typeTables.get(spec);
  if (table) return table;
  const language = tree.language;
  const roleOf = new Map<string, number>();
  const add = (types: Iterable<string>, role: number) => {
    for (const type of types) roleOf.set(type, (roleOf.get(type) ?? 0) | role);
  };
  add(spec.comments, COMMENT);
  add(spec.atomicTokens, ATOMIC);
  add(Object.keys(spec.declarations), DECLARATION);
  add(Object.keys(spec.calls), CALL);
  add(spec.opaque, OPAQUE);
  add(Object.keys(spec.typedNames ?? {}), TYPED);
  add(spec.statementTypes ?? [], STATEMENT);
  add(spec.statementLists ?? [], STATEMENT_LIST);
  add(spec.statementEndLists ?? [], STATEMENT_END_LIST);
  const roles = new Uint16Array(language.nodeTypeCount);
  const names: string[] = [];
  const named = new Set<string>();
  for (let id = 0; id < roles.length; id++) {
    names[id] = language.nodeTypeForId(id) ?? '';
    if (language.nodeTypeIsNamed(id)) {
      roles[id] = roleOf.get(names[id]) ?? 0;
      named.add(names[id]);
    }
  }
  // a keyword or punctuation that starts a statement (Ruby's `end`), where no named type has its name
  // (Ruby's `do` node, a loop's body, is a statement; the `do` of a block is not)
  for (let id = 0; id < roles.length; id++) {
    if (!language.nodeTypeIsNamed(id) && !named.has(names[id]) && spec.statementTypes?.includes(names[id])) roles[id] = STATEMENT;
  }
  table = { roles, names };
  typeTables.set(spec, table);
  return table;
}

const NO_BODY = -1;

export function buildFileCst(tree: SyntaxTree, text: string, file: string, spec: LanguageSpec): FileCst {
  const walk: Walk = {
    spec, types: typeTable(spec, tree), text, file, nodes: [], tokens: [], tokenStarts: [], statementStarts: [], statementLists: [], statementEnds: [], statementEndLists: [], open: [], opaque: [], errors: 0, typed: new Map(), typedWritten: new Map(), pending: [], pendingArguments: [], receiverCalls: new Map(),
    module: spec.fileNode && spec.module ? spec.module(tree.rootNode, file) : '',
  };
  const root = tree.rootNode;
  if (spec.fileNode) openFileNode(walk, root);
  walkTree(walk, tree);
  closeDeclarations(walk, -1);
  resolvePending(walk);
  const nodes = spec.regroup ? spec.regroup(walk.nodes, root) : walk.nodes;
  for (const node of nodes) if (node.parent === undefined) node.namespace = spec.namespace(root, file, node.location.begin);
  if (spec.rootTypes) markRootSupertypes(nodes, spec.rootTypes);
  if (spec.reopenedKinds) markNamespaces(nodes, spec.reopenedKinds);
  const facts = languageFacts(spec);
  const typeAliases = spec.typeAliases && aliasTable(spec.typeAliases(root));
  return { file, language: spec.id, nodes, errors: walk.errors, ...(facts && { facts }), ...(typeAliases && { typeAliases }) };
}

/** FileCst.typeAliases: the aliases by name, '' for a name declared as two types; undefined when none. */
function aliasTable(aliases: Array<[string, string]>): Record<string, string> | undefined {
  if (aliases.length === 0) return undefined;
  const table: Record<string, string> = Object.create(null);
  for (const [name, type] of aliases) table[name] = name in table && table[name] !== type ? '' : type;
  return table;
}

/** FileCst.facts: the LanguageSpec fields the comparison reads, undefined where the language sets none. */
function languageFacts(spec: LanguageSpec): LanguageFacts | undefined {
  const { memberJoiners, kindsAlike, reopenedTypes } = spec;
  return memberJoiners || kindsAlike || reopenedTypes
    ? { ...(memberJoiners && { memberJoiners }), ...(kindsAlike && { kindsAlike }), ...(reopenedTypes && { reopenedTypes }) }
    : undefined;
}

/**
 * The 'namespace' stereotype: a declaration of a kind any file may open again whose children are
 * all types (`module Rack` around a file's classes), as every file of a project may write it.
 */
function markNamespaces(nodes: CstNode[], kinds: string[]): void {
  for (const node of nodes) {
    if (kinds.includes(node.kind) && node.children.length > 0 && node.children.every((id) => isType(nodes[id]))) node.stereotypes.push('namespace');
  }
}

/** CstNode.rootSupertypes: the supertypes, once regrouped, that name one of the language's root types. */
function markRootSupertypes(nodes: CstNode[], rootTypes: string[]): void {
  for (const node of nodes) {
    const roots = node.supertypes.filter((name) => rootTypes.includes(name));
    if (roots.length > 0) node.rootSupertypes = roots;
  }
}

/** Depth-first walk with one cursor: enter each node, descend unless told not to, close on leaving. */
function walkTree(walk: Walk, tree: SyntaxTree): void {
  const cursor = tree.walk();
  let depth = 0;
  try {
    for (;;) {
      if (enter(walk, cursor, depth)) {
        if (cursor.gotoFirstChild()) {
          depth++;
          continue;
        }
        addLeaf(walk, cursor);
      }
      for (;;) {
        const endLists = walk.statementEndLists;
        if (endLists.length > 0) {
          if (endLists[endLists.length - 1] === depth) endStatement(walk, cursor);
          while (endLists.length > 0 && endLists[endLists.length - 1] > depth) endLists.pop();
        }
        closeDeclarations(walk, depth);
        const lists = walk.statementLists;
        while (lists.length > 0 && lists[lists.length - 1] > depth) lists.pop();
        if (cursor.gotoNextSibling()) break;
        if (depth === 0 || !cursor.gotoParent()) return;
        depth--;
      }
    }
  } finally {
    cursor.delete();
  }
}

type Cursor = ReturnType<SyntaxTree['walk']>;

/** Visits a node on the way down; returns whether its children are to be walked. */
function enter(walk: Walk, cursor: Cursor, depth: number): boolean {
  const typeId = cursor.nodeTypeId;
  if (typeId === ERROR_TYPE_ID) walk.errors++;
  const role = walk.types.roles[typeId];
  const lists = walk.statementLists;
  if (lists.length > 0 && lists[lists.length - 1] === depth && cursor.nodeIsNamed && !(role & COMMENT)) startStatement(walk);
  if (!role) return true;
  if (role & (COMMENT | ATOMIC)) {
    if (role & ATOMIC) addLeaf(walk, cursor);
    return false;
  }
  const type = walk.types.names[typeId];
  if (role & DECLARATION && walk.opaque.length === 0) openDeclaration(walk, cursor.currentNode, walk.spec.declarations[type], depth);
  if (role & OPAQUE) walk.opaque.push(depth);
  if (role & CALL && walk.open.length > 0) addCall(walk, cursor.currentNode, walk.spec.calls[type]);
  if (role & TYPED && walk.open.length > 0) addTypedNames(walk, cursor.currentNode, walk.spec.typedNames![type]);
  if (role & STATEMENT) startStatement(walk);
  if (role & STATEMENT_LIST) walk.statementLists.push(depth + 1);
  if (role & STATEMENT_END_LIST) walk.statementEndLists.push(depth + 1);
  return true;
}

/** The fields (and Scala's `guard` node) of a `case`'s head (JavaScript's `case 1:`, Scala's `case x if y =>`): no statements of its body. */
const caseHeads = new Set(['value', 'pattern', 'guard']);

/**
 * Leaving a child of a statement-end list (LanguageSpec.statementEndLists): a statement, unless it
 * is a comment or a `case`'s head, ends after its last token; recorded where no `;` is written there.
 */
function endStatement(walk: Walk, cursor: Cursor): void {
  if (!cursor.nodeIsNamed || walk.types.roles[cursor.nodeTypeId] & COMMENT || caseHeads.has(cursor.currentFieldName ?? '') || caseHeads.has(cursor.nodeType)) return;
  const at = walk.tokens.length;
  const ends = walk.statementEnds;
  if (at === 0 || walk.tokens[at - 1] === ';' || ends[ends.length - 1] === at) return;
  ends.push(at);
}

/** A statement starts at the next token. */
function startStatement(walk: Walk): void {
  const starts = walk.statementStarts;
  if (starts.length === 0 || starts[starts.length - 1] !== walk.tokens.length) starts.push(walk.tokens.length);
}

function addCall(walk: Walk, node: SyntaxNode, call: CallRule): void {
  const through = call.invoked?.(node);
  const callee = through ? through.callee : call.functionField ? node.childForFieldName(call.functionField) : node.firstNamedChild ?? node;
  const name = callee ? call.calleeName(callee) : undefined;
  if (name === undefined) return;
  const args = call.argumentsField ? node.childForFieldName(call.argumentsField) : childOfType(node, [call.argumentsType]);
  const all = args?.type === call.argumentsType ? argumentsOf(walk, args) : undefined;
  const written = through ? (through.before === undefined ? undefined : all?.slice(through.before)) : all;
  const receiver = call.receiver?.(node);
  const site: CallSite = { name, args: written ? written.length : -1 };
  if (written && call.argumentType) {
    const types = written.map(call.argumentType);
    if (types.some((type) => type !== '')) site.argumentTypes = types;
    if (call.argumentName) {
      for (let index = 0; index < written.length; index++) {
        const argument = types[index] === '' ? call.argumentName(written[index]) : undefined;
        if (argument !== undefined) walk.pendingArguments.push({ site, index, name: argument, scopes: walk.open.map((open) => open.id) });
      }
    }
  }
  if (receiver) resolveReceiver(walk, site, receiver);
  const owner = walk.open[walk.open.length - 1].id;
  const calls = walk.nodes[owner].calls;
  const outer = walk.receiverCalls.get(node.id);
  if (outer) {
    walk.receiverCalls.delete(node.id);
    if (outer.owner === owner) outer.site.receiverCall = calls.length;
  }
  calls.push(site);
}

const isTypeDeclaration = (node: CstNode) => node.noun !== 'Method' && node.noun !== 'Function' && node.kind !== 'file';

/** Sets the call's receiver type where the enclosing declarations tell it; a named variable waits for the end of the walk. */
function resolveReceiver(walk: Walk, site: CallSite, receiver: Receiver): void {
  if (receiver.kind === 'type') {
    site.receiver = receiver.name;
    if (receiver.exact) site.exact = true;
    if (receiver.qualifier) site.receiverQualifier = receiver.qualifier;
  } else if (receiver.kind === 'module') {
    site.module = receiver.name ?? walk.module;
  } else if (receiver.kind === 'call') {
    walk.receiverCalls.set(receiver.call.id, { site, owner: walk.open[walk.open.length - 1].id });
  } else if (receiver.kind === 'self') {
    if (receiver.opaqueUnknown && walk.opaque.length > 0) return;
    const type = receiver.type ?? definedFor(walk) ?? enclosingTypeNode(walk)?.name;
    if (!type) return;
    Object.assign(site, { receiver: type, ownType: true });
    if (receiver.orFunction) site.orFunction = true;
  } else if (receiver.kind === 'super') {
    const type = enclosingTypeNode(walk)?.supertypes[0];
    if (type) Object.assign(site, { receiver: type, exact: true });
  } else {
    walk.pending.push({ site, receiver, scopes: walk.open.map((open) => open.id) });
  }
}

/** The innermost type declaration open around the walk, if any. */
function enclosingTypeNode(walk: Walk): CstNode | undefined {
  for (let i = walk.open.length - 1; i >= 0; i--) {
    const node = walk.nodes[walk.open[i].id];
    if (isTypeDeclaration(node)) return node;
  }
  return undefined;
}

/** The type the innermost open declaration is defined for (LanguageSpec.definedFor), asked once per declaration. */
function definedFor(walk: Walk): string | undefined {
  const open = walk.open[walk.open.length - 1];
  if (!walk.spec.definedFor || !open) return undefined;
  if (open.definedFor === undefined) open.definedFor = walk.spec.definedFor(open.declaration) ?? null;
  return open.definedFor ?? undefined;
}

function addTypedNames(walk: Walk, node: SyntaxNode, read: (node: SyntaxNode, enclosing: Declaration) => TypedName[]): void {
  const open = walk.open[walk.open.length - 1];
  for (const [name, type, scope, written] of read(node, open.declaration)) {
    const owner = scope === 'field' ? [...walk.open].reverse().find((o) => isTypeDeclaration(walk.nodes[o.id])) : open;
    if (!name || !owner) continue;
    setType(walk.typed, owner.id, name, type);
    if (written !== undefined) setType(walk.typedWritten, owner.id, name, written);
  }
}

function setType(typed: Map<number, Map<string, string>>, owner: number, name: string, type: string): void {
  let names = typed.get(owner);
  if (!names) typed.set(owner, (names = new Map()));
  names.set(name, mergedType(names.get(name), type));
}

/** A name declared twice in one declaration: the one type both give, else none known; UNKNOWN_TYPE if either says that. */
function mergedType(previous: string | undefined, type: string): string {
  if (previous === undefined || previous === type) return type;
  return previous === UNKNOWN_TYPE || type === UNKNOWN_TYPE ? UNKNOWN_TYPE : '';
}

/**
 * A receiver named `x` has the type `x` is declared with in the innermost declaration around the
 * call that declares it (a local, a parameter, then the fields of the enclosing types); `this.x`
 * looks in the enclosing type only; a name nothing declares may be a type (`Util.f()`); a name
 * bound to a module (a Go import) makes the call one of that module's functions.
 */
function resolvePending(walk: Walk): void {
  for (const { site, receiver, scopes } of walk.pending) {
    const declared = declaredType(walk, scopes, receiver.name, receiver.kind === 'field');
    const scope = declared.scope;
    let type = declared.type;
    // A type named (`Util.f()`): its static members or those it inherits, no subtype's override.
    const typeNamed = type === undefined && receiver.kind === 'name' && walk.spec.isTypeName?.(receiver.name) === true;
    if (typeNamed) type = receiver.name;
    const module = type === undefined ? undefined : boundModule(type);
    if (module !== undefined) site.module = module;
    else if (type === UNKNOWN_TYPE) continue;
    else if (type === SELF_TYPE) {
      const own = scopes.map((id) => walk.nodes[id]).reverse().find(isTypeDeclaration);
      if (own) Object.assign(site, { receiver: own.name, ownType: true });
    } else if (type) {
      site.receiver = type;
      if (typeNamed) site.exact = true;
    }
    // A local or parameter of a type nothing tells (not a module-level name, which may be the very
    // object the caller belongs to: `helpers.each()` inside `helpers`).
    else if (type === '' && receiver.kind === 'name' && scope && (scope.noun === 'Method' || scope.noun === 'Function')) site.otherObject = true;
  }
  for (const { site, index, name, scopes } of walk.pendingArguments) {
    const { type, written } = declaredType(walk, scopes, name, false);
    if (!type || type === UNKNOWN_TYPE || type === SELF_TYPE || boundModule(type) !== undefined) continue;
    const types = (site.argumentTypes ??= site.args >= 0 ? new Array<string>(site.args).fill('') : []);
    types[index] = written || type;
  }
}

/**
 * The type `name` is declared with in the innermost of `scopes` (declaration ids, innermost last)
 * that declares it: a local, a parameter, then the fields of the enclosing types; `field`: the
 * innermost enclosing type's fields only. `scope`: the declaration looked in last.
 */
function declaredType(walk: Walk, scopes: number[], name: string, field: boolean): { type: string | undefined; written: string | undefined; scope: CstNode | undefined } {
  let type: string | undefined;
  let written: string | undefined;
  let scope: CstNode | undefined;
  for (let i = scopes.length - 1; i >= 0 && type === undefined; i--) {
    scope = walk.nodes[scopes[i]];
    if (field && !isTypeDeclaration(scope)) continue;
    type = walk.typed.get(scopes[i])?.get(name);
    written = walk.typedWritten.get(scopes[i])?.get(name);
    if (field) break;
  }
  return { type, written, scope };
}

function addLeaf(walk: Walk, cursor: Cursor): void {
  const start = cursor.startIndex;
  const end = cursor.endIndex;
  if (start === end) {
    if (cursor.nodeIsMissing) walk.errors++;
    return;
  }
  addToken(walk, start, end);
}

function addToken(walk: Walk, start: number, end: number): void {
  let token = walk.text.slice(start, end);
  if (isSpace(token.charCodeAt(0)) || isSpace(token.charCodeAt(token.length - 1))) {
    token = token.trim(); // JSX text and the like carry the spaces around them
    if (token === '') return;
  }
  walk.tokens.push(token);
  walk.tokenStarts.push(start);
}

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

/** Arguments written in an argument list, comments excluded. */
function argumentsOf(walk: Walk, args: SyntaxNode): SyntaxNode[] {
  return args.namedChildren.filter((child) => !(walk.types.roles[child.typeId] & COMMENT));
}

function resolveByField(node: SyntaxNode, rule: DeclarationRule): Declaration | undefined {
  const nameNode = node.childForFieldName(rule.nameField ?? 'name');
  if (!nameNode) return undefined;
  return { kind: rule.kind, noun: rule.noun, name: nameNode.text, nameNode, fn: node, node };
}

function openDeclaration(walk: Walk, node: SyntaxNode, rule: DeclarationRule, depth: number): void {
  const declaration = rule.resolve ? rule.resolve(node, rule) : resolveByField(node, rule);
  if (!declaration) return;
  const { spec } = walk;
  const parentOpen = walk.open[walk.open.length - 1];
  // a declaration the parser split (Declaration.start) has its parameters where it starts, its body in `fn`
  const list = parameterList(declaration.start ?? declaration.fn, rule);
  const parameters = list ? spec.parameters(list) : { names: [], types: [] };
  const body = (rule.bodyField && declaration.fn.childForFieldName(rule.bodyField)) || childOfType(declaration.fn, rule.bodyTypes);
  const id = walk.nodes.length;
  const typeParameters = typeParameterNames(walk, childOfType(declaration.start ?? declaration.fn, rule.typeParametersTypes));
  const ownScope = typeParameters ?? typeParameterNames(walk, childOfType(declaration.start ?? declaration.fn, rule.scopedTypeParametersTypes) ?? declaration.typeParameterList);
  const outerScope = parentOpen ? walk.nodes[parentOpen.id].typeParameterScope : undefined;
  // the enclosing scope's own array where the node declares none (a generic class's many methods share one)
  const typeParameterScope = ownScope ? [...(outerScope ?? []), ...ownScope] : outerScope;
  const supertypeQualifiers = spec.supertypeQualifiers?.(declaration);
  const supertypeFullNames = spec.supertypeFullNames?.(declaration);
  const supertypeArities = spec.supertypeArities?.(declaration);
  const head = declaration.name + arityMark(typeParameters?.length ?? 0);
  const signature = rule.signature === 'name' ? head : `${head}(${(parameters.signatureTypes ?? parameters.types).join(',')})`;
  const comparable = comparableTypes(spec, parameters.types);
  const read = parameters.readTypes && comparableTypes(spec, parameters.readTypes);
  const positional = typeParameterScope && positionalTypes(spec, parameters.types, typeParameterScope);
  const facts = { declaration, parameters, body, parent: parentOpen?.declaration };
  const unnamedDepth = spec.unnamedDepth ? spec.unnamedDepth(facts) : 0;
  walk.nodes.push({
    id, kind: declaration.kind, noun: declaration.noun, language: spec.id, name: declaration.name, signature,
    ...(declaration.aliases && { aliases: declaration.aliases }),
    ...(typeParameters && { typeParameters }),
    ...(typeParameterScope && { typeParameterScope }),
    namespace: '', parameters: parameters.names, parameterTypes: parameters.types,
    ...(comparable !== parameters.types && { comparableTypes: comparable }),
    ...(positional && { positionalTypes: positional }),
    ...(identityDiffers(parameters) && { identityTypes: comparableTypes(spec, parameters.signatureTypes!) }),
    ...(read && read.some((t, i) => t !== comparable[i]) && { aliasedTypes: read }),
    ...(parameters.calledWith !== undefined && parameters.calledWith !== parameters.names.length && { calledWith: parameters.calledWith }),
    returnType: spec.returnType ? spec.returnType(declaration) : '',
    parent: parentOpen?.id, children: [],
    location: locate(node, walk.file, declaration.start), nameLocation: locate(declaration.nameNode, walk.file),
    tokens: [], bodyTokens: undefined, calls: [],
    supertypes: spec.supertypes ? spec.supertypes(declaration) : [],
    ...(supertypeQualifiers?.some((q) => q !== '') && { supertypeQualifiers }),
    ...(supertypeFullNames?.some((q) => q !== '') && { supertypeFullNames }),
    ...(supertypeArities && supertypeArities.length > 0 && { supertypeArities }),
    stereotypes: spec.stereotypes ? spec.stereotypes(facts) : [],
    ...(unnamedDepth > 0 && { unnamedDepth }),
    uses: [], subtypeOf: [],
  });
  if (parentOpen) walk.nodes[parentOpen.id].children.push(id);
  walk.open.push({
    id, depth, declaration, tokenStart: walk.tokens.length,
    bodyStart: body ? body.startIndex : NO_BODY, bodyEnd: body ? body.endIndex : NO_BODY,
    parameterNames: new Set(parameters.names),
  });
}

/**
 * `types` in the language's comparable spelling (LanguageSpec.comparableType, else the shared
 * comparableType); `types` itself when that changes none of them (CstNode.comparableTypes is kept
 * only otherwise). A type not written ('') stays so.
 */
function comparableTypes(spec: LanguageSpec, types: string[]): string[] {
  const comparable = spec.comparableType ?? comparableType;
  let spelt: string[] | undefined;
  types.forEach((type, i) => {
    const t = type === '' ? '' : comparable(type);
    if (t !== type) (spelt ??= types.slice())[i] = t;
  });
  return spelt ?? types;
}

/**
 * CstNode.positionalTypes: `types` with each name of a type parameter in `scope` (not a member
 * `x.T` of something else) written by its position, then in the comparable spelling; undefined
 * when none names one. Where a name is in scope twice (an inner `<T>` shadowing an outer), the inner's.
 */
function positionalTypes(spec: LanguageSpec, types: string[], scope: string[]): string[] | undefined {
  const position = new Map(scope.map((name, i) => [name, `${TYPE_PARAMETER_MARK}${i}`]));
  let named = false;
  const written = types.map((type) =>
    type.replace(/(?<![\w$.])[A-Za-z_$][\w$]*/g, (name) => {
      const at = position.get(name);
      if (at === undefined) return name;
      named = true;
      return at;
    }),
  );
  return named ? comparableTypes(spec, written) : undefined;
}

/**
 * What a type parameter's position is written after in CstNode.positionalTypes: a name, so that
 * the comparable spelling reads it as it reads the type parameter's (`T.Inner`, `T?`), that no type has.
 */
const TYPE_PARAMETER_MARK = '__T';

/** Whether the identity reads a parameter type otherwise than it is written (CstNode.identityTypes is kept only then). */
const identityDiffers = (parameters: Parameters) => parameters.signatureTypes?.some((type, i) => type !== parameters.types[i]) === true;

/** The names of a type parameter list (DeclarationRule.typeParametersTypes), comments left out; undefined when there is none. */
function typeParameterNames(walk: Walk, list: SyntaxNode | undefined): string[] | undefined {
  const names = list?.namedChildren
    .filter((parameter) => !(walk.types.roles[parameter.typeId] & COMMENT))
    .map((parameter) => (parameter.childForFieldName('name') ?? parameter.namedChildren.find(isTypeParameterName) ?? parameter).text);
  return names && names.length > 0 ? names : undefined;
}

/** A type parameter's name where its grammar gives it no field (Java's `@A T extends Bound`: the `T`). */
const isTypeParameterName = (child: SyntaxNode) => child.type === 'type_identifier' || child.type === 'identifier';

function parameterList(fn: SyntaxNode, rule: DeclarationRule): SyntaxNode | undefined {
  for (const field of rule.parametersFields ?? []) {
    const list = fn.childForFieldName(field);
    if (list) return list;
  }
  return childOfType(fn, rule.parametersTypes);
}

/** The first child of one of `types` (for grammars without fields), undefined when none or no types. */
function childOfType(node: SyntaxNode, types: string[] | undefined): SyntaxNode | undefined {
  if (!types) return undefined;
  for (const type of types) {
    const child = node.namedChildren.find((c) => c.type === type);
    if (child) return child;
  }
  return undefined;
}

function openFileNode(walk: Walk, root: SyntaxNode): void {
  const { kind, noun } = walk.spec.fileNode!;
  const name = walk.file.slice(walk.file.lastIndexOf('/') + 1);
  const location = locateFile(walk.text, walk.file);
  walk.nodes.push({
    id: 0, kind, noun, language: walk.spec.id, name, signature: name, namespace: '', parameters: [], parameterTypes: [],
    returnType: '', parent: undefined, children: [], location, nameLocation: { ...location }, tokens: [], bodyTokens: undefined,
    calls: [], supertypes: [], stereotypes: [], uses: [], subtypeOf: [],
  });
  if (walk.spec.module) walk.nodes[0].module = walk.module;
  const declaration: Declaration = { kind, noun, name, nameNode: root, fn: root, node: root };
  walk.open.push({ id: 0, depth: -1, declaration, tokenStart: 0, bodyStart: 0, bodyEnd: walk.text.length, parameterNames: new Set() });
}

/** Closes the declarations opened at `depth` or deeper, now that the walk leaves them. */
function closeDeclarations(walk: Walk, depth: number): void {
  while (walk.opaque.length > 0 && walk.opaque[walk.opaque.length - 1] >= depth) walk.opaque.pop();
  while (walk.open.length > 0 && walk.open[walk.open.length - 1].depth >= depth) {
    const open = walk.open.pop()!;
    const node = walk.nodes[open.id];
    node.tokens = walk.tokens.slice(open.tokenStart);
    if (open.bodyStart !== NO_BODY) {
      const first = firstTokenFrom(walk.tokenStarts, open.bodyStart, open.tokenStart);
      node.bodyTokens = bodyTokens(walk, open, first);
      if (first < walk.tokens.length && walk.tokenStarts[first] < open.bodyEnd) node.bodyAt = first - open.tokenStart;
    }
    if (walk.spec.statementTypes || walk.spec.statementLists) node.statementStarts = statementStarts(walk, open.tokenStart);
    if (walk.spec.statementEndLists) {
      const ends = statementEnds(walk, open.tokenStart);
      if (ends.length > 0) node.statementEnds = ends;
    }
  }
}

/** The statement ends (no `;` written) inside the declaration that starts at `tokenStart`, relative to it. */
function statementEnds(walk: Walk, tokenStart: number): number[] {
  const ends = walk.statementEnds;
  const result: number[] = [];
  for (let i = firstIndexFrom(ends, tokenStart + 1); i < ends.length && ends[i] < walk.tokens.length; i++) result.push(ends[i] - tokenStart);
  return result;
}

/** The statement starts from `tokenStart` on, relative to it (the declaration's header is statement 0). */
function statementStarts(walk: Walk, tokenStart: number): number[] {
  const starts = walk.statementStarts;
  const result = [0];
  for (let i = firstIndexFrom(starts, tokenStart); i < starts.length; i++) if (starts[i] > tokenStart) result.push(starts[i] - tokenStart);
  return result;
}

/** Index of the first value at or after `value` in an ascending list. */
function firstIndexFrom(list: number[], value: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list[mid] < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The body's tokens from its first, `first` (an index into walk.tokens), without parameter names and `return`. */
function bodyTokens(walk: Walk, open: OpenDeclaration, first: number): string[] {
  const result: string[] = [];
  for (let i = first; i < walk.tokens.length && walk.tokenStarts[i] < open.bodyEnd; i++) {
    const token = walk.tokens[i];
    if (token !== 'return' && !open.parameterNames.has(token)) result.push(token);
  }
  return result;
}

/** Index of the first token starting at or after `offset` (binary search from `low`). */
function firstTokenFrom(starts: number[], offset: number, low: number): number {
  let high = starts.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (starts[mid] < offset) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Where `node` is in `file`, from `from` on when given (a declaration the parser split, see Declaration.start). */
export function locate(node: SyntaxNode, file: string, from: SyntaxNode = node): Location {
  const start = from.startPosition;
  const end = node.endPosition;
  return {
    file, startLine: start.row + 1, startColumn: start.column + 1, endLine: end.row + 1, endColumn: end.column + 1,
    begin: from.startIndex, end: node.endIndex,
  };
}

function locateFile(text: string, file: string): Location {
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  const lastLineStart = text.lastIndexOf('\n') + 1;
  return { file, startLine: 1, startColumn: 1, endLine: lines, endColumn: text.length - lastLineStart + 1, begin: 0, end: text.length };
}
