/** C: what the CST builder finds in one small file, and the refactorings a user sees on small fixtures. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CstNode, FileCst } from '../../src/core/cst';
import { parseFile } from '../../src/languages/registry';
import { refactorings } from '../helpers';

const named = (cst: FileCst, name: string): CstNode => {
  const node = cst.nodes.find((n) => n.name === name);
  assert.ok(node, `no node ${name} among ${cst.nodes.map((n) => n.name).join(', ')}`);
  return node;
};

const geometry = `#include <stdio.h>
#include "geometry.h"

struct point { int x; int y; };
typedef struct { int width; int height; } size_t2;
enum color { RED, GREEN };
union number { int i; float f; };

static const char *label(struct point *p, int n, ...);
struct point origin(void);

int add(int a, int b) { return clamp(a) + p->scale(b); }

static inline unsigned long *make(const char *s, int values[], void (*done)(int)) {
  return (*done)(3);
}

#define SQUARE(x) ((x) * (x))

int main(void) {
  printf("%d\\n", add(1, 2));
  return 0;
}
`;

test('C CST: a file node, functions with a body, named structs, unions and enums; in a .c file prototypes and macros are not nodes', async () => {
  const cst = await parseFile('src/geometry.c', geometry);
  assert.equal(cst.language, 'c');
  assert.equal(cst.errors, 0);
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.noun, n.signature, n.parent === undefined ? null : cst.nodes[n.parent].name]), [
    ['file', 'File', 'geometry.c', null],
    ['struct', 'Struct', 'point', 'geometry.c'],
    ['struct', 'Struct', 'size_t2', 'geometry.c'],
    ['enum', 'Enum', 'color', 'geometry.c'],
    ['union', 'Struct', 'number', 'geometry.c'],
    ['function', 'Function', 'add', 'geometry.c'],
    ['function', 'Function', 'make', 'geometry.c'],
    ['function', 'Function', 'main', 'geometry.c'],
  ]);
  assert.deepEqual(cst.nodes.map((n) => n.namespace), ['src/', ...cst.nodes.slice(1).map(() => '')]);
});

test('C parameters, types and return types: pointers, arrays, function pointers, (void)', async () => {
  const cst = await parseFile('src/geometry.c', geometry);
  const make = named(cst, 'make');
  assert.deepEqual(make.parameters, ['s', 'values', 'done']);
  assert.deepEqual(make.parameterTypes, ['const char*', 'int[]', 'void(*)(int)']);
  assert.equal(make.returnType, 'unsigned long*');
  assert.deepEqual([named(cst, 'add').parameterTypes, named(cst, 'add').returnType], [['int', 'int'], 'int']);
  assert.deepEqual(named(cst, 'main').parameters, [], '(void) is no parameter');
  const variadic = await parseFile('v.c', 'int log_line(const char *format, ...) { return 0; }');
  assert.deepEqual(named(variadic, 'log_line').parameters, ['format', '...']);
});

test('C calls are calls by identifier; static functions are static, the others exported', async () => {
  const cst = await parseFile('src/geometry.c', geometry);
  assert.deepEqual(named(cst, 'add').calls, [{ name: 'clamp', args: 1 }], 'a call through a field is not linked by name');
  assert.deepEqual(named(cst, 'make').calls, [], 'a call through a function pointer is not linked');
  assert.deepEqual(named(cst, 'main').calls, [{ name: 'printf', args: 2 }, { name: 'add', args: 2 }]);
  assert.deepEqual(named(cst, 'make').stereotypes, ['has-body', 'static']);
  assert.deepEqual(named(cst, 'add').stereotypes, ['has-body', 'exported']);
});

test('C: a specifier macro before a function\'s type is no return type (UV_EXTERN int f); the capitals of a type, before a calling convention or const, stay the type', async () => {
  const text = `UV_EXTERN int uv_loop_init(uv_loop_t* loop) {
  return 0;
}
static JEMALLOC_INLINE void *
imalloc(size_t size) {
  return malloc(size);
}
PF_CHAR_TYPE classify(char c) {
  return 1;
}
EFI_STATUS EFIAPI UefiMain(EFI_HANDLE image) {
  return 0;
}
MY_TYPE_T const *lookup(int key) {
  return table + key;
}
`;
  const cst = await parseFile('src/m.c', text);
  assert.deepEqual(
    cst.nodes.filter((n) => n.kind === 'function').map((n) => `${n.name} : ${n.returnType}`),
    ['uv_loop_init : int', 'imalloc : void*', 'classify : PF_CHAR_TYPE', 'UefiMain : EFI_STATUS', 'lookup : MY_TYPE_T*'],
  );
});

test('a macro alone on the line before a switch in a function body makes no function named switch (C and C++)', async () => {
  const code = `static void destruct(int kind, void *value) {
  if (value) {
    YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
    switch (kind)
      {
        case 1: free(value); break;
        default: break;
      }
    YY_IGNORE_MAYBE_UNINITIALIZED_END
  }
}
`;
  for (const path of ['src/parser.c', 'src/parser.cc']) {
    const cst = await parseFile(path, code);
    assert.deepEqual(cst.nodes.map((n) => n.name), [path.slice(4), 'destruct'], path);
  }
});

test('a C header: a prototype is a function without a body; a function pointer, a variable and a local declaration are not', async () => {
  const header = `#ifndef GEOMETRY_H
#define GEOMETRY_H
#include <stddef.h>
typedef struct point { int x, y; } point_t;
int add(int a, int b);
GEO_API unsigned long *make(const char *s, size_t n);
extern int verbose;
int (*on_error)(int code);
#ifdef __cplusplus
extern "C" {
#endif
void reset(void);
#ifdef __cplusplus
}
#endif
static inline int twice(int v) { int helper(int); return helper(v) * 2; }
#endif
`;
  const cst = await parseFile('include/geometry.h', header);
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.name]), [
    ['file', 'geometry.h'], ['struct', 'point'], ['function', 'add'], ['function', 'make'], ['function', 'reset'], ['function', 'twice'],
  ]);
  assert.deepEqual([named(cst, 'add').parameterTypes, named(cst, 'add').returnType], [['int', 'int'], 'int']);
  assert.deepEqual(named(cst, 'make').parameterTypes, ['const char*', 'size_t'], 'an unknown macro before the prototype is looked through');
  assert.deepEqual(named(cst, 'add').stereotypes, ['exported'], 'no body');
  assert.deepEqual(named(cst, 'twice').stereotypes, ['has-body', 'static']);
  const source = await parseFile('src/geometry.c', 'int add(int a, int b);\nint add(int a, int b) { return a + b; }\n');
  assert.deepEqual(source.nodes.map((n) => n.name), ['geometry.c', 'add'], 'in a .c file a forward declaration is not a second add');
});

test('a C function renamed in its header and its source is a Rename Function in each; its prototype moved to another header, a Move Function', async () => {
  const util = 'int checksum(const unsigned char *data, size_t length);\nchar *trim(char *text);\n';
  const before = { 'lib/util.h': util, 'lib/util.c': `${checksum}\n${trim}` };
  assert.deepEqual(await refactorings(before, { 'lib/util.h': util.replace('checksum(', 'hash_bytes('), 'lib/util.c': `${checksum.replace('checksum(', 'hash_bytes(')}\n${trim}` }), [
    'Rename Function: lib/util.c/checksum → lib/util.c/hash_bytes',
    'Rename Function: lib/util.h/checksum → lib/util.h/hash_bytes',
  ]);
  const text = 'int is_blank(const char *s);\n';
  assert.deepEqual(
    await refactorings({ ...before, 'lib/text.h': text }, { 'lib/util.h': 'int checksum(const unsigned char *data, size_t length);\n', 'lib/util.c': `${checksum}\n${trim}`, 'lib/text.h': `${text}char *trim(char *text);\n` }),
    ['Move Function: lib/util.h/trim → lib/text.h/trim'],
  );
});

test('a C function made static loses its prototype, one made public gains one: the header\'s prototypes of two names are no rename', async () => {
  const body = `{
  int total = 0;
  for (int i = 0; i < n; i++) {
    if (s[i] == ',') total++;
    else if (s[i] == 0) break;
  }
  return total;
}
`;
  const width = 'int field_width(const char *s) {\n  return strlen(s);\n}\n';
  const header = (name: string) => `int ${name}(const char *s, int n);\nint field_width(const char *s);\n`;
  // count_fields stays, made static; count_all_fields is new and public (jq e843a4fdf9: block_bind → block_bind_incremental)
  const all = 'int count_all_fields(const char *s, int n) {\n  int total = 0;\n  while (n > 0) {\n    total += count_fields(s, n);\n    n = next_line(&s, n);\n  }\n  return total;\n}\n';
  assert.deepEqual(
    await refactorings(
      { 'lib/fields.h': header('count_fields'), 'lib/fields.c': `int count_fields(const char *s, int n) ${body}\n${width}` },
      { 'lib/fields.h': header('count_all_fields'), 'lib/fields.c': `static int count_fields(const char *s, int n) ${body}\n${all}\n${width}` },
    ),
    [],
  );
  // count_lines is gone; the static count_fields is public now
  const lines = "int count_lines(const char *s, int n) {\n  int lines = 0;\n  while (n > 0) {\n    lines += s[n--] == '\\n';\n  }\n  return lines;\n}\n";
  assert.deepEqual(
    await refactorings(
      { 'lib/fields.h': header('count_lines'), 'lib/fields.c': `static int count_fields(const char *s, int n) ${body}\n${lines}\n${width}` },
      { 'lib/fields.h': header('count_fields'), 'lib/fields.c': `int count_fields(const char *s, int n) ${body}\n${width}` },
    ),
    [],
  );
});

const checksum = `unsigned int checksum(const unsigned char *data, size_t length) {
  unsigned int sum = 0;
  for (size_t i = 0; i < length; i++) {
    sum = (sum << 5) + sum + data[i];
  }
  if (sum == 0) {
    fprintf(stderr, "empty checksum\\n");
  }
  return sum;
}
`;
const trim = `char *trim(char *text) {
  while (isspace((unsigned char)*text)) text++;
  char *end = text + strlen(text) - 1;
  while (end > text && isspace((unsigned char)*end)) end--;
  end[1] = '\\0';
  return text;
}
`;

test('a C function renamed in its file is a Rename Function', async () => {
  assert.deepEqual(await refactorings({ 'lib/util.c': `${checksum}\n${trim}` }, { 'lib/util.c': `${checksum.replace('checksum(', 'hash_bytes(')}\n${trim}` }), [
    'Rename Function: lib/util.c/checksum → lib/util.c/hash_bytes',
  ]);
});

test('a parameter added to a C function is a Change Function Signature; a parameter type changed, too', async () => {
  const before = { 'lib/util.c': `${checksum}\n${trim}` };
  assert.deepEqual(await refactorings(before, { 'lib/util.c': `${checksum.replace('size_t length)', 'size_t length, unsigned int seed)')}\n${trim}` }), [
    'Change Function Signature: lib/util.c/checksum → lib/util.c/checksum',
  ]);
  assert.deepEqual(await refactorings(before, { 'lib/util.c': `${checksum.replace('const unsigned char *data', 'const char *data')}\n${trim}` }), [
    'Change Function Signature: lib/util.c/checksum → lib/util.c/checksum',
  ]);
});

test('an attribute on a C parameter is not its type: __attribute__((unused)) or [[maybe_unused]] dropped changes no signature', async () => {
  const unused = checksum.replace('size_t length)', 'size_t length __attribute__((unused)))');
  const cst = await parseFile('lib/util.c', unused);
  assert.deepEqual(named(cst, 'checksum').parameterTypes, ['const unsigned char*', 'size_t']);
  assert.deepEqual(await refactorings({ 'lib/util.c': `${unused}\n${trim}` }, { 'lib/util.c': `${checksum}\n${trim}` }), []);
  const maybe = checksum.replace('size_t length)', '[[maybe_unused]] size_t length)');
  assert.deepEqual(await refactorings({ 'lib/util.c': `${checksum}\n${trim}` }, { 'lib/util.c': `${maybe}\n${trim}` }), []);
});

test('a C parameter\'s own const is none of its function\'s signature (T * const p, const size_t n); const on what it points to is', async () => {
  const before = { 'lib/util.c': `${checksum}\n${trim}` };
  const own = checksum.replace('const unsigned char *data, size_t length', 'const unsigned char * const data, const size_t length');
  assert.deepEqual(await refactorings(before, { 'lib/util.c': `${own}\n${trim.replace('char *text)', 'char * const text)')}` }), []);
  assert.deepEqual(await refactorings({ 'lib/util.h': 'char *trim(char *text);\n' }, { 'lib/util.h': 'char *trim(char *volatile text);\n' }), []);
  assert.deepEqual(await refactorings(before, { 'lib/util.c': `${checksum}\n${trim.replace('char *text)', 'const char *text)')}` }), [
    'Change Function Signature: lib/util.c/trim → lib/util.c/trim',
  ]);
  assert.deepEqual(await refactorings(before, { 'lib/util.c': `${checksum.replace('size_t length', 'const size_t *length')}\n${trim}` }), [
    'Change Function Signature: lib/util.c/checksum → lib/util.c/checksum',
  ]);
});

const once = (callback: string, typedefs = '') => `${typedefs}void run_once(struct once *guard, ${callback} callback, const unsigned long long *counts) {
  if (guard->ran) return;
  guard->ran = 1;
  callback();
}
`;

test('a C parameter respelt through a typedef the commit declares (void (*callback)(void) → uv__once_cb) keeps its type; a type of another shape does not', async () => {
  const before = { 'src/thread.c': once('void (*', '').replace('(* callback,', '(*callback)(void),') };
  assert.deepEqual(before['src/thread.c'].split('\n')[0], 'void run_once(struct once *guard, void (*callback)(void), const unsigned long long *counts) {');
  const typedefs = 'typedef void (*uv__once_cb)(void);\ntypedef unsigned long long ull_t;\n\n';
  const respelt = once('uv__once_cb', typedefs).replace('const unsigned long long *counts', 'const ull_t *counts');
  assert.deepEqual(await refactorings(before, { 'src/thread.c': respelt }), []);
  // a typedef declared in another file of the commit (a header) is read too
  assert.deepEqual(await refactorings({ ...before, 'src/thread.h': '#define ONCE 1\n' }, { 'src/thread.c': respelt.replace(typedefs, ''), 'src/thread.h': typedefs }), []);
  // the typedef names another type: a change
  assert.deepEqual(await refactorings(before, { 'src/thread.c': once('uv__once_cb', 'typedef int (*uv__once_cb)(void);\n\n') }), [
    'Change Function Signature: src/thread.c/run_once → src/thread.c/run_once',
  ]);
  // a pointer typedef qualified from outside is a const pointer, not a pointer to const: `const ull_p` is no `const unsigned long long *`
  assert.deepEqual(await refactorings(before, { 'src/thread.c': once('void (*', 'typedef unsigned long long *ull_p;\n\n').replace('(* callback,', '(*callback)(void),').replace('const unsigned long long *counts', 'const ull_p counts') }), [
    'Change Function Signature: src/thread.c/run_once → src/thread.c/run_once',
  ]);
});

test('a C function moved to another file is a Move Function; moved and renamed, a Move And Rename Function', async () => {
  const other = 'int is_blank(const char *s) {\n  return *s == 0;\n}\n';
  const before = { 'lib/util.c': `${checksum}\n${trim}`, 'lib/text.c': other };
  assert.deepEqual(await refactorings(before, { 'lib/util.c': checksum, 'lib/text.c': `${other}\n${trim}` }), [
    'Move Function: lib/util.c/trim → lib/text.c/trim',
  ]);
  assert.deepEqual(await refactorings(before, { 'lib/util.c': checksum, 'lib/text.c': `${other}\n${trim.replace('*trim(', '*strip(')}` }), [
    'Move And Rename Function: lib/util.c/trim → lib/text.c/strip',
  ]);
});

test('a C file renamed with its functions unchanged is a Rename File', async () => {
  assert.deepEqual(await refactorings({ 'lib/util.c': `${checksum}\n${trim}` }, { 'lib/strings.c': `${checksum}\n${trim}` }), [
    'Rename File: lib/util.c → lib/strings.c',
  ]);
});

const print = `void print_report(const struct order *orders, int count) {
  for (int i = 0; i < count; i++) {
    const struct order *o = &orders[i];
    double total = o->price * o->quantity * (1.0 + o->tax_rate);
    printf("%-20s %8.2f %s\\n", o->customer, total, o->currency);
  }
  printf("%d orders\\n", count);
}
`;
const printExtracted = `void print_report(const struct order *orders, int count) {
  for (int i = 0; i < count; i++) {
    print_line(&orders[i]);
  }
  printf("%d orders\\n", count);
}
`;
const printLine = `static void print_line(const struct order *entry) {
  double total = entry->price * entry->quantity * (1.0 + entry->tax_rate);
  printf("%-20s %8.2f %s\\n", entry->customer, total, entry->currency);
}
`;

test('part of a C function moved to a new function it calls is an Extract Function; back, an Inline Function', async () => {
  assert.deepEqual(await refactorings({ 'src/report.c': print }, { 'src/report.c': `${printLine}\n${printExtracted}` }), [
    'Extract Function: src/report.c/print_report → src/report.c/print_line',
  ]);
  assert.deepEqual(await refactorings({ 'src/report.c': `${printLine}\n${printExtracted}` }, { 'src/report.c': print }), [
    'Inline Function: src/report.c/print_line → src/report.c/print_report',
  ]);
});

test('a helper written anew under another name, called where the old one was, is not code extracted from its caller (cJSON 8b953d1202)', async () => {
  // replace_in_array is gone; replace_item_via_pointer does its job with other parameters and code
  // (too unlike it to be the same function renamed). replace_item_in_object lost its own loop and
  // now calls the new helper where it called the old one: that call is no evidence of an extraction.
  const before = `static void replace_in_array(cJSON *array, size_t which, cJSON *newitem)
{
    cJSON *c = array->child;
    while (c && (which > 0))
    {
        c = c->next;
        which--;
    }
    if (!c)
    {
        return;
    }
    newitem->next = c->next;
    newitem->prev = c->prev;
    if (newitem->next)
    {
        newitem->next->prev = newitem;
    }
    if (c == array->child)
    {
        array->child = newitem;
    }
    else
    {
        newitem->prev->next = newitem;
    }
    c->next = c->prev = NULL;
    cJSON_Delete(c);
}

void replace_item_in_object(cJSON *object, const char *string, cJSON *newitem)
{
    size_t i = 0;
    cJSON *c = object->child;
    while (c && (strcasecmp(c->string, string) != 0))
    {
        i++;
        c = c->next;
    }
    if (c)
    {
        if (newitem->string != NULL)
        {
            hooks.deallocate(newitem->string);
        }
        newitem->string = strdup(string);
        replace_in_array(object, i, newitem);
    }
}
`;
  const after = `void replace_item_in_object(cJSON *object, const char *string, cJSON *newitem)
{
    replace_item_via_pointer(object, get_object_item(object, string), newitem);
}

cJSON_bool replace_item_via_pointer(cJSON * const parent, cJSON * const item, cJSON * replacement)
{
    if ((parent == NULL) || (replacement == NULL))
    {
        return false;
    }
    if ((item == NULL) || (parent->child == NULL))
    {
        return false;
    }
    if (replacement == item)
    {
        return true;
    }
    if (item->string != NULL && !(replacement->type & cJSON_StringIsConst))
    {
        replacement->string = item->string;
        item->string = NULL;
    }
    replacement->next = item->next;
    replacement->prev = item->prev;
    if (replacement->next != NULL)
    {
        replacement->next->prev = replacement;
    }
    if (replacement->prev != NULL)
    {
        replacement->prev->next = replacement;
    }
    if (parent->child == item)
    {
        parent->child = replacement;
    }
    item->next = NULL;
    item->prev = NULL;
    cJSON_Delete(item);
    global_hooks.deallocate(NULL);
    return true;
}

`;
  assert.deepEqual(await refactorings({ 'cJSON.c': before }, { 'cJSON.c': after }), []);
});

test('a C struct renamed in its header is a Rename Struct', async () => {
  const header = (name: string) => `struct ${name} {\n  char customer[64];\n  double price;\n  int quantity;\n  double tax_rate;\n  char currency[4];\n};\n\nint count_orders(const char *path);\n`;
  assert.deepEqual(await refactorings({ 'include/order.h': header('order') }, { 'include/order.h': header('purchase') }), [
    'Rename Struct: include/order.h/order → include/order.h/purchase',
  ]);
});

test('a macro used as a function head (TEST_BEGIN(test_x) { … } TEST_END) is the function its argument names, not one function TEST_BEGIN whose signature changes from test to test', async () => {
  const tests = (...names: string[]) => `#include "test.h"\n\n${names.map((n) => `TEST_BEGIN(${n})\n{\n  assert_d_eq(mallctl("${n}", NULL, NULL, NULL, 0), 0, "${n} failed");\n}\nTEST_END\n`).join('\n')}\nint\nmain(void)\n{\n  return test(${names.join(', ')});\n}\n`;
  const cst = await parseFile('test/unit/mallctl.c', tests('test_alpha', 'test_beta'));
  // the first head reads as a definition of type TEST_BEGIN, the next (after TEST_END) as a function TEST_BEGIN: both are
  // tests, with no parameter and no return type (main's `TEST_END` before `int` is the parser's, as it was before)
  assert.deepEqual(cst.nodes.filter((n) => n.kind === 'function').map((n) => `${n.name}(${n.parameters.join(',')}) ${n.returnType}`.trim()), ['test_alpha()', 'test_beta()', 'main() TEST_END']);
  const found = await refactorings({ 'test/unit/mallctl.c': tests('test_alpha', 'test_beta') }, { 'test/unit/mallctl.c': tests('test_alpha', 'test_gamma') });
  assert.ok(!found.some((r) => r.includes('TEST_BEGIN')), found.join('\n'));
  // A head in capitals whose bare arguments do not name the function (JEMALLOC_ATTR(malloc) before the real name) is no function.
  const attr = await parseFile('src/jemalloc.c', 'JEMALLOC_EXPORT\nvoid JEMALLOC_NOTHROW *\nJEMALLOC_ATTR(malloc) JEMALLOC_ALLOC_SIZE(1)\nje_malloc(size_t size) {\n  return imalloc(size);\n}\n');
  assert.deepEqual(attr.nodes.filter((n) => n.kind === 'function').map((n) => n.name), []);
  // A function in capitals with typed, named parameters is a function.
  const max = await parseFile('src/util.c', 'int MAX2(int a, int b) { return a > b ? a : b; }\n');
  assert.deepEqual(max.nodes.filter((n) => n.kind === 'function').map((n) => n.name), ['MAX2']);
  // Inside a function, a loop macro with a block (vim's FOR_ALL_BUFFERS(buf) { … }) names no function.
  const loop = await parseFile('src/fileio.c', 'void shorten_fnames(int force) {\n  buf_T *buf;\n  FOR_ALL_BUFFERS(buf) {\n    shorten_buf_fname(buf, force);\n  }\n}\n');
  assert.deepEqual(loop.nodes.filter((n) => n.kind === 'function').map((n) => n.name), ['shorten_fnames']);
});

test('C: a header prototype whose rename code cannot tell from a look-alike\'s is renamed as its definition is', async () => {
  const header = (a: string, b: string) => `#ifndef COMPILE_H\n#define COMPILE_H\nblock ${a}(opcode op, const char* name);\nblock gen_op_bound(opcode op, block binder);\nblock ${b}(opcode op, const char* name);\n#endif\n`;
  const source = (defs: string) => `#include "compile.h"\n\n${defs}\n`;
  const before = {
    'src/compile.h': header('gen_op_var_unbound', 'gen_op_block_unbound'),
    'src/compile.c': source(`block gen_op_var_unbound(opcode op, const char* name) {
  assert(opcode_describe(op)->flags & OP_HAS_VARIABLE);
  inst* i = inst_new(op);
  i->symbol = strdup(name);
  return inst_block(i);
}

block gen_op_block_unbound(opcode op, const char* name) {
  assert(opcode_describe(op)->flags & OP_IS_CALL_PSEUDO);
  inst* i = inst_new(op);
  i->symbol = strdup(name);
  return inst_block(i);
}`),
  };
  const after = {
    'src/compile.h': header('gen_op_unbound', 'gen_op_var_fresh'),
    'src/compile.c': source(`block gen_op_unbound(opcode op, const char* name) {
  assert(opcode_describe(op)->flags & OP_HAS_BINDING);
  inst* i = inst_new(op);
  i->symbol = strdup(name);
  return inst_block(i);
}

block gen_op_var_fresh(opcode op, const char* name) {
  assert(opcode_describe(op)->flags & OP_HAS_VARIABLE);
  return block_bind(gen_op_unbound(op, name), gen_noop(), OP_HAS_VARIABLE);
}`),
  };
  const found = await refactorings(before, after);
  assert.ok(found.includes('Rename Function: src/compile.c/gen_op_var_unbound → src/compile.c/gen_op_unbound'), found.join('\n'));
  assert.ok(found.includes('Rename Function: src/compile.h/gen_op_var_unbound → src/compile.h/gen_op_unbound'), found.join('\n'));
});

test('C: a "/*" in a #define\'s string starts no comment, so the prototypes after it are still read (no rename to one of them)', async () => {
  // tree-sitter reads `/*` in a directive's value as a comment's start, even inside a string, up to the next `*/`
  const cst = await parseFile('remote.h', '#define TAG_REFSPEC "refs/tags/*:refs/tags/*"\n\nvoid add_prune_tags(struct remote *remote);\n/* done */\nint valid_refspec(const char *refspec);\n');
  assert.equal(cst.errors, 0);
  assert.deepEqual(cst.nodes.filter((n) => n.kind === 'function').map((n) => n.name), ['add_prune_tags', 'valid_refspec']);
  // Continued lines and C++ too; the offsets after it are kept.
  const continued = '#define GLOB \\\n  "src/*.c"\nint count_sources(const char *dir) { return scan(dir, GLOB); }\n/* x */\n';
  for (const file of ['glob.c', 'glob.cpp']) {
    const parsed = await parseFile(file, continued);
    assert.deepEqual(parsed.nodes.filter((n) => n.kind === 'function').map((n) => [n.name, n.location.begin]), [['count_sources', continued.indexOf('int count_sources')]], file);
  }
  // A prototype moved to another header, its function kept, is no rename of the one the define hid (git ec0cb49).
  const header = (moved: boolean) =>
    `#ifndef REMOTE_H\n#define REMOTE_H\n${moved ? '' : 'int valid_refspec(const char *refspec);\n'}struct ref *copy_ref(const struct ref *ref);\n\n#define TAG_REFSPEC "refs/tags/*:refs/tags/*"\n\nvoid add_prune_tags(struct remote *remote);\n\n#endif\n`;
  const found = await refactorings({ 'remote.h': header(false) }, { 'remote.h': header(true), 'refspec.h': 'int valid_refspec(const char *refspec);\n' });
  assert.ok(!found.some((r) => r.startsWith('Rename')), found.join('\n'));
});

