/**
 * Statement-level evidence for Extract and Inline (src/core/statements.ts): statements that moved as
 * written between a callable and its caller, with parameters replaced by the call's arguments.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeFileSets } from '../../src/analysis/files';
import type { Thresholds } from '../../src/core/diff-state';
import { toRefactorings } from '../../src/core/report';
import { sources, type Files } from '../helpers';

/** The refactorings found, as a user reads them; `thresholds` may switch the statement evidence off. */
async function refactorings(before: Files, after: Files, thresholds: Partial<Thresholds> = {}): Promise<string[]> {
  const monitor = process.env.PROBE ? { discarded: (e: { step: string; before: { name: string }; after: { name: string }; score: number }) => console.log(e.step, e.before.name, e.after.name, e.score) } : undefined;
  const result = await analyzeFileSets(sources(before), sources(after), { comparison: { thresholds, monitor } });
  return toRefactorings(result.relationships, result.before, result.after)
    .map((r) => `${r.type}: ${r.before.qualifiedName} → ${r.after.qualifiedName}`)
    .sort();
}

/** Statement evidence switched off: token similarity alone, as before it was used. */
const tokensOnly: Partial<Thresholds> = { movedStatements: 1, inlineNoStatement: 0 };

test('a setter whose statement went to a namesake in a new class it now delegates to is an Extract And Move Method', async () => {
  const config = (setter: string, extra = '') =>
    `package net;\npublic class HostConfig {\n  private String keyAlias;\n  private Certificate certificate;\n  void setProperty(String name, int type) { }\n${setter}\n${extra}}\n`;
  const before = {
    'net/HostConfig.java': config(`  public void setKeyAlias(String keyAlias) {\n    setProperty("keyAlias", 1);\n    this.keyAlias = keyAlias;\n  }`),
  };
  const after = {
    'net/HostConfig.java': config(
      `  public void setKeyAlias(String keyAlias) {\n    registerDefaultCertificate();\n    certificate.setKeyAlias(keyAlias);\n  }`,
      `  private void registerDefaultCertificate() {\n    if (certificate == null) certificate = new Certificate(this);\n  }\n`,
    ),
    'net/Certificate.java': `package net;\npublic class Certificate {\n  private final HostConfig config;\n  private String keyAlias;\n  Certificate(HostConfig config) { this.config = config; }\n  public void setKeyAlias(String keyAlias) {\n    config.setProperty("Certificate.keyAlias", 1);\n    this.keyAlias = keyAlias;\n  }\n}\n`,
  };
  const extracted = 'Extract And Move Method: net.HostConfig.setKeyAlias(String) → net.Certificate.setKeyAlias(String)';
  assert.ok((await refactorings(before, after)).includes(extracted));
  assert.ok(!(await refactorings(before, after, tokensOnly)).includes(extracted));
});

const storage = (members: string) => `package store;\npublic class StorageDir {\n  private long available;\n  private long capacity;\n  private final java.util.List<Block> blocks = new java.util.ArrayList<>();\n${members}}\n`;

test('a statement that moved as written, its parameter replaced by the argument, makes an Extract Method of a mostly rewritten helper', async () => {
  const before = storage(`  public boolean removeBlock(Block block) {
    if (!blocks.remove(block)) { return false; }
    available += block.size();
    return true;
  }
`);
  const after = storage(`  public boolean removeBlock(Block block) {
    if (!blocks.remove(block)) { return false; }
    reclaimSpace(block.size());
    return true;
  }
  private void reclaimSpace(long size) {
    checkState(available + size <= capacity);
    available += size;
  }
`);
  const files = [{ 'store/StorageDir.java': before }, { 'store/StorageDir.java': after }] as const;
  assert.deepEqual(await refactorings(...files), ['Extract Method: store.StorageDir.removeBlock(Block) → store.StorageDir.reclaimSpace(long)']);
  assert.deepEqual(await refactorings(...files, tokensOnly), []);
});

