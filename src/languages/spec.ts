/**
 * What a language module gives the generic CST builder (builder.ts): data first — which syntax
 * node types become which CST kinds, where the name, parameters and body are, what a call is —
 * plus a few small hooks where data cannot say it.
 */
import type { ArgumentFit, CstNode, Stereotype } from '../core/cst';
import type { Grammar, SyntaxNode } from './treesitter';

/** A declaration found in the syntax tree, before it becomes a CstNode. */
export interface Declaration {
  kind: string;
  noun: string;
  name: string;
  /** The syntax node of the name; the declaration node itself when there is none (e.g. `default`). */
  nameNode: SyntaxNode;
  /** The node whose fields hold parameters and body (the function of `const f = () => …`). */
  fn: SyntaxNode;
  /** The syntax node the rule matched: the whole declaration, as located and tokenised. */
  node: SyntaxNode;
  /** The other names the declaration is bound to (CstNode.aliases): `toJSON` in `app.inspect = app.toJSON = function () {}`. */
  aliases?: string[];
  /**
   * Where the declaration starts when the parser split it off `node` (a C++ annotation macro
   * between the parameters and the body): its name, parameters and return type are read there,
   * and its location begins there.
   */
  start?: SyntaxNode;
  /**
   * The type parameters written around the declaration rather than in it (C++'s `template
   * <typename T>` holding the function or class it declares): read as those of
   * DeclarationRule.scopedTypeParametersTypes are, into CstNode.typeParameterScope only.
   */
  typeParameterList?: SyntaxNode;
}

/** How one syntax node type becomes a CST node. */
export interface DeclarationRule {
  kind: string;
  noun: string;
  /** Field holding the name identifier (default 'name'). */
  nameField?: string;
  /** Fields that may hold the parameters, the first present wins (absent: no parameters). */
  parametersFields?: string[];
  /** Field holding the body (absent: no body tokens). */
  bodyField?: string;
  /** For grammars without fields (Kotlin): child node types that hold the parameters, the first present wins. */
  parametersTypes?: string[];
  /** For grammars without fields: child node types that hold the body, the first present wins. */
  bodyTypes?: string[];
  /**
   * Child node types that hold the type parameters (`<T, U>`), the first present wins, where the
   * language tells generic types and methods apart by their number (C#: `Wrapper<T>` next to
   * `Wrapper<T, U>`): the identifier counts them (CstNode.typeParameters). Each is read from its
   * `name` field, or is its own text. Absent: type parameters are no part of the identifier.
   */
  typeParametersTypes?: string[];
  /**
   * Child node types that hold type parameters which are no part of the identifier (Java: `<T>
   * void f(T x)` and `<U> void f(U x)` are one method), the first present wins: their names go
   * into CstNode.typeParameterScope only. Those of typeParametersTypes go there too.
   */
  scopedTypeParametersTypes?: string[];
  /** 'name' (RefDiff JS, types) or 'name-and-types' (`sum(int,int)`, Java methods). */
  signature: 'name' | 'name-and-types';
  /**
   * Decides from the syntax context whether the node is a declaration at all, and what it is
   * called (e.g. `const f = () => …` is a function, `const x = 1` is not). Absent: the node is a
   * declaration named by `nameField`.
   */
  resolve?(node: SyntaxNode, rule: DeclarationRule): Declaration | undefined;
}

/** Where a call's callee and arguments are. */
export interface CallRule {
  /**
   * The field holding the callee: an identifier, or an expression whose last name is taken.
   * Absent (grammars without fields, Kotlin): the call's first named child, or the node itself
   * when it has none (a Ruby method called by a bare identifier).
   */
  functionField?: string;
  /** The field holding the arguments. Absent: the call's first child of type `argumentsType`. */
  argumentsField?: string;
  /** Node type of an argument list; other argument nodes (a tagged template) count as unknown (-1). */
  argumentsType: string;
  /** The callee's simple name, undefined when the call is not to a name (e.g. `super()`). */
  calleeName(callee: SyntaxNode): string | undefined;
  /** What the syntax says about the object the call is made on; absent or undefined: nothing. */
  receiver?(call: SyntaxNode): Receiver | undefined;
  /**
   * Where a call runs its callee through a function of the callee (JavaScript's `f.call(self, a)`
   * and `f.apply(self, args)`), the callee written there and how many written arguments go before
   * its own (1: `self`), or undefined where they come in an array, their count unknown. Absent or
   * undefined: the call is to its callee, with the arguments written.
   */
  invoked?(call: SyntaxNode): { callee: SyntaxNode; before: number | undefined } | undefined;
  /**
   * The type an argument's syntax tells (a literal: `String`, `int`; `new Foo()`: `Foo`), '' when
   * it tells none (CallSite.argumentTypes); a simple name, or as written where the language's
   * argumentFit reads it so (C#'s `new List<int>()`).
   */
  argumentType?(argument: SyntaxNode): string;
  /**
   * The variable an argument written as a bare name reads (`x` in `f(x)`), undefined for any other
   * argument: its declared type (typedNames) joins CallSite.argumentTypes once the walk is done.
   */
  argumentName?(argument: SyntaxNode): string | undefined;
}

