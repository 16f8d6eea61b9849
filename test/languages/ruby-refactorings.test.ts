/** Ruby: what the CST holds for one small file, and the refactorings reported on small fixtures. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFile } from '../../src/languages/registry';
import { refactorings } from '../helpers';

test('Ruby modules, classes, methods, singleton methods and functions: kinds, names, parents, supertypes, stereotypes', async () => {
  const cst = await parseFile('lib/zoo/animal.rb', `require 'json'
module Zoo
  class Animal < Base
    def initialize(name, legs = 4)
      @name = name
      setup(legs)
    end

    def self.create(*args, **opts, &block)
      new(*args).tap { |a| a.prepare }
    end

    def speak(times)
      count = times * 2
      helper
      puts "x" * count
      self.loud(1, 2)
    end

    class << self
      def registry; end
    end
  end

  class Dog < Zoo::Animal; end
end

def top(a, b: 1)
  a + b
end
`);
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.noun, n.signature, n.parent === undefined ? null : cst.nodes[n.parent].name]), [
    ['file', 'File', 'animal.rb', null],
    ['module', 'Class', 'Zoo', 'animal.rb'],
    ['class', 'Class', 'Animal', 'Zoo'],
    ['constructor', 'Method', 'initialize', 'Animal'],
    ['method', 'Method', 'self.create', 'Animal'],
    ['method', 'Method', 'speak', 'Animal'],
    ['method', 'Method', 'self.registry', 'Animal'],
    ['class', 'Class', 'Dog', 'Zoo'],
    ['function', 'Function', 'top', 'animal.rb'],
  ]);
  const [file, , animal, init, create, speak, registry, dog, top] = cst.nodes;
  assert.equal(file.namespace, 'lib/zoo/');
  assert.deepEqual([animal.supertypes, dog.supertypes], [['Base'], ['Animal']]);
  assert.deepEqual(init.stereotypes.slice().sort(), ['constructor', 'has-body', 'type-member']);
  assert.deepEqual(create.stereotypes.slice().sort(), ['class-method', 'has-body', 'type-member']);
  assert.deepEqual(registry.stereotypes.slice().sort(), ['class-method', 'type-member']);
  // a splat, double splat or block parameter is named by its sigil: its name is no part of the signature
  assert.deepEqual([create.parameters, top.parameters], [['*', '**', '&'], ['a', 'b']]);
  assert.deepEqual(init.calls, [{ name: 'setup', args: 1, receiver: 'Animal', ownType: true }]);
  assert.deepEqual(speak.calls.map((c) => c.name), ['helper', 'puts', 'loud'], 'a bare identifier is a call unless a parameter or local variable');
  assert.deepEqual(create.calls.map((c) => c.name), ['tap', 'new', 'prepare']);
  assert.equal(cst.errors, 0);
});

const slugify = `def slugify(title, separator)
  lower = title.strip.downcase
  cleaned = lower.gsub(/[^a-z0-9]+/, separator)
  cleaned.delete_prefix(separator).delete_suffix(separator)
end`;
const upper = 'def upper(s)\n  s.upcase\nend';
const host = "def host(url)\n  url.split('/').first\nend";

test('Ruby: a function renamed is a Rename Function; a parameter added, a Change Function Signature', async () => {
  const before = { 'lib/text.rb': `${slugify}\n\n${upper}\n` };
  assert.deepEqual(await refactorings(before, { 'lib/text.rb': `${slugify.replace('slugify(', 'to_slug(')}\n\n${upper}\n` }), [
    'Rename Function: lib/text.rb/slugify → lib/text.rb/to_slug',
  ]);
  const changed = slugify.replace('(title, separator)', '(title, separator, limit)');
  assert.deepEqual(await refactorings(before, { 'lib/text.rb': `${changed}\n\n${upper}\n` }), [
    'Change Function Signature: lib/text.rb/slugify → lib/text.rb/slugify',
  ]);
});

test('Ruby: a function moved to another file is a Move Function; renamed too, a Move And Rename Function', async () => {
  const before = { 'lib/text.rb': `${slugify}\n\n${upper}\n`, 'lib/web.rb': `${host}\n` };
  assert.deepEqual(await refactorings(before, { 'lib/text.rb': `${upper}\n`, 'lib/web.rb': `${host}\n\n${slugify}\n` }), [
    'Move Function: lib/text.rb/slugify → lib/web.rb/slugify',
  ]);
  assert.deepEqual(await refactorings(before, { 'lib/text.rb': `${upper}\n`, 'lib/web.rb': `${host}\n\n${slugify.replace('slugify(', 'to_slug(')}\n` }), [
    'Move And Rename Function: lib/text.rb/slugify → lib/web.rb/to_slug',
  ]);
});

const shape = (members: string, name = 'Shape') => `class ${name}\n${members}\nend\n`;
const area = `  def area(width, height)
    result = width * height
    raise ArgumentError, "negative area #{result}" if result.negative?
    result
  end`;
const describe = `  def describe(prefix, count)
    text = prefix.dup
    count.times { |i| text << i.to_s << ', ' }
    text.strip
  end`;

test('Ruby: a method moved to a class in another file is a Move Method; a class renamed, a Rename Class; moved, a Move Class', async () => {
  const text = (members: string) => shape(`  def size\n    1\n  end\n${members}`, 'Text');
  assert.deepEqual(await refactorings({ 'lib/shape.rb': shape(`${area}\n${describe}`), 'lib/text.rb': text('') }, { 'lib/shape.rb': shape(area), 'lib/text.rb': text(describe) }), [
    'Move Method: lib/shape.rb/Shape/describe → lib/text.rb/Text/describe',
  ]);
  const body = `${area}\n${describe}`;
  assert.deepEqual(await refactorings({ 'lib/shape.rb': shape(body) }, { 'lib/shape.rb': shape(body, 'Figure') }), ['Rename Class: lib/shape.rb/Shape → lib/shape.rb/Figure']);
  assert.deepEqual(await refactorings({ 'lib/shape.rb': `${shape(body)}\n${upper}\n`, 'lib/model.rb': `${host}\n` }, { 'lib/shape.rb': `${upper}\n`, 'lib/model.rb': `${host}\n\n${shape(body)}` }), [
    'Move Class: lib/shape.rb/Shape → lib/model.rb/Shape',
  ]);
});

const report = `  def report(values)
    sum = 0
    values.each { |v| sum += v }
    average = values.empty? ? 0 : sum.to_f / values.size
    line = "sum=#{sum} average=#{average}"
    puts line
    line
  end`;
const reportExtracted = `  def report(values)
    sum = total(values)
    average = values.empty? ? 0 : sum.to_f / values.size
    line = "sum=#{sum} average=#{average}"
    puts line
    line
  end

  def total(numbers)
    sum = 0
    numbers.each { |v| sum += v }
    sum
  end`;

test('Ruby: part of a method moved to a new method it calls is an Extract Method; the reverse, an Inline Method', async () => {
  assert.deepEqual(await refactorings({ 'lib/stats.rb': shape(report, 'Stats') }, { 'lib/stats.rb': shape(reportExtracted, 'Stats') }), [
    'Extract Method: lib/stats.rb/Stats/report → lib/stats.rb/Stats/total',
  ]);
  assert.deepEqual(await refactorings({ 'lib/stats.rb': shape(reportExtracted, 'Stats') }, { 'lib/stats.rb': shape(report, 'Stats') }), [
    'Inline Method: lib/stats.rb/Stats/total → lib/stats.rb/Stats/report',
  ]);
});

const feed = `  def feed(grams, times)
    total = grams * times
    puts "feeding #{total} grams"
    total
  end`;
const animal = (members: string) => `class Animal\n  def name\n    'animal'\n  end\n${members}\nend\n`;
const dog = (members: string, base = ' < Animal') => `class Dog${base}\n  def bark\n    'woof'\n  end\n${members}\nend\n`;

test('Ruby: a method moved to the superclass is a Pull Up Method; back down, a Push Down Method', async () => {
  const inDog = { 'lib/animal.rb': animal(''), 'lib/dog.rb': dog(feed) };
  const inAnimal = { 'lib/animal.rb': animal(feed), 'lib/dog.rb': dog('') };
  assert.deepEqual(await refactorings(inDog, inAnimal), ['Pull Up Method: lib/dog.rb/Dog/feed → lib/animal.rb/Animal/feed']);
  assert.deepEqual(await refactorings(inAnimal, inDog), ['Push Down Method: lib/animal.rb/Animal/feed → lib/dog.rb/Dog/feed']);
});

test('Ruby: a new superclass receiving a method is an Extract Superclass', async () => {
  assert.deepEqual(await refactorings({ 'lib/dog.rb': dog(feed, '') }, { 'lib/dog.rb': dog(''), 'lib/animal.rb': animal(feed) }), [
    'Extract Superclass: lib/dog.rb/Dog → lib/animal.rb/Animal',
    'Pull Up Method: lib/dog.rb/Dog/feed → lib/animal.rb/Animal/feed',
  ]);
});

test('Ruby: a def under a guard in a class body (if defined?(…), end if …) is a method of the class; dropping the guard is no refactoring', async () => {
  const base = (guarded: boolean) => `module Sinatra
  class Base
    ${guarded ? 'if defined?(Rack::Protection)' : ''}
    def protection(options = {})
      use Rack::Protection, options
      settings.protection = true
    end
    ${guarded ? 'end' : ''}

    def helpers(*extensions, &block)
      class_eval(&block) if block_given?
      include(*extensions) if extensions.any?
    end if respond_to?(:class_eval)
  end
end
`;
  const cst = await parseFile('lib/sinatra/base.rb', base(true));
  assert.deepEqual(cst.nodes.filter((n) => n.noun === 'Method' || n.noun === 'Function').map((n) => `${n.kind} ${n.name} in ${cst.nodes[n.parent!].name}`), [
    'method protection in Base',
    'method helpers in Base',
  ]);
  assert.deepEqual(await refactorings({ 'lib/sinatra/base.rb': base(true) }, { 'lib/sinatra/base.rb': base(false) }), []);
});

test('Ruby calls say what they are made on: bare or on self, the own class; a class named (Foo, Outer::Foo, Foo.new), that class; a local variable, another object; a constant value, nothing', async () => {
  const cst = await parseFile('lib/builder.rb', `class Builder
  def build(root, parts)
    joiner = make_joiner
    prepare
    self.check(1)
    File.join(root, 'out')
    Zoo::Animal.create(2)
    Printer.new.print
    joiner.join(parts)
    parts.each { |part| part.save }
    DEFAULTS.merge(root)
    super(root)
  end
end
`);
  assert.deepEqual(cst.nodes.find((n) => n.name === 'build')!.calls, [
    { name: 'make_joiner', args: -1, receiver: 'Builder', ownType: true },
    { name: 'prepare', args: -1, receiver: 'Builder', ownType: true },
    { name: 'check', args: 1, receiver: 'Builder', ownType: true },
    { name: 'join', args: 2, receiver: 'File', exact: true },
    { name: 'create', args: 1, receiver: 'Animal', exact: true },
    { name: 'print', args: -1, receiver: 'Printer', exact: true },
    { name: 'new', args: -1, receiver: 'Printer', exact: true },
    { name: 'join', args: 1, otherObject: true },
    { name: 'each', args: -1, otherObject: true },
    { name: 'save', args: -1, otherObject: true },
    { name: 'merge', args: 1 },
  ]);
});

const cleaned = `    cleaned = parts.map { |part| part.to_s.strip.downcase }
    cleaned.reject! { |part| part.empty? || part == '.' }
    puts "joining #{cleaned.size} parts"
`;
const builder = (body: string, call: string) => `class Builder\n  def build(root, parts)\n${body}    ${call}\n  end\nend\n`;
const joiner = `class PathJoiner\n  def self.join(root, parts)\n${cleaned}    [root, *cleaned].join('/')\n  end\nend\n`;

test('Ruby: code moved into a new PathJoiner.join is no Extract And Move from a method calling File.join; from one calling PathJoiner.join, it is', async () => {
  const before = { 'lib/builder.rb': builder(cleaned, "File.join(root, 'out')"), 'lib/path_joiner.rb': 'class PathJoiner\nend\n' };
  assert.deepEqual(await refactorings(before, { 'lib/builder.rb': builder('', "File.join(root, 'out')"), 'lib/path_joiner.rb': joiner }), []);
  assert.deepEqual(await refactorings(before, { 'lib/builder.rb': builder('', 'PathJoiner.join(root, parts)'), 'lib/path_joiner.rb': joiner }), [
    'Extract And Move Method: lib/builder.rb/Builder/build → lib/path_joiner.rb/PathJoiner/self.join',
  ]);
});

test('Ruby: code moved into a new method save is no Extract Method from a method calling save only on a block\'s variable; calling it bare, it is', async () => {
  const cleanup = '    @items.compact!\n    @items.sort_by! { |entry| entry.priority }\n    @count = @items.size\n';
  const queue = (body: string, members = '') => `class Queue\n  def flush(records)\n    records.each { |record| record.save }\n${body}  end\n${members}end\n`;
  const save = `\n  def save\n${cleanup}  end\n`;
  assert.deepEqual(await refactorings({ 'lib/queue.rb': queue(cleanup) }, { 'lib/queue.rb': queue('', save) }), []);
  assert.deepEqual(await refactorings({ 'lib/queue.rb': queue(cleanup) }, { 'lib/queue.rb': queue('    save\n', save) }), [
    'Extract Method: lib/queue.rb/Queue/flush → lib/queue.rb/Queue/save',
  ]);
});

test('Ruby: a class method and an instance method of one name are two methods; moving one between them is a signature change', async () => {
  const settings = (both: boolean, singleton = true) => `class App
  def ${singleton ? 'self.' : ''}settings
    @settings ||= load_settings(File.join(root, "config.yml"))
  end
${both ? '\n  def settings\n    self.class.settings\n  end\n' : ''}
  def root
    File.expand_path("..", __dir__)
  end
end
`;
  // the instance method's body changed: no more than that, whichever is declared first
  assert.deepEqual(await refactorings({ 'lib/app.rb': settings(true) }, { 'lib/app.rb': settings(true).replace('self.class.settings', 'App.settings') }), []);
  assert.deepEqual(await refactorings({ 'lib/app.rb': settings(false) }, { 'lib/app.rb': settings(false, false) }), [
    'Change Method Signature: lib/app.rb/App/self.settings → lib/app.rb/App/settings',
  ]);
});

test('Ruby: a new method whose name a caller already called (a library method) is no code extracted from that caller, unchanged', async () => {
  // sinatra a0adda9c7a: a test helper `self.run(server, port)` added; Base.run! calls a server's `run` as it did
  const base = (guard: string) => `module Sinatra
  class Base
    class << self
      def run!(options={})
        set options
        handler      = detect_rack_handler
        handler_name = handler.name.gsub(/.*::/, '')
        handler.run self, :Host => bind, :Port => port do |server|
          server.threaded = settings.threaded if server.respond_to? :threaded=
          set :running, true
        end
      end

      def prototype
        @prototype ||= new
      end

      def new(*args, &bk)
        build(Rack::Builder.new, *args, &bk).to_app
      end

      def build(builder, *args, &bk)
        setup_default_middleware builder
        setup_middleware builder
        builder.run new!(*args, &bk)
        builder
      end

      def call(env)
        synchronize { prototype.call(env) }
      end

      def setup_common_logger(builder)
        return if ${guard}["development", "deployment", nil].include? ENV["RACK_ENV"]
        builder.use Rack::CommonLogger
      end
    end
  end
end
`;
  const helper = `module IntegrationHelper
  class Server
    def self.run(server, port)
      new(server, port).run
    end

    def initialize(server, port)
      @server = server
      @port = port
    end
  end
end
`;
  const before = { 'lib/sinatra/base.rb': base('') };
  const after = { 'lib/sinatra/base.rb': base('defined? WEBrick and '), 'test/integration_helper.rb': helper };
  assert.deepEqual(await refactorings(before, after), []);
});

/** A class in the modules a Ruby project opens again in each of its files. */
const digest = `module Rack
  module Auth
    module Digest
      class MD5 < AbstractHandler
        def initialize(app, realm = nil, opaque = nil, &authenticator)
          super(app, realm, &authenticator)
          @passwords_hashed = nil
          @opaque = opaque
        end

        def call(env)
          auth = Request.new(env)
          return unauthorized unless auth.provided?
          return bad_request if !auth.digest? || !auth.correct_uri? || !valid_qop?(auth)
          if valid?(auth)
            env['REMOTE_USER'] = auth.username
            return @app.call(env)
          end
          unauthorized
        end
      end
    end
  end
end
`;

