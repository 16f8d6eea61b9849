/**
 * One type written in several ways: a union in another order (`str | None`, `None | str`), Python's
 * typing spellings of one (`Optional[str]`, `Union[str, None]`), a quoted forward reference
 * (`"Flask"`), Python's typing aliases of the built-in generics (`List[int]`, `list[int]`) and a
 * Python generic with no arguments for `Any` ones (`Iterable`, `Iterable[Any]`).
 * Flask's move to `from __future__ import annotations` rewrote 88 signatures in these ways
 * without changing one type.
 *
 * Only a type written entirely of names, `[...]` arguments, commas, `|`, parentheses and quotes is read; any
 * other text (`List<T>`, `&'a str`, `{ a: T }`, `map[string]int`) is returned as it is.
 */

type TypeTree = { name: string; args?: TypeTree[] } | { union: TypeTree[] };

/** Python's typing aliases of built-in types (PEP 585): `List[int]` is `list[int]`. */
const pythonAliases: Record<string, string> = {
  List: 'list', Dict: 'dict', Set: 'set', FrozenSet: 'frozenset', Tuple: 'tuple', Type: 'type',
};

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
    // a dotted name, or the `...` of `Callable[..., T]` and `tuple[int, ...]`
    const name = /^(?:[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*|\.\.\.)/.exec(this.text.slice(this.at))?.[0] ?? '';
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
function write(tree: TypeTree, python: boolean): string {
  return [...new Set(unionMembers(tree, python))].sort().join('|');
}

/**
 * The members of a union, each written on its own (`A | B`, and in Python `Optional[A]` and
 * `Union[A, B]`, members of members included); a type that is no union is its only member.
 */
function unionMembers(tree: TypeTree, python: boolean): string[] {
  if ('union' in tree) return tree.union.flatMap((member) => unionMembers(member, python));
  if (python && tree.name === 'Optional' && tree.args?.length === 1) return [...unionMembers(tree.args[0], python), 'None'];
  if (python && tree.name === 'Union' && tree.args) return tree.args.flatMap((arg) => unionMembers(arg, python));
  const name = python ? pythonAliases[tree.name] ?? tree.name : tree.name;
  return [tree.args && !(python && anyArguments(name, tree.args)) ? `${name}[${tree.args.map((arg) => write(arg, python)).join(',')}]` : name];
}

/**
 * A generic written without arguments takes `Any` for each (PEP 484): `Iterable` is
 * `Iterable[Any]`, `Callable` is `Callable[..., Any]`, `Tuple` is `Tuple[Any, ...]` (a
 * `Tuple[Any]` holds one item: another type).
 */
function anyArguments(name: string, args: TypeTree[]): boolean {
  const names = args.map((arg) => ('name' in arg && !arg.args ? arg.name : undefined));
  if (!names.every((arg) => arg === 'Any' || arg === '...')) return false;
  return name !== 'tuple' || names.includes('...');
}

/**
 * `type` (without spaces or qualifiers, as comparableType has it) in one spelling of the type it
 * names; for a language other than Python, only unions are reordered and quotes taken off.
 */
export function typeSpelling(type: string, language: string): string {
  // a plain name needs reading in Python only, for its aliases (`List`, `list`)
  if (language !== 'python' && !/[|["'(]/.test(type)) return type;
  const tree = new Reader(type).whole();
  return tree ? write(tree, language === 'python') : type;
}

/** C#'s value types by keyword and the library's common structs: `?` after one makes Nullable<T>. */
const CSHARP_VALUE_TYPES = new Set([
  'bool', 'byte', 'sbyte', 'char', 'decimal', 'double', 'float', 'int', 'uint', 'nint', 'nuint', 'long', 'ulong', 'short', 'ushort',
  'DateTime', 'DateTimeOffset', 'TimeSpan', 'Guid', 'CancellationToken', 'Boolean', 'Int32', 'Int64', 'Double', 'Decimal',
]);

/**
 * `type` less what a language writes into a type without making it another one, before
 * comparableType takes qualifiers and spaces out:
 * - Rust: a lifetime, with the comma after it in a list of generic arguments (`Ref<'a, T>`), the
 *   brackets it leaves empty (`Formatter<'_>`: elided or written, one type), and `dyn` (`dyn
 *   Trait` and a bare `Trait`, the 2015 edition's, are one trait object; the builder took the
 *   space out, `&dynError`, and a qualified `dyn std::error::Error` loses `dynstd::` with the
 *   qualifiers). Elsewhere a quote opens a string (`'left' | 'right'`, Python's `'models.User'`).
 * - C#: `?` after a reference type, a nullability annotation (`string?` is `string` to the runtime
 *   and to overloads); after a value type it makes another type (`int?` is Nullable<int>).
 */
export function withoutAnnotations(type: string, language: string): string {
  switch (language) {
    case 'rust':
      return type
        .replace(/'[A-Za-z_]\w*(?!['\w])\s*,?\s*/g, '')
        .replace(/<\s*>/g, '')
        .replace(/(?<![\w$])dyn\s*(?=[A-Z(])/g, '');
    case 'csharp':
      return type.replace(/([\w\]>]+)\s*\?/g, (all: string, head: string) => (CSHARP_VALUE_TYPES.has(head) ? all : head));
    default:
      return type;
  }
}
