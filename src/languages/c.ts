/**
 * C: a node per file, function definitions, and struct / union / enum types written with a body.
 * A function's identifier is its bare name (C has no overloading); parameter types are kept for
 * Change Signature. In a header (`.h`), a prototype (`int f(int);`) is a function too, as RefDiff
 * models C: it is the declaration other files see, so moving it to another header, renaming it or
 * changing its parameters is a refactoring of its own, reported in the header beside the one of
 * the definition. Prototypes in `.c` files (forward declarations) are not nodes: there they would
 * be a second element of the definition's name in the same file. Macros and function pointers are
 * not nodes either. A macro used as a function's head names the function by its bare arguments
 * (`TEST_BEGIN(test_alpha) { … }` is `test_alpha`, Unity's `TEST(Suite, Name) { … }` is
 * `Suite.Name`); after a return type, or with other arguments, it is no function.
 */
import type { Stereotype } from '../core/cst';
import type { CallRule, Declaration, DeclarationFacts, DeclarationRule, LanguageSpec, Parameters } from './spec';
import { folderNamespace } from './spec';
import type { SyntaxNode } from './treesitter';
import { comparableType } from './type-spelling';

/** Declarators wrapping the one that names a function: `*f(…)`, `(f)(…)`, `f(…) __attribute__(…)`. */
const wrappingDeclarators = new Set(['pointer_declarator', 'parenthesized_declarator', 'attributed_declarator']);

/** The `function_declarator` under a definition's `declarator` field, through pointers and parentheses. */
function functionDeclarator(declarator: SyntaxNode | null): SyntaxNode | undefined {
  let node = declarator;
  while (node && wrappingDeclarators.has(node.type)) node = node.childForFieldName('declarator') ?? node.namedChildren.find((c) => c.type.endsWith('declarator')) ?? null;
  return node?.type === 'function_declarator' ? node : undefined;
}

/** The identifier a declarator declares (`*name[]`, `(*name)(int)` → `name`). */
function declaredName(declarator: SyntaxNode | null | undefined): SyntaxNode | undefined {
  let node = declarator;
  while (node && node.type !== 'identifier' && node.type !== 'field_identifier' && node.type !== 'type_identifier') {
    node = node.childForFieldName('declarator') ?? node.namedChildren.find((c) => c.type.endsWith('declarator') || c.type === 'identifier') ?? null;
  }
  return node ?? undefined;
}

/** Where a file-level declaration sits: the file, a conditional block, an `extern "C" { … }` block. */
const fileLevel = new Set(['translation_unit', 'preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif', 'preproc_elifdef', 'declaration_list']);

/** Whether a declaration is at file level, looking through the ERROR nodes an unknown macro wraps file-level code in. */
function atFileLevel(node: SyntaxNode): boolean {
  let parent = node.parent;
  while (parent?.type === 'ERROR') parent = parent.parent;
  return fileLevel.has(parent?.type ?? '');
}

/**
 * Keywords the parser takes for a function's name when a macro stands alone on the line before a
 * statement: `YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN` then `switch (yykind) { … }` in a function body
 * reads as a definition of a function `switch` of type `YY_…`. No function is named so.
 */
export const statementKeywords = new Set(['if', 'else', 'switch', 'case', 'while', 'do', 'for', 'return', 'goto', 'sizeof', 'catch', 'throw']);

/** A macro's name, by convention: capitals, digits and underscores. */
export const macroName = (node: SyntaxNode | null | undefined) => node !== null && node !== undefined && /^[A-Z][A-Z0-9_]*$/.test(node.text);

/** The parameters of a function declarator that are bare names with no type: a macro's arguments, read as types. */
function bareArguments(declarator: SyntaxNode): SyntaxNode[] | undefined {
  const list = declarator.childForFieldName('parameters')?.namedChildren.filter((p) => p.type !== 'comment') ?? [];
  const bare = list.every((p) => p.type === 'parameter_declaration' && !p.childForFieldName('declarator') && p.childForFieldName('type')?.type === 'type_identifier');
  return list.length > 0 && bare ? list.map((p) => p.childForFieldName('type') as SyntaxNode) : undefined;
}

/** The function declarator under any declarators (pointer, reference, attribute, parentheses), or undefined: C++'s `const T& name(…)`. */
export function innerFunctionDeclarator(declarator: SyntaxNode | null): SyntaxNode | undefined {
  for (let node = declarator; node; node = node.childForFieldName('declarator') ?? node.lastNamedChild) {
    if (node.type === 'function_declarator') return node;
    if (!node.type.endsWith('declarator')) return undefined;
  }
  return undefined;
}

