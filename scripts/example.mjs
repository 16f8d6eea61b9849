// The README's main command on a real history, with nothing else installed: builds a sample
// repository in a temporary folder from scripted commits (Java and JavaScript refactorings), runs
// `refactoring-lens --range` on it and prints the refactorings of each commit.
// Usage: npm run example [-- --keep]   (--keep leaves the sample repository for you to explore)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.js');
const dir = mkdtempSync(path.join(os.tmpdir(), 'refactoring-lens-example-'));
let clock = 1_700_000_000;

function git(...args) {
  const date = `${clock++} +0000`;
  const env = { ...process.env, GIT_AUTHOR_NAME: 'Example', GIT_AUTHOR_EMAIL: 'example@example.com', GIT_COMMITTER_NAME: 'Example', GIT_COMMITTER_EMAIL: 'example@example.com', GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, env, encoding: 'utf8' });
}
function write(file, text) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}
function commit(message) {
  git('add', '-A');
  git('commit', '-q', '-m', message);
}

const order = ({ pkg = 'shop', total = 'total', extracted = false }) => `package ${pkg};

import java.util.ArrayList;
import java.util.List;

public class Order {
  private final List<Integer> prices = new ArrayList<>();
  private int discountPercent;

  public void add(int price) {
    prices.add(price);
  }

  public int ${total}() {
${extracted ? '    int sum = subtotal();' : `    int sum = 0;
    for (int price : prices) {
      sum += price;
    }`}
    int discount = sum * discountPercent / 100;
    System.out.println("subtotal " + sum + ", discount " + discount);
    return sum - discount;
  }
${extracted ? `
  private int subtotal() {
    int sum = 0;
    for (int price : prices) {
      sum += price;
    }
    return sum;
  }
` : ''}}
`;

const cart = (name) => `export function ${name}(items, taxRate) {
  let total = 0;
  for (const item of items) {
    total += item.price * item.quantity;
  }
  const tax = Math.round(total * taxRate * 100) / 100;
  return { total, tax, grandTotal: total + tax };
}

export function emptyCart() {
  return { items: [], createdAt: Date.now() };
}
`;

git('init', '-q');
write('src/main/java/shop/Order.java', order({}));
write('web/cart.js', cart('sumCart'));
commit('Initial order and cart');
write('src/main/java/shop/Order.java', order({ total: 'totalAfterDiscount' }));
commit('Rename Order.total to totalAfterDiscount');
write('src/main/java/shop/Order.java', order({ total: 'totalAfterDiscount', extracted: true }));
commit('Extract subtotal from totalAfterDiscount');
mkdirSync(path.join(dir, 'src/main/java/shop/model'), { recursive: true });
renameSync(path.join(dir, 'src/main/java/shop/Order.java'), path.join(dir, 'src/main/java/shop/model/Order.java'));
write('src/main/java/shop/model/Order.java', order({ pkg: 'shop.model', total: 'totalAfterDiscount', extracted: true }));
commit('Move Order to shop.model');
write('web/cart.js', cart('computeTotals'));
commit('Rename sumCart to computeTotals');

console.log(`Sample repository: ${dir}`);
console.log(`$ refactoring-lens --repo ${dir} --range main\n`);
const ran = spawnSync(process.execPath, [cli, '--repo', dir, '--range', 'main', '--jsonl', '--jobs', '1'], { encoding: 'utf8' });
if (ran.status !== 0) {
  console.error(ran.stderr.trim());
  process.exit(ran.status ?? 1);
}
const subjects = new Map(git('log', '--format=%H %s').trim().split('\n').map((line) => [line.slice(0, 40), line.slice(41)]));
for (const line of ran.stdout.trim().split('\n')) {
  const commit = JSON.parse(line);
  console.log(`${commit.sha1.slice(0, 10)} ${subjects.get(commit.sha1)}`);
  if (commit.refactorings.length === 0) console.log('    (no refactorings)');
  for (const r of commit.refactorings) console.log(`    ${r.description}`);
}
if (process.argv.includes('--keep')) console.log(`\nKept ${dir}; try: node ${path.relative(process.cwd(), cli)} --repo ${dir} HEAD~1 --json`);
else rmSync(dir, { recursive: true, force: true });
