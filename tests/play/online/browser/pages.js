// Two (or more) Chromium pages for tests/play/online/test_browser_rooms.py, driven over stdin/stdout, one JSON
// command a line, one JSON answer a line:
//   {"open": NAME, "browser": B}            a page in browser B (separate Chromium instances for different B; pages
//                                           of one browser share a context, so a BroadcastChannel joins them)
//   {"page": NAME, "eval": SCRIPT}          evaluate SCRIPT (the project's own file) in the page
//   {"page": NAME, "call": FN, "args": [], "api": A}  window[A][FN](...args), A pipopipetteOnline (by default) or
//                                           pipopipetteRelay: arguments passed as data, never pasted into JavaScript
//   {"page": NAME, "reload": true}          reload the page (its script and connection are gone)
//   {"quit": true}
// Answers: {"ok": value} or {"error": text}.
// The site is served from memory at http://pipopipette.test/, treated as a secure origin (the game's site is https:
// relay.js needs the browser's crypto.subtle), with the relays' MQTT client at relay-mqtt.js when RELAY_BUNDLE names
// the bundle tools/build_relay.py made. The page (a public origin to Chromium) may open a WebSocket to a broker on
// 127.0.0.1: Chromium 156's Local Network Access checks, which would refuse it in a headless page, are turned off.
const { answerLines } = require('../../../../tools/browser/node_lines.js');
const { launch } = require('../../../../tools/browser/harness.js');

const fs = require('fs');
const SITE = 'http://pipopipette.test/';
const BUNDLE = process.env.RELAY_BUNDLE || '';
const browsers = {};
const pages = {};

async function browser(name) {
  if (!browsers[name]) {
    const b = await launch(['--unsafely-treat-insecure-origin-as-secure=' + SITE.slice(0, -1),
                            '--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests']);
    const context = await b.newContext();
    await context.route(SITE + '**', (route) => {
      if (BUNDLE && route.request().url() === SITE + 'relay-mqtt.js') {
        return route.fulfill({ body: fs.readFileSync(BUNDLE, 'utf8'), contentType: 'text/javascript' });
      }
      return route.fulfill({ body: '<!doctype html><title>room</title>', contentType: 'text/html' });
    });
    browsers[name] = { b, context };
  }
  return browsers[name];
}

async function run(command) {
  if (command.open) {
    const { context } = await browser(command.browser || command.open);
    const page = await context.newPage();
    page.on('pageerror', (error) => process.stderr.write(`[${command.open}] ${error}\n`));
    page.on('dialog', (dialog) => { dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss(); });
    await page.goto(SITE);
    pages[command.open] = page;
    return 'ok';
  }
  const page = pages[command.page];
  if (command.eval !== undefined) return await page.evaluate(command.eval);
  if (command.reload) { await page.reload(); return 'ok'; }
  const api = command.api || 'pipopipetteOnline';
  return await page.evaluate(([api, fn, args]) => window[api][fn](...args), [api, command.call, command.args || []]);
}

(async () => {
  await answerLines(run);
  for (const { b } of Object.values(browsers)) await b.close();
})();
