/**
 * Joins the per-file CSTs of one version into one CST: global ids, then the call graph
 * (`uses`) and the type hierarchy (`subtypeOf`) resolved by name across the files.
 * Resolution by name is what a tree-sitter engine can do without types: a call links to the
 * callables of that name, narrowed by the type it is made on where the language module could tell
 * it (the declared type of the receiver variable), or to the functions of a module where the call
 * names one (`fmt.Println()`), then by arity, then by file, when that narrows it.
 */
import { argumentsTaken, isCallable, isType, type ArgumentFit, type ArgumentFitRules, type Cst, type CstNode, type FileCst, type LanguageFacts } from './cst';

/** A call or supertype name with more candidates than this, none in the same file, is left unlinked. */
const MAX_AMBIGUOUS_TARGETS = 4;


/** A call with `args` arguments fits the callable: as many parameters, or a variadic last one given zero or more. */
const acceptsArguments = (n: CstNode, args: number) =>
  args < 0 || argumentsTaken(n) === args || (n.stereotypes.includes('variadic') && args >= argumentsTaken(n) - 1);

const isExtension = (n: CstNode) => n.stereotypes.includes('extension');

/** A function, no type's member (declared in it or for it), or a constructor (`Foo(x)` in Kotlin or C++ creates a Foo). */
const isFunctionOrConstructor = (n: CstNode) =>
  n.stereotypes.includes('constructor') || (!n.stereotypes.includes('type-member') && n.owner === undefined);

/** `argumentFit`: the languages' rules for the types of arguments the calls tell (LanguageSpec.argumentFit). */
export function assembleCst(files: FileCst[], argumentFit?: ArgumentFitRules): Cst {
  const nodes: CstNode[] = [];
  const roots: number[] = [];
  const languages: Record<string, LanguageFacts> = {};
  for (const file of files) {
    if (file.facts) languages[file.language] = file.facts;
    const offset = nodes.length;
    for (const local of file.nodes) {
      const node: CstNode = {
        ...local,
        id: local.id + offset,
        parent: local.parent === undefined ? undefined : local.parent + offset,
        children: local.children.map((c) => c + offset),
        uses: [],
        subtypeOf: [],
      };
      nodes.push(node);
      if (node.parent === undefined) roots.push(node.id);
    }
  }
  const cst: Cst = { nodes, roots, files: files.map((f) => f.file), damaged: files.filter((f) => f.errors > 0).map((f) => f.file) };
  if (Object.keys(languages).length > 0) cst.languages = languages;
  link(cst, argumentFit);
  return cst;
}

function indexByName(nodes: CstNode[], accept: (n: CstNode) => boolean): Map<string, CstNode[]> {
  const index = new Map<string, CstNode[]>();
  for (const node of nodes) {
    if (!accept(node)) continue;
    const list = index.get(node.name);
    if (list) list.push(node);
    else index.set(node.name, [node]);
  }
  return index;
}

/** How many folders two files' paths share from the root (`a/b/x.ts`, `a/c/y.ts`: 1). */
function sharedFolders(a: string, b: string): number {
  const pa = a.split('/');
  const pb = b.split('/');
  let i = 0;
  while (i < pa.length - 1 && i < pb.length - 1 && pa[i] === pb[i]) i++;
  return i;
}

/** Narrows candidates step by step, keeping a step only when it leaves someone. */
function narrow(candidates: CstNode[], ...steps: Array<(n: CstNode) => boolean>): CstNode[] {
  let current = candidates;
  for (const step of steps) {
    const next = current.filter(step);
    if (next.length > 0) current = next;
  }
  return current;
}

/**
 * The type hierarchy by simple names: whether a callee declared in type `owner` can be what a call
 * on a receiver of type `receiver` runs: the same type, one it inherits from (an inherited
 * method), or, unless the receiver is `exact`, one that inherits from it (an override, or an
 * implementation of an interface).
 */