test('Ruby: a class moved to another file inside the modules around it is a Move Class of the class; the modules, only a namespace each file opens, are not moved', async () => {
  const lint = 'module Rack\n  class Lint\n    def check(x)\n      x\n    end\n  end\nend\n';
  assert.deepEqual(
    await refactorings(
      { 'lib/rack/auth/digest/md5.rb': digest, 'lib/rack/lint.rb': lint },
      { 'lib/rack/auth/digest/md5.rb': "require_relative '../digest'\n", 'lib/rack/auth/digest.rb': digest, 'lib/rack/lint.rb': lint },
    ),
    ['Move Class: lib/rack/auth/digest/md5.rb/Rack/Auth/Digest/MD5 → lib/rack/auth/digest.rb/Rack/Auth/Digest/MD5'],
  );
  const cst = await parseFile('lib/rack/auth/digest.rb', `${digest}module Rack\n  module Helpers\n    def helper(x)\n      x\n    end\n  end\nend\n`);
  // the second `module Rack` of the file is the first one's (see the compact names' test below)
  assert.deepEqual(cst.nodes.filter((n) => n.stereotypes.includes('namespace')).map((n) => n.name), ['Rack', 'Auth', 'Digest']);
});

const httpResponse = (header: string, footer: string) => `require 'webrick'

${header}
    def rack_finish
      @body.each { |chunk| @socket.write(chunk) }
    ensure
      @body.close if @body.respond_to?(:close)
    end

    def setup_header
      @header['connection'] = 'close' if @keep_alive == false
    end
${footer}
`;