/**
 * `void Acquire() LOCKS_EXCLUDED(mu_) { … }`: an annotation macro after the parameters (Clang's
 * thread-safety attributes, `ATTRIBUTE_NORETURN`-like macros with arguments) makes the parser end
 * the declaration before it, with a missing `;`, and read the macro as a function of its own that
 * has the body. The declaration split off the definition, or undefined: the function it declares
 * is the one the body belongs to.
 */
export function splitDeclaration(definition: SyntaxNode): SyntaxNode | undefined {
  if (definition.type !== 'function_definition') return undefined;
  const declarator = definition.childForFieldName('declarator');
  const type = definition.childForFieldName('type');
  if (declarator?.type !== 'function_declarator' || !macroName(declarator.childForFieldName('declarator')) || (type && !macroName(type))) return undefined;
  const previous = definition.previousNamedSibling;
  if (!previous || (previous.type !== 'declaration' && previous.type !== 'field_declaration') || !previous.lastChild?.isMissing) return undefined;
  return innerFunctionDeclarator(previous.childForFieldName('declarator')) ? previous : undefined;
}

/**
 * A macro used as a function's head, whose bare arguments name the function it defines: jemalloc's
 * `TEST_BEGIN(test_alpha) { … } TEST_END` expands to `static void test_alpha(void)`, googletest's
 * and Unity's `TEST(Suite, Name) { … }` to a test the framework calls `Suite.Name`. The arguments,
 * or undefined. The parser reads such a head as a function named after the macro with parameters
 * of types `Suite` and `Name` (in C, `TEST_END TEST_BEGIN(test_beta) {`), or, where no macro
 * precedes it, as a definition of type `TEST_BEGIN` named `(test_alpha)`. Else every test of a
 * file would be one function `TEST_BEGIN` (or `TEST`), "changing its signature" from test to test,
 * and what was extracted from a test or what a test now calls would have no function to tell it.
 * At file level only; a head with a return type before it is a function of that type.
 */
export function macroHead(definition: SyntaxNode): SyntaxNode[] | undefined {
  // inside a function, `FOR_ALL_BUFFERS(buf) { … }` is a loop the parser took for a definition: no function of its own
  if (!atFileLevel(definition) || splitDeclaration(definition)) return undefined;
  const declarator = definition.childForFieldName('declarator');
  if (declarator?.type === 'function_declarator' && declarator.namedChildren.length === 2 && macroName(declarator.childForFieldName('declarator'))) {
    const type = definition.childForFieldName('type');
    return !type || macroName(type) ? bareArguments(declarator) : undefined;
  }
  const inner = declarator?.type === 'parenthesized_declarator' && declarator.namedChildren.length === 1 ? declarator.namedChildren[0] : undefined;
  return inner?.type === 'identifier' && macroName(definition.childForFieldName('type')) ? [inner] : undefined;
}

/** The function a macro head defines (see macroHead): named `Suite.Name` by its arguments, located at the last. */
export function macroHeadDeclaration(node: SyntaxNode): Declaration | undefined {
  const args = macroHead(node);
  if (!args) return undefined;
  return { kind: 'function', noun: 'Function', name: args.map((a) => a.text).join('.'), nameNode: args[args.length - 1], fn: node, node };
}

/**
 * `int add(int a, int b) { … }`: parameters are read from the declarator (see `parameters`). A
 * macro used as a head is the function its arguments name (macroHead); any other head in
 * capitals whose parameters are all bare names (`JEMALLOC_ATTR(malloc) JEMALLOC_ALLOC_SIZE(1)
 * je_malloc(size_t size)`, the real name lost in the parse) is no function.
 */
const functionRule: DeclarationRule = {
  kind: 'function', noun: 'Function', parametersFields: ['declarator'], bodyField: 'body', signature: 'name',
  resolve(node) {
    const head = macroHeadDeclaration(node);
    if (head) return head;
    const split = splitDeclaration(node);
    const declarator = functionDeclarator((split ?? node).childForFieldName('declarator'));
    const nameNode = declaredName(declarator?.childForFieldName('declarator'));
    if (!declarator || !nameNode || statementKeywords.has(nameNode.text) || (macroName(nameNode) && bareArguments(declarator))) return undefined;
    return { kind: 'function', noun: 'Function', name: nameNode.text, nameNode, fn: node, node, start: split };
  },
};

