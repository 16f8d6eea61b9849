/**
 * What each language supports, as its tests show it: the element kinds its module builds and the
 * refactoring display types its tests assert. ONE table; README's "Languages" section is generated
 * from it (`node --import tsx scripts/language-table.mjs --write`) and support.test.ts keeps both equal.
 */
export interface LanguageSupport {
  /** Display name. */
  language: string;
  /** Language id in src/languages/registry.ts. */
  id: string;
  extensions: string[];
  /** CST kinds the module builds. */
  kinds: string[];
  /** Refactoring display types asserted by the language's tests. */
  refactorings: string[];
}

export const support: LanguageSupport[] = [
  {
    language: 'Java', id: 'java', extensions: ['.java'],
    kinds: ['class', 'interface', 'enum', 'record', 'annotation', 'method', 'constructor'],
    refactorings: [
      'Rename Class', 'Rename Method', 'Move Class', 'Move Method', 'Move And Rename Method', 'Change Method Signature',
      'Change Type Declaration Kind', 'Extract Method', 'Extract And Move Method', 'Inline Method', 'Pull Up Method',
      'Push Down Method', 'Pull Up Method Signature', 'Push Down Method Implementation', 'Extract Superclass',
    ],
  },
  {
    language: 'JavaScript, JSX', id: 'javascript', extensions: ['.js', '.mjs', '.cjs', '.jsx'],
    kinds: ['file', 'class', 'method', 'function'],
    refactorings: [
      'Rename File', 'Move File', 'Rename Class', 'Rename Method', 'Rename Function', 'Move Function', 'Move And Rename Function',
      'Change Function Signature', 'Extract Function', 'Extract And Move Function', 'Inline Function', 'Pull Up Method',
      'Push Down Method', 'Extract Superclass',
    ],
  },
  {
    language: 'Python', id: 'python', extensions: ['.py'],
    kinds: ['file', 'class', 'method', 'constructor', 'function'],
    refactorings: [
      'Rename Class', 'Rename Method', 'Rename Function', 'Move Class', 'Move Function', 'Move And Rename Function',
      'Change Function Signature', 'Extract Function', 'Inline Function', 'Pull Up Method', 'Push Down Method', 'Extract Superclass',
    ],
  },
  {
    language: 'C#', id: 'csharp', extensions: ['.cs'],
    kinds: ['class', 'struct', 'interface', 'record', 'enum', 'method', 'constructor'],
    refactorings: [
      'Rename Class', 'Rename Method', 'Move Class', 'Move Method', 'Move And Rename Method', 'Change Method Signature',
      'Change Class Signature', 'Extract Method', 'Inline Method', 'Pull Up Method', 'Push Down Method', 'Pull Up Method Signature',
      'Extract Superclass', 'Extract Interface',
    ],
  },
  {
    language: 'C', id: 'c', extensions: ['.c', '.h'],
    kinds: ['file', 'function', 'struct', 'union', 'enum'],
    refactorings: [
      'Rename File', 'Rename Function', 'Move Function', 'Move And Rename Function', 'Change Function Signature',
      'Extract Function', 'Inline Function', 'Rename Struct',
    ],
  },
  {
    language: 'TypeScript', id: 'typescript', extensions: ['.ts', '.mts', '.cts'],
    kinds: ['file', 'class', 'interface', 'enum', 'type', 'namespace', 'module', 'method', 'function'],
    refactorings: [
      'Rename Class', 'Rename Method', 'Rename Function', 'Move Class', 'Move Function', 'Move And Rename Function',
      'Change Function Signature', 'Extract Function', 'Inline Function', 'Pull Up Method', 'Push Down Method',
      'Pull Up Method Signature', 'Extract Superclass', 'Extract Interface',
    ],
  },
  {
    language: 'TSX', id: 'tsx', extensions: ['.tsx'],
    kinds: ['file', 'class', 'interface', 'enum', 'type', 'namespace', 'module', 'method', 'function'],
    refactorings: ['Move And Rename Function'],
  },
  {
    language: 'Go', id: 'go', extensions: ['.go'],
    kinds: ['file', 'struct', 'interface', 'type', 'method', 'function'],
    refactorings: [
      'Rename Type', 'Rename Method', 'Rename Function', 'Move Type', 'Move Method', 'Move Function', 'Move And Rename Function',
      'Change Function Signature', 'Extract Function', 'Inline Function', 'Pull Up Method', 'Push Down Method',
    ],
  },
  {
    language: 'Kotlin', id: 'kotlin', extensions: ['.kt', '.kts'],
    kinds: ['class', 'interface', 'object', 'enum', 'method', 'constructor', 'function'],
    refactorings: [
      'Rename Class', 'Rename Function', 'Move Class', 'Move Method', 'Move Function', 'Move And Rename Function',
      'Change Function Signature', 'Extract Function', 'Inline Function', 'Pull Up Method', 'Push Down Method',
      'Pull Up Method Signature', 'Extract Superclass', 'Extract Interface',
    ],
  },
  {
    language: 'Rust', id: 'rust', extensions: ['.rs'],
    kinds: ['file', 'struct', 'enum', 'union', 'trait', 'module', 'impl', 'method', 'function'],
    refactorings: [
      'Rename Class', 'Rename Function', 'Move Class', 'Move Function', 'Move And Rename Function', 'Change Function Signature',
      'Extract Function', 'Inline Function', 'Pull Up Method', 'Push Down Method', 'Pull Up Method Signature', 'Extract Interface',
    ],
  },
  {
    language: 'C++', id: 'cpp', extensions: ['.cpp', '.cc', '.cxx', '.hpp', '.hh', '.hxx'],
    kinds: ['file', 'namespace', 'class', 'struct', 'union', 'enum', 'method', 'constructor', 'function'],
    refactorings: [
      'Rename Class', 'Rename Function', 'Move Class', 'Move Function', 'Move And Rename Function', 'Change Function Signature',
      'Change Class Signature', 'Extract Function', 'Inline Function', 'Pull Up Method', 'Push Down Method', 'Extract Superclass',
    ],
  },
  {
    language: 'PHP', id: 'php', extensions: ['.php'],
    kinds: ['class', 'interface', 'trait', 'enum', 'method', 'function'],
    refactorings: [
      'Rename Class', 'Rename Function', 'Move Class', 'Move Method', 'Move Function', 'Move And Rename Function',
      'Change Function Signature', 'Extract Method', 'Inline Method', 'Pull Up Method', 'Push Down Method',
      'Pull Up Method Signature', 'Extract Superclass', 'Extract Interface',
    ],
  },
  {
    language: 'Ruby', id: 'ruby', extensions: ['.rb'],
    kinds: ['file', 'module', 'class', 'method', 'constructor', 'function'],
    refactorings: [
      'Rename Class', 'Rename Function', 'Move Class', 'Move Method', 'Move Function', 'Move And Rename Function',
      'Change Function Signature', 'Extract Method', 'Inline Method', 'Pull Up Method', 'Push Down Method', 'Extract Superclass',
    ],
  },
  {
    language: 'Scala', id: 'scala', extensions: ['.scala', '.sc'],
    kinds: ['class', 'trait', 'object', 'enum', 'method', 'constructor', 'function'],
    refactorings: [
      'Rename Class', 'Rename Object', 'Rename Method', 'Rename Function', 'Move Class', 'Move Method', 'Move And Rename Method',
      'Change Function Signature', 'Extract Method', 'Extract And Move Method', 'Inline Method', 'Pull Up Method',
      'Push Down Method', 'Pull Up Method Signature', 'Extract Superclass', 'Extract Interface',
    ],
  },
  {
    language: 'Lua', id: 'lua', extensions: ['.lua'],
    kinds: ['file', 'class', 'object', 'method', 'function'],
    refactorings: [
      'Rename File', 'Move File', 'Rename Class', 'Rename Method', 'Rename Function', 'Move Method', 'Move Function',
      'Move And Rename Function', 'Change Function Signature', 'Extract Function', 'Extract Method', 'Inline Function',
      'Pull Up Method', 'Push Down Method',
    ],
  },
];

/** The Markdown table README shows between `<!-- languages:start -->` and `<!-- languages:end -->`. */
export function languageTable(rows: LanguageSupport[] = support): string {
  const code = (items: string[]) => items.map((item) => `\`${item}\``).join(' ');
  return [
    '| Language | Files | Elements | Refactorings covered by tests |',
    '| --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row.language} | ${code(row.extensions)} | ${row.kinds.join(', ')} | ${row.refactorings.join(', ')} |`),
  ].join('\n');
}

export const START_MARKER = '<!-- languages:start -->';
export const END_MARKER = '<!-- languages:end -->';

/** README text with the section between the markers replaced by `table`. */
export function withLanguageTable(readme: string, table: string = languageTable()): string {
  const start = readme.indexOf(START_MARKER);
  const end = readme.indexOf(END_MARKER);
  if (start === -1 || end < start) throw new Error(`README lacks ${START_MARKER} … ${END_MARKER}`);
  return `${readme.slice(0, start + START_MARKER.length)}\n${table}\n${readme.slice(end)}`;
}
