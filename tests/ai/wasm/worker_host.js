// Runs game/ai/wasm/core_worker.js in node as a Web Worker would run it (its own global: self.onmessage,
// self.postMessage, setTimeout, atob, WebAssembly) for tests/ai/wasm/test_browser.py: each line on stdin is one
// message to the worker, each message from it one line on stdout.
"use strict";
const fs = require("fs");
const path = require("path");
const readline = require("readline");
const vm = require("vm");

const source = fs.readFileSync(path.join(process.argv[2], "core_worker.js"), "utf8");
const worker = {postMessage: function (text) { process.stdout.write(text + "\n"); }};
const context = vm.createContext({self: worker, setTimeout: setTimeout, atob: atob, WebAssembly: WebAssembly,
                                  JSON: JSON, Int32Array: Int32Array, Uint8Array: Uint8Array, Array: Array,
                                  performance: performance});
vm.runInContext(source, context);
readline.createInterface({input: process.stdin}).on("line", function (line) {
  worker.onmessage({data: line});
});
