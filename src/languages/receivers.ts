/**
 * Helpers for the languages' call receivers (CallRule.receiver, LanguageSpec.typedNames) that
 * several modules share.
 */
import { simplifyType } from './java';
import { UNKNOWN_TYPE } from './spec';
import type { SyntaxNode } from './treesitter';

/** A type by the usual naming: `Util`, `HashMap` (capitalised, with lower case somewhere); `LOG` or `MAX` are taken for constants. */
export const isCapitalisedTypeName = (name: string) => /^[A-Z]/.test(name) && /[a-z]/.test(name);

/** Where a language declares type parameters: the syntax node types that can, and the names one declares. */
export interface TypeParameterScopes {
  holders: ReadonlySet<string>;
  names(holder: SyntaxNode): string[];
}

/**
 * Whether `name`, written as a type at `node`, is a type parameter of a declaration around it
 * (`T` in `fn f<T>(x: T)` or `func F[T any](x T)`): any type may stand for it, so it names none.
 * Only the holders' names are read: reading every ancestor's children (a class body's members)
 * for each typed name made parsing C# and Kotlin 40 % slower.
 */
export function isTypeParameter(node: SyntaxNode, name: string, scopes: TypeParameterScopes): boolean {
  for (let up = node.parent; up; up = up.parent) if (scopes.holders.has(up.type) && scopes.names(up).includes(name)) return true;
  return false;
}

/** A type as written reduced to its simple name: `global::a.b.Foo<T>?`, `ns::Foo`, `Map<K, V>` → Foo, Foo, Map. */
export const simpleTypeName = (written: string) => simplifyType(written.replace(/::/g, '.')).replace(/[?*&]+$/, '');

/**
 * The simple name of the type a receiver is declared with, as written (`global::a.b.Foo<T>?`,
 * `ns::Foo`, `Map<K, V>` → Foo, Foo, Map), for LanguageSpec.typedNames; UNKNOWN_TYPE for a type
 * parameter of a declaration around it, which may stand for any type.
 */
export function declaredTypeName(type: SyntaxNode, scopes: TypeParameterScopes): string {
  const name = simpleTypeName(type.text);
  return !name || isTypeParameter(type, name, scopes) ? UNKNOWN_TYPE : name;
}