const channel = (members: string) => `package jg;\npublic class ChannelFactory {\n  private final Registry registry = new Registry();\n${members}}\n`;

test('a removed one-line getter none of whose statements reappears in a caller is not inlined there', async () => {
  const before = channel(`  public Channel create(String id) {
    Channel channel = new Channel(id, registry.get(id).get());
    channel.connect(timeout());
    return channel;
  }
  private long timeout() { return registry.timeout(); }
  static class Value<T> {
    private T value;
    public T get() { return this.value; }
  }
`);
  const after = channel(`  public Channel create(String id) {
    Channel channel = new Channel(id, registry.get(id).get());
    channel.connect(this.registry.timeout(), value);
    return channel;
  }
`);
  const inlined = 'Inline Method: jg.ChannelFactory.Value.get() → jg.ChannelFactory.create(String)';
  assert.ok(!(await refactorings({ 'jg/ChannelFactory.java': before }, { 'jg/ChannelFactory.java': after })).includes(inlined));
  assert.ok((await refactorings({ 'jg/ChannelFactory.java': before }, { 'jg/ChannelFactory.java': after }, tokensOnly)).includes(inlined));
});

test('statements of a removed method that reappear as written in its caller make an Inline Method though the rest changed', async () => {
  const before = `package cluster;
public class Heartbeat {
  private final Clock clock = new Clock();
  public void beatMaster(long now) {
    for (Member member : members()) { sendIfRequired(now, member); }
  }
  private void sendIfRequired(long now, Member member) {
    if (member.lastSent() + interval() > now) {
      logger.fine("Skipping heartbeat to " + member.address() + ", sent " + member.lastSent());
      return;
    }
    send(member, now);
  }
}
`;
  const after = `package cluster;
public class Heartbeat {
  private final Clock clock = new Clock();
  public void beatMaster(long now) {
    for (Member member : members()) {
      long last = clock.lastHeartbeatSentTo(member.address(), member.uuid());
      if (now - last < interval() || member.isLocal()) { continue; }
      send(member, now);
    }
  }
}
`;
  const files = [{ 'cluster/Heartbeat.java': before }, { 'cluster/Heartbeat.java': after }] as const;
  assert.deepEqual(await refactorings(...files), ['Inline Method: cluster.Heartbeat.sendIfRequired(long,Member) → cluster.Heartbeat.beatMaster(long)']);
  assert.deepEqual(await refactorings(...files, tokensOnly), []);
});

test('a one-statement method added to another class is no Extract And Move Method, though the caller lost that statement', async () => {
  const manager = (body: string) => `package topo;\npublic class TopologyManager {\n  private Mode mode;\n  private Availability availability = new Availability();\n  public Mode getCacheAvailability(String cacheName) {\n${body}\n  }\n}\n`;
  const before = { 'topo/TopologyManager.java': manager('    log(cacheName);\n    return Mode.AVAILABLE;') };
  const after = {
    'topo/TopologyManager.java': manager('    log(cacheName);\n    return availability.getMode();'),
    'topo/Availability.java': `package topo;\npublic class Availability {\n  private Mode mode;\n  public Mode getMode() {\n    return Mode.AVAILABLE;\n  }\n}\n`,
  };
  assert.ok(!(await refactorings(before, after)).some((r) => r.startsWith('Extract And Move Method')));
  assert.ok((await refactorings(before, after, { bodyTokens: 0 })).includes('Extract And Move Method: topo.TopologyManager.getCacheAvailability(String) → topo.Availability.getMode()'));
  // --explain tells why the pair was left out.
  const reasons: string[] = [];
  const monitor = { discarded: (e: { before: { name: string }; after: { name: string }; reason: string }) => reasons.push(`${e.before.name} → ${e.after.name}: ${e.reason}`) };
  await analyzeFileSets(sources(before), sources(after), { comparison: { monitor } });
  assert.ok(reasons.includes('getCacheAvailability → getMode: a body of one short statement, in another container'));
});