/**
 * `int add(int a, int b);` in a header: a function without a body. A declaration whose declarator
 * is not a function (`extern int x;`), a function pointer (`int (*f)(int);`) or a typedef is not.
 */
const prototypeRule: DeclarationRule = {
  kind: 'function', noun: 'Function', parametersFields: ['declarator'], signature: 'name',
  resolve(node) {
    // Only at file level: inside a function, `T x(a, b);` is a local (or, in C++ read as C, a constructor call).
    // A macro the parser does not know (`NK_API void f(…);`) wraps file-level code in ERROR nodes: atFileLevel looks through them.
    if (!atFileLevel(node)) return undefined;
    const declarator = functionDeclarator(node.childForFieldName('declarator'));
    let named = declarator?.childForFieldName('declarator') ?? null;
    while (named?.type === 'attributed_declarator') named = named.childForFieldName('declarator') ?? named.namedChildren[0] ?? null;
    if (named?.type !== 'identifier' || statementKeywords.has(named.text)) return undefined;
    return { kind: 'function', noun: 'Function', name: named.text, nameNode: named, fn: node, node };
  },
};

/**
 * `struct point { … }` (named by its tag) and `typedef struct { … } point_t;` (named by the
 * typedef); declarations without a body (`struct point *p`) and anonymous bodies are not nodes.
 */
const typeRule = (kind: string, noun: string): DeclarationRule => ({
  kind, noun, bodyField: 'body', signature: 'name',
  resolve(node) {
    if (!node.childForFieldName('body')) return undefined;
    const typedef = node.parent?.type === 'type_definition' ? node.parent : undefined;
    const nameNode = node.childForFieldName('name') ?? declaredName(typedef?.childForFieldName('declarator'));
    if (!nameNode) return undefined;
    return { kind, noun, name: nameNode.text, nameNode, fn: node, node };
  },
});

const call: CallRule = {
  functionField: 'function',
  argumentsField: 'arguments',
  argumentsType: 'argument_list',
  calleeName: (callee) => (callee.type === 'identifier' ? callee.text : undefined),
};

/** Whitespace normalised, none around `*`, brackets and parentheses: `const char *` → `const char*`, `int []` → `int[]`. */
const normaliseType = (text: string) => text.replace(/\s+/g, ' ').replace(/\s*([*[\](),])\s*/g, '$1').trim();

/** Attributes (`__attribute__((unused))`, `[[maybe_unused]]`): what the compiler is told of a parameter, not its type. */
const attributes = new Set(['attribute_specifier', 'attribute_declaration']);

/** The nodes under `node` to leave out of its type: its attributes (not looked into). */
function attributesOf(node: SyntaxNode): SyntaxNode[] {
  if (attributes.has(node.type)) return [node];
  return node.namedChildren.flatMap(attributesOf);
}

/**
 * `const char *s` → `const char*`; `int arr[]` → `int[]`: the declaration without the name and
 * without attributes (`cJSON *item __attribute__((unused))` is a `cJSON*`: dropping the attribute
 * changes no signature).
 */
function parameterType(parameter: SyntaxNode, name: SyntaxNode | undefined): string {
  const cuts = [...(name ? [name] : []), ...attributesOf(parameter)].sort((a, b) => a.startIndex - b.startIndex);
  let text = '';
  let at = parameter.startIndex;
  for (const cut of cuts) {
    text += parameter.text.slice(at - parameter.startIndex, cut.startIndex - parameter.startIndex);
    at = cut.endIndex;
  }
  return normaliseType(text + parameter.text.slice(at - parameter.startIndex));
}

/**
 * Parameters of the function declarator in `declarator`; `(void)` is none, `...` is one named
 * `...`. A macro head's argument is the function's name, not a parameter.
 */
function parameters(declarator: SyntaxNode): Parameters {
  if (declarator.parent?.type === 'function_definition' && macroHead(declarator.parent)) return { names: [], types: [] };
  const list = functionDeclarator(declarator)?.childForFieldName('parameters');
  const names: string[] = [];
  const types: string[] = [];
  for (const parameter of list?.namedChildren ?? []) {
    if (parameter.type === 'variadic_parameter') {
      names.push('...');
      types.push('...');
    } else if (parameter.type === 'parameter_declaration') {
      const name = declaredName(parameter.childForFieldName('declarator'));
      if (!name && parameter.text.trim() === 'void') continue;
      names.push(name?.text ?? '');
      types.push(parameterType(parameter, name));
    }
  }
  return { names, types };
}

