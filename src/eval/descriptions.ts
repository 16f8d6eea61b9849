/**
 * RefactoringMiner's descriptions → element keys, for oracles that give nothing else (js-rm):
 * "Extract Method public getBarBounds(bar) extracted from public inRange(x, y) in class element.rectangle".
 * The "class" of a JavaScript description is the file's name without extension (`element.rectangle`).
 */
import { isModuleName } from './vocabulary';
import { lastSegment, levelOf, parseMethodText, type ElementKey } from './elements';

type Sides = { before?: ElementKey; after?: ElementKey };

/** Description shapes by verb: which capture is the before/after element and which their class. */
const METHOD_PATTERNS: Array<{ verbs: RegExp; pattern: RegExp; before: number; beforeClass: number; after: number; afterClass: number }> = [
  { verbs: /^Rename$/, pattern: /^(.+) renamed to (.+) in class (.+)$/, before: 1, beforeClass: 3, after: 2, afterClass: 3 },
  { verbs: /^Rename$/, pattern: /^(.+\)) to (.+) in class (.+)$/, before: 1, beforeClass: 3, after: 2, afterClass: 3 },
  { verbs: /^(Move|Move And Rename|Pull Up|Push Down)$/, pattern: /^(.+?) from class (.+?) to (.+) from class (.+)$/, before: 1, beforeClass: 2, after: 3, afterClass: 4 },
  { verbs: /^Extract And Move$/, pattern: /^(.+) extracted from (.+) in class (.+?) & moved to class (.+)$/, before: 2, beforeClass: 3, after: 1, afterClass: 4 },
  { verbs: /^Extract$/, pattern: /^(.+) extracted from (.+) in class (.+)$/, before: 2, beforeClass: 3, after: 1, afterClass: 3 },
  { verbs: /^Inline$/, pattern: /^(.+) inlined to (.+) in class (.+)$/, before: 1, beforeClass: 3, after: 2, afterClass: 3 },
];

/** A method named in a description, with the class the description gives it (a file's name in JS and Python). */
export function methodKeyInClass(text: string, cls: string): ElementKey {
  const method = parseMethodText(text);
  return { level: 'method', name: method.name, params: method.params.length, fileHint: isModuleName(cls) ? cls.replace(/\.__module__$/, '') : cls };
}

function classKey(name: string): ElementKey {
  const trimmed = name.trim();
  if (isModuleName(trimmed)) return { level: 'file', fileHint: trimmed.replace(/\.__module__$/, '') };
  return { level: 'class', name: lastSegment(trimmed) };
}

function parseMethodDescription(verb: string, rest: string): Sides {
  for (const p of METHOD_PATTERNS) {
    if (!p.verbs.test(verb)) continue;
    const m = p.pattern.exec(rest);
    if (m) return { before: methodKeyInClass(m[p.before], m[p.beforeClass]), after: methodKeyInClass(m[p.after], m[p.afterClass]) };
  }
  return {};
}

function parseClassDescription(verb: string, rest: string): Sides {
  const moved = /^(.+?) (?:moved and renamed|moved|renamed) to (.+)$/.exec(rest);
  if (moved && /^(Move|Rename|Move And Rename)$/.test(verb)) return { before: classKey(moved[1]), after: classKey(moved[2]) };
  const extracted = /^(\S+) from class(?:es)? \[?([^\],]+)/.exec(rest);
  if (extracted) return { before: classKey(extracted[2]), after: classKey(extracted[1]) };
  return {};
}

/**
 * Both sides of a refactoring from its description. `type` is the oracle's own type name
 * ("Extract Method"), `canonical` the canonical type it counts as.
 */
export function parseDescription(type: string, canonical: string, description: string): Sides {
  if (!description.startsWith(`${type} `)) return {};
  const rest = description.slice(type.length + 1).trim();
  const words = type.split(' ');
  const noun = words[words.length - 1];
  const verb = words.slice(0, -1).join(' ');
  if (levelOf(canonical) === 'method') return parseMethodDescription(verb, rest);
  if (noun === 'Superclass' || noun === 'Interface') return parseClassDescription('Extract', rest);
  return parseClassDescription(verb, rest);
}