test('the statements of a function expression bound to a name (an object member, a property assignment) are those of its body', async () => {
  const { parseFile } = await import('../../src/languages/registry');
  const { bodyStatements } = await import('../../src/core/statements');
  const cst = await parseFile('src/scale.js', `var Scale = Base.extend({\n  fit: function (scale) {\n    var size = scale.size;\n    scale.width = size * 2;\n  }\n});\nhelpers.clear = function (chart) {\n  chart.ctx.clearRect(0, 0, chart.width, chart.height);\n};\n`);
  const body = (name: string) => bodyStatements(cst.nodes.find((n) => n.name === name)!)?.map((s) => s.join(' '));
  assert.deepEqual(body('fit'), ['var size = scale . size', 'scale . width = size * 2']);
  assert.deepEqual(body('clear'), ['chart . ctx . clearRect ( 0 , 0 , chart . width , chart . height )']);
});

test('Python statements, marked by the language, make an Extract Function of a helper that took two of its caller\'s statements as written and is otherwise new', async () => {
  const before = `def corpus_score(references, hypotheses, lowercase=False):
    if len(hypotheses) == 0:
        return 0.0
    command = [SCRIPT_PATH, references]
    if lowercase:
        command.append("-lc")
    try:
        output = subprocess.check_output(command, stdin=open(hypotheses))
        output = output.decode("utf-8")
        score = re.search(r"BLEU = (.+?),", output).group(1)
        score = float(score)
    except subprocess.CalledProcessError:
        score = 0.0
    return score
`;
  const after = `def _parse_score(text, return_all=False):
    score = re.search(r"BLEU = (.+?),", text).group(1)
    score = float(score)
    if return_all:
        grams = re.search(r", (.+?)/(.+?)/(.+?)/(.+?) .*BP=(.+?), ratio=(.+?),", text)
        score = [score] + [round(float(grams.group(k)), 2) for k in range(1, 7)]
    return score

def corpus_score(references, hypotheses, lowercase=False, return_all=False):
    if len(hypotheses) == 0:
        return 0.0
    command = [SCRIPT_PATH, references]
    if lowercase:
        command.append("-lc")
    try:
        output = subprocess.check_output(command, stdin=open(hypotheses))
        output = output.decode("utf-8")
        score = _parse_score(output, return_all)
    except subprocess.CalledProcessError:
        score = [0.0] * 7 if return_all else 0.0
    return score
`;
  const extracted = 'Extract Function: evals/bleu.py/corpus_score → evals/bleu.py/_parse_score';
  assert.ok((await refactorings({ 'evals/bleu.py': before }, { 'evals/bleu.py': after })).includes(extracted));
  assert.ok(!(await refactorings({ 'evals/bleu.py': before }, { 'evals/bleu.py': after }, tokensOnly)).includes(extracted));
});

test('a helper that returns its own parameter hands back the caller\'s argument: that return is no statement the caller lost', async () => {
  const before = {
    'crf/Model.java': `package crf;
public class Model {
  private Map<String, Integer> statusMap;
  private Template template;
  private int tagNum;
  public void parse(List<String> lines) {
    statusMap = new HashMap<String, Integer>();
    for (String line : lines) {
      String[] split = line.split("\\t");
      names.add(split[1]);
      names.add(split[2]);
    }
    statusMap.put("E", 1);
    this.template.tagNum = tagNum;
    weights = new double[tagNum][tagNum];
  }
}
`,
  };
  const after = {
    'crf/Model.java': `package crf;
public class Model {
  private Map<String, Integer> statusMap;
  private Template template;
  private int tagNum;
  public void parse(List<String> lines) {
    statusMap = new HashMap<String, Integer>();
    for (String line : lines) {
      String[] split = line.split("\\t");
      tagNum = status(statusMap, split[1], tagNum);
      tagNum = status(statusMap, split[2], tagNum);
    }
    template.setTagNum(tagNum);
    weights = new double[tagNum][tagNum];
  }
  public static int status(final Map<String, Integer> map, final String stat, final int tagNum) {
    if (map.containsKey(stat)) {
      return tagNum;
    } else {
      map.put(stat, tagNum);
      return tagNum + 1;
    }
  }
}
`,
  };
  assert.deepEqual(await refactorings(before, after), []);
});

