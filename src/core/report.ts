/**
 * Relationships → refactorings as users and scripts see them: the display type names that
 * RefactoringMiner users know, and the RefactoringMiner-compatible JSON report of DESIGN.md.
 */
import { arityMark, isCallable, type Cst, type CstNode } from './cst';
import { RELATIONSHIP_INFO, type FoundBy, type Relationship, type RelationshipType } from './relationship-types';

export interface ReportLocation {
  filePath: string;
  startLine: number;
  endLine: number;
  startColumn: number;
  endColumn: number;
  codeElementType: string;
  description: string;
  codeElement: string;
}

export interface ElementRef {
  file: string;
  kind: string;
  name: string;
  qualifiedName: string;
  startLine: number;
  endLine: number;
}

export interface ReportRefactoring {
  type: string;
  description: string;
  leftSideLocations: ReportLocation[];
  rightSideLocations: ReportLocation[];
  relationship: RelationshipType;
  similarity?: number;
  /** How it was found: the matching step that paired the two elements, or `call-graph`, `hierarchy`, `copies` (Relationship.foundBy). */
  foundBy: FoundBy;
  before: ElementRef;
  after: ElementRef;
}

export interface ReportCommit {
  repository: string;
  sha1: string;
  url: string;
  refactorings: ReportRefactoring[];
}

export interface Report {
  commits: ReportCommit[];
}

/** The display type of a relationship, e.g. "Rename Method", "Move File", "Extract Interface". */
export function displayType(type: RelationshipType, before: CstNode, after: CstNode): string {
  const noun = after.noun;
  switch (type) {
    case 'SAME':
      return `Same ${noun}`;
    case 'CONVERT_TYPE':
      return 'Change Type Declaration Kind';
    case 'CHANGE_SIGNATURE':
      return `Change ${noun} Signature`;
    case 'PULL_UP':
      return `Pull Up ${noun}`;
    case 'PUSH_DOWN':
      return `Push Down ${noun}`;
    case 'PULL_UP_SIGNATURE':
      return `Pull Up ${noun} Signature`;
    case 'PUSH_DOWN_IMPL':
      return `Push Down ${noun} Implementation`;
    case 'RENAME':
      return `Rename ${noun}`;
    case 'MOVE':
    case 'INTERNAL_MOVE':
      return `Move ${noun}`;
    case 'MOVE_RENAME':
    case 'INTERNAL_MOVE_RENAME':
      return `Move And Rename ${noun}`;
    case 'EXTRACT_SUPER':
      return after.kind === 'interface' || after.kind === 'trait' || after.kind === 'protocol'
        ? 'Extract Interface'
        : 'Extract Superclass';
    case 'EXTRACT':
      return `Extract ${noun}`;
    case 'EXTRACT_MOVE':
      return `Extract And Move ${noun}`;
    case 'INLINE':
      return `Inline ${before.noun}`;
  }
}

/** Parent chain from the root down to the node (inclusive). */
export function ancestry(cst: Cst, node: CstNode): CstNode[] {
  const chain: CstNode[] = [];
  for (let n: CstNode | undefined = node; n; n = n.parent === undefined ? undefined : cst.nodes[n.parent]) chain.unshift(n);
  return chain;
}

/** The name with its type parameters where the identifier counts them (`Wrapper<TRequest,TResponse>`, see CstNode.typeParameters). */
const shownName = (n: CstNode) => (n.typeParameters ? `${n.name}<${n.typeParameters.join(',')}>` : n.name);

/**
 * The identifier as its declaration writes it: type parameters by name where the identity only
 * counts them (C#'s `Wrapper<,>` shown `Wrapper<TRequest,TResponse>`), and a callable's parameter
 * types as written (`load(List<URL>)`) where the identity erases part of them (Java's generic
 * arguments, C#'s): a signature change that only the written types tell is then seen on both
 * sides. Elsewhere the signature itself.
 */
function shownSignature(n: CstNode): string {
  const head = n.name + arityMark(n.typeParameters?.length ?? 0);
  // what the identity writes before the name: a Kotlin extension's receiver (`Closeable.closeQuietly()`),
  // shown in parentheses, as Go writes a method's receiver, so as not to read as a nested type
  // (`MockWebServer.(Sink).write()`)
  const at = n.signature.startsWith(head) ? 0 : n.signature.indexOf(`.${head}(`) + 1;
  if (at === 0 && !n.signature.startsWith(head)) return n.signature;
  const prefix = n.signature.slice(0, at);
  const rest = n.signature.slice(at + head.length);
  return (
    (prefix && n.stereotypes.includes('extension') ? `(${prefix.slice(0, -1)}).` : prefix) +
    shownName(n) +
    (rest.startsWith('(') && n.parameterTypes.length > 0 ? `(${n.parameterTypes.join(',')})` : rest)
  );
}