test('Ruby: a class written with a compact name (`class WEBrick::HTTPResponse`) is the one written nested in its module; a change of style is no Move Class', async () => {
  const nested = httpResponse('module WEBrick\n  class HTTPResponse', '  end\nend');
  const compact = httpResponse('class WEBrick::HTTPResponse', 'end');
  assert.deepEqual(await refactorings({ 'lib/rack/handler/webrick.rb': nested }, { 'lib/rack/handler/webrick.rb': compact }), []);
  assert.deepEqual(await refactorings({ 'lib/rack/handler/webrick.rb': compact }, { 'lib/rack/handler/webrick.rb': nested }), []);
  const modules = (text: string) => text.replace('class HTTPResponse', 'module HTTPResponse').replace('class WEBrick::HTTPResponse', 'module WEBrick::HTTPResponse');
  assert.deepEqual(await refactorings({ 'lib/rack/handler/webrick.rb': modules(nested) }, { 'lib/rack/handler/webrick.rb': modules(compact) }), []);
  // a file that reopens a class twice, once in each style, then twice compact (rack 8fd92df3a8)
  const other = 'class WEBrick::HTTPRequest\n  def meta_vars\n    super.merge("X" => 1)\n  end\nend\n';
  const mixed = { 'lib/rack/handler/webrick.rb': `${other}\n${nested}` };
  assert.deepEqual(await refactorings(mixed, { 'lib/rack/handler/webrick.rb': `${other}\n${compact}` }), []);
  assert.deepEqual(await refactorings(mixed, { 'lib/rack/handler/webrick.rb': `${nested}\n${other}` }), []);
  const cst = await parseFile('lib/a.rb', 'module Outer\n  class A::B::C; end\n  class A::D; end\nend\nclass ::Top; end\n');
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.name, n.parent === undefined ? null : cst.nodes[n.parent].name, n.stereotypes.includes('namespace')]), [
    ['file', 'a.rb', null, false],
    ['module', 'Outer', 'a.rb', true],
    ['module', 'A', 'Outer', true],
    ['module', 'B', 'A', true],
    ['class', 'C', 'B', false],
    ['class', 'D', 'A', false],
    ['class', 'Top', 'a.rb', false],
  ]);
  // a class moved whole into another file keeps being reported, under the names around it
  assert.deepEqual(
    await refactorings({ 'lib/rack/handler/webrick.rb': compact, 'lib/rack/x.rb': 'X = 1\n' }, { 'lib/rack/handler/webrick.rb': "require 'webrick'\n", 'lib/rack/x.rb': `X = 1\n${compact}` }),
    ['Move Class: lib/rack/handler/webrick.rb/WEBrick/HTTPResponse → lib/rack/x.rb/WEBrick/HTTPResponse'],
  );
});

