/** A scripted history of Java and JavaScript refactorings, shared by the analysis and CLI tests. */
import { makeRepo, type ScratchRepo } from '../git/scratch-repo';

export const calc = (method: string, extra = '') => `package a;

public class Calc {
  private int total;

  public int ${method}(int x, int y) {
    int result = x + y;
    total = total + result;
    System.out.println("sum of " + x + " and " + y + " is " + result);
    return result;
  }
${extra}}
`;

export const report = (body: string) => `package a;

public class Report {
  public String render(String title, java.util.List<String> lines) {
${body}
  }
}
`;

const reportInline = `    StringBuilder out = new StringBuilder();
    out.append("== ").append(title).append(" ==\\n");
    for (String line : lines) {
      out.append(" * ").append(line.trim()).append("\\n");
    }
    out.append("(" + lines.size() + " lines)\\n");
    return out.toString();`;

const reportExtracted = `${report(`    StringBuilder out = new StringBuilder();
    out.append("== ").append(title).append(" ==\\n");
    appendLines(out, lines);
    return out.toString();`).replace(/}\n}\n$/, '}\n')}
  private void appendLines(StringBuilder out, java.util.List<String> lines) {
    for (String line : lines) {
      out.append(" * ").append(line.trim()).append("\\n");
    }
    out.append("(" + lines.size() + " lines)\\n");
  }
}
`;

export const util = (name: string) => `export function ${name}(items, key) {
  const groups = new Map();
  for (const item of items) {
    const k = item[key];
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(item);
  }
  return groups;
}
`;

/** A class of about 10,000 lines: many small methods and the one that gets renamed. */
export function bigClass(renamed: boolean): string {
  const methods = Array.from({ length: 1250 }, (_, i) => `  public int value${i}(int a) {\n    int b = a * ${i};\n    return b + ${i % 7};\n  }\n`);
  const special = `  public long ${renamed ? 'checksumOf' : 'checksum'}(int[] values) {\n    long acc = 17;\n    for (int v : values) {\n      acc = acc * 31 + v;\n    }\n    return acc ^ (acc >>> 7);\n  }\n`;
  return `package big;\n\npublic class Big {\n${special}${methods.join('\n')}}\n`;
}

export interface History {
  repo: ScratchRepo;
  shas: Record<string, string>;
}

/** Each step commits one behaviour; `shas` names them. */
export function buildHistory(): History {
  const repo = makeRepo();
  const shas: Record<string, string> = {};
  repo.write('src/a/Calc.java', calc('sum'));
  repo.write('src/a/Report.java', report(reportInline));
  repo.write('web/util.js', util('groupBy'));
  shas.root = repo.commit('root: calculator, report, util');
  repo.write('src/a/Calc.java', calc('add'));
  shas.renameMethod = repo.commit('rename sum to add');
  repo.move('src/a/Report.java', 'src/b/Report.java');
  repo.write('src/b/Report.java', report(reportInline).replace('package a;', 'package b;'));
  shas.moveClass = repo.commit('move Report to package b');
  repo.write('src/b/Report.java', reportExtracted.replace('package a;', 'package b;'));
  shas.extract = repo.commit('extract appendLines');
  repo.write('assets/logo.js', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]));
  repo.write('src/a/Latin.java', Buffer.from('package a;\n// caf\xe9 cr\xe8me\npublic class Latin {\n  public String hello() { return "bonjour"; }\n}\n', 'latin1'));
  shas.binary = repo.commit('binary and Latin-1 files');
  repo.write('src/big/Big.java', bigClass(false));
  shas.bigAdded = repo.commit('add a 10,000-line class');
  repo.write('src/big/Big.java', bigClass(true));
  shas.bigRenamed = repo.commit('rename checksum in the big class');
  shas.empty = repo.commit('nothing', { allowEmpty: true });
  repo.git('checkout', '-q', '-b', 'feature');
  repo.write('web/util.js', util('groupByKey'));
  shas.feature = repo.commit('rename groupBy on a branch');
  repo.git('checkout', '-q', 'main');
  repo.write('README.md', 'sample\n');
  shas.mainSide = repo.commit('readme');
  repo.git('merge', '-q', '--no-ff', '-m', 'merge feature', 'feature');
  shas.merge = repo.git('rev-parse', 'HEAD').trim();
  return { repo, shas };
}
