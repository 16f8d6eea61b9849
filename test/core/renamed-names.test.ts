/**
 * Code compared through the commit's own renames: on the before side, a type renamed in the
 * commit is read under its new name, so the code that names it pairs with the code naming the new
 * name, not with a look-alike naming another type.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { refactorings } from '../helpers';

const exception = (name: string, operation: string) => `package store;
public class ${name} extends RuntimeException {
  public ${name}(String message) {
    super(message);
  }
  public static ${name} forLocation(String location) {
    return new ${name}("Unable to check existence for: " + location);
  }
  public String operation() {
    return "${operation}";
  }
}
`;

const test_ = (method: string, type: string, operation: string) => `  @Test
  public void ${method}() {
    ${type} exception = ${type}.forLocation("location");
    assertEquals("${operation}", exception.operation());
  }`;

const testClass = (...methods: string[]) => `package store;
public class ExceptionInformationTest {
${methods.join('\n')}
}
`;

// Before, both exceptions report the operation `exists`; after, the file one is renamed and
// reports `existence-check`. The old test shares `"exists"` with the look-alike new test of the
// directory exception, and only the class name, read through its rename, with its own.
test('a test of a class renamed in the commit pairs with the new test of the new name, not with a look-alike of another class', async () => {
  const before = {
    'store/UnableToCheckFileExistence.java': exception('UnableToCheckFileExistence', 'exists'),
    'store/UnableToCheckDirectoryExistence.java': exception('UnableToCheckDirectoryExistence', 'exists'),
    'store/ExceptionInformationTest.java': testClass(test_('unableToCheckFileExistence', 'UnableToCheckFileExistence', 'exists')),
  };
  const after = {
    'store/UnableToCheckExistence.java': exception('UnableToCheckExistence', 'existence-check'),
    'store/UnableToCheckDirectoryExistence.java': exception('UnableToCheckDirectoryExistence', 'exists'),
    'store/ExceptionInformationTest.java': testClass(
      test_('unableToCheckForExistence', 'UnableToCheckExistence', 'existence-check'),
      test_('unableToCheckForDirectoryExistence', 'UnableToCheckDirectoryExistence', 'exists'),
    ),
  };
  assert.deepEqual(await refactorings(before, after), [
    'Rename Class: store.UnableToCheckFileExistence → store.UnableToCheckExistence',
    'Rename Method: store.ExceptionInformationTest.unableToCheckFileExistence() → store.ExceptionInformationTest.unableToCheckForExistence()',
  ]);
});
