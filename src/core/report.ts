/**
 * Relationships → refactorings as users and scripts see them: the display type names that
 * RefactoringMiner users know, and the RefactoringMiner-compatible JSON report of DESIGN.md.
 */
import { arityMark, isCallable, type Cst, type CstNode } from './cst';
import { RELATIONSHIP_INFO, type Relationship, type RelationshipType } from './relationship-types';

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

/**
 * A key for a pair of elements by their places (a refactoring's before and after, or a node's
 * location): how a matching step's pair (ComparisonMonitor.paired) is found again from the report.
 */
export function pairKey(a: Pick<ElementRef, 'file' | 'startLine' | 'endLine'>, b: Pick<ElementRef, 'file' | 'startLine' | 'endLine'>): string {
  return `${a.file}:${a.startLine}-${a.endLine}\u0000${b.file}:${b.startLine}-${b.endLine}`;
}

export interface ReportRefactoring {
  type: string;
  description: string;
  leftSideLocations: ReportLocation[];
  rightSideLocations: ReportLocation[];
  relationship: RelationshipType;
  similarity?: number;
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
