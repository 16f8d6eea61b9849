/**
 * The Code Structure Tree (CST) of RefDiff 2.0: plain data, language-neutral.
 *
 * A language module turns one source file into a `FileCst` (nodes with file-local ids).
 * `assembleCst` (src/core/assemble.ts) joins the files of one version into a `Cst`: global ids,
 * and the call graph (`uses`) and type hierarchy (`subtypeOf`) resolved by name across files.
 * Everything here crosses worker threads and goes into caches unchanged.
 */

/** A closed set of facts about a node that the comparison may use. */
export type Stereotype =
  | 'abstract' // declares a body-less member to be implemented elsewhere (abstract/interface method)
  | 'has-body' // has a body (method with a block, function)
  | 'stub' // its body only stands for one it does not have (Python's `...` or `pass` in a typing @overload or an empty hook): no code of its own
  | 'type-member' // member of a class-like type (method, constructor): may be pulled up / pushed down
  | 'constructor' // a type's constructor / initialiser: never moved (renamed only in place, as Python's `__init__`)
  | 'destructor' // a type's destructor, named after it (C++ `~Foo()`): renaming the type renames it
  | 'field-accessor' // a getter: returns a field and does little else
  | 'field-mutator' // a setter: assigns a field and does little else
  | 'static' // static / class-level member
  | 'exported' // visible outside its file/module (JS export, Go capitalised, ...)
  | 'file-private' // callable from its own file only (Java's and Kotlin's `private`): a call written in another file names another callable
  | 'anonymous' // has no name of its own (never matched by similarity)
  | 'decorated-property' // Python @property and the like
  | 'class-method' // Python @classmethod, Ruby self. methods
  | 'variadic' // its last parameter takes any number of arguments (Java `T...`)
  | 'extension' // called as a method of another type than its own (C# `static void F(this Foo x)`, Kotlin `fun Foo.f()`)
  | 'module-qualified' // a type named after its file (Python `pkg.module.Class`): renaming or moving the file moves it
  | 'gradual-types' // its parameter types are optional annotations (Python): its parameters are named by keyword, a type written or taken off changes no signature
  | 'contextually-typed' // its parameters take their types from a type written on what it is bound to (TypeScript `const h: Handler = (c) => …`): a type written on a parameter or taken off changes no signature
  | 'local' // a function declared in another function's body (a Python closure): it goes where that function's code goes
  | 'final' // a type no other type can name as its supertype (a Rust struct, enum or union, and an impl block's type: only traits are implemented): a supertype of its name is a namesake elsewhere
  | 'declared-elsewhere' // a type's code without its declaration (a Rust impl block of a type declared in another file or inside a macro): it tells no declaration kind
  | 'unnamed' // a declaration the code gives no name, named by its language (Kotlin's `companion object`, `Companion`): it is its holder's, and goes where its holder goes
  | 'namespace'; // a declaration any file may open again (LanguageSpec.reopenedKinds) that holds only types: not matched to one of another file or name, its types are

/** A span of source: 1-based lines and columns (columns in UTF-16 code units, as VS Code). */
export interface Location {
  file: string;
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
  /** 0-based UTF-16 offsets of the same span, for highlighting. */
  begin: number;
  end: number;
}

/** A call (or other use by name) written in a node's own code, not in its children's. */
export interface CallSite {
  name: string; // simple name called: `foo` for `a.b.foo(x)`
  args: number; // number of arguments written, -1 when unknown
  /**
   * Simple name of the type the call is made on, where the syntax tells it: the declared type of
   * the variable, parameter or field named as the receiver (`helper.f()`, `this.helper.f()`), a
   * type named as the receiver (`Util.f()`, `new Util().f()`). Absent when unknown.
   */
  receiver?: string;
  /**
   * The name written before the receiver's type (`new Request.Builder().url(u)`: Request): a type
   * named `receiver` nested in another type is not the one (Response.Builder's `url` is not
   * called). Absent where none is written.
   */
  receiverQualifier?: string;
  /** The receiver is the caller's own type, implicitly or as `this` (`f()`, `this.f()`): the callee may also be in an enclosing type. */
  ownType?: true;
  /**
   * With ownType: where no method of the own type answers, a function or a constructor does, never
   * another type's method (a bare `f()` in Kotlin or C++, where no static import brings one in).
   */
  orFunction?: true;
  /**
   * Made on a local variable or parameter whose type the syntax does not tell (`subscription.dispose()`
   * with `const subscription = token.onCancel(…)`): not on `this`, so no call of the caller's own type's methods.
   */
  otherObject?: true;
  /**
   * The receiver is exactly of the type `receiver` names (`super.f()`, `parent::f()`, `Foo::f()`): the
   * callee is declared in that type or in one it inherits from, never in a subtype overriding it.
   */
  exact?: true;
  /**
   * A call of a module's function, not of a method (`fmt.Println()` in Go, `fs::read()` in Rust, any
   * PHP `f()`): the module's name where the call tells it as the callee's file declares it
   * (CstNode.module: Go's package), else ''.
   */
  module?: string;
  /**
   * The types its arguments' syntax tells, by position ('' where it tells none: a variable, a
   * call): `rawPrint(32)` is no call of `rawPrint(String)`. Absent when none is told.
   */
  argumentTypes?: string[];
  /** The receiver is what another call returns (`getStore().close()`): that call's index in the same `calls`; its callees' return type is the receiver type. */
  receiverCall?: number;
}

