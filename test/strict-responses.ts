/*
 * The SDK reads answers tolerantly by default (`warn`: a missing or mistyped field is logged and
 * the data passed on). The project's tests read them strictly, so that an answer of the sandbox
 * or a fixture lacking a field the document requires fails the test that reads it. Workers, and
 * the CLI processes they start, inherit the variable; a test asking for the default stubs it ''.
 */
export default function setup(): () => void {
  const previous = process.env.DOCS_RESPONSE_VALIDATION;
  process.env.DOCS_RESPONSE_VALIDATION ??= 'strict';
  return () => {
    if (previous === undefined) delete process.env.DOCS_RESPONSE_VALIDATION;
    else process.env.DOCS_RESPONSE_VALIDATION = previous;
  };
}