const strategyBase = (name: string) => `module FactoryGirl
  class ${name}
    def association(runner)
      raise NotImplementedError, "Strategies must return an association"
    end

    def result(evaluation)
      raise NotImplementedError, "Strategies must return a result"
    end
  end
end
`;
const buildStrategy = (holder: string, keyword = 'class') => `module FactoryGirl
  ${keyword} ${holder}
    class Build${keyword === 'class' ? ` < ${holder}` : ''}
      def association(runner)
        runner.run
      end

      def result(evaluation)
        evaluation.object.tap do |instance|
          evaluation.notify(:after_build, instance)
        end
      end
    end
  end
end
`;

test('Ruby: a class reopened only to hold classes (`class Proxy; class Build < Proxy`) is a name around them: renamed with the class it reopens, what moves is the class it holds', async () => {
  assert.deepEqual(
    await refactorings(
      { 'lib/factory_girl/proxy.rb': strategyBase('Proxy'), 'lib/factory_girl/proxy/build.rb': buildStrategy('Proxy') },
      { 'lib/factory_girl/strategy.rb': strategyBase('Strategy'), 'lib/factory_girl/strategy/build.rb': buildStrategy('Strategy') },
    ),
    [
      'Move And Rename Class: lib/factory_girl/proxy.rb/FactoryGirl/Proxy → lib/factory_girl/strategy.rb/FactoryGirl/Strategy',
      'Move Class: lib/factory_girl/proxy/build.rb/FactoryGirl/Proxy/Build → lib/factory_girl/strategy/build.rb/FactoryGirl/Strategy/Build',
      'Move File: lib/factory_girl/proxy/build.rb → lib/factory_girl/strategy/build.rb',
      'Rename File: lib/factory_girl/proxy.rb → lib/factory_girl/strategy.rb',
    ],
  );
  // the reopening `class Strategy` written `module Strategy` changes no declaration's kind (Strategy is declared elsewhere)
  const base = { 'lib/factory_girl/strategy.rb': strategyBase('Strategy') };
  assert.deepEqual(
    await refactorings({ ...base, 'lib/factory_girl/strategy/build.rb': buildStrategy('Strategy') }, { ...base, 'lib/factory_girl/strategy/build.rb': buildStrategy('Strategy', 'module') }),
    [],
  );
  const cst = await parseFile('lib/factory_girl/proxy/build.rb', buildStrategy('Proxy'));
  assert.deepEqual(cst.nodes.filter((n) => n.stereotypes.includes('namespace')).map((n) => n.name), ['FactoryGirl', 'Proxy']);
  const declared = await parseFile('lib/factory_girl/proxy.rb', strategyBase('Proxy'));
  assert.deepEqual(declared.nodes.filter((n) => n.stereotypes.includes('namespace')).map((n) => n.name), ['FactoryGirl']);
});

