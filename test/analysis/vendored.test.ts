/** Other people's code committed in a repository (vendor folders, NuGet packages, script libraries by release) is skipped with its reason; the project's own code beside it is analysed. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeFileSets, vendoredPath } from '../../src/analysis/files';
import { toRefactorings } from '../../src/core/report';

/** A widget library's file, as one release writes it: `_mouseStart` and its helpers. */
const widgets = (release: string, start: string) => `/*! jQuery UI - v${release} */
(function ($) {
  function ${start}(event) {
    var that = this;
    this._mouseDownEvent = event;
    that._mouseStarted = true;
    return that._mouseStarted;
  }
  function _mouseDelayMet(event) {
    return this.mouseDelayMet;
  }
  $.widget = function (name, base) { return ${start}.call(base, name); };
})(jQuery);
`;
const calc = (name: string) => `export function ${name}(x, y) {\n  const total = x + y;\n  return total;\n}\n`;

test("a script library upgraded in the project's own folder is skipped as vendored, and the project's own rename beside it is reported", async () => {
  const result = await analyzeFileSets(
    [{ path: 'sample/Scripts/jquery-ui-1.8.20.js', content: widgets('1.8.20', '_mouseStart') }, { path: 'src/calc.js', content: calc('sum') }],
    [{ path: 'sample/Scripts/jquery-ui-1.10.3.js', content: widgets('1.10.3', '_mouseBegin') }, { path: 'src/calc.js', content: calc('add') }],
  );
  const refactorings = toRefactorings(result.relationships, result.before, result.after);
  assert.deepEqual(refactorings.map((r) => `${r.type} ${r.before?.name ?? ''} ${r.after?.name ?? ''}`), ['Rename Function sum add']);
  assert.deepEqual(result.skipped.map((s) => `${s.path} ${s.side} ${s.reason}`), [
    'sample/Scripts/jquery-ui-1.8.20.js before vendored',
    'sample/Scripts/jquery-ui-1.10.3.js after vendored',
  ]);
  assert.match(result.skipped[0].detail ?? '', /release, named by its version \(jquery-ui-1\.8\.20\.js\)/);
});

