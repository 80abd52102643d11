// Two (or more) Chromium pages for tests/play/online/test_browser_rooms.py, driven over stdin/stdout, one JSON
// command a line, one JSON answer a line:
//   {"open": NAME, "browser": B}            a page in browser B (separate Chromium instances for different B; pages
//                                           of one browser share a context, so a BroadcastChannel joins them)
//   {"page": NAME, "eval": SCRIPT}          evaluate SCRIPT (the project's own file) in the page
//   {"page": NAME, "call": FN, "args": []}  window.pipopipetteOnline[FN](...args): arguments passed as data, never
//                                           pasted into JavaScript source
//   {"page": NAME, "reload": true}          reload the page (its script and connection are gone)
//   {"quit": true}
// Answers: {"ok": value} or {"error": text}.
const { answerLines } = require('../../../../tools/browser/node_lines.js');
const { launch } = require('../../../../tools/browser/harness.js');

const SITE = 'http://pipopipette.test/';
const browsers = {};
const pages = {};

async function browser(name) {
  if (!browsers[name]) {
    const b = await launch();
    const context = await b.newContext();
    await context.route(SITE + '**', (route) => route.fulfill({ body: '<!doctype html><title>room</title>', contentType: 'text/html' }));
    browsers[name] = { b, context };
  }
  return browsers[name];
}

async function run(command) {
  if (command.open) {
    const { context } = await browser(command.browser || command.open);
    const page = await context.newPage();
    page.on('pageerror', (error) => process.stderr.write(`[${command.open}] ${error}\n`));
    await page.goto(SITE);
    pages[command.open] = page;
    return 'ok';
  }
  const page = pages[command.page];
  if (command.eval !== undefined) return await page.evaluate(command.eval);
  if (command.reload) { await page.reload(); return 'ok'; }
  return await page.evaluate(([fn, args]) => window.pipopipetteOnline[fn](...args), [command.call, command.args || []]);
}

(async () => {
  await answerLines(run);
  for (const { b } of Object.values(browsers)) await b.close();
})();