const ledger = (members: string) =>
  `package acc;\nimport java.util.*;\npublic class Ledger {\n  private long total;\n  private int count;\n  private int limit;\n  private boolean fast;\n  private final Log log = new Log();\n  void flush() { total = 0; }\n  private void pause(Item item) { }\n${members}}\n`;
const accumulate = `  private void accumulate(List<Item> items) {
    for (Item item : items) {
      total += item.size();
      count++;
    }
    if (count > limit) {
      flush();
    }
  }
`;
const ledgerBefore = ledger(`  public void process(List<Item> items) {
    log.info("start");
    for (Item item : items) {
      total += item.size();
      count++;
    }
    if (count > limit) {
      flush();
    }
    log.info("done");
  }
`);
const ledgerAfter = (variant: string) =>
  ledger(`  public void process(List<Item> items) {
    log.info("start");
    if (fast) {
      accumulate(items);
    } else {
      accumulateSlowly(items);
    }
    log.info("done");
  }
${accumulate}  private void accumulateSlowly(List<Item> items) {
${variant}  }
`);

test('each statement a caller lost goes into one helper: a second variant sharing a few of its lines with the extracted one is no Extract Method, a copy of it is', async () => {
  const extracted = (helper: string) => `Extract Method: acc.Ledger.process(List<Item>) → acc.Ledger.${helper}(List<Item>)`;
  // Rewritten with an iterator: three of its eight statements are the caller's, taken by accumulate.
  const rewritten = `    Iterator<Item> it = items.iterator();
    while (it.hasNext()) {
      Item item = it.next();
      total += item.size();
      pause(item);
    }
    count += items.size();
    if (count > limit) {
      flush();
    }
`;
  assert.deepEqual(await refactorings({ 'acc/Ledger.java': ledgerBefore }, { 'acc/Ledger.java': ledgerAfter(rewritten) }), [extracted('accumulate')]);
  // The same loop with one more statement: the block was duplicated into both helpers.
  const copied = `    for (Item item : items) {
      total += item.size();
      count++;
      pause(item);
    }
    if (count > limit) {
      flush();
    }
`;
  assert.deepEqual(await refactorings({ 'acc/Ledger.java': ledgerBefore }, { 'acc/Ledger.java': ledgerAfter(copied) }), [extracted('accumulate'), extracted('accumulateSlowly')]);
});

test('statements that moved with one identifier renamed (a field renamed in the class the code went to) make an Extract And Move Method', async () => {
  const before = {
    'web/ResponseWrapper.java': `package web;
public class ResponseWrapper {
  private boolean saveOnCommit = true;
  private int pendingWrites;
  public void disableSaveOnCommit() {
    this.saveOnCommit = false;
    this.pendingWrites = 0;
  }
  public void write(int b) { pendingWrites++; }
}
`,
  };
  const after = {
    'web/ResponseWrapper.java': `package web;
public class ResponseWrapper {
  private final CommitGuard guard = new CommitGuard();
  public void disableSaveOnCommit() {
    guard.disable();
  }
  public void write(int b) { guard.count(); }
}
`,
    'web/CommitGuard.java': `package web;
public class CommitGuard {
  private boolean enabled = true;
  private int writes;
  private final java.util.List<Runnable> listeners = new java.util.ArrayList<>();
  public void disable() {
    this.enabled = false;
    this.writes = 0;
    listeners.forEach(Runnable::run);
  }
  public void count() { writes++; }
}
`,
  };
  const found = await refactorings(before, after);
  assert.ok(found.includes('Extract And Move Method: web.ResponseWrapper.disableSaveOnCommit() → web.CommitGuard.disable()'), found.join('\n'));
});

