/** Tokens and identifiers: the words the similarity measures are made of. */
import type { Cst } from './cst';

/** Splits `SomeLong_Name`, `parseHTTPResponse2` (`response`, `2`) or `my-file.js` into its words, lower-cased. */
export function splitIdentifier(identifier: string): string[] {
  const words = identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Za-z])([0-9])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0);
  return words.map((w) => w.toLowerCase());
}

/** The tokens that stand for a call of `name` with `arity` arguments: `name ( , , )`. */
export function callTokens(name: string, arity: number): string[] {
  const tokens = [name, '(', ')'];
  for (let i = 1; i < arity; i++) tokens.push(',');
  return tokens;
}

/** A token that is a name (an identifier, `$this`), not an operator, a literal or a keyword's punctuation. */
export const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A word of code: a name (Ruby's `@x`, `@@x` and symbol `:x` too), a number or a literal, not punctuation. */
export const WORD = /^(?:@{0,2}|:)[\p{L}\p{N}_$'"]/u;

/** What joins an object to its member: `a.f()`, `Status::IOError()` (C++, Rust, PHP), `p->f()`, `a?.f()`. */
export const MEMBER_OF = new Set(['.', '::', '->', '?.']);

/**
 * MEMBER_OF, with the joiners `language` adds in `cst` (LanguageFacts.memberJoiners): Lua's method call
 * `a:f()`, where elsewhere `:` is a label, a slice, a key.
 */
export function memberOf(cst: Cst, language: string): ReadonlySet<string> {
  const added = cst.languages?.[language]?.memberJoiners;
  if (!added) return MEMBER_OF;
  let joins = withAdded.get(added);
  if (!joins) withAdded.set(added, (joins = new Set([...MEMBER_OF, ...added])));
  return joins;
}
const withAdded = new WeakMap<string[], Set<string>>();

/** Names joined by member access (`this . cache`, `$this -> adapter`, `Foo :: BAR`): a value read, no code of its own. */
export function isNameChain(tokens: string[]): boolean {
  return tokens.length % 2 === 1 && tokens.every((t, i) => (i % 2 === 0 ? IDENTIFIER.test(t) : MEMBER_OF.has(t)));
}