const requestStruct = (header: string) => `module Faraday
  ${header}
    def self.create(request_method)
      new(request_method).tap do |request|
        yield(request) if block_given?
      end
    end

    def params=(hash)
      if params
        params.replace hash
      else
        member_set(:params, hash)
      end
    end

    def to_env(connection)
      Env.new(http_method, body, connection.build_exclusive_url(path, params), options, headers)
    end
  end
end
`;

test('Ruby: a class made by a block (`Request = Struct.new(…) do … end`) holds the methods the block defines; written as `class Request < Struct.new(…)` it is the same class', async () => {
  const subclass = requestStruct('class Request < Struct.new(:http_method, :path, :params, :headers, :body, :options)');
  const made = requestStruct('Request = Struct.new(:http_method, :path, :params, :headers, :body, :options) do');
  assert.deepEqual(await refactorings({ 'lib/faraday/request.rb': subclass }, { 'lib/faraday/request.rb': made }), []);
  assert.deepEqual(await refactorings({ 'lib/faraday/request.rb': made }, { 'lib/faraday/request.rb': subclass }), []);
  const cst = await parseFile('lib/faraday/options.rb', `module Faraday
  Env = Options.new(:method, :body) do
    def success?; end
  end
  Base = Class.new(Middleware) { def call(env); end }
  Helpers = Module.new do
    def helper; end
  end
  class SSL < Options.new(:verify)
  end
  configure = build.new(:a) do
    def inside; end
  end
  HEADERS = Hash.new do |h, k|
    h[k] = k.to_s.split('_').map(&:capitalize).join('-')
  end
end
`);
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.signature, n.parent === undefined ? null : cst.nodes[n.parent].name, n.supertypes]), [
    ['file', 'options.rb', null, []],
    ['module', 'Faraday', 'options.rb', []],
    ['class', 'Env', 'Faraday', ['Options']],
    ['method', 'success?', 'Env', []],
    ['class', 'Base', 'Faraday', ['Middleware']],
    ['method', 'call', 'Base', []],
    ['module', 'Helpers', 'Faraday', []],
    ['method', 'helper', 'Helpers', []],
    ['class', 'SSL', 'Faraday', ['Options']],
    ['function', 'inside', 'Faraday', []],
  ]);
});

