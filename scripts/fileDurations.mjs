// A reporter for Node's test runner (used by scripts/test.mjs beside the spec reporter): the
// time each test file took, as JSON `{file: ms}` at the end. A file's time is the sum of its
// top-level tests and suites, which is what its process spent on them.
export default async function* fileDurations(source) {
  const ms = {};
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0 && event.data.file) {
      ms[event.data.file] = (ms[event.data.file] ?? 0) + (event.data.details?.duration_ms ?? 0);
    }
  }
  yield JSON.stringify(ms);
}