test('statements that call other methods on the same receivers are no statements moved: a new helper in another class doing other things is no Extract And Move Method', async () => {
  const before = {
    'ui/Composer.java': `package ui;
public class Composer {
  private final Panel panel = new Panel();
  private final Keyboard keyboard = new Keyboard();
  public void onClick() {
    this.panel.performClick();
    this.keyboard.resetLayout();
  }
}
`,
  };
  const after = {
    'ui/Composer.java': `package ui;
public class Composer {
  private final Drawer drawer = new Drawer();
  public void onClick() {
    drawer.hide(true);
  }
}
`,
    'ui/Drawer.java': `package ui;
public class Drawer {
  private final Panel panel = new Panel();
  private final Keyboard keyboard = new Keyboard();
  private final java.util.List<Runnable> listeners = new java.util.ArrayList<>();
  public void hide(boolean expectingKeyboard) {
    this.panel.dismiss();
    this.keyboard.showLayout();
    listeners.forEach(Runnable::run);
  }
}
`,
  };
  const found = await refactorings(before, after);
  assert.ok(!found.some((r) => r.startsWith('Extract And Move Method')), found.join('\n'));
});

test('statements that moved with an argument added to a call make an Extract And Move Method', async () => {
  const before = {
    'mods/Modifier.java': `package mods;
public class Modifier {
  private final java.util.List<Match> matches = new java.util.ArrayList<>();
  public void addItem(String oreName) {
    matches.add(new Match(oreName));
    log("ore", oreName);
  }
}
`,
  };
  const after = {
    'mods/Modifier.java': `package mods;
public class Modifier {
  private final MatchRegistry registry = new MatchRegistry();
  public void addItem(String oreName) {
    registry.addItem(oreName);
  }
}
`,
    'mods/MatchRegistry.java': `package mods;
public class MatchRegistry {
  private final java.util.List<Match> matches = new java.util.ArrayList<>();
  private int registered;
  public void addItem(String oreName) {
    matches.add(new Match(oreName, 1));
    log("ore", oreName, registered);
    registered = registered + matches.size();
  }
}
`,
  };
  const found = await refactorings(before, after);
  assert.ok(found.includes('Extract And Move Method: mods.Modifier.addItem(String) → mods.MatchRegistry.addItem(String)'), found.join('\n'));
});

test('a statement that moved with its message reworded makes an Extract And Move Method; one comparing with another constant is another statement', async () => {
  const statement = (message: string) => `package cql;
public class CreateFunction {
  private String language;
  private boolean orReplace;
  public void validate(ClientState state) {
    ${message}
    if (orReplace && state.isReadOnly())
      throw new InvalidRequestException("Cannot replace a function on a read-only node");
  }
}
`;
  const before = { 'cql/CreateFunction.java': statement('if (!Settings.enableUserFunctions())\n      throw new InvalidRequestException("User-defined-functions are disabled in the settings - set enable_user_functions=true to enable if you are aware of the risks");') };
  const helper = (message: string) => `package cql;
public class UserFunction {
  public static void assertEnabled(String language) {
    if (!Settings.enableUserFunctions())
      throw new InvalidRequestException(${message});
    if (!"java".equalsIgnoreCase(language) && !Settings.enableScriptedFunctions())
      throw new InvalidRequestException("Scripted functions are disabled in the settings");
  }
}
`;
  const after = (message: string) => ({
    'cql/CreateFunction.java': statement('UserFunction.assertEnabled(language);'),
    'cql/UserFunction.java': helper(message),
  });
  const reworded = await refactorings(before, after('"User-defined functions are disabled in the settings - set enable_user_functions=true to enable"'));
  assert.ok(reworded.includes('Extract And Move Method: cql.CreateFunction.validate(ClientState) → cql.UserFunction.assertEnabled(String)'), reworded.join('\n'));
  const other = await refactorings(before, after('"Scripted functions are off"'));
  assert.ok(!other.some((r) => r.startsWith('Extract And Move Method')), other.join('\n'));
});