test('a C helper whose name lost a word and whose callers now build its argument, called instead of it, is renamed, not inlined (libuv d59b2905f9)', async () => {
  const before = `static uint64_t read_cgroups_uint64(const char* cgroup, const char* param) {
  char filename[256];
  char buf[32];
  uint64_t rc;

  rc = 0;
  snprintf(filename, sizeof(filename), "/sys/fs/cgroup/%s/%s", cgroup, param);
  if (0 == slurp(filename, buf, sizeof(buf)))
    sscanf(buf, "%" PRIu64, &rc);

  return rc;
}

uint64_t constrained_memory(void) {
  return read_cgroups_uint64("memory", "memory.limit_in_bytes");
}
`;
  const after = `static uint64_t read_uint64(const char* filename) {
  char buf[32];
  uint64_t rc;

  rc = 0;
  if (0 == slurp(filename, buf, sizeof(buf)))
    if (1 != sscanf(buf, "%" PRIu64, &rc))
      if (0 == strcmp(buf, "max\\n"))
        rc = ~0ull;
  if (rc > limit_max)
    rc = limit_max;

  return rc;
}

static uint64_t constrained_memory_fallback(void) {
  return read_uint64("/sys/fs/cgroup/memory/memory.limit_in_bytes");
}

uint64_t constrained_memory(void) {
  char filename[4097];
  char buf[1024];
  uint64_t max;

  if (slurp("/proc/self/cgroup", buf, sizeof(buf)))
    return constrained_memory_fallback();
  snprintf(filename, sizeof(filename), "/sys/fs/cgroup/%s/memory.max", buf + 4);
  max = read_uint64(filename);
  if (max == 0)
    return constrained_memory_fallback();
  return max;
}
`;
  assert.deepEqual(await refactorings({ 'src/linux.c': before }, { 'src/linux.c': after }), [
    'Rename Function: src/linux.c/read_cgroups_uint64 → src/linux.c/read_uint64',
  ]);
});

