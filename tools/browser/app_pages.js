// The whole game in real Chromium pages, for the browser tests (tests/play/online/test_browser_taps.py) and
// benchmarks (the Expert in the browser: browser_expert.py): each page boots the game as the browser harness does
// (Pyodide, pygame-ce, the game's files, an entry file: main.py by default), and is driven over stdin/stdout, one JSON
// command a line, one JSON answer a line ({"ok": value} or {"error": text}; node_driver.py is the Python side):
//   {"serve": APP_DIR, "entry": FILE}         serve the harness page, Pyodide, the wheel and the game's files; the
//                                             pages run FILE (a path in APP_DIR; main.py, the game, if not given)
//   {"open": NAME, "browser": B, "url": U, "storage": {KEY: TEXT}}
//                                             a page of browser B (its own Chromium, its own storage and clipboard)
//                                             at U (the game's address, "#..." a link), waited for until running;
//                                             its localStorage holds "storage" before the game first starts
//   {"tab": NAME, "of": OTHER, "url": U}      a new tab beside OTHER (same browser: same storage, BroadcastChannel)
//   {"page": NAME, "tap": [X, Y]}             a touchscreen tap at canvas pixel X, Y
//   {"page": NAME, "key": KEY}                a key pressed and released on the focused canvas (Playwright's names:
//                                             "Tab", "Enter", "ArrowRight", "u")
//   {"page": NAME, "heard": ROLE}             what a screen reader reads in the page's element of ARIA role ROLE
//                                             ("log": the game's live region), line by line, from Chromium's
//                                             accessibility tree (DevTools' Accessibility.getFullAXTree)
//   {"page": NAME, "py": CODE}                the value of Python CODE in the page (a JSON text made by the caller)
//   {"page": NAME, "await": CODE}             the same for CODE that awaits (run as a coroutine on the page's loop,
//                                             which goes on turning meanwhile)
//   {"page": NAME, "goto": U}                 open U in the page (a new "#..." link: the same page, as a link opened)
//   {"page": NAME, "reload": true}            reload the page (its game starts again), waited for until running
//   {"page": NAME, "clipboard": null | TEXT}  read the page's clipboard, or put TEXT in it (the link "sent")
//   {"page": NAME, "shot": FILE}              a PNG of the canvas
//   {"page": NAME, "js": CODE}                the value of the JavaScript expression CODE in the page
//   {"page": NAME, "workers": CODE}           the same in each of the page's Web Workers (a list, in their order)
//   {"page": NAME, "heap": true}              the page's JavaScript heap, {usedSize, totalSize} in bytes (DevTools'
//                                             Runtime.getHeapUsage: exact, unlike performance.memory)
//   {"quit": true}
// With RELAY_BUNDLE naming the relays' MQTT client (tools/build_relay.py), it is served as relay-mqtt.js beside the
// page, as build/web has it. A page's "leave this page?" question (an online game in play) is answered Leave.
// The game's files are symlinked, never copied; tests, docs, benchmarks and tools are left out (but the entry file).
const fs = require('fs');
const path = require('path');
const net = require('net');
const http = require('http');
const { answerLines } = require('./node_lines.js');
const { spawn } = require('child_process');

const { HOME, launch } = require('./harness.js');
// The harness's tools: BROWSER_HARNESS_TOOLS, a relative path read from the repository's root (node_driver.py).
const TOOLS = path.resolve(__dirname, '..', '..', process.env.BROWSER_HARNESS_TOOLS || '../shared/tools/browser_harness');
const WHEEL = 'pygame_ce-2.5.6.dev2-cp313-cp313-pyodide_2025_0_wasm32.whl';
const LEFT_OUT = new Set(['__pycache__', 'build', 'dist', 'node_modules', 'venv', 'tests', 'docs', 'benchmarks',
  'tools', 'static']);
const VIEWPORT = { width: 360, height: 640 };

const browsers = {};
const pages = {};
const devtools = new Map(); // page -> its DevTools session (for "heap" and "heard")
let server = null;
let root = null;
let base = null;

function gameFiles(dir) {
  const out = [];
  (function walk(at, rel) {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || LEFT_OUT.has(entry.name) || entry.name.endsWith('.egg-info')) continue;
      const name = rel ? rel + '/' + entry.name : entry.name;
      if (entry.isDirectory()) walk(path.join(at, entry.name), name);
      else if (entry.isFile()) out.push(name);
    }
  })(dir, '');
  return out.sort();
}

function freePort() {
  return new Promise((done) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => { const port = probe.address().port; probe.close(() => done(port)); });
  });
}

function answers(url) {
  return new Promise((done) => {
    http.get(url, (r) => { r.resume(); done(r.statusCode === 200); }).on('error', () => done(false));
  });
}