/**
 * How an argument of a type CallSite.argumentTypes gives meets a parameter of a written type
 * (CstNode.parameterTypes), in the language's own rules: the same type; one that may be passed
 * for it (a subtype, a conversion, or what the names do not tell); one that cannot be.
 */
export type ArgumentFit = 'same' | 'may' | 'never';

/** A language's ArgumentFit rule, by language id (LanguageSpec.argumentFit); none: every argument may fit. */
export type ArgumentFitRules = (language: string) => ((argument: string, parameter: string, typeParameters?: readonly string[]) => ArgumentFit) | undefined;

export interface CstNode {
  /** Index of this node in its container's `nodes` (file-local in a FileCst, global in a Cst). */
  id: number;
  /** Language-owned element kind: 'class', 'interface', 'enum', 'method', 'constructor', 'function', 'file', ... */
  kind: string;
  /** Display noun used in refactoring names: 'Method', 'Function', 'Class', 'File', ... */
  noun: string;
  /** Language id of the module that built the node: 'java', 'javascript', ... */
  language: string;
  /** Simple name: `sum`, `Calculator`, `index.js`. */
  name: string;
  /**
   * The other names the same declaration is bound to in its version, where one value is given
   * several (JavaScript's `app.inspect = app.toJSON = function () {…}` goes by `inspect`, and is
   * `toJSON` too). Absent when none.
   */
  aliases?: string[];
  /**
   * Names a type alias of its version gives this type (FileCst.typeAliases), as a rename leaves the
   * old name behind for the code still using it: CLI11 renamed `ConfigINI` to `ConfigBase` and
   * wrote `using ConfigINI = ConfigBase;`. Absent when none.
   */
  aliasNames?: string[];
  /** Identifier within its parent (RefDiff's "identifier"): `sum(int,int)`, `Calculator`, `Wrapper<,>` (see typeParameters). */
  signature: string;
  /**
   * Type parameters by name, as declared (`TRequest`, `TResponse`), where their number is part of
   * the identifier (C#: `Wrapper<T>` and `Wrapper<T, U>` are two types, side by side): the
   * signature counts them (`Wrapper<,>`, see arityMark), reports name them. Absent when none or
   * where the language does not tell types apart by them.
   */
  typeParameters?: string[];
  /**
   * The type parameters in scope, by name, outermost first: the enclosing types' then the node's
   * own (Java `class Box<T> { <U> void put(T t, U u) }`: `put` has `T, U`), as the language's
   * DeclarationRule reads them. Renaming one (`<T>` → `<TT>`) changes no parameter type: see
   * parametersChanged. Absent when none.
   */
  typeParameterScope?: string[];
  /** Top-level nodes only: the package/folder prefix, e.g. `my.calc.` or `src/util/`; '' otherwise. */
  namespace: string;
  /** Parameter names in order; [] when none. */
  parameters: string[];
  /** Parameter types (or '' where the language has none), for signatures and descriptions. */
  parameterTypes: string[];
  /**
   * The parameter types as compared, where that differs from `parameterTypes`: in the one spelling
   * the node's language gives each (LanguageSpec.comparableType), less what does not make it
   * another type (qualifiers, spaces, Rust's lifetimes, C#'s nullable references) and with one type
   * spelt otherwise spelt alike (`str | None`, `Optional[str]`). Two callables of one language
   * whose comparable types differ have different parameters.
   */
  comparableTypes?: string[];
  /**
   * The comparable parameter types with each type parameter of `typeParameterScope` written by its
   * position there (Java `<T> f(Class<T>)`: `Class<__T0>`), where that differs from comparableTypes:
   * what two nodes compare with where a type parameter was renamed (`<T>` → `<TT>`).
   */
  positionalTypes?: string[];
  /**
   * The parameter types as the identifier reads them, in the comparable spelling (comparableTypes),
   * where the identifier reads them otherwise than they are written (Java erases generic
   * arguments; Kotlin's types are read as the JVM's, `Int?` as `Integer`): what a node in another
   * language of the same platform compares with.
   */
  identityTypes?: string[];
  /**
   * The comparable parameter types with each type alias the files of its version declare written as
   * the type it stands for (FileCst.typeAliases: `uv__once_cb` as `void(*)(void)`), where that
   * differs from comparableTypes: a parameter respelt through an alias keeps its type. Also a name
   * the language reads as another where it is written (Parameters.readTypes: PHP's `self`, a
   * Python type with a None default read as admitting None).
   */
  aliasedTypes?: string[];
  /** Return type as written, '' when none. */
  returnType: string;
  parent: number | undefined;
  children: number[];
  /** The whole declaration (with modifiers and annotations). */
  location: Location;
  /** The node's name in the source, for the cursor and highlighting. */
  nameLocation: Location;
  /** All tokens of the declaration, comments excluded. */
  tokens: string[];
  /**
   * Where each statement of the declaration starts, as indices into `tokens`, for languages whose
   * statements have no delimiters (Python); undefined elsewhere (statements are split at braces and semicolons).
   */
  statementStarts?: number[];
  /**
   * Where a statement ended with no `;` written (Go, JavaScript without semicolons), as indices
   * into `tokens` of the token after it: a split point as a `;` is. Undefined when none.
   */
  statementEnds?: number[];
  /** Tokens of the body only, without parameter names and `return`; undefined when there is no body. */
  bodyTokens: string[] | undefined;
  /** Index into `tokens` of the body's first token (a block's `{`, an expression body's `=>`), where the body has tokens. */
  bodyAt?: number;
  /** Calls written in this node's own code (children excluded). */
  calls: CallSite[];
  /** Simple names of the declared supertypes (extends / implements / base classes). */
  supertypes: string[];
  /**
   * For each of `supertypes`, the simple name of the type it is written as nested in, '' where none
   * (Java `class Builder extends Base.Builder<Builder>`: `Base`): of the types of that name, the
   * one inside it. Absent when no supertype is written so.
   */
  supertypeQualifiers?: string[];
  /**
   * For each of `supertypes`, the type it names as its language's imports resolve it, spelt as a
   * top-level type's `namespace` and `name` (PHP `use PHPUnit\Framework\TestCase; … extends
   * TestCase`: `PHPUnit\Framework\TestCase`), '' where not told: a namesake in another namespace
   * is not the one. Absent when none is told.
   */
  supertypeFullNames?: string[];
  /**
   * For each of `supertypes`, how many type arguments it is written with, where the language tells
   * types apart by their number (C#'s `Options` and `Options<T>` are two types): of namesakes, the one
   * with as many type parameters (`typeParameters`), if any. Absent where the language does not tell.
   */
  supertypeArities?: number[];
  /**
   * Those of `supertypes` that name the type every type of the language extends when it names none
   * (Python's `object`, Java's `Object`, Kotlin's `Any`: LanguageSpec.rootTypes): naming one is no
   * supertype of its own. Absent when none is named.
   */
  rootSupertypes?: string[];
  stereotypes: Stereotype[];
  /**
   * How deep the declaration is written, within its parent's own code, in code that is no element
   * of its own: unnamed functions (callbacks) and object literals that are no objects of functions.
   * 1 for `use(() => { function f() {} })` and for `build({ format: (x) => … })`, 2 for `describe(() =>
   * { beforeEach(() => { function f() {} }) })`. The parent is the element around them; one of them
   * given a name, or an object that becomes one of functions, becomes the parent (callbackNamed in
   * conditions.ts). Absent when none.
   */
  unnamedDepth?: number;
  /** A file node, where calls name functions by their module (CallSite.module): the name they give the file's module (Go's package). */
  module?: string;
  /**
   * The simple name of a type whose calls reach this callable besides the one it is declared in: a
   * method written outside its type and left outside (a Go method whose type another file
   * declares, C++ `void Foo::f() { … }`), a Kotlin companion object's member (`Foo.f()`), a
   * JavaScript function an object of functions names as its member (`{ inLabelRange: xRange }`).
   */
  owner?: string;
  /**
   * The template a specialization specializes, where its name writes the specialization's
   * arguments (C++ `struct formatter<std::byte, Char>`, `num_bits<int128_opt>()`): `formatter`,
   * `num_bits`. Its arguments edited (`formatter<std::byte>` → `formatter<std::byte, Char>`), it is
   * still that template's specialization, its signature changed, not renamed. Absent elsewhere.
   */
  specializes?: string;
  /**
   * How many arguments a call of it writes in its parentheses, where that is not one for each of
   * `parameters`: a Scala call writes only the first parameter list (`def of(name: String, labels:
   * List[String])(using conf: Configuration)` is called `of(n, ls)`; a curried call's later lists
   * call nothing). Absent: one argument for each parameter (argumentsTaken).
   */
  calledWith?: number;
  /** Filled by assembleCst: ids of nodes this node calls, and of the types it extends. */
  uses: number[];
  subtypeOf: number[];
}

