// Where the browser harness keeps its binaries, for every Node driver of the project (tools/browser/*.js and the
// tests' pages): BROWSER_HARNESS_HOME (Pyodide, the pygame-ce wheel, playwright-core under node_modules), by default
// the harness's own /tmp/browserharness, and the Chromium it drives, CHROMIUM (docs/testing.md, "Real browser
// pages"). node_driver.py reads the same two variables for Python.
const path = require('path');

const HOME = process.env.BROWSER_HARNESS_HOME || '/tmp/browserharness';
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const PYODIDE = path.join(HOME, 'pyodide', '0.29.3');
const { chromium } = require(path.join(HOME, 'node_modules', 'playwright-core'));

// A headless Chromium of the harness; `args` come after --no-sandbox (needed as root in a container).
function launch(args = []) {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', ...args] });
}

module.exports = { HOME, CHROMIUM, PYODIDE, chromium, launch };