test('C: a definition rewritten under a new name in another file follows its header prototype\'s rename', async () => {
  // tmux d29aa12117: notify_window (notify.c) became events_fire_window (events.c), its code
  // rewritten round a payload (similarity 0.4); the header says so, renaming the prototype
  const header = (fire: string) => `#ifndef TMUX_H\n#define TMUX_H\nvoid server_start(struct tmuxproc *client, int flags);\nvoid ${fire}(const char *name, struct window *w);\nint server_create_socket(int flags, char **cause);\n#endif\n`;
  const before = {
    'tmux.h': header('notify_window'),
    'notify.c': `#include "tmux.h"

void
notify_window(const char *name, struct window *w)
{
	struct cmd_find_state	fs;

	cmd_find_from_window(&fs, w, 0);
	notify_add(name, &fs, NULL, NULL, w, NULL, NULL);
}
`,
  };
  const after = {
    'tmux.h': header('events_fire_window'),
    'events.c': `#include "tmux.h"

void
events_fire_window(const char *name, struct window *w)
{
	struct event_payload	*ep;
	struct cmd_find_state	 fs;

	ep = event_payload_create();
	cmd_find_from_window(&fs, w, 0);
	event_payload_set_target(ep, &fs);
	event_payload_set_window(ep, "window", w);
	events_fire(name, ep);
}
`,
  };
  const found = await refactorings(before, after);
  assert.ok(found.includes('Rename Function: tmux.h/notify_window → tmux.h/events_fire_window'), found.join('\n'));
  assert.ok(found.includes('Move And Rename Function: notify.c/notify_window → events.c/events_fire_window'), found.join('\n'));
});

