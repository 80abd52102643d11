// The browser tests' node drivers answer one JSON command a line with one JSON answer a line ({ok} or {error}),
// until {quit}; node_driver.py beside it is the Python side.
'use strict';
const readline = require('readline');

async function answerLines(answer) {
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) {
    const command = JSON.parse(line);
    if (command.quit) break;
    let reply;
    try {
      const value = await answer(command);
      reply = { ok: value === undefined ? null : value };
    } catch (error) {
      reply = { error: String((error && error.stack) || error) };
    }
    process.stdout.write(JSON.stringify(reply) + '\n');
  }
}

module.exports = { answerLines };
