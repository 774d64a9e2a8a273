// Every stylesheet of the repository parses: an unclosed block silently swallows the rules after it (the browser
// and rspack both accept it), which once pushed the course page past a phone's width.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import postcss from 'postcss';

const files = execFileSync('git', ['ls-files', '*.css'], { encoding: 'utf8' }).split('\n').filter(Boolean);
const problems = [];
for (const file of files) {
  try {
    postcss.parse(readFileSync(file, 'utf8'), { from: file });
  } catch (error) {
    problems.push(`${file}:${error.line ?? '?'}:${error.column ?? '?'} ${error.reason ?? error.message}`);
  }
}
if (problems.length > 0) {
  console.error(`Stylesheets that do not parse:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`CSS check: ${files.length} stylesheets parse.`);