test('a statement written with `this.` in a removed method and without it in its caller moved as written: an Inline Method', async () => {
  const activity = (members: string) => `package app;\npublic class Activity {\n  private WebView view;\n  private Menu current;\n${members}}\n`;
  const callers = (post: (event: string) => string) =>
    ['Create', 'Prepare', 'Select']
      .map((event) => `  public boolean on${event}(Menu menu) {\n${post(event)}\n    current = menu;\n    return true;\n  }\n`)
      .join('');
  const before = {
    'app/Activity.java': activity(
      `${callers((event) => `    this.notify("on${event}", menu);`)}  public void notify(String id, Object data) {\n    if (this.view != null) {\n      this.view.post(id, data);\n    }\n  }\n`,
    ),
  };
  const after = {
    'app/Activity.java': activity(callers((event) => `    if (view != null) {\n      view.plugins().post("on${event}", menu);\n    }`)),
  };
  const found = await refactorings(before, after);
  for (const event of ['Create', 'Prepare', 'Select']) assert.ok(found.includes(`Inline Method: app.Activity.notify(String,Object) → app.Activity.on${event}(Menu)`), found.join('\n'));
});

test('a call the caller made on an object it reached (`this.agenda.notifyHalt()`), now made by a new method of another class on its own field, is code moved: Extract And Move Method', async () => {
  const session = (extra: string) =>
    `package q;\npublic class Session {\n  protected java.util.List<Object> actions = new java.util.ArrayList<>();\n  protected Agenda agenda = new Agenda();\n  protected Propagation propagationList = new Propagation();\n  void startOperation() { }\n  void endOperation() { }\n${extra}}\n`;
  const memory = (call: string) =>
    `package q;\npublic class Memory extends Session {\n  public void queue(Object action) {\n    startOperation();\n    actions.add(action);\n    ${call};\n    endOperation();\n  }\n}\n`;
  const before = { 'q/Session.java': session(''), 'q/Memory.java': memory('this.agenda.notifyHalt()') };
  const after = {
    'q/Session.java': session('  public void notifyHalt() {\n    propagationList.notifyHalt();\n  }\n'),
    'q/Memory.java': memory('notifyHalt()'),
  };
  const extracted = 'Extract And Move Method: q.Memory.queue(Object) → q.Session.notifyHalt()';
  assert.ok((await refactorings(before, after)).includes(extracted));
  // The tokens alone hold too little of it: `agenda` is no `propagationList`.
  assert.ok(!(await refactorings(before, after, tokensOnly)).includes(extracted));
  // Another call on the other object is other code.
  const other = { ...after, 'q/Session.java': session('  public void notifyHalt() {\n    propagationList.flush();\n  }\n') };
  assert.ok(!(await refactorings(before, other)).some((r) => r.startsWith('Extract')));
});

test('a call the caller still makes on the same object, to a new method in its place (`compressor.close()` → `compressor.end()`), is redirected, not extracted: no Extract And Move into a new end() that passes it on to a field', async () => {
  const compressor = (members: string) =>
    `package q;\npublic class Compressor extends Stream {\n  private final Processor processor = new Processor();\n  public void write(byte[] data) {\n    processor.write(data);\n  }\n${members}}\n`;
  const tests = (last: string) =>
    `package q;\npublic class CompressorTest {\n${['HappyPath', 'EmptySource', 'InParts']
      .map((t, i) => `  public void test${t}() {\n    Compressor compressor = new Compressor();\n    compressor.write(new byte[${i + 1}]);\n    check(compressor, ${i});\n    compressor.${last}();\n  }\n`)
      .join('')}}\n`;
  // close() stays, inherited; end() is new
  const before = { 'q/Compressor.java': compressor(''), 'q/CompressorTest.java': tests('close') };
  const after = { 'q/Compressor.java': compressor('  public void end() {\n    processor.close();\n  }\n'), 'q/CompressorTest.java': tests('end') };
  const found = await refactorings(before, after);
  assert.ok(!found.some((r) => r.startsWith('Extract')), found.join('\n'));
});

