/**
 * Entry point of the tests that run inside VS Code's extension host (bundled to
 * out/test/suite.js). code-server loads it through the workbench's `payload` URL;
 * @vscode/test-electron loads it as extensionTestsPath. Both call `run()`.
 */
import { runAll } from './harness';
import './commands.suite';
import './editors.suite';
import './menus.suite';
import './history.suite';

export function run(): Promise<void> {
  return runAll();
}