function hierarchy(nodes: CstNode[]): (owner: string, receiver: string, exact: boolean) => boolean {
  const direct = new Map<string, Set<string>>();
  for (const node of nodes) {
    if (!isType(node) || node.supertypes.length === 0) continue;
    const set = direct.get(node.name) ?? new Set<string>();
    for (const name of node.supertypes) set.add(name);
    direct.set(node.name, set);
  }
  const ancestors = new Map<string, Set<string>>();
  const ancestorsOf = (name: string): Set<string> => {
    let found = ancestors.get(name);
    if (found) return found;
    found = new Set<string>();
    ancestors.set(name, found);
    const queue = [...(direct.get(name) ?? [])];
    while (queue.length > 0) {
      const next = queue.pop()!;
      if (found.has(next) || next === name) continue;
      found.add(next);
      queue.push(...(direct.get(next) ?? []));
    }
    return found;
  };
  return (owner, receiver, exact) => owner === receiver || ancestorsOf(receiver).has(owner) || (!exact && ancestorsOf(owner).has(receiver));
}

/** `java.util.List<Foo>` → `List`, `Foo[]` stays: the simple name of a type as written, '' for none. */
function simpleType(written: string): string {
  let depth = 0;
  let out = '';
  for (const char of written) {
    if (char === '<') depth++;
    else if (char === '>') depth--;
    else if (depth === 0) out += char;
  }
  out = out.replace(/\s+/g, '');
  return out.slice(Math.max(out.lastIndexOf('.'), out.lastIndexOf(':')) + 1);
}

/**
 * The name written before the type the targets of a call return (`Request.Builder url()`: Request),
 * or, for a type returning itself (`Builder url()` in Request.Builder), the type it is nested in;
 * undefined unless all that return `type` tell the same one.
 */
function returnQualifierOf(nodes: CstNode[], targets: number[] | undefined, type: string): string | undefined {
  let qualifier: string | undefined;
  for (const id of targets ?? []) {
    const node = nodes[id];
    if (simpleType(node.returnType) !== type) continue;
    const written = node.returnType.replace(/<.*$/s, '').replace(/\s+/g, '').split('.');
    const owner = node.parent === undefined ? undefined : nodes[node.parent];
    const outer = owner?.parent === undefined ? undefined : nodes[owner.parent];
    const one = written.length > 1 ? written.at(-2) : owner?.name === type && outer && isType(outer) ? outer.name : undefined;
    if (one === undefined || (qualifier !== undefined && qualifier !== one)) return undefined;
    qualifier = one;
  }
  return qualifier;
}

/** The type the targets of a call return, when all that declare one declare the same. */
function returnTypeOf(nodes: CstNode[], targets: number[] | undefined): string | undefined {
  let type: string | undefined;
  for (const id of targets ?? []) {
    const returned = simpleType(nodes[id].returnType);
    if (!returned || returned === 'void') continue;
    if (type !== undefined && type !== returned) return undefined;
    type = returned;
  }
  return type;
}

/**
 * How each typed argument of a call meets a callee's parameters, by the caller's language's rule:
 * 'never' when one can never be passed, 'same' when every typed one is of its parameter's type.
 */
function argumentsFit(argumentTypes: string[], callee: CstNode, fit: NonNullable<ReturnType<ArgumentFitRules>>): ArgumentFit {
  let all: ArgumentFit = 'same';
  for (let i = 0; i < argumentTypes.length; i++) {
    const argument = argumentTypes[i];
    const parameter = callee.parameterTypes[i];
    if (argument === '') continue;
    const one = parameter === undefined || parameter === '' ? 'may' : fit(argument, parameter, callee.typeParameterScope);
    if (one === 'never') return 'never';
    if (one === 'may') all = 'may';
  }
  return all;
}