/** The CST of one file, as a language module returns it (ids are file-local; uses/subtypeOf empty). */
export interface FileCst {
  file: string;
  language: string;
  nodes: CstNode[];
  /** Syntax errors that tree-sitter recovered from (the nodes are still usable). */
  errors: number;
  /** What the file's language tells the comparison beyond its nodes (from its LanguageSpec); absent: nothing. */
  facts?: LanguageFacts;
  /**
   * The type aliases the file declares (LanguageSpec.typeAliases), each name with the type it stands
   * for as a parameter's type is written; '' for a name declared as two types. Absent: none.
   */
  typeAliases?: Record<string, string>;
}

/** What a language tells the language-neutral comparison, as data (the LanguageSpec fields of the same names). */
export interface LanguageFacts {
  /** Tokens besides `.`, `::`, `->` and `?.` that join an object to its member (Lua's `a:f()`; see memberOf). */
  memberJoiners?: string[];
  /** Kinds of type that one type may turn into another of (PHP's trait made an abstract class; see sameType). */
  kindsAlike?: string[];
  /** Kinds of type a file may declare again, one type in several files (Ruby's class reopened; see partsOfOneType). */
  reopenedTypes?: string[];
}

/** The CST of one version of a set of files. */
export interface Cst {
  nodes: CstNode[];
  roots: number[];
  files: string[];
  /** Files with syntax errors: where their elements sit may be the parser's recovery, not the code. */
  damaged?: string[];
  /** By language id, what the language of its files tells (FileCst.facts). */
  languages?: Record<string, LanguageFacts>;
}