/** `my.calc.Calculator.sum(int,int)` or `src/util/index.js/helper`: namespace, then names down to the node. */
export function qualifiedName(cst: Cst, node: CstNode): string {
  const chain = ancestry(cst, node);
  const separator = chain[0].kind === 'file' ? '/' : '.';
  const parts = chain.map((n, i) => (i === chain.length - 1 ? shownSignature(n) : shownName(n)));
  return chain[0].namespace + parts.join(separator);
}

/** The name a description uses for the element: `sum(int x, int y)`, `Calculator`, `a/b.js`. */
export function codeElement(node: CstNode): string {
  if (node.kind === 'file') return node.namespace + node.name;
  // Methods and functions (and anything with parameters) are shown with their parameters; types and files by name.
  if (!isCallable(node) && node.parameters.length === 0) return shownName(node);
  const params = node.parameters.map((p, i) => (node.parameterTypes[i] ? `${p} ${node.parameterTypes[i]}` : p).trim());
  return `${shownName(node)}(${params.join(', ')})${node.returnType ? ` : ${node.returnType}` : ''}`;
}



function containerName(cst: Cst, node: CstNode): string {
  if (node.parent === undefined) return node.namespace.replace(/[./]$/, '') || '(root)';
  const parent = cst.nodes[node.parent];
  return `${parent.noun.toLowerCase()} ${qualifiedName(cst, parent)}`;
}

function location(cst: Cst, node: CstNode, description: string): ReportLocation {
  const loc = node.location;
  return {
    filePath: loc.file,
    startLine: loc.startLine,
    endLine: loc.endLine,
    startColumn: loc.startColumn,
    endColumn: loc.endColumn,
    codeElementType: codeElementType(node),
    description,
    codeElement: node.kind === 'file' ? loc.file : codeElement(node),
  };
}

/** RefactoringMiner's codeElementType vocabulary where it has one. */
function codeElementType(node: CstNode): string {
  switch (node.noun) {
    case 'Method':
    case 'Function':
      return 'METHOD_DECLARATION';
    case 'File':
      return 'FILE';
    default:
      return 'TYPE_DECLARATION';
  }
}

export function elementRef(cst: Cst, node: CstNode): ElementRef {
  return {
    file: node.location.file,
    kind: node.kind,
    name: node.name,
    qualifiedName: qualifiedName(cst, node),
    startLine: node.location.startLine,
    endLine: node.location.endLine,
  };
}

function describe(r: Relationship, type: string, before: Cst, after: Cst): string {
  const b = isCallable(r.before) ? codeElement(r.before) : qualifiedName(before, r.before);
  const a = isCallable(r.after) ? codeElement(r.after) : qualifiedName(after, r.after);
  const from = containerName(before, r.before);
  const to = containerName(after, r.after);
  const kind = RELATIONSHIP_INFO[r.type];
  if (r.before.kind === 'file') return `${type} ${r.before.location.file} to ${r.after.location.file}`;
  switch (r.type) {
    case 'EXTRACT':
    case 'EXTRACT_MOVE':
      return `${type} ${a} extracted from ${b} in ${from}${r.type === 'EXTRACT_MOVE' ? ` & moved to ${to}` : ''}`;
    case 'INLINE':
      return `${type} ${b} inlined to ${a} in ${to}`;
    case 'EXTRACT_SUPER':
      return `${type} ${qualifiedName(after, r.after)} from ${r.before.noun.toLowerCase()} ${qualifiedName(before, r.before)}`;
    default:
      if (!isCallable(r.before)) return `${type} ${b} ${kind.moves ? 'moved' : 'renamed'} to ${a}`;
      if (kind.moves) return `${type} ${b} from ${from} to ${a} from ${to}`;
      if (kind.renames) return `${type} ${b} renamed to ${a} in ${to}`;
      return `${type} ${b} to ${a} in ${to}`;
  }
}

/** One refactoring of the report; undefined for SAME, which is not a refactoring. */
export function toRefactoring(r: Relationship, before: Cst, after: Cst): ReportRefactoring | undefined {
  if (!RELATIONSHIP_INFO[r.type].refactoring) return undefined;
  const type = displayType(r.type, r.before, r.after);
  const refactoring: ReportRefactoring = {
    type,
    description: describe(r, type, before, after),
    leftSideLocations: [location(before, r.before, `original ${r.before.noun.toLowerCase()} declaration`)],
    rightSideLocations: [location(after, r.after, `${r.after.noun.toLowerCase()} declaration after refactoring`)],
    relationship: r.type,
    foundBy: r.foundBy,
    before: elementRef(before, r.before),
    after: elementRef(after, r.after),
  };
  if (r.similarity !== undefined) refactoring.similarity = Math.round(r.similarity * 1000) / 1000;
  return refactoring;
}

