/**
 * Parameter types read through the type aliases the files of one version declare
 * (CstNode.aliasedTypes). libuv's `void uv_once(uv_once_t* guard, void (*callback)(void))` became
 * `uv_once(uv_once_t* guard, uv__once_cb callback)` in the commit that declared
 * `typedef void (*uv__once_cb)(void);`, and fmt's `format_int(unsigned long long)` became
 * `format_int(ullong)` with `using ullong = unsigned long long;`: the type is the one it was, only
 * its name is new, so the signature did not change. Each version is read with its own aliases,
 * those of the files the commit changed (FileCst.typeAliases), which is where a commit that
 * respells its types declares the new name. parametersChanged compares these types only where the
 * written ones differ, so an alias never makes a change of a parameter that kept its spelling.
 */
import { isType, type Cst, type CstNode, type FileCst } from '../core/cst';
import type { SyntaxNode } from './treesitter';

/** A language's comparable spelling of a parameter type as written (LanguageSpec.comparableType), by language id. */
export type ComparableTypeRules = (language: string) => (type: string) => string;

/** How many aliases deep a type is read (`using A = B; using B = int;`): enough for what code writes, and no loop. */
const MAX_DEPTH = 4;

/**
 * The aliases `root` declares as nodes of `types` (Rust's `type_item`, Kotlin's `type_alias`), for
 * LanguageSpec.typeAliases: each name with the type it stands for as written, its spaces collapsed.
 * A generic alias (itertools' `pub type Combinations<I> = CombinationsGeneric<I, Vec<usize>>;`) is
 * listed with its type parameters after its name: no parameter type is read through it, which
 * would take putting its arguments in place, but a gone type of its name is still the type it
 * names (nameTypeAliases). `parts` gives an alias's name, type parameters and type nodes.
 */
export function declaredAliases(
  root: SyntaxNode,
  types: string[],
  parts: (alias: SyntaxNode) => { name?: SyntaxNode | null; typeParameters?: SyntaxNode | null; type?: SyntaxNode | null },
): Array<[string, string]> {
  const aliases: Array<[string, string]> = [];
  for (const alias of root.descendantsOfType(types)) {
    if (!alias) continue;
    const { name, typeParameters, type } = parts(alias);
    if (!name || !type) continue;
    aliases.push([name.text + (typeParameters ? typeParameters.text.replace(/\s+/g, '') : ''), type.text.replace(/\s+/g, ' ')]);
  }
  return aliases;
}

/** Sets CstNode.aliasedTypes on the callables of `cst`, the CST of `files`, where a parameter type names an alias they declare. */
export function resolveTypeAliases(cst: Cst, files: FileCst[], comparable: ComparableTypeRules): void {
  const byLanguage = aliasesByLanguage(files);
  if (byLanguage.size === 0) return;
  for (const node of cst.nodes) {
    const aliases = byLanguage.get(node.language);
    if (!aliases || node.parameterTypes.length === 0) continue;
    const spell = comparable(node.language);
    const current = node.comparableTypes ?? node.parameterTypes;
    let aliased: string[] | undefined;
    node.parameterTypes.forEach((type, i) => {
      if (type === '') return;
      const read = readThrough(type, aliases, node);
      if (read === type) return;
      const spelt = spell(read);
      if (spelt !== current[i]) (aliased ??= current.slice())[i] = spelt;
    });
    if (aliased) node.aliasedTypes = aliased;
  }
}

/**
 * Sets CstNode.aliasNames on the types of `cst`, the CST of `files`, that an alias declared in
 * their own file names (`using ConfigINI = ConfigBase;`, `typedef ConfigBase ConfigINI;` beside
 * `class ConfigBase`): the alias written as the type's bare name, qualified or not (`CLI::ConfigBase`).
 */
export function nameTypeAliases(cst: Cst, files: FileCst[]): void {
  const aliasesOf = new Map<string, string[]>();
  for (const file of files) {
    for (const [declared, type] of Object.entries(file.typeAliases ?? {})) {
      const name = declared.replace(/[<[].*$/s, '');
      const named = /^(?:[A-Za-z_]\w*(?:::|\.))*([A-Za-z_]\w*)\s*(?:<.*>|\[.*\])?$/s.exec(type)?.[1];
      const key = `${file.file} ${named}`;
      if (named && named !== name) aliasesOf.set(key, [...(aliasesOf.get(key) ?? []), name]);
    }
  }
  if (aliasesOf.size === 0) return;
  for (const node of cst.nodes) {
    const names = isType(node) ? aliasesOf.get(`${node.location.file} ${node.name}`) : undefined;
    if (names) node.aliasNames = names;
  }
}

/** The aliases of each language's files, a name declared as two types (in one file or in two) left out. */
function aliasesByLanguage(files: FileCst[]): Map<string, Map<string, string>> {
  const found = new Map<string, Map<string, string>>();
  for (const file of files) {
    if (!file.typeAliases) continue;
    let aliases = found.get(file.language);
    if (!aliases) found.set(file.language, (aliases = new Map()));
    for (const [name, type] of Object.entries(file.typeAliases)) {
      const known = aliases.get(name);
      aliases.set(name, known === undefined || known === type ? type : '');
    }
  }
  for (const aliases of found.values()) for (const [name, type] of aliases) if (type === '') aliases.delete(name);
  return found;
}

/** A name not written after a qualifier (`detail::ullong`, read as `detail.ullong` in C++, is another type's member). */
const typeName = /(?<![\w$.:])[A-Za-z_$][\w$]*/g;

/**
 * `type` with each alias written as the type it stands for, aliases of aliases too. A name in the
 * node's type parameter scope is that type parameter, whatever a file calls an alias of its name.
 * A tag (`struct foo`) names another thing than an alias `foo`. An alias of a pointer, array or
 * function type is read only where nothing qualifies it from outside: `const str_t`, with
 * `typedef char *str_t;`, is a `char *const`, not a `const char *` as text put in its place would read.
 */
function readThrough(type: string, aliases: Map<string, string>, node: CstNode): string {
  let read = type;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const next = read.replace(typeName, (name, at: number) => {
      const aliased = aliases.get(name);
      if (aliased === undefined || node.typeParameterScope?.includes(name)) return name;
      const before = read.slice(0, at).trimEnd();
      if (/\b(?:struct|union|enum|class|typename)$/.test(before)) return name;
      if (/[^\w\s$.:]/.test(aliased) && /[\w$]$/.test(before)) return name;
      return aliased;
    });
    if (next === read) break;
    read = next;
  }
  return read;
}