/**
 * `typedef void (*uv__once_cb)(void);`, `typedef const char *cstr, name_t;`: each name a typedef
 * declares with the type it stands for, spelt as parameterType spells a parameter's (the
 * declarator without its name: `void(*)(void)`). A struct, union or enum written in the typedef is
 * its tag (`typedef struct foo { … } foo_t;` stands for `struct foo`); an anonymous one is no type
 * a parameter could have been written as, and is left out.
 */
function typeAliases(root: SyntaxNode): Array<[string, string]> {
  const aliases: Array<[string, string]> = [];
  for (const typedef of root.descendantsOfType('type_definition')) {
    if (!typedef) continue;
    const declarators = typedef.childrenForFieldName('declarator').filter((d): d is SyntaxNode => d !== null);
    const type = typedef.childForFieldName('type');
    if (!type || declarators.length === 0 || typedef.firstChild?.type !== 'typedef') continue;
    const body = type.childForFieldName('body');
    const tag = type.childForFieldName('name');
    if (body && !tag) continue;
    const head = (from: number, to: number) => typedef.text.slice(from - typedef.startIndex, to - typedef.startIndex);
    // the qualifiers and the type before the first declarator, a written body replaced by the tag it declares
    const prefix = body ? `${head(typedef.firstChild.endIndex, type.startIndex)} ${type.type.replace(/_specifier$/, '')} ${tag!.text} ${head(type.endIndex, declarators[0].startIndex)}` : head(typedef.firstChild.endIndex, declarators[0].startIndex);
    for (const declarator of declarators) {
      const name = declaredName(declarator);
      if (!name) continue;
      const cut = declarator.text.slice(0, name.startIndex - declarator.startIndex) + declarator.text.slice(name.endIndex - declarator.startIndex);
      aliases.push([name.text, normaliseType(`${prefix} ${cut}`)]);
    }
  }
  return aliases;
}

/** A qualifier of a type: `const`, `volatile`, `restrict` (and its compilers' spellings). */
const qualifiers = /\b(?:const|volatile|restrict|__restrict|__restrict__)\b/g;

/**
 * A parameter type as compared (LanguageSpec.comparableType): without the parameter's own
 * qualifiers, which are no part of the function's type (C11 6.7.6.3: a parameter is taken as of
 * its unqualified type), as Java's `final` on a parameter is none of its method's signature.
 * `cJSON * const item` is a `cJSON*`, `const size_t depth` a `size_t`; what is pointed to keeps
 * them (`const char *s` stays a `const char*`), as do an array's elements and a function pointer.
 */