const typhoeus = (header: string) => `module Faraday
  module Adapter
    ${header}
      def call(env)
        super
        req = ::Typhoeus::Request.new(env[:url].to_s, method: env[:method], body: env[:body])
        req.on_complete { |resp| save_response(env, resp.code, resp.body) }
        req
      end
    end
  end
end
`;

test('Ruby: a bare superclass name reaches the namesake in the modules around the class, not one nested in another class', async () => {
  const middleware = 'module Faraday\n  class Middleware\n    def initialize(app = nil)\n      @app = app\n    end\n  end\nend\n';
  const responseMiddleware = 'module Faraday\n  class Response\n    class Middleware < Faraday::Middleware\n      def call(env)\n        @app.call(env).on_complete { |e| on_complete(e) }\n      end\n    end\n  end\nend\n';
  assert.deepEqual(
    await refactorings(
      { 'lib/faraday/adapter/typhoeus.rb': typhoeus('class Typhoeus') },
      { 'lib/faraday/adapter/typhoeus.rb': typhoeus('class Typhoeus < Middleware'), 'lib/faraday/middleware.rb': middleware, 'lib/faraday/response.rb': responseMiddleware },
    ),
    ['Extract Superclass: lib/faraday/adapter/typhoeus.rb/Faraday/Adapter/Typhoeus → lib/faraday/middleware.rb/Faraday/Middleware'],
  );
});

test('Ruby: a new one-line reader of a class variable (`@@default_options ||= {}`) is not extracted from a method that only starts calling it; one of what the method lost is', async () => {
  const client = (members: string) => `module Client\n  module ClassMethods\n${members}\n  end\nend\n`;
  const before = client(`    def headers(h = {})
      @headers ||= {}
      @headers.merge!(h)
    end

    def send_request(verb, path, options = {})
      options = { limit: 5 }.merge(options)
      uri = URI.parse("#{base_uri}#{path}")
      request = verb.new(uri.request_uri)
      request.initialize_http_header(headers.merge(options[:headers] || {}))
      Net::HTTP.new(uri.host, uri.port).request(request)
    end`);
  const after = client(`    def default_options
      @@default_options ||= {}
    end

    def headers(h = {})
      default_options[:headers] ||= {}
      default_options[:headers].merge!(h)
    end

    def send_request(verb, path, options = {})
      Request.new(verb, path, default_options.merge(options)).perform
    end`);
  assert.deepEqual(await refactorings({ 'lib/client.rb': before }, { 'lib/client.rb': after }), []);
  const request = (reader: string, read: string) =>
    `class Request\n  attr_reader :options\n${reader}\n  def parse_response(body)\n    return nil if body.nil? or body.empty?\n    case ${read}\n    when :xml\n      Hash.from_xml(body)\n    when :json\n      JSON.parse(body)\n    else\n      body\n    end\n  end\nend\n`;
  assert.deepEqual(await refactorings({ 'lib/request.rb': request('', 'options[:format]') }, { 'lib/request.rb': request('\n  def format\n    options[:format]\n  end\n', 'format') }), [
    'Extract Method: lib/request.rb/Request/parse_response → lib/request.rb/Request/format',
  ]);
  // A symbol is a word too: `options[:connection_factory]` holds one the caller never had (httparty eb796e7824).
  const connection = (reader: string, body: string) =>
    `class Request\n  attr_reader :options\n${reader}\n  def http\n${body}\n  end\nend\n`;
  const opened = '    http = Net::HTTP.new(uri.host, uri.port, options[:http_proxyaddr], options[:http_proxyport])\n    http.use_ssl = ssl?\n    http';
  const factory = '\n  def connection_factory\n    options[:connection_factory]\n  end\n';
  assert.deepEqual(await refactorings({ 'lib/request.rb': connection('', opened) }, { 'lib/request.rb': connection(factory, '    connection_factory.call(uri, options)') }), []);
});