test('C: a test split out of main() took its code; a new test written beside it, sharing only declarations and fail(…) calls with that code, is no Extract (jansson test_dump.c, test_load.c)', async () => {
  const before = `#include <jansson.h>
#include "util.h"

int main()
{
    json_t *json;
    char *result;

    json = json_object();
    result = json_dumps(json, 0);
    if(!result || strcmp(result, "{}"))
        fail("json_dumps failed");
    free(result);
    json_object_set_new(json, "foo", json_integer(5));
    json_decref(json);

    json = json_array();
    json_array_append_new(json, json_array());
    json_array_append(json_array_get(json, 0), json);
    if(json_dumps(json, 0))
        fail("json_dumps encoded a circular reference");
    json_array_remove(json_array_get(json, 0), 0);
    json_decref(json);

    return 0;
}
`;
  const after = `#include <jansson.h>
#include "util.h"

static void encode_twice()
{
    json_t *json;
    char *result;

    json = json_object();
    result = json_dumps(json, 0);
    if(!result || strcmp(result, "{}"))
        fail("json_dumps failed");
    free(result);
    json_object_set_new(json, "foo", json_integer(5));
    json_decref(json);
}

static void circular_references()
{
    json_t *json;

    json = json_array();
    json_array_append_new(json, json_array());
    json_array_append(json_array_get(json, 0), json);
    if(json_dumps(json, 0))
        fail("json_dumps encoded a circular reference");
    json_array_remove(json_array_get(json, 0), 0);
    json_decref(json);
}

static void encode_other_than_array_or_object()
{
    json_t *json;
    char *result;

    json = json_string("foo");
    if(json_dumps(json, 0) != NULL)
        fail("json_dumps encoded a string!");
    result = json_dumps(json, JSON_ENCODE_ANY);
    if(!result || strcmp(result, "\\"foo\\"") != 0)
        fail("json_dumps failed to encode a string with JSON_ENCODE_ANY");
    free(result);
    json_decref(json);

    json = json_integer(42);
    if(json_dumps(json, 0) != NULL)
        fail("json_dumps encoded an integer!");
    result = json_dumps(json, JSON_ENCODE_ANY);
    if(!result || strcmp(result, "42") != 0)
        fail("json_dumps failed to encode an integer with JSON_ENCODE_ANY");
    free(result);
    json_decref(json);
}

int main()
{
    encode_twice();
    circular_references();
    encode_other_than_array_or_object();
    return 0;
}
`;
  assert.deepEqual(await refactorings({ 'test/test_dump.c': before }, { 'test/test_dump.c': after }), [
    'Extract Function: test/test_dump.c/main → test/test_dump.c/circular_references',
    'Extract Function: test/test_dump.c/main → test/test_dump.c/encode_twice',
  ]);
});
