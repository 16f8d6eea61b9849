/**
 * How a language module spells a parameter type comparably (LanguageSpec.comparableType): the
 * builder stores the result on each node (CstNode.comparableTypes), and the comparison tells a
 * changed signature by comparing those strings, knowing nothing of any language.
 *
 * Shared here: `comparableType`, the rule of every language that gives none of its own (qualifiers,
 * spaces and an inline object type's separators taken out, a union's members in one order, quotes
 * taken off), and the reader of types written of names, `[...]` arguments, commas, `|`,
 * parentheses and quotes, which a language's TypeDialect (Python's typing forms) extends.
 * Flask's move to `from __future__ import annotations` rewrote 88 signatures in these ways
 * without changing one type.
 *
 * Any other text (`List<T>`, `&'a str`, `{ a: T }`, `map[string]int`) is left as it is by the reader.
 */

/** A type as the reader reads it: a name with its `[...]` arguments, or a union. */
export type TypeTree = { name: string; args?: TypeTree[] } | { union: TypeTree[] };

/** What a language writes as one type in several ways beyond a union's order and quotes (Python's typing: python.ts). */
export interface TypeDialect {
  /** Names of one type (Python's `List` for `list`): a plain name is read too, for them. */
  aliases: Record<string, string>;
  /** The members of a union written as a generic (`Optional[A]`, `Union[A, B]`), undefined when `name[args]` is none. */
  unionOf(name: string, args: TypeTree[]): TypeTree[] | undefined;
  /** Whether `name[args]` is `name` with the arguments it takes when none are written (`Iterable[Any]`). */
  impliedArguments(name: string, args: TypeTree[]): boolean;
}

class Reader {
  private at = 0;
  constructor(private readonly text: string) {}

  /** The whole text as one type, or undefined when it is not written in the shapes above. */
  whole(): TypeTree | undefined {
    const tree = this.union();
    return tree && this.at === this.text.length ? tree : undefined;
  }

  private union(): TypeTree | undefined {
    const members: TypeTree[] = [];
    for (;;) {
      const member = this.primary();
      if (!member) return undefined;
      members.push(member);
      if (this.text[this.at] !== '|') break;
      this.at++;
    }
    return members.length === 1 ? members[0] : { union: members };
  }

  private primary(): TypeTree | undefined {
    const quote = this.text[this.at];
    if (quote === '"' || quote === "'") {
      const close = this.text.indexOf(quote, this.at + 1);
      if (close < 0) return undefined;
      const inner = new Reader(this.text.slice(this.at + 1, close)).whole();
      this.at = close + 1;
      return inner;
    }
    if (quote === '(') {
      this.at++;
      const inner = this.union();
      if (!inner || this.text[this.at] !== ')') return undefined;
      this.at++;
      return inner;
    }
    // a dotted name, the `...` of `Callable[..., T]` and `tuple[int, ...]`, or a number of a literal
    // type (Python's `Literal[1, -1]`, TypeScript's `0 | 1`): without it such a type was compared as
    // written, and unquoting it (a forward reference made plain) read as another type
    const name = /^(?:[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*|\.\.\.|-?\d+(?:\.\d+)?)/.exec(this.text.slice(this.at))?.[0] ?? '';
    this.at += name.length;
    if (this.text[this.at] !== '[') return name ? { name } : undefined;
    // `Dict[str, int]`, or a bare list of types (`Callable[[int], str]`'s `[int]`)
    this.at++;
    const args: TypeTree[] = [];
    while (this.text[this.at] !== ']') {
      const arg = this.union();
      if (!arg) return undefined;
      args.push(arg);
      if (this.text[this.at] === ',') this.at++;
      else if (this.text[this.at] !== ']') return undefined;
    }
    this.at++;
    return { name, args };
  }
}

/** The type in one spelling: a union's members each once, in one order (`A | B` and `B | A` are one type). */
function write(tree: TypeTree, dialect: TypeDialect | undefined): string {
  return [...new Set(unionMembers(tree, dialect))].sort().join('|');
}

/**
 * The members of a union, each written on its own (`A | B`, and the dialect's unions such as
 * Python's `Optional[A]` and `Union[A, B]`, members of members included); a type that is no union
 * is its only member.
 */
function unionMembers(tree: TypeTree, dialect: TypeDialect | undefined): string[] {
  if ('union' in tree) return tree.union.flatMap((member) => unionMembers(member, dialect));
  const members = dialect && tree.args ? dialect.unionOf(tree.name, tree.args) : undefined;
  if (members) return members.flatMap((member) => unionMembers(member, dialect));
  const name = dialect ? dialect.aliases[tree.name] ?? tree.name : tree.name;
  return [tree.args && !dialect?.impliedArguments(name, tree.args) ? `${name}[${tree.args.map((arg) => write(arg, dialect)).join(',')}]` : name];
}

/**
 * `type` (without spaces or qualifiers, as comparableType has it) in one spelling of the type it
 * names; without a dialect, only unions are reordered and quotes taken off.
 */
export function typeSpelling(type: string, dialect?: TypeDialect): string {
  // a plain name needs reading for a dialect's aliases only (`List`, `list`)
  if (!dialect && !/[|["'(]/.test(type)) return type;
  const tree = new Reader(type).whole();
  return tree ? write(tree, dialect) : type;
}

/**
 * A parameter type as written, less what does not make it another type: qualifiers
 * (`*cobra.Command` after the package moved, `std::string`, `java.util.List<a.b.C>`), spaces, and
 * the separators of an inline object type (`{ a: T; }` and `{ a: T }`), and what is one type spelt
 * otherwise (`string | undefined`, `"Flask"`: typeSpelling; Python's `Optional[str]` with its dialect).
 * A language that writes more into a type without making it another one (Rust's lifetimes, C#'s
 * nullable references) takes that out first, in its own LanguageSpec.comparableType.
 */
export function comparableType(type: string, dialect?: TypeDialect): string {
  const bare = type
    // a qualifier ends in `.` or `::`, not in the dots of a variadic `Args...` (as java.ts's parameterType reads it)
    .replace(/\b[A-Za-z_]\w*(?:\.(?!\.)|::)/g, '')
    .replace(/\s+/g, '')
    .replace(/[;,]+(?=[}\]>])/g, '')
    .replace(/;/g, ',');
  return typeSpelling(bare, dialect);
}