async function serve(appDir, entry) {
  fs.mkdirSync(path.join(HOME, 'runs'), { recursive: true });
  root = fs.mkdtempSync(path.join(HOME, 'runs', 'online-'));
  fs.symlinkSync(path.join(TOOLS, 'harness.html'), path.join(root, 'harness.html'));
  fs.symlinkSync(path.join(TOOLS, 'bootstrap.py'), path.join(root, 'bootstrap.py'));
  fs.symlinkSync(path.join(HOME, 'pyodide', '0.29.3'), path.join(root, 'pyodide'));
  fs.symlinkSync(path.resolve(appDir), path.join(root, 'app'));
  if (process.env.RELAY_BUNDLE) fs.symlinkSync(path.resolve(process.env.RELAY_BUNDLE), path.join(root, 'relay-mqtt.js'));
  fs.mkdirSync(path.join(root, 'wheels'));
  fs.symlinkSync(path.join(HOME, 'wheels', WHEEL), path.join(root, 'wheels', WHEEL));
  const config = { pyodideURL: '/pyodide/', wheels: ['/wheels/' + WHEEL], appURL: '/app/', appDir: '/home/pyodide/app',
    files: [...new Set([...gameFiles(appDir), entry])], entry, call: null, pygbagShim: true };
  fs.writeFileSync(path.join(root, 'harness-config.json'), JSON.stringify(config));
  const port = await freePort();
  server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', root],
    { stdio: 'ignore' });
  base = `http://127.0.0.1:${port}/harness.html`;
  for (let i = 0; !(await answers(`http://127.0.0.1:${port}/harness-config.json`)); i++) {
    if (i > 100) throw new Error('the http server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return base;
}

async function running(page) {
  const end = Date.now() + 180000;
  while (Date.now() < end) {
    const phase = await page.evaluate(() => window.__harness && window.__harness.phase).catch(() => null);
    if (phase === 'running') {
      // the game's first frame: the App exists once the menu is drawn
      const ready = await page.evaluate(() => {
        try { return window.pyodide.runPython('import sys; "game.app.app" in sys.modules'); } catch (e) { return false; }
      });
      if (ready) return;
    }
    if (phase === 'error') throw new Error('the page failed: ' + await page.evaluate(() => __harness.errors.join('\n')));
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the game did not start within 180 s');
}

async function context(name) {
  if (!browsers[name]) {
    const b = await launch(['--disable-gpu', '--no-first-run', '--disable-background-networking']);
    const c = await b.newContext({ viewport: VIEWPORT, hasTouch: true, deviceScaleFactor: 1 });
    await c.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(base).origin });
    browsers[name] = { b, c };
  }
  return browsers[name].c;
}

async function openPage(name, c, url, storage) {
  const page = await c.newPage();
  if (storage) {
    await page.addInitScript((items) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      sessionStorage.setItem('e2e-seeded', '1');
    }, storage);
  }
  page.on('pageerror', (error) => process.stderr.write(`[${name}] ${error}\n`));
  // Leaving a page during an online game asks first (beforeunload): the person driving it says Leave (a reload).
  page.on('dialog', (dialog) => { dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss(); });
  page.on('console', (m) => { if (m.type() === 'error') process.stderr.write(`[${name}] ${m.text()}\n`); });
  pages[name] = page;
  await page.goto(url || base);
  await running(page);
  return 'ok';
}

async function tap(page, x, y) {
  const at = await page.evaluate(([cx, cy]) => {
    const canvas = document.getElementById('canvas');
    const box = canvas.getBoundingClientRect();
    return [box.left + cx * box.width / canvas.width, box.top + cy * box.height / canvas.height];
  }, [x, y]);
  await page.touchscreen.tap(at[0], at[1]);
  return 'ok';
}

async function session(page) {
  if (!devtools.has(page)) devtools.set(page, await page.context().newCDPSession(page));
  return devtools.get(page);
}

// The names of the accessibility tree's text under the first node of role `role`, in the page's order: what a screen
// reader reads there (a node's own name when it has no text below it).
async function heard(page, role) {
  const { nodes } = await (await session(page)).send('Accessibility.getFullAXTree');
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const top = nodes.find((n) => !n.ignored && n.role && n.role.value === role);
  if (!top) return null;
  const lines = [];
  (function walk(node) {
    const kids = (node.childIds || []).map((id) => byId.get(id)).filter(Boolean);
    if (node.role && node.role.value === 'StaticText' && !node.ignored) lines.push(node.name ? node.name.value : '');
    else kids.forEach(walk);
  })(top);
  return lines;
}

async function run(command) {
  if (command.serve) return await serve(command.serve, command.entry || 'main.py');
  if (command.open) return await openPage(command.open, await context(command.browser), command.url, command.storage);
  if (command.tab) return await openPage(command.tab, pages[command.of].context(), command.url);
  const page = pages[command.page];
  if (command.tap) return await tap(page, command.tap[0], command.tap[1]);
  if (command.key) { await page.keyboard.press(command.key); return 'ok'; }
  if (command.heard) return await heard(page, command.heard);
  if (command.py !== undefined) return await page.evaluate((code) => String(window.pyodide.runPython(code)), command.py);
  if (command.await !== undefined) {
    return await page.evaluate(async (code) => String(await window.pyodide.runPythonAsync(code)), command.await);
  }
  if (command.goto) { await page.goto(command.goto); return 'ok'; }
  if (command.reload) { await page.reload(); await running(page); return 'ok'; }
  if (command.clipboard !== undefined) {
    if (command.clipboard === null) return await page.evaluate(() => navigator.clipboard.readText());
    await page.evaluate((text) => navigator.clipboard.writeText(text), command.clipboard);
    return 'ok';
  }
  if (command.js !== undefined) return await page.evaluate(command.js);
  if (command.workers !== undefined) return await Promise.all(page.workers().map((w) => w.evaluate(command.workers)));
  if (command.heap) return await (await session(page)).send('Runtime.getHeapUsage');
  if (command.shot) {
    const box = await page.evaluate(() => {
      const b = document.getElementById('canvas').getBoundingClientRect();
      return { x: b.left, y: b.top, width: b.width, height: b.height };
    });
    await page.screenshot({ path: command.shot, clip: box });
    return command.shot;
  }
  throw new Error('unknown command ' + JSON.stringify(command));
}

(async () => {
  await answerLines(run);
  for (const { b } of Object.values(browsers)) await b.close().catch(() => {});
  if (server) server.kill('SIGTERM');
  if (root) fs.rmSync(root, { recursive: true, force: true });
})();
