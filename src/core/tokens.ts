/** Tokens and identifiers: the words the similarity measures are made of. */

/** Splits `SomeLong_Name`, `parseHTTPResponse2` or `my-file.js` into its words, lower-cased. */
export function splitIdentifier(identifier: string): string[] {
  const words = identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
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
