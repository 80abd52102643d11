// Tabs of one Chromium context (one origin, so they share localStorage), each running the project's Python in
// Pyodide, for tests/storage/test_browser_tabs.py and benchmarks/two_tabs.py. Driven over stdin/stdout, one JSON
// command a line, one JSON answer a line:
//   {"open": NAME, "source": DIR}            a tab that loads Pyodide and copies DIR's game/ package (its .py files)
//                                            and DIR's tests/storage/browser/tab.py into its file system
//   {"page": NAME, "python": CODE}           run CODE in that tab's Python; the answer is the value of its last
//                                            expression (plain JSON data: a text, a number, a list...)
//   {"pages": [NAMES], "python": CODE, "in": MS}   run CODE in each tab at the same moment, MS from now (each tab
//                                            waits on its own timer for that moment); the answers in that order
//   {"page": NAME, "reload": true}           reload the tab (its Python is gone; open it again to use it)
//   {"quit": true}
// Answers: {"ok": value} or {"error": text}. Pyodide is BROWSER_HARNESS_HOME's (see
// docs/testing.md, "Real browser pages"); pages are served from files by Playwright's routing, no server.
const fs = require('fs');
const path = require('path');
const { answerLines } = require('../../../tools/browser/node_lines.js');
const { PYODIDE, launch } = require('../../../tools/browser/harness.js');

const SITE = 'http://pipopipette.test/';
const PAGE = `<!doctype html><title>tab</title><script src="${SITE}pyodide/pyodide.js"></script>`;
const pages = {};
let context = null;

async function start() {
  const browser = await launch();
  context = await browser.newContext();
  await context.route(SITE + '**', (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.startsWith('/pyodide/')) return route.fulfill({ path: path.join(PYODIDE, url.pathname.slice(9)) });
    return route.fulfill({ body: PAGE, contentType: 'text/html' });
  });
  return browser;
}

function pythonFiles(root, folder, found) {
  for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const name = path.join(folder, entry.name);
    if (entry.isDirectory() && entry.name !== '__pycache__') pythonFiles(root, name, found);
    else if (entry.isFile() && entry.name.endsWith('.py')) found[name] = fs.readFileSync(path.join(root, name), 'utf8');
  }
  return found;
}

async function open(name, source) {
  const page = pages[name] || (await context.newPage());
  page.on('pageerror', (error) => process.stderr.write(`[${name}] ${error}\n`));
  await page.goto(SITE);
  const files = pythonFiles(source, 'game', {});
  files['tab.py'] = fs.readFileSync(path.join(__dirname, 'tab.py'), 'utf8');
  await page.evaluate(async (files) => {
    const py = await loadPyodide({ indexURL: location.origin + '/pyodide/' });
    for (const [name, text] of Object.entries(files)) {
      py.FS.mkdirTree('/app/' + name.split('/').slice(0, -1).join('/'));
      py.FS.writeFile('/app/' + name, text);
    }
    py.runPython("import sys, platform, js; sys.path.insert(0, '/app'); platform.window = js.window");
    window.tabPython = (code) => {
      const value = py.runPython(code);
      return value && value.toJs ? value.toJs({ dict_converter: Object.fromEntries }) : value;
    };
  }, files);
  pages[name] = page;
  return 'ok';
}

function run(page, code, at) {
  return page.evaluate(([code, at]) => new Promise((resolve, reject) => {
    setTimeout(() => { try { resolve(window.tabPython(code)); } catch (error) { reject(error); } }, Math.max(0, at - Date.now()));
  }), [code, at]);
}

async function answer(command) {
  if (command.open) return await open(command.open, command.source);
  if (command.pages) {
    const at = Date.now() + (command.in || 0);
    return await Promise.all(command.pages.map((name) => run(pages[name], command.python, at)));
  }
  const page = pages[command.page];
  if (command.reload) { await page.reload(); return 'ok'; }
  return await run(page, command.python, 0);
}

(async () => {
  const browser = await start();
  await answerLines(answer);
  await browser.close();
})();