test('Ruby statements: each expression of a body, a clause\'s header one more (`end` and `then` say nothing), whether or not the def has parentheses', async () => {
  const { bodyStatements } = await import('../../src/core/statements');
  const cst = await parseFile('lib/cart.rb', `class Cart
  def add item, count = 1
    return if item.nil?
    total = price(item) * count
    if total > limit then warn total
    elsif total.zero?
      @items.delete(item)
    else
      @items << item; @sum += total
    end
    @items.each do |i|
      log i
    end
  rescue ArgumentError => e
    report e
  end

  def size = @items.size
end
`);
  const body = (name: string) => bodyStatements(cst.nodes.find((n) => n.name === name)!)?.map((s) => s.join(' '));
  assert.deepEqual(body('add'), [
    'return if item . nil?', 'total = price ( item ) * count', 'if total > limit', 'warn total', 'elsif total . zero?', '@items . delete ( item )',
    '@items << item', '@sum += total', '@items . each do | i |', 'log i', 'rescue ArgumentError => e', 'report e',
  ]);
  assert.deepEqual(body('size'), ['return @items . size']);
});

test('Ruby: two statements several methods lost to a new method they now call (`def setup_argv(*args)`) make an Extract Method of each', async () => {
  const suite = (bodies: string[], helper = '') => `class TestCli < Minitest::Test\n${helper}${bodies.map((b, i) => `  def test_option_${i}\n${b}\n  end\n`).join('\n')}end\n`;
  const before = suite([
    `    ARGV.clear\n    ARGV << '--verbose'\n    @cli.parse\n    assert @cli.verbose`,
    `    ARGV.clear\n    ARGV << '-q' << 'build'\n    @cli.parse\n    assert_equal ['build'], ARGV`,
  ]);
  const after = suite([
    `    setup_argv('--verbose')\n    @cli.parse\n    assert @cli.verbose`,
    `    setup_argv('-q', 'build')\n    @cli.parse\n    assert_equal ['build'], ARGV`,
  ], `  def setup_argv(*options)\n    ARGV.clear\n    options.each do |option|\n      ARGV << option\n    end\n  end\n\n`);
  assert.deepEqual(await refactorings({ 'test/test_cli.rb': before }, { 'test/test_cli.rb': after }), [
    'Extract Method: test/test_cli.rb/TestCli/test_option_0 → test/test_cli.rb/TestCli/setup_argv',
    'Extract Method: test/test_cli.rb/TestCli/test_option_1 → test/test_cli.rb/TestCli/setup_argv',
  ]);
});

test('Ruby: a def after `module_function` is the module\'s own method, as `def self.x` is; written so instead, nothing changed', async () => {
  // grape 37a19e4de7: `def self.custom?(type)` in Grape::Validations::Types became `module_function` and `def custom?(type)`
  const types = ({ head = '', prefix = '', around = '', tail = '' }) => ({
    'lib/types.rb': `module Types
${head}  ${around}def ${prefix}primitive?(type)
    PRIMITIVES.include?(type)
  end

  ${around}def ${prefix}custom?(type)
    !primitive?(type) && type.respond_to?(:parse) && type.method(:parse).arity == 1
  end
${tail}end
`,
  });
  const singleton = types({ prefix: 'self.' });
  assert.deepEqual(await refactorings(singleton, types({ head: '  module_function\n\n' })), []);
  assert.deepEqual(await refactorings(singleton, types({ tail: '\n  module_function :primitive?, :custom?\n' })), []);
  assert.deepEqual(await refactorings(singleton, types({ around: 'module_function ' })), []);
  // a `public` (or `private`) line after it ends it: what follows is an instance method again
  assert.deepEqual(await refactorings(singleton, types({ head: '  module_function\n  public\n\n' })), [
    'Change Method Signature: lib/types.rb/Types/self.custom? → lib/types.rb/Types/custom?',
    'Change Method Signature: lib/types.rb/Types/self.primitive? → lib/types.rb/Types/primitive?',
  ]);
});

test('Ruby: a def written inside `private` (`private def helper`) is a method of its class; written so instead of under a `private` line, nothing changed', async () => {
  const settings = (inline: boolean) => `class Settings
  def fetch(key)
    normalize(@values[key])
  end
${inline ? '' : '\n  private\n'}
  ${inline ? 'private ' : ''}def normalize(value)
    value.respond_to?(:call) ? value.call : value
  end
end
`;
  const cst = await parseFile('lib/settings.rb', settings(true));
  assert.deepEqual(cst.nodes.map((n) => `${n.kind} ${n.signature}`), ['file settings.rb', 'class Settings', 'method fetch', 'method normalize']);
  assert.deepEqual(await refactorings({ 'lib/settings.rb': settings(false) }, { 'lib/settings.rb': settings(true) }), []);
});

test('Ruby: a splat or block parameter left unnamed (`&block` → `&`, `**options` → `**`) changes no signature; one added or taken away does', async () => {
  // grape 036ee8e1fd: `def given(*attrs, &block)` → `def given(*attrs, &)`, the block only passed on
  const dsl = (parameters: string, passed: string) => `module DSL
  def given(${parameters})
    attrs.each { |attr| raise UnknownParameter, attr unless declared?(attr) }
    new_lateral_scope(dependent_on: attrs, ${passed})
  end
end
`;
  const file = (parameters: string, passed: string) => ({ 'lib/dsl.rb': dsl(parameters, passed) });
  assert.deepEqual(await refactorings(file('*attrs, &block', '&block'), file('*attrs, &', '&')), []);
  assert.deepEqual(await refactorings(file('*attrs, **options, &block', '**options, &block'), file('*attrs, **, &', '**, &')), []);
  assert.deepEqual(await refactorings(file('*attrs, &block', '&block'), file('*attrs, **, &', '**, &')), [
    'Change Method Signature: lib/dsl.rb/DSL/given → lib/dsl.rb/DSL/given',
  ]);
});

