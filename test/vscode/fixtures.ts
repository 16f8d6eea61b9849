/**
 * A small Java repository with one scripted refactoring a commit, for the tests inside VS Code
 * (extension host and end-to-end). Plain node: runs in the test runner and in the extension host.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The commit subjects, in order; tests find commits by these. */
export const SUBJECTS = {
  initial: 'Add the invoice calculator',
  rename: 'Rename sum to addAll',
  move: 'Move TaxTable to invoice.tax',
  extract: 'Extract formatLine from printReport',
  xss: '<img src=x onerror=alert(1)>',
  docs: 'Document the calculator',
} as const;

const CALCULATOR = (sumName: string, extracted: boolean, taxImport: string) => `package invoice;

${taxImport}import java.util.List;

public class Calculator {
    private final TaxTable taxes = new TaxTable();

    public int ${sumName}(List<Integer> amounts) {
        int total = 0;
        for (int amount : amounts) {
            if (amount < 0) {
                throw new IllegalArgumentException("negative amount: " + amount);
            }
            total += amount;
        }
        return total;
    }

    public int withTax(List<Integer> amounts, String region) {
        int net = ${sumName}(amounts);
        int rate = taxes.rateFor(region);
        return net + net * rate / 100;
    }

    public String printReport(List<Integer> amounts, String region) {
        StringBuilder out = new StringBuilder();
        out.append("Invoice for ").append(region).append('\\n');
        for (int amount : amounts) {
${
  extracted
    ? `            out.append(formatLine(amount, region));`
    : `            String label = amount > 1000 ? "large" : "small";
            int gross = amount + amount * taxes.rateFor(region) / 100;
            out.append(String.format("%-8s %10d %10d", label, amount, gross));
            out.append('\\n');`
}
        }
        out.append("Total: ").append(withTax(amounts, region));
        return out.toString();
    }
${
  extracted
    ? `
    private String formatLine(int amount, String region) {
        String label = amount > 1000 ? "large" : "small";
        int gross = amount + amount * taxes.rateFor(region) / 100;
        return String.format("%-8s %10d %10d", label, amount, gross) + '\\n';
    }
`
    : ''
}}
`;

const TAX_TABLE = (pkg: string) => `package ${pkg};

import java.util.HashMap;
import java.util.Map;

public class TaxTable {
    private final Map<String, Integer> rates = new HashMap<>();

    public TaxTable() {
        rates.put("north", 20);
        rates.put("south", 10);
        rates.put("east", 15);
    }

    public int rateFor(String region) {
        Integer rate = rates.get(region);
        if (rate == null) {
            throw new IllegalArgumentException("unknown region: " + region);
        }
        return rate;
    }

    public boolean knows(String region) {
        return rates.containsKey(region);
    }
}
`;

const PRINTER = (methodName: string) => `package invoice;

public class Printer {
    public String ${methodName}(String title, int width) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < width; i++) {
            line.append('=');
        }
        return line + "\\n" + title.toUpperCase() + "\\n" + line;
    }
}
`;

export interface FixtureRepository {
  root: string;
  /** Full sha of each scripted commit, by its key in SUBJECTS. */
  shas: Record<keyof typeof SUBJECTS, string>;
  dispose(): void;
}

function git(root: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 'Ada Lovelace', GIT_AUTHOR_EMAIL: 'ada@example.com', GIT_COMMITTER_NAME: 'Ada Lovelace', GIT_COMMITTER_EMAIL: 'ada@example.com' },
  }).trim();
}

function write(root: string, file: string, text: string): void {
  const full = path.join(root, ...file.split('/'));
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
}

const SRC = 'src/main/java/invoice';

/** Creates the repository in a new temporary folder (or `root` when given). */
export function createFixtureRepository(root = mkdtempSync(path.join(os.tmpdir(), 'refactoring-lens-fixture-'))): FixtureRepository {
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'config', 'commit.gpgsign', 'false');
  const commit = (subject: string, date: string) => {
    git(root, 'add', '-A');
    execFileSync('git', ['commit', '-q', '-m', subject, '--date', date], {
      cwd: root,
      env: { ...process.env, GIT_AUTHOR_NAME: 'Ada Lovelace', GIT_AUTHOR_EMAIL: 'ada@example.com', GIT_COMMITTER_NAME: 'Ada Lovelace', GIT_COMMITTER_EMAIL: 'ada@example.com', GIT_COMMITTER_DATE: date },
    });
    return git(root, 'rev-parse', 'HEAD');
  };
  write(root, `${SRC}/Calculator.java`, CALCULATOR('sum', false, ''));
  write(root, `${SRC}/TaxTable.java`, TAX_TABLE('invoice'));
  write(root, `${SRC}/Printer.java`, PRINTER('banner'));
  const initial = commit(SUBJECTS.initial, '2024-03-01T10:00:00Z');
  write(root, `${SRC}/Calculator.java`, CALCULATOR('addAll', false, ''));
  const rename = commit(SUBJECTS.rename, '2024-03-02T10:00:00Z');
  rmSync(path.join(root, ...`${SRC}/TaxTable.java`.split('/')));
  write(root, `${SRC}/tax/TaxTable.java`, TAX_TABLE('invoice.tax'));
  write(root, `${SRC}/Calculator.java`, CALCULATOR('addAll', false, 'import invoice.tax.TaxTable;\n'));
  const move = commit(SUBJECTS.move, '2024-03-03T10:00:00Z');
  write(root, `${SRC}/Calculator.java`, CALCULATOR('addAll', true, 'import invoice.tax.TaxTable;\n'));
  // a generated file in the same commit: skipped, and the view says why
  write(root, `${SRC}/gen/InvoiceProto.java`, '// Generated by the protocol buffer compiler.  DO NOT EDIT!\npackage invoice.gen;\n\npublic final class InvoiceProto {\n  private InvoiceProto() {}\n}\n');
  // and a Kotlin port committed under its Java name: read as Kotlin, with a warning
  write(root, `${SRC}/Receipt.java`, 'package invoice\n\n/** A receipt line, ported to Kotlin before the file is renamed. */\nclass Receipt(private val total: Int) {\n  fun line(): String = "total: $total"\n}\n');
  const extract = commit(SUBJECTS.extract, '2024-03-04T10:00:00Z');
  write(root, `${SRC}/Printer.java`, PRINTER('heading'));
  const xss = commit(SUBJECTS.xss, '2024-03-05T10:00:00Z');
  write(root, 'README.md', '# Invoice\n\nAdds amounts, taxes them per region and prints a report.\n');
  const docs = commit(SUBJECTS.docs, '2024-03-06T10:00:00Z');
  return { root, shas: { initial, rename, move, extract, xss, docs }, dispose: () => rmSync(root, { recursive: true, force: true }) };
}