/** How many arguments a call of `node` writes, variadic and default parameters aside (CstNode.calledWith). */
export function argumentsTaken(node: CstNode): number {
  return node.calledWith ?? node.parameters.length;
}

/** Methods and functions: the elements that are called, extracted and inlined (by their display noun). */
export function isCallable(node: CstNode): boolean {
  return node.noun === 'Method' || node.noun === 'Function';
}

/** A type (class, interface, struct, enum, object, namespace, …): neither a callable nor a file. */
export function isType(node: CstNode): boolean {
  return !isCallable(node) && node.kind !== 'file';
}

/** Every type `n` extends, however far up (its supertypes, theirs, …), each once, not `n` itself. */
export function ancestors(cst: Cst, n: CstNode): CstNode[] {
  const seen = new Set<number>([n.id]);
  const found: CstNode[] = [];
  const queue = [...n.subtypeOf];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const sup = cst.nodes[id];
    found.push(sup);
    queue.push(...sup.subtypeOf);
  }
  return found;
}

/** Every node below `n` in its tree (children, their children, …), not `n` itself. */
export function descendants(cst: Cst, n: CstNode): CstNode[] {
  const found: CstNode[] = [];
  const queue = [...n.children];
  while (queue.length > 0) {
    const c = cst.nodes[queue.pop()!];
    found.push(c);
    queue.push(...c.children);
  }
  return found;
}

/**
 * How an identifier counts `count` type parameters: '' for none, `<>` for one, `<,>` for two, as C#
 * names an open generic type (`typeof(Dictionary<,>)`). Renaming a type parameter keeps the identity.
 */
export function arityMark(count: number): string {
  return count === 0 ? '' : `<${','.repeat(count - 1)}>`;
}