test('what marks a path as vendored, and what does not', () => {
  assert.match(vendoredPath('vendor/decNumber/decContext.c') ?? '', /under vendor\//);
  assert.match(vendoredPath('internal/vendor/github.com/pkg/errors/errors.go') ?? '', /under vendor\//);
  assert.match(vendoredPath('third_party/googletest/src/gtest.cc') ?? '', /third_party/);
  assert.match(vendoredPath('web/node_modules/left-pad/index.js') ?? '', /node_modules/);
  assert.match(vendoredPath('ios/Pods/AFNetworking/AFHTTPSessionManager.m') ?? '', /Pods/);
  // a library shipped in the project's tree: spdlog's copy of fmt, pip's own dependencies
  assert.match(vendoredPath('include/spdlog/fmt/bundled/format.h') ?? '', /under bundled\//);
  assert.match(vendoredPath('src/pip/_vendor/requests/api.py') ?? '', /under _vendor\//);
  assert.match(vendoredPath('botocore/vendored/six.py') ?? '', /under vendored\//);
  // inside a JVM source root the folder is a package of the project's own (Exposed's database
  // dialects, `org.jetbrains.exposed.v1.core.vendors`); before one, it is still someone else's
  assert.equal(vendoredPath('exposed-core/src/main/kotlin/org/jetbrains/exposed/v1/core/vendors/MysqlDialect.kt'), undefined);
  assert.equal(vendoredPath('app/src/test/java/com/acme/thirdparty/StubClient.java'), undefined);
  assert.match(vendoredPath('vendor/src/main/java/org/lib/Lib.java') ?? '', /under vendor\//);
  // Python's older habit: dependencies shipped inside the importable package (`from .packages import urllib3`)
  assert.match(vendoredPath('requests/packages/urllib3/poolmanager.py') ?? '', /shipped inside the package \(requests\/packages\/\)/);
  assert.match(vendoredPath('src/urllib3/packages/six.py') ?? '', /urllib3\/packages\//);
  assert.match(vendoredPath('packages/jQuery.1.7.1.1/Content/Scripts/jquery-1.7.1.js') ?? '', /NuGet package's folder \(packages\/jQuery\.1\.7\.1\.1\/\)/);
  assert.match(vendoredPath('packages/Microsoft.AspNet.SignalR.JS.1.1.3/content/Scripts/x.js') ?? '', /NuGet/);
  assert.match(vendoredPath('Scripts/modernizr-2.8.3.js') ?? '', /modernizr-2\.8\.3\.js/);
  assert.match(vendoredPath('Scripts/jquery.signalR-1.1.3.min.js') ?? '', /release/);
  assert.match(vendoredPath('sample/WebHarness/Scripts/jquery.validate.js') ?? '', /copied in \(jquery\.validate\.js\)/);
  assert.match(vendoredPath('Scripts/jquery.unobtrusive-ajax.js') ?? '', /copied in/);
  assert.match(vendoredPath('js/modernizr.js') ?? '', /copied in/);
  // jQuery's own repository: QUnit, Sinon and Sizzle under `external/`, old releases as test fixtures
  assert.match(vendoredPath('external/qunit/qunit.js') ?? '', /under external\//);
  assert.match(vendoredPath('externals/lodash/lodash.js') ?? '', /under externals\//);
  assert.match(vendoredPath('test/data/jquery-1.9.1.js') ?? '', /release, named by its version \(jquery-1\.9\.1\.js\)/);
  assert.match(vendoredPath('lib/jquery-1.7.2.min.js') ?? '', /release/);
  // a release of the project itself copied beside its sources under a root folder named by its version (junit4's `junit4.0/`)
  assert.match(vendoredPath('junit4.0/junit/samples/money/IMoney.java') ?? '', /release copied in under its versioned name \(junit4\.0\/\)/);
  assert.match(vendoredPath('commons-cli-1.2/src/java/Option.java') ?? '', /commons-cli-1\.2\//);
  // a library's release unpacked below the root under its archive's name (googletest in a C++ project's tests)
  assert.match(vendoredPath('test/gtest-1.7.0/src/gtest.cc') ?? '', /release copied in under its versioned name \(gtest-1\.7\.0\/\)/);
  assert.match(vendoredPath('test/googletest-1.13.0/googlemock/src/gmock.cc') ?? '', /googletest-1\.13\.0\//);
  assert.match(vendoredPath('deps/zlib_1.2.11/inflate.c') ?? '', /zlib_1\.2\.11\//);
  // the project's own code: a monorepo's packages, a file named vendor, a library's own source (a
  // jQuery plugin's repository), migrations, versioned folders
  const own = [
    'packages/core/src/index.ts',
    'packages/core/src/core/__init__.py',
    'src/packages/cli/main.py',
    'web/packages/ui/index.js',
    'requests/packages.py',
    'packages/zod.v4/src/index.ts',
    'src/vendor.ts',
    'src/vendors.js',
    'src/jquery-helpers/select.js',
    'src/jquery.timeago.js',
    'jquery.cookie.js',
    'lib/migrate-1.2.js',
    'src/jqueryish.js',
    'app/migrations/0001_initial.py',
    'api/v2.1/client.go',
    'v2/client.go',
    'src/junit4.0/Test.java',
    'src/lib-1.2/Test.java',
    'docs/v1.2.3/conf.py',
    'src/parser-1.2.3.ts',
    'src/lib/utf8-decoder.js',
    // a package of the project's named external, below the root
    'subprojects/core/src/main/java/org/gradle/internal/component/external/model/ModuleComponentArtifactIdentifier.java',
    'src/external/api.ts',
    'test/data/core/jquery-iterability-transpiled-es6.js',
  ];
  for (const path of own) assert.equal(vendoredPath(path), undefined, path);
});

test("a file moved out of a vendor folder into the project's own tree is the project's code: its move is reported", async () => {
  const responder = 'export function touchHistory(event) {\n  const touches = event.touches;\n  return touches.length;\n}\n';
  const result = await analyzeFileSets(
    [{ path: 'src/native/vendor/react/PanResponder.js', content: responder }, { path: 'src/native/vendor/react/Other.js', content: calc('sum') }],
    [{ path: 'src/shared/events/PanResponder.js', content: responder }, { path: 'src/native/vendor/react/Other.js', content: calc('add') }],
  );
  const refactorings = toRefactorings(result.relationships, result.before, result.after);
  assert.deepEqual(refactorings.map((r) => r.type), ['Move File']);
  assert.deepEqual(result.skipped.map((s) => `${s.path} ${s.side} ${s.reason}`), [
    'src/native/vendor/react/Other.js before vendored',
    'src/native/vendor/react/Other.js after vendored',
  ]);
});

test("a vendored file edited beside an edited file of the project's of the same name stays out: only a move keeps it", async () => {
  const pad = (name: string) => `module.exports = function ${name}(str, len) {\n  while (str.length < len) str = ' ' + str;\n  return str;\n};\n`;
  const result = await analyzeFileSets(
    [{ path: 'node_modules/left-pad/index.js', content: pad('leftPad') }, { path: 'src/index.js', content: calc('sum') }],
    [{ path: 'node_modules/left-pad/index.js', content: pad('padLeft') }, { path: 'src/index.js', content: calc('add') }],
  );
  assert.deepEqual(toRefactorings(result.relationships, result.before, result.after).map((r) => `${r.type} ${r.before?.name} ${r.after?.name}`), ['Rename Function sum add']);
  assert.deepEqual(result.skipped.map((s) => `${s.path} ${s.side} ${s.reason}`), [
    'node_modules/left-pad/index.js before vendored',
    'node_modules/left-pad/index.js after vendored',
  ]);
});
