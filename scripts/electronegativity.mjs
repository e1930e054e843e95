#!/usr/bin/env node
// Electronegativity (Doyensec) over the Electron shell, as part of `npm test`:
// the shell's sources (src-main/electron) must have no finding above LOW.
// Runs offline and the same everywhere: the tool's two network calls (fresh
// translations, the list of Electron releases) are left out (see below).
//
// A finding the code answers on purpose is excluded in EXCLUSIONS with the
// reason, or marked inline with `/* eng-disable CHECK_ID */` and a comment
// saying why.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative, resolve } from 'node:path';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Another folder may be given (the test runs it on a deliberately unsafe shell).
const INPUT = process.argv[2] ? resolve(process.argv[2]) : join(root, 'src-main/electron');
const ELECTRON_VERSION = require('electron/package.json').version;

/** Checks left out, and why. */
const EXCLUSIONS = {
  // Downloads the list of Electron releases from the network: not offline,
  // and its answer changes by the day. Keeping Electron current is the
  // release checklist's job (package.json pins the major).
  AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK: 'needs the network',
};

// The tool fetches fresh translations on every run (a 1 s network timeout
// when offline). Its bundled English messages are all the report needs.
const i18nPath = require.resolve('@doyensec/electronegativity/dist/locales/i18n.js');
const i18n = require(require.resolve('i18n', { paths: [dirname(i18nPath)] }));
require.cache[i18nPath] = {
  id: i18nPath,
  filename: i18nPath,
  loaded: true,
  exports: async () => {
    i18n.configure({
      locales: ['en-US'],
      defaultLocale: 'en-US',
      directory: dirname(i18nPath),
      updateFiles: false,
      objectNotation: true,
      register: globalThis,
    });
    i18n.setLocale('en-US');
  },
};
const run = require('@doyensec/electronegativity');

const { issues, errors } = await run({
  input: INPUT,
  customScan: [],
  excludeFromScan: Object.keys(EXCLUSIONS).map((id) => id.toLowerCase().replaceAll('_', '')),
  severitySet: 'informational',
  confidenceSet: 'tentative',
  isRelative: false,
  isVerbose: true,
  electronVersionOverride: ELECTRON_VERSION,
  parserPlugins: [],
});

const LOW = 1;
const above = issues.filter((issue) => issue.severity.value > LOW);
const where = (issue) => `${relative(root, issue.file)}:${issue.location.line}:${issue.location.column}`;
for (const issue of issues) {
  const line = `${issue.severity.value > LOW ? 'FINDING' : 'note'} ${issue.id} (${issue.severity.name}, ${issue.confidence.name}) ${where(issue)}: ${issue.description}`;
  (issue.severity.value > LOW ? console.error : console.log)(line);
}
const failedParses = errors.filter((error) => !error.tolerable);
for (const error of failedParses) console.error(`electronegativity could not parse ${relative(root, error.file)}: ${error.message}`);
if (above.length > 0 || failedParses.length > 0) {
  console.error(
    `electronegativity: ${above.length} finding(s) above LOW in ${relative(root, INPUT)}; fix them, or exclude one with its reason in scripts/electronegativity.mjs`,
  );
  process.exit(1);
}
console.log(
  `electronegativity: ${relative(root, INPUT)} clean (no finding above LOW; ${issues.length} low/informational note(s); excluded: ${Object.keys(EXCLUSIONS).join(', ')})`,
);