/** The type typedNames gives a name bound to the object itself (`var me = this;`): calls on it are calls on `this`. */
export const SELF_TYPE = 'this';

/**
 * The type typedNames gives a name declared without a type the syntax tells, where it may as well
 * hold the object itself as another one (Go `x := f()`, Rust `let x = f();`): it tells nothing of
 * a call on it, but hides a namesake further out (a Go import, a typed parameter). Where a
 * language gives '' instead (JavaScript, Python), such a name is taken for another object than `this`.
 */
export const UNKNOWN_TYPE = '?';

const MODULE_BINDING = 'module ';

/** The type typedNames gives a name bound to a module (Go `import "fmt"` binds `fmt`): calls on it are calls of its functions. */
export const moduleBinding = (module: string) => MODULE_BINDING + module;

/** The module a typed name is bound to (see moduleBinding), undefined for a name of a type. */
export const boundModule = (type: string) => (type.startsWith(MODULE_BINDING) ? type.slice(MODULE_BINDING.length) : undefined);

/**
 * A call's receiver as written, for the builder to resolve to a type name with the declarations
 * around the call (see LanguageSpec.typedNames).
 */
export type Receiver =
  | { kind: 'self'; type?: string; orFunction?: true; opaqueUnknown?: true } // `f()`, `this.f()`: the enclosing type (or LanguageSpec.definedFor's); `type`: the one the syntax names (Kotlin `this@Outer`); orFunction: see CallSite; opaqueUnknown: nothing told inside an opaque node (a Kotlin lambda, whose receiver may answer)
  | { kind: 'super' } // `super.f()`: the enclosing type's first supertype, that type's own code (no override)
  | { kind: 'name'; name: string } // `x.f()`: the declared type of the local, parameter or field x, or the type named x
  | { kind: 'field'; name: string } // `this.x.f()`: the declared type of the enclosing type's field x
  | { kind: 'type'; name: string; exact?: true; qualifier?: string } // `new Foo().f()`, `((Foo) x).f()`: the type itself; exact: `Foo::f()`, no subtype's override; qualifier: the name written before it (`new Request.Builder()`: Request, see CallSite.receiverQualifier)
  | { kind: 'call'; call: SyntaxNode } // `g().f()`: what the call g() returns (a node of a `calls` type)
  | { kind: 'module'; name?: string }; // `fmt.Println()`: a function, not a method, of the module named ('': of any); no name: of the caller's own (LanguageSpec.module)

/**
 * A name declared with its simple type (or SELF_TYPE, UNKNOWN_TYPE, a moduleBinding; '' for a type
 * nothing tells, taken for another object than `this`), in the declaration around it, or with
 * 'field' in the type around that (a PHP constructor's promoted parameter is also a property).
 * `written`: the type as written, generic arguments kept, where the language's argumentFit reads
 * more of an argument than its simple name (C#'s `Func<Context, Task>` and `Func<Context,
 * Task<TResult>>` are two overloads' parameters); the simple type stands for it where absent.
 */
export type TypedName = [name: string, type: string, scope?: 'field', written?: string];

/** Parameter names and types (types '' where the language has none). */
export interface Parameters {
  names: string[];
  /** The types as written, simplified (qualifiers, annotations and spaces between symbols dropped): a change of one is a signature change. */
  types: string[];
  /**
   * The types as the identity reads them, where the language erases part of what is written: a
   * Java method is one method whatever its generic arguments (`List<Path>` and `List<URL>` cannot
   * overload), so it keeps its identity when they change, and that change is a signature change.
   * C# keeps their number (`IRequest<>`): `M(IRequest<T>)` and `M(IRequest)` are two overloads.
   */
  signatureTypes?: string[];
  /**
   * The types with a name that stands for another where it is written read as that other, where
   * that differs from `types`: PHP's `self` in a class is the class (`equals(self $option)` in
   * `InputOption` is `equals(InputOption $option)`). Compared only where the written types differ
   * (CstNode.aliasedTypes), so a class renamed with its `self` parameters changes none of them.
   * Also a type a default makes another: Python's `many: bool = None` admits None, as
   * `many: Optional[bool] = None` does (marshmallow's "Use explicit optional" changed no signature).
   */
  readTypes?: string[];
  /** How many arguments a call writes for them, where not one for each (CstNode.calledWith: Scala's first parameter list). */
  calledWith?: number;
}

