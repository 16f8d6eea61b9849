/**
 * Helpers for the languages' call receivers (CallRule.receiver, LanguageSpec.typedNames) that
 * several modules share.
 */
import { simplifyType } from './java';
import { UNKNOWN_TYPE } from './spec';
import type { SyntaxNode } from './treesitter';

/** A type by the usual naming: `Util`, `HashMap` (capitalised, with lower case somewhere); `LOG` or `MAX` are taken for constants. */
export const isCapitalisedTypeName = (name: string) => /^[A-Z]/.test(name) && /[a-z]/.test(name);

/**
 * Whether `name`, written as a type at `node`, is a type parameter of a declaration around it
 * (`T` in `fn f<T>(x: T)` or `func F[T any](x T)`): any type may stand for it, so it names none.
 * `declared` gives the type parameters a syntax node declares (none for most).
 */
export function isTypeParameter(node: SyntaxNode, name: string, declared: (holder: SyntaxNode) => string[]): boolean {
  for (let up = node.parent; up; up = up.parent) if (declared(up).includes(name)) return true;
  return false;
}

/**
 * The simple name of the type a receiver is declared with, as written (`global::a.b.Foo<T>?`,
 * `ns::Foo`, `Map<K, V>` → Foo, Foo, Map), for LanguageSpec.typedNames; UNKNOWN_TYPE for a type
 * parameter of a declaration around it (`declared` gives those a syntax node declares), which
 * may stand for any type.
 */
export function declaredTypeName(type: SyntaxNode, declared: (holder: SyntaxNode) => string[]): string {
  const name = simplifyType(type.text.replace(/::/g, '.')).replace(/[?*&]+$/, '');
  return !name || isTypeParameter(type, name, declared) ? UNKNOWN_TYPE : name;
}