function comparableCType(type: string): string {
  const star = type.lastIndexOf('*');
  const own = type.slice(star + 1);
  if (/[[(]/.test(own)) return comparableType(type);
  return comparableType(type.slice(0, star + 1) + own.replace(qualifiers, ' ').replace(/\s+/g, ' ').trim());
}

/** `static unsigned long *make(…)` → `unsigned long*`; none for a macro head (its "type" is the macro before it). */
function returnType(declaration: Declaration): string {
  if (declaration.kind !== 'function' || (declaration.node.type === 'function_definition' && macroHead(declaration.node))) return '';
  const declaring = declaration.start ?? declaration.node;
  const type = declaring.childForFieldName('type')?.text ?? '';
  let pointers = '';
  for (let d = declaring.childForFieldName('declarator'); d && d.type === 'pointer_declarator'; d = d.childForFieldName('declarator')) pointers += '*';
  return normaliseType(type + pointers);
}

function stereotypes({ declaration }: DeclarationFacts): Stereotype[] {
  if (declaration.kind !== 'function') return [];
  const isStatic = (declaration.start ?? declaration.node).namedChildren.some((child) => child.type === 'storage_class_specifier' && child.text === 'static');
  const visibility: Stereotype = isStatic ? 'static' : 'exported';
  return declaration.node.type === 'function_definition' ? ['has-body', visibility] : [visibility];
}

/**
 * `FMT_CONSTEXPR text_style operator|(…)`, `LEVELDB_EXPORT Status DestroyDB(…)`, `friend FMT_API
 * bool f(…)`: macros (capitals with an underscore, expanding to specifiers or attributes) at the head
 * of a declaration make the parser read the first as the type, and the real type joins the name
 * (`text_styleoperator|`, `std::tm localtime` → `tmlocaltime`). Where a type and a name with its
 * `(` follow them, they are blanked out before parsing; not the capitals of a type (`PF_CHAR_TYPE
 * f(…)`), nor one before another word in capitals (`EFI_STATUS EFIAPI UefiMain(…)`, a calling
 * convention) or before `const` (`MY_TYPE_T const *lookup(…)`); a word in capitals followed by `::` is
 * a namespace or class that qualifies the type, no macro (CLI11's `CLI11_NODISCARD CLI::App_p
 * get_subcommand_ptr(…) const {`). The name may be on the next line
 * (`FMT_API void\nf(…)`). Template arguments are read up to 256 characters, so that a long line
 * of `<`s and `>`s costs no more than its length.
 *
 * A macro with arguments there expands to an attribute (CLI11's `CLI11_DEPRECATED("Use … instead")`
 * alone on the line before `Option *add_set_ignore_case(…) {`, `ABSL_DEPRECATED("…")`): the parser
 * ended the class at it, and every member after it was read as a function of the namespace. It is
 * blanked out with its arguments (which may span lines, kept), on the declaration's line or alone on
 * the line before.
 */
const attributeMacro = /[A-Z][A-Z0-9]*_[A-Z0-9_]*\((?:"(?:[^"\\\n]|\\.)*"|[^()";{}]|\([^()";{}]*\))*\)/;
const declarationMacros = new RegExp(
  String.raw`^([ \t]*)((?:(?:static|inline|extern|friend|virtual|explicit|constexpr|[A-Z][A-Z0-9]*_[A-Z0-9_]*)[ \t]+|${attributeMacro.source}(?:[ \t]+|[ \t]*\n[ \t]*))+)` +
    /(?=(?:(?:const|unsigned|signed|struct|enum|typename)[ \t]+)*(?![A-Z][A-Z0-9_]*\b(?!::)|(?:const|volatile)\b)[A-Za-z_][\w:]*(?:<[^;{}()\n]{0,256}>)?[\s*&]+(?:operator[^\s(]*|[A-Za-z_~][\w:]*(?:<[^;{}()\n]{0,256}>::[\w~]+)?)[ \t]*\()/.source,
  'gm',
);
/** A macro at a declaration's head: capitals with an underscore (`FMT_API`, `LEVELDB_EXPORT`). */
export const macroToken = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]*\b/g;

/** Spaces as long as `text`: what is blanked out keeps every offset after it. */
export const blank = (text: string) => ' '.repeat(text.length);

/** The text with the specifier macros at the head of its declarations blanked out (declarationMacros). */
const headMacro = new RegExp(`${attributeMacro.source}|${macroToken.source}`, 'g');
export const blankDeclarationMacros = (text: string) => text.replace(declarationMacros, (_all, indent: string, head: string) => indent + head.replace(headMacro, (macro) => macro.replace(/[^\n]/g, ' ')));

/**
 * `#define TAG_REFSPEC "refs/tags/*:refs/tags/*"`: the parser ends a directive's value where `/*`
 * starts, even inside a string, and reads a comment from there up to the next comment's end, so the
 * declarations in between (a header's next prototypes) are lost: the function whose prototype it
 * was looks gone from the header, and another one renamed to it. In a directive's string literals
 * (its continued lines too) the `*` after a `/` is blanked out before parsing; offsets stay.
 */
const directive = /^[ \t]*#(?:[^\n\\]|\\[^])*/gm;
const stringLiteral = /"(?:[^"\\\n]|\\[^])*"/g;
export const directiveStrings = (text: string) =>
  text.includes('/*') ? text.replace(directive, (line) => (line.includes('"') ? line.replace(stringLiteral, (literal) => literal.replace(/\/\*/g, '/ ')) : line)) : text;

export const c: LanguageSpec = {
  id: 'c',
  prepare: (text) => blankDeclarationMacros(directiveStrings(text)),
  grammar: { package: 'tree-sitter-c', wasm: 'tree-sitter-c.wasm' },
  declarations: {
    function_definition: functionRule,
    struct_specifier: typeRule('struct', 'Struct'),
    union_specifier: typeRule('union', 'Struct'),
    enum_specifier: typeRule('enum', 'Enum'),
  },
  calls: { call_expression: call },
  comments: ['comment'],
  atomicTokens: ['string_literal', 'char_literal', 'system_lib_string'],
  opaque: [],
  fileNode: { kind: 'file', noun: 'File' },
  namespace: folderNamespace,
  parameters,
  comparableType: comparableCType,
  typeAliases,
  returnType,
  stereotypes,
};

/** Headers: C with prototypes as functions (see the top of this file). */
export const cHeader: LanguageSpec = { ...c, declarations: { ...c.declarations, declaration: prototypeRule } };
