// Prints the README "Languages" table generated from test/languages/support.ts; with --write, puts it
// into README.md between <!-- languages:start --> and <!-- languages:end -->.
// Usage: node --import tsx scripts/language-table.mjs [--write]
import { readFileSync, writeFileSync } from 'node:fs';
import { languageTable, withLanguageTable } from '../test/languages/support.ts';

if (process.argv.includes('--write')) {
  const readme = readFileSync('README.md', 'utf8');
  writeFileSync('README.md', withLanguageTable(readme));
  console.log('README.md: languages table updated');
} else {
  console.log(languageTable());
}