test('Ruby: a method moved between two files that both open one class stays in the class (a class reopened is one class)', async () => {
  const parser = (body: string) => `module Rack\n  class Parser\n${body}  end\nend\n`;
  const parse = '    def parse(input)\n      tokens = input.split(",")\n      tokens.map { |t| t.strip }\n    end\n';
  const params = '    def params(query)\n      pairs = query.split("&")\n      pairs.map { |p| p.split("=", 2) }.to_h\n    end\n';
  const escape = '    def escape(text)\n      text.gsub(/[^a-z]/) { |c| "%%%02X" % c.ord }\n    end\n';
  const before = { 'lib/rack/parser.rb': parser(parse + params), 'lib/rack/parser/escape.rb': parser(escape) };
  const after = { 'lib/rack/parser.rb': parser(parse), 'lib/rack/parser/escape.rb': parser(escape + params) };
  assert.deepEqual(await refactorings(before, after), []);
});

test('Ruby: a method gone whose one caller, kept, now calls neither it nor the new method of a name half alike was not renamed to it; with a method kept calling the new one, it was', async () => {
  const before = `class Parser
  def check_strict_mode!
    @check_strict_mode = true
  end

  def check_strict_mode
    @check_strict_mode ||= inherited(:check_strict_mode, false)
  end

  def check_strict_mode?
    !!check_strict_mode
  end

  def build_option(name, options, scope)
    scope[name] = Option.new(name, options.merge(:check_strict_mode => check_strict_mode?))
  end

  def reset
    @options = {}
  end
end
`;
  const after = (call: string, reset = '') => `class Parser
  def check_strict_mode!
    @check_strict_mode = true
  end

  def allow_loose_strict_mode!
    @check_strict_mode = false
  end

  def check_strict_mode
    @check_strict_mode = inherited(:check_strict_mode, nil) unless defined?(@check_strict_mode)
    @check_strict_mode
  end

  def build_option(name, options, scope)
    scope[name] = Option.new(name, {:check_strict_mode => ${call}}.merge!(options))
  end

  def reset
    @options = {}${reset}
  end
end
`;
  // the caller now reads the value itself: `check_strict_mode?` went, and `allow_loose_strict_mode!` is new
  assert.deepEqual(await refactorings({ 'lib/parser.rb': before }, { 'lib/parser.rb': after('check_strict_mode') }), []);
  // the calls moved: the caller kept calls it by its new name, or another method kept does
  for (const [call, reset] of [['allow_loose_strict_mode!', ''], ['check_strict_mode', '\n    allow_loose_strict_mode!']])
    assert.deepEqual(await refactorings({ 'lib/parser.rb': before }, { 'lib/parser.rb': after(call, reset) }), [
      'Rename Method: lib/parser.rb/Parser/check_strict_mode? → lib/parser.rb/Parser/allow_loose_strict_mode!',
    ]);
});

test('Ruby: of two new methods a method calls, the one holding the code it lost is extracted; the other, new code written like it, is not (jekyll 7558ecb1f7)', async () => {
  const before = `class HighlightBlock
  def render_rouge(code)
    formatter = ::Rouge::Formatters::HTML.new
    if @highlight_options[:linenos]
      formatter = ::Rouge::Formatters::HTMLTable.new(
        formatter,
        {
          :css_class    => "highlight",
          :gutter_class => "gutter",
          :code_class   => "code",
        }
      )
    end
    lexer = ::Rouge::Lexer.find_fancy(@lang, code) || Rouge::Lexers::PlainText
    formatter.format(lexer.lex(code))
  end
end
`;
  const after = `class HighlightBlock
  def render_rouge(code)
    formatter = ::Rouge::Formatters::HTML.new
    formatter = line_highlighter_formatter(formatter) if @highlight_options[:mark_lines]
    formatter = table_formatter(formatter) if @highlight_options[:linenos]
    lexer = ::Rouge::Lexer.find_fancy(@lang, code) || Rouge::Lexers::PlainText
    formatter.format(lexer.lex(code))
  end

  def line_highlighter_formatter(formatter)
    ::Rouge::Formatters::HTMLLineHighlighter.new(
      formatter,
      :highlight_lines => mark_lines
    )
  end

  def table_formatter(formatter)
    ::Rouge::Formatters::HTMLTable.new(
      formatter,
      {
        :css_class    => "highlight",
        :gutter_class => "gutter",
        :code_class   => "code",
      }
    )
  end
end
`;
  assert.deepEqual(await refactorings({ 'lib/highlight.rb': before }, { 'lib/highlight.rb': after }), [
    'Extract Method: lib/highlight.rb/HighlightBlock/render_rouge → lib/highlight.rb/HighlightBlock/table_formatter',
  ]);
});
