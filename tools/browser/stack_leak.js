// Pyodide alone, without the game: shows that each callback of its asyncio loop leaks the WebAssembly stack when the
// browser has stack switching (JSPI, on by default in Chromium from 137), until Pyodide stops with a fatal error.
//
//   node tools/browser/stack_leak.js [--tasks 50] [--seconds 120] [--no-stack-switching]
//
// A page loads Pyodide (the browser harness's copy, BROWSER_HARNESS_HOME) and nothing else, and runs --tasks
// asyncio tasks that only `await asyncio.sleep(0)` in a loop: each await is one callback of Pyodide's loop
// (setTimeout -> callPyObjectMaybePromising). Every second it prints the callbacks run so far and the stack pointer
// (Module.stackSave(); the stack grows down from its base towards emscripten_stack_get_end()), and at the end the
// bytes lost per callback and the error that stopped the page, if one did. --no-stack-switching first sets
// Module.jspiSupported to false, as the game does on Pyodide (game/app/pyodide_stack.py): the loop's callbacks
// then take Pyodide's plain call, and the stack pointer stays put.
'use strict';
const fs = require('fs');
const path = require('path');
const http = require('http');

const { PYODIDE, launch } = require('./harness.js');

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}
const TASKS = option('--tasks', 50);
const SECONDS = option('--seconds', 120);
const PLAIN_CALLS = process.argv.includes('--no-stack-switching');

const PAGE = `<!DOCTYPE html><meta charset="utf-8"><script src="pyodide/pyodide.js"></script><script>
window.errors = [];
window.addEventListener('error', (e) => window.errors.push(String(e.message || e)));
window.addEventListener('unhandledrejection', (e) => window.errors.push(String(e.reason && (e.reason.stack || e.reason))));
(async () => {
  const pyodide = await loadPyodide({ indexURL: 'pyodide/', stderr: (t) => window.errors.push(t) });
  window.pyodide = pyodide;
  const m = pyodide._module;
  window.stack = { jspi: !!m.jspiSupported, base: m.stackSave(), end: m._emscripten_stack_get_end() };
  if (${PLAIN_CALLS}) { m.jspiSupported = false; }
  pyodide.runPython(\`
import asyncio
callbacks = 0
async def spin():
    global callbacks
    while True:
        callbacks += 1
        await asyncio.sleep(0)
spinning = [asyncio.ensure_future(spin()) for _ in range(${TASKS})]
\`);
  window.ready = true;
})().catch((e) => window.errors.push(String(e.stack || e)));
</script>`;

function serve() {
  return new Promise((done) => {
    const server = http.createServer((request, response) => {
      const url = decodeURIComponent(request.url.split('?')[0]);
      if (url === '/' || url === '/index.html') {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(PAGE);
        return;
      }
      const file = path.join(PYODIDE, path.normalize(url.replace(/^\/pyodide\//, '')));
      if (!file.startsWith(PYODIDE) || !fs.existsSync(file)) { response.writeHead(404); response.end(); return; }
      const type = file.endsWith('.wasm') ? 'application/wasm' : file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream';
      response.writeHead(200, { 'content-type': type });
      fs.createReadStream(file).pipe(response);
    });
    server.listen(0, '127.0.0.1', () => done(server));
  });
}

(async () => {
  const server = await serve();
  const browser = await launch(['--disable-gpu', '--no-first-run', '--disable-background-networking']);
  const errors = [];
  try {
    const page = await browser.newPage();
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => window.ready || window.errors.length, null, { timeout: 120000 });
    const stack = await page.evaluate(() => window.stack);
    console.log(`stack switching (JSPI): ${stack.jspi ? 'yes' : 'no'}${PLAIN_CALLS ? ', turned off for the loop' : ''}; `
      + `stack ${stack.base - stack.end} bytes, ${TASKS} tasks`);
    const first = { callbacks: 0, pointer: stack.base };
    let last = first;
    for (let second = 1; second <= SECONDS; second++) {
      await new Promise((r) => setTimeout(r, 1000));
      const now = await page.evaluate(() => {
        try {
          const callbacks = Number(window.pyodide.globals.get('callbacks'));
          const m = window.pyodide._module;
          const info = m._PyMem_RawMalloc(40);
          m._mallinfo(info);
          const inUse = m.HEAP32[(info >> 2) + 7];
          m._PyMem_RawFree(info);
          return { callbacks, pointer: m.stackSave(), heap: m.HEAP8.length, inUse, errors: window.errors.slice(0, 3) };
        } catch (e) {
          return { errors: [String(e && (e.message || e))].concat(window.errors.slice(0, 3)) };
        }
      }).catch((e) => ({ errors: [String(e)] }));
      if (now.callbacks === undefined || now.errors.length) {
        console.log(`t=${second} s: the page stopped: ${now.errors.concat(errors).join(' | ').slice(0, 600)}`);
        break;
      }
      last = now;
      const left = now.pointer - stack.end;
      console.log(`t=${second} s: ${now.callbacks} callbacks, stack pointer ${now.pointer} (${stack.base - now.pointer} `
        + `bytes below its base, ${left} left); WebAssembly memory ${now.heap} bytes, ${now.inUse} in use by malloc`);
    }
    const lost = (first.pointer - last.pointer) / Math.max(1, last.callbacks - first.callbacks);
    console.log(`SUMMARY: ${last.callbacks} callbacks, ${(first.pointer - last.pointer)} bytes of stack lost, `
      + `${lost.toFixed(2)} bytes a callback`);
  } finally {
    await browser.close();
    server.close();
  }
})();