/** Facts a language adds about one declaration once its parameters are known. */
export interface DeclarationFacts {
  declaration: Declaration;
  parameters: Parameters;
  body: SyntaxNode | undefined;
  /** The enclosing declaration (undefined at the top). */
  parent: Declaration | undefined;
}

export interface LanguageSpec {
  /** Language id: 'java', 'javascript', ... */
  id: string;
  grammar: Grammar;
  /**
   * The text as the parser is given it, where a construct the grammar cannot read is blanked out
   * with spaces of its length (locations stay those of the file): C++'s export macro between
   * `class` and the name. Absent: the text itself.
   */
  prepare?(text: string): string;
  /** Syntax node type → rule; every other node type is walked through. */
  declarations: Record<string, DeclarationRule>;
  /** Syntax node type → call rule. */
  calls: Record<string, CallRule>;
  /** Node types that are comments (no tokens). */
  comments: string[];
  /** Node types that are one token whatever their children (string literals). */
  atomicTokens: string[];
  /** Node types inside which no declaration becomes a node (anonymous classes, lambdas). */
  opaque: string[];
  /**
   * Where statements are not delimited by tokens (no braces or semicolons: Python), the node types
   * each of which starts one (a simple statement, a compound statement's header, its block); the
   * CST records where they start (CstNode.statementStarts) for the statement-level comparison.
   */
  statementTypes?: string[];
  /**
   * Node types each of whose named children starts a statement, whatever its type (Ruby, where any
   * expression is a statement: a method's `body_statement`, an `if`'s `then`). An anonymous type
   * in statementTypes (Ruby's `end`, `;`) starts a statement of one token, which says nothing: it
   * closes the one before.
   */
  statementLists?: string[];
  /**
   * Node types each of whose named children (comments and a `case`'s head aside: `value`, `pattern`, `guard`) is a statement
   * that ends where it ends, whether or not a `;` is written (Go, whose lexer inserts the `;` at a
   * line's end; JavaScript's automatic semicolons): the body is split at `;` and braces as in the
   * other brace languages, and where a statement ends without its `;`, as if one were written.
   */
  statementEndLists?: string[];
  /** A node for the file itself, the root of the others (JavaScript, C, Python, Go). */
  fileNode?: { kind: string; noun: string };
  /**
   * Namespace of a top-level node: `my.calc.` (Java package), `src/util/` (JS folder). `at` is where
   * the node starts, for a language whose file may declare several (C#'s block namespaces); the
   * others have one per file.
   */
  namespace(root: SyntaxNode, filePath: string, at: number): string;
  /** Names and types from the node a `parametersFields` field holds. */
  parameters(parameterList: SyntaxNode): Parameters;
  /** Return type as written, '' when none. */
  returnType?(declaration: Declaration): string;
  /** Simple names of the declared supertypes. */
  supertypes?(declaration: Declaration): string[];
  /**
   * For each of the supertypes, in their order, the simple name of the type it is written as nested
   * in (Java `extends Base.Builder<T>`: `Base`), '' where it is written without one
   * (CstNode.supertypeQualifiers).
   */
  supertypeQualifiers?(declaration: Declaration): string[];
  /** For each of the supertypes, in their order, the type it names as the file's imports resolve it, '' where not told (CstNode.supertypeFullNames). */
  supertypeFullNames?(declaration: Declaration): string[];
  /** For each of the supertypes, in their order, how many type arguments it is written with, where the language tells types apart by their number (C#; CstNode.supertypeArities). */
  supertypeArities?(declaration: Declaration): number[];
  /**
   * Where names are declared with a type, to resolve call receivers: node type → the names it
   * declares and their simple types ('' when not written, as `var x = f()`). Java
   * `local_variable_declaration`, `formal_parameter`, `field_declaration`, ... A name belongs to
   * the innermost declaration (CST node) around it: a method's parameters and locals, a type's fields.
   */
  typedNames?: Record<string, (node: SyntaxNode, enclosing: Declaration) => TypedName[]>;
  /**
   * The name calls give the file's module, for the calls the language resolves by module
   * (Receiver kind 'module'): Go's `package server`. Only with a fileNode.
   */
  module?(root: SyntaxNode, filePath: string): string;
  /**
   * The type a callable defined outside of it belongs to (C++ `void Foo::g() { … }`, googletest's
   * `TEST_F(Foo, Name) { … }`): calls on `this` in its body are made on that type. Asked once per
   * callable that makes such a call.
   */
  definedFor?(declaration: Declaration): string | undefined;
  /** Whether a receiver name that is no declared variable names a type (`Util` in `Util.f()`). */
  isTypeName?(name: string): boolean;
  /**
   * How an argument of the type CallSite.argumentTypes gives meets a parameter of a written type
   * (CstNode.parameterTypes), by the language's rules: the call graph leaves out the overloads
   * an argument can never be passed to and, where some take every typed argument as it is, the
   * others. `typeParameters`: the callee's type parameters in scope (CstNode.typeParameterScope),
   * which a parameter type may name for any argument type. Absent: every argument may fit every parameter.
   */
  argumentFit?(argument: string, parameter: string, typeParameters?: readonly string[]): ArgumentFit;
  /**
   * A parameter type as written (Parameters.types) in the one spelling that tells two types apart
   * only where they are two (CstNode.comparableTypes): what the language writes into a type without
   * making it another one taken out (Rust's lifetimes, C#'s nullable references, Python's typing
   * spellings). Absent: comparableType (type-spelling.ts), the rule languages share.
   */
  comparableType?(type: string): string;
  /**
   * The type aliases the file declares (C's `typedef void (*uv__once_cb)(void);`, C++'s `using
   * ullong = unsigned long long;`, Rust's and Scala's `type`, Go's `type Old = New`, TypeScript's
   * `export type`, Kotlin's `typealias`): each name with the type it stands for, spelt as
   * `parameters` spells a parameter's type, so that a parameter whose type was respelt through one
   * of them keeps its type, and a type renamed with its old name left as an alias of the new is
   * still that type (type-aliases.ts). A C++ template alias (`template <class T> using V = …`) is
   * none; a generic one elsewhere is named with its type parameters (declaredAliases). Absent: none.
   */
  typeAliases?(root: SyntaxNode): Array<[name: string, type: string]>;
  /**
   * The types every type of the language extends when it names none (Python's `object`, Java's
   * `Object`, Kotlin's `Any`): naming one among the supertypes adds none (CstNode.rootSupertypes).
   */
  rootTypes?: string[];
  /**
   * Kinds of declaration that any file may open again to declare more in it (Ruby's `module`,
   * C++'s `namespace`): one that holds only types is marked 'namespace' (builder.ts), a name
   * around them rather than an element of its own.
   */
  reopenedKinds?: string[];
  /**
   * Tokens that join an object to its member in this language besides `.`, `::`, `->` and `?.`
   * (Lua's method call `a:f()`, where in other languages `:` is a label, a slice or a key): a call
   * written after them is made on the names before them (the receivers the core compares).
   */
  memberJoiners?: string[];
  /**
   * Kinds of type that one type may turn into another of, keeping its name or its members (PHP: a
   * trait made an abstract class, a class made an interface): a type of one pairs with a type of
   * another as with one of its own kind, renamed or moved too (guzzle's `trait MessageTrait` →
   * `abstract class AbstractMessage`), as any callable pairs with any callable. Absent: each kind
   * pairs with its own only, and changes kind only in place (Change Type Declaration Kind).
   */
  kindsAlike?: string[];
  /**
   * Kinds of type any file may declare again to add members to one type (Ruby's class and module
   * reopened): where files are nodes of their own, a type of another kind is its file's, and a
   * namesake in another file is another type (a Rust `mod tests` in each file, a Python `class
   * TestParser` in two test files). Languages whose types sit in packages (C#'s partial classes)
   * tell the parts of one type by their namespace. Absent: none.
   */
  reopenedTypes?: string[];
  /** Stereotypes of a declaration ('has-body' included). */
  stereotypes?(facts: DeclarationFacts): Stereotype[];
  /** How deep a declaration is written in unnamed code within its parent's own (CstNode.unnamedDepth); none: 0. */
  unnamedDepth?(facts: DeclarationFacts): number;
  /**
   * Rearranges a file's finished nodes before namespaces are set: members written outside their
   * type move into it (Rust `impl Foo`, C++ `void Foo::bar()`); see regroup.ts for the helpers.
   * Returns the nodes, ids renumbered when some were dropped. `root` is the file's syntax tree, for
   * what ties nodes together without declaring one (an object naming a function as its member).
   */
  regroup?(nodes: CstNode[], root: SyntaxNode): CstNode[];
}

/** The namespace of a language whose files are modules: the file's folder with a trailing '/' ('' at the root). */
export function folderNamespace(_root: SyntaxNode, filePath: string): string {
  return filePath.slice(0, filePath.lastIndexOf('/') + 1);
}