test('a callback\'s statements inside a call are statements: a helper that took two of them as written is extracted from the function holding the callback', async () => {
  const before = {
    'src/routes.js': `function register(app, store) {
  app.get('/users', function (req, res) {
    var page = Number(req.query.page) || 1;
    var size = Math.min(Number(req.query.size) || 20, 100);
    res.json(store.list(page, size));
  });
}
module.exports = register;
`,
  };
  const after = {
    'src/routes.js': `function register(app, store) {
  app.get('/users', function (req, res) {
    var range = pageOf(req);
    res.json(store.list(range[0], range[1]));
  });
}
function pageOf(req) {
  var page = Number(req.query.page) || 1;
  var size = Math.min(Number(req.query.size) || 20, 100);
  if (page * size > MAX_ROWS) {
    throw new RangeError('page ' + page + ' is beyond the last of ' + MAX_ROWS + ' rows, ask ' + support.address());
  }
  audit.record(req.user, 'page', page);
  metrics.increment('users.pages.requested', req.user.id, req.headers['x-region']);
  cache.touch(req.user.id, Date.now() + TTL);
  return [page, size];
}
module.exports = register;
`,
  };
  assert.deepEqual(await refactorings(before, after), ['Extract Function: src/routes.js/register → src/routes.js/pageOf']);
  assert.deepEqual(await refactorings(before, after, tokensOnly), []);
});

test('a call on super is the class\'s own inherited method: an override calling super.close() took no statement socket.close() of the code its caller lost', async () => {
  // the same call on a field, and on a field's field: one identifier substituted, or the receiver replaced
  for (const receiver of ['socket', 'link.socket']) {
    const before = {
      'net/Response.java': `package net;
public class Response extends Base implements Socket {
  @Override
  protected void report(Exception e) {
    super.report(e);
    socket.setCallback(new NullCallback() {
      @Override
      public void onData(Emitter emitter, Buffer bb) {
        super.onData(emitter, bb);
        ${receiver}.close();
      }
    });
    socket.setEndCallback(null);
  }
  private Socket socket;
  private Link link;
}
`,
    };
    const after = {
      'net/Response.java': `package net;
public class Response extends Base implements Socket {
  @Override
  protected void report(Exception e) {
    super.report(e);
    terminate();
    socket.setEndCallback(null);
  }
  private void terminate() {
    socket.setCallback(new NullCallback() {
      @Override
      public void onData(Emitter emitter, Buffer bb) {
        super.onData(emitter, bb);
        ${receiver}.close();
      }
    });
  }
  @Override
  public void close() {
    super.close();
    terminate();
  }
  private Socket socket;
  private Link link;
}
`,
    };
    assert.deepEqual(await refactorings(before, after), ['Extract Method: net.Response.report(Exception) → net.Response.terminate()'], receiver);
  }
});

test('what says nothing is no statement: the brace before Kotlin\'s else, the brackets of a Go closure called in place', async () => {
  const { parseFile } = await import('../../src/languages/registry');
  const { bodyStatements } = await import('../../src/core/statements');
  const statementsOf = async (file: string, source: string, name: string) => {
    const cst = await parseFile(file, source);
    return bodyStatements(cst.nodes.find((n) => n.name === name)!)?.map((s) => s.join(' '));
  };
  assert.deepEqual(await statementsOf('src/Sign.kt', 'class Sign {\n  fun show(x: Int) {\n    if (x > 0) {\n      log("pos")\n    } else {\n      log("neg")\n    }\n  }\n}\n', 'show'), [
    'if ( x > 0 )',
    'log ( "pos" )',
    'log ( "neg" )',
  ]);
  assert.deepEqual(await statementsOf('work.go', 'package work\n\nfunc start(x int) {\n\tgo func() {\n\t\trun(x)\n\t}()\n\tlog(x)\n}\n', 'start'), ['go func ( )', 'run ( x )', 'log ( x )']);
});
