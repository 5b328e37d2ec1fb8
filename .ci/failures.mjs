// Names every failed test in the jest and Playwright JSON reports of a CI run, so the end of the log
// (what a reader sees first) says what broke, and which browser tests passed only when retried. Usage: node .ci/failures.mjs <results folder>
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const folder = process.argv[2];
const failures = [];
const flaky = [];

function fromJest(report) {
  for (const suite of report.testResults ?? []) {
    const file = path.relative(process.cwd(), suite.name);
    if (suite.status === 'failed' && suite.assertionResults.length === 0)
      failures.push(
        `${file}: ${
          String(suite.message)
            .split('\n')
            .find((line) => line.trim()) ?? 'did not run'
        }`,
      );
    for (const test of suite.assertionResults ?? [])
      if (test.status === 'failed') failures.push(`${file}: ${test.fullName}`);
  }
}

function fromPlaywright(report) {
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') {
          const error = test.results.at(-1)?.error?.message?.split('\n')[0] ?? '';
          failures.push(`${file ?? suite.file}:${spec.line} ${spec.title}: ${error.slice(0, 200)}`);
        } else if (test.status === 'flaky') {
          const error = test.results[0]?.error?.message?.split('\n')[0] ?? '';
          flaky.push(`${file ?? suite.file}:${spec.line} ${spec.title}: ${error.slice(0, 200)}`);
        }
    for (const child of suite.suites ?? []) visit(child, file ?? suite.file);
  };
  for (const suite of report.suites ?? []) visit(suite);
  for (const error of report.errors ?? []) failures.push(`playwright: ${String(error.message).split('\n')[0]}`);
}

for (const name of readdirSync(folder).filter((file) => file.endsWith('.json'))) {
  try {
    const report = JSON.parse(readFileSync(path.join(folder, name), 'utf8'));
    if (report.testResults) fromJest(report);
    else if (report.suites) fromPlaywright(report);
  } catch {
    failures.push(`${name}: the report could not be read`);
  }
}
// Terminal colour codes (ESC [ … m) that jest and Playwright put in their messages.
const colourCode = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const plain = (line) => line.replace(colourCode, '');
if (flaky.length > 0) {
  console.log(`::: browser tests that passed only on their retry (${flaky.length})`);
  for (const line of flaky) console.log(`  ${plain(line)}`);
}
if (failures.length > 0) {
  console.log(`::: failed tests (${failures.length})`);
  for (const failure of failures.slice(0, 30)) console.log(`  ${plain(failure)}`);
}