/** The refactorings of a set of relationships, in a stable order: by file, line, then type. */
export function toRefactorings(relationships: Relationship[], before: Cst, after: Cst): ReportRefactoring[] {
  return relationships
    .map((r) => toRefactoring(r, before, after))
    .filter((r): r is ReportRefactoring => r !== undefined)
    .sort(
      (x, y) =>
        x.after.file.localeCompare(y.after.file) ||
        x.after.startLine - y.after.startLine ||
        x.type.localeCompare(y.type) ||
        x.before.file.localeCompare(y.before.file) ||
        x.before.startLine - y.before.startLine,
    );
}

/** One line of the CLI's text output: type, before, after. */
export function formatRefactoring(r: ReportRefactoring): string {
  return `${r.type}\t${r.before.qualifiedName} (${r.before.file}:${r.before.startLine})\t${r.after.qualifiedName} (${r.after.file}:${r.after.startLine})`;
}

/** Below this code similarity a pair taken by its members (findMatchingsByChildren) has little code of its own to show for it. */
const WEAK_CHILDREN_SIMILARITY = 0.5;

/**
 * How a refactoring was found, in words a user reads in a tooltip: "Paired by its name, unique on
 * both sides; code similarity 82%", "Found through the call graph: the new method is called from
 * where the code it holds was lost; similarity 61%". `weak` where the evidence is thin and a look
 * is worth it: a pair left to its place, the only one unpaired in its container (position), each
 * other's closest match and nothing more (mutual-best), a container paired by its members with
 * little of its own code alike.
 */
export function howFound(r: Pick<ReportRefactoring, 'type' | 'relationship' | 'foundBy' | 'similarity'>): { text: string; weak: boolean } {
  const percent = r.similarity === undefined ? undefined : `${Math.round(r.similarity * 100)}%`;
  const noun = r.type.slice(r.type.lastIndexOf(' ') + 1).toLowerCase();
  const weak = r.foundBy === 'position' || r.foundBy === 'mutual-best' || (r.foundBy === 'children' && (r.similarity ?? 0) < WEAK_CHILDREN_SIMILARITY);
  const words = foundWords(r, noun);
  if (weak) return { text: `${words}${percent ? ` (code similarity ${percent})` : ''}: check it`, weak };
  const measure = r.foundBy === 'call-graph' || r.foundBy === 'hoisted-local' ? 'similarity' : 'code similarity';
  return { text: percent ? `${words}; ${measure} ${percent}` : words, weak };
}

function foundWords(r: Pick<ReportRefactoring, 'relationship' | 'foundBy'>, noun: string): string {
  switch (r.foundBy) {
    case 'identity':
      return 'Paired by its name, in the same place';
    case 'unique-name':
      return 'Paired by its name, unique on both sides';
    case 'alias-left':
      return `Paired by the alias the rename left behind: the new ${noun} still answers to the old name`;
    case 'similarity-safe':
      return 'Paired by its code, its name or its container unchanged';
    case 'similarity':
      return 'Paired by its code';
    case 'redirected-calls':
      return 'Paired through its callers: they now call the new name instead';
    case 'children':
      return 'Paired by its members: most of them went into the new one';
    case 'position':
      return 'Paired by position, as the only one left unpaired in its container';
    case 'split-code':
      return 'Paired by its code, now spread over the new helpers it calls';
    case 'mutual-best':
      return "Paired as each other's closest match among the members changed";
    case 'same-rename':
      return `Paired as the same ${noun} written elsewhere (its implementation, or its prototype) was renamed the same way`;
    case 'arity-namesake':
      return 'Paired as its namesake with other type parameters was renamed the same way';
    case 'namesake-members':
      return "Paired among the types of its name as the one keeping most of its members' signatures";
    case 'renamed-supertype':
      return 'Paired as the supertype its subtype now names in its place';
    case 'hoisted-local':
      return `Found through the call graph: a local ${noun} moved out of the ${noun} that declared it, and called from there`;
    case 'call-graph':
      return r.relationship === 'INLINE'
        ? `Found through the call graph: the ${noun} is gone and its code is now where it was called`
        : `Found through the call graph: the new ${noun} is called from where the code it holds was lost`;
    case 'hierarchy':
      return `Found through the type hierarchy: ${hierarchyWords(r.relationship)}`;
    case 'copies':
      return 'One of several copies of a moved member, merged into it';
  }
}

function hierarchyWords(relationship: RelationshipType): string {
  switch (relationship) {
    case 'PULL_UP_SIGNATURE':
      return 'a new supertype declares its signature';
    case 'PUSH_DOWN_IMPL':
      return 'its body went into a subtype, its declaration stayed';
    case 'PULL_UP':
      return 'a supertype now has it, its copy in the subtype is gone';
    case 'PUSH_DOWN':
      return 'a subtype now has it, the supertype\'s is gone';
    case 'EXTRACT_SUPER':
      return 'the type now extends a new one, which took members of it';
    default:
      return 'found from the types around it';
  }
}