function link(cst: Cst, argumentFit?: ArgumentFitRules): void {
  const callables = indexByName(cst.nodes, isCallable);
  const types = indexByName(cst.nodes, isType);
  const related = hierarchy(cst.nodes);
  const parentOf = (n: CstNode) => (n.parent === undefined ? undefined : cst.nodes[n.parent]);
  /** The names of the types a node is declared in, innermost first. */
  const enclosingNames = (n: CstNode): string[] => {
    const names: string[] = [];
    for (let up = parentOf(n); up && isType(up); up = parentOf(up)) names.push(up.name);
    return names;
  };
  /**
   * A type a bare name written in `from` reaches by the scopes around it: every type it is nested in
   * is one `from` is nested in (`module Faraday; module Adapter; class Typhoeus < Middleware` means
   * Faraday::Middleware, not Faraday::Response::Middleware). Where none is, any namesake still may be
   * (inherited, imported): this only narrows.
   */
  const inScope = (n: CstNode, from: CstNode): boolean => {
    const around = new Set([from.name, ...enclosingNames(from)]);
    return enclosingNames(n).every((name) => around.has(name));
  };
  /**
   * A type nested in one that a type around `from` extends, however far up: a member type inherited
   * there, which a bare name in `from`'s declaration reaches before any namesake elsewhere. A mill
   * build's `object test extends CommonTestModule`, inside `trait JsModule extends CommonJsModule`,
   * extends `CommonJsModule.CommonTestModule`, not the namesakes nested in `CommonJvmModule` and
   * `CommonNativeModule`. (Only the types around it: a type's own members are not in scope in its
   * own `extends`.)
   */
  const inherited = (n: CstNode, from: CstNode): boolean => {
    const holder = parentOf(n);
    return !!holder && isType(holder) && enclosingNames(from).some((around) => around !== holder.name && related(holder.name, around, true));
  };
  /**
   * The types whose calls reach a callable: the type it is declared in, and the one it names as its
   * owner (CstNode.owner), which alone counts when it is declared in a namespace (C++ `namespace
   * ns { void Foo::f() … }` is Foo's, not one of ns's functions).
   */
  const ownerNames = (n: CstNode): string[] => {
    const parent = parentOf(n);
    if (n.owner !== undefined) return parent && isType(parent) && parent.noun !== 'Namespace' ? [parent.name, n.owner] : [n.owner];
    return parent && isType(parent) ? [parent.name] : [];
  };
  /** The module a function is in, as calls name it (Go's package): its file's. */
  const moduleOf = (n: CstNode) => {
    const parent = parentOf(n);
    return parent?.kind === 'file' ? parent.module : undefined;
  };
  /** A member of a type named `type` that is nested in a type not named `qualifier`. */
  const nestedElsewhere = (n: CstNode, type: string, qualifier: string): boolean => {
    const owner = parentOf(n);
    const outer = owner && parentOf(owner);
    return owner?.name === type && outer !== undefined && isType(outer) && outer.name !== qualifier;
  };
  const enclosingType = (n: CstNode): string | undefined => {
    for (let p = n.parent; p !== undefined; p = cst.nodes[p].parent) if (isType(cst.nodes[p])) return cst.nodes[p].name;
    return undefined;
  };
  for (const node of cst.nodes) {
    const file = node.location.file;
    const fit = argumentFit?.(node.language);
    const uses = new Set<number>();
    // Last first: a call whose receiver is another call's result (`g().f()`) comes before it.
    const targetsOf: Array<number[] | undefined> = [];
    for (let index = node.calls.length - 1; index >= 0; index--) {
      const call = node.calls[index];
      // Not the caller itself: a call of its own name is mostly a delegation to a namesake elsewhere
      // (`close() { inner.close(); }`), and recursion makes no edge anyway.
      // Nor one its language keeps to its own file (a `private fun KClassifier.parameterizedBy` of
      // a test class is not what `parameterizedBy(…)` in the code under test calls).
      let found = callables.get(call.name)?.filter((n) => n !== node && (n.location.file === file || !n.stereotypes.includes('file-private')));
      if (!found || found.length === 0) continue;
      // A module's function: no method, and none of another module.
      if (call.module !== undefined) {
        found = found.filter((n) => !n.stereotypes.includes('type-member') && (call.module === '' || moduleOf(n) === call.module));
        if (found.length === 0) continue;
      }
      // On a variable of unknown type, not on `this`: not a method of the caller's own type, unless
      // an extension declared there (C#'s `static bool IsOpen(this Type t)`, called as `t.IsOpen()`).
      if (call.otherObject) {
        const own = enclosingType(node);
        if (own !== undefined) found = found.filter((n) => isExtension(n) || !ownerNames(n).includes(own));
        if (found.length === 0) continue;
      }
      const receiver = call.receiver ?? (call.receiverCall === undefined ? undefined : returnTypeOf(cst.nodes, targetsOf[call.receiverCall]));
      if (receiver !== undefined) {
        // On a known type only that type's hierarchy answers, and an extension (declared for any
        // type: its own may be a library's supertype); on the caller's own type, an enclosing type
        // or a static import may answer too.
        const exact = call.exact === true;
        const onType = found.filter((n) =>
          ownerNames(n).some((owner) => related(owner, receiver, exact)) || (!exact && isExtension(n)));
        if (onType.length > 0 || !call.ownType) found = onType;
        else if (call.orFunction) found = found.filter(isFunctionOrConstructor);
        // Written as nested in a type (`new Request.Builder()`): not a namesake nested in another one.
        const qualifier = call.receiverQualifier ?? (call.receiver === undefined && call.receiverCall !== undefined ? returnQualifierOf(cst.nodes, targetsOf[call.receiverCall], receiver) : undefined);
        if (qualifier !== undefined) found = found.filter((n) => !nestedElsewhere(n, receiver, qualifier));
        if (found.length === 0) continue;
      }
      const fits = fit && call.argumentTypes ? new Map(found.map((n) => [n, argumentsFit(call.argumentTypes!, n, fit)])) : undefined;
      const targets = narrow(
        found,
        (n) => acceptsArguments(n, call.args),
        // as the language resolves overloads: none an argument can never be passed to, then those taking each as it is
        (n) => fits === undefined || fits.get(n) !== 'never',
        (n) => fits === undefined || fits.get(n) === 'same',
        // made on a type by its name (`ConfiguredCodec.derived[A](…)`, `super.f()`): its own member
        // before one it inherits, which that member hides or overrides. A Scala companion object
        // shares its name with a trait extending `ConfiguredEncoder`, whose object's `derived` the
        // call does not reach.
        (n) => !call.exact || receiver === undefined || ownerNames(n).includes(receiver),
        // as Java resolves overloads: a callable taking that many arguments as they are comes before a variadic one
        (n) => !n.stereotypes.includes('variadic') || call.args < 0,
        (n) => n.location.file === file,
      );
      if (targets.length > MAX_AMBIGUOUS_TARGETS && targets[0].location.file !== file) continue;
      targetsOf[index] = targets.map((target) => target.id);
    }
    for (const targets of targetsOf) for (const target of targets ?? []) uses.add(target);
    node.uses = [...uses];
    const supertypes = new Set<number>();
    for (const [index, name] of node.supertypes.entries()) {
      // An object (a Scala or Kotlin singleton, a JavaScript object literal) is extended by nothing:
      // the name is its namesake type's (a Scala companion object shares its trait's name). Nor is a
      // type its language makes final ('final': a Rust struct, as `impl de::Deserializer for
      // DeserializerImpl` beside a `struct Deserializer` implements serde's trait, not the struct).
      // Nor is a namespace (TypeScript's `declare namespace X` merged with a `type X`), which no type extends.
      // Nor the type itself: its namesake supertype is another type (Scala's `trait Parser extends
      // core.Parser`, read as `Parser`), found wherever it is, not lost to the nearer subtype.
      let found = types.get(name)?.filter((n) => n.id !== node.id && n.kind !== 'object' && n.kind !== 'namespace' && !n.stereotypes.includes('final'));
      if (!found || found.length === 0) continue;
      // Written as nested in a type (`Base.Builder`): the one nested in it, or a top-level one (the
      // qualifier was a package), never a namesake nested elsewhere (the subtype itself, `Builder extends Base.Builder`).
      const outer = node.supertypeQualifiers?.[index];
      if (outer) {
        found = found.filter((n) => {
          const parent = parentOf(n);
          return parent === undefined || !isType(parent) || parent.name === outer;
        });
      }
      // Resolved by the file's imports to a type of one namespace (PHP's `use`): a namesake elsewhere
      // is another type (a library's `\PHPUnit\Framework\TestCase`, not a project's own `App\Test\TestCase`).
      const full = node.supertypeFullNames?.[index];
      if (full) found = found.filter((n) => n.namespace + n.name === full);
      // Written with as many type arguments as a namesake has type parameters (C#'s `: Options<T>`
      // beside a non-generic shortcut `Options : Options<object>`): that one, where there is one.
      const arity = node.supertypeArities?.[index];
      if (arity !== undefined) {
        const same = found.filter((n) => (n.typeParameters?.length ?? 0) === arity);
        if (same.length > 0) found = same;
      }
      const inFolders = narrow(found, (n) => inherited(n, node), (n) => inScope(n, node), (n) => n.location.file === file);
      // Of namesakes in several places (a package's own `Options` beside another's, a tree copied
      // for another runtime), the one nearest the file, as its relative imports reach it.
      const nearest = Math.max(...inFolders.map((n) => sharedFolders(n.location.file, file)));
      const targets = inFolders.filter((n) => sharedFolders(n.location.file, file) === nearest);
      if (targets.length > MAX_AMBIGUOUS_TARGETS) continue;
      for (const target of targets) if (target.id !== node.id) supertypes.add(target.id);
    }
    node.subtypeOf = [...supertypes];
  }
}
