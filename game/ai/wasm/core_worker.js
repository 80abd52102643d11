// The compiled core (core.wasm) in a Web Worker: the search runs here, never on the page's thread.
// Messages are JSON strings, both ways (game/ai/wasm/browser.py builds them, core_page.js carries them):
//   {"type": "module", "wasm": base64 of core.wasm}                       once, first
//   {"type": "search", "id": n, "board": key, "boardInts": [...], "lines": L, "cells": C, "symmetries": S,
//    "tableLog2": k, "positionInts": [...], "misere": 0|1, "noExtra": 0|1, "kind": 0 exact|1 wide|2 narrow,
//    "beats": null|int, "nodeLimit": 0}
//   {"type": "stop", "id": n}
// and back, for the search n: {"type": "progress", "id": n, "nodes", "current", "refuted"} after each slice,
// then {"type": "done", "id": n, "value", "move", "nodes"}, {"type": "out_of_nodes", "id": n} or
// {"type": "error", "id": n, "error": text}. A newer search stops the one before it.
"use strict";

const SLICE_NODES = 50000; // nodes per call into the core
const SLICE_MS = 40; // calls in a row before the worker reads its messages (a "stop" waits at most about this)
const RUNNING = 0, DONE = 1;

let core = null; // the instance's exports
let loadedBoard = null;
let searching = null; // the id of the search under way

function decode(base64) {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) { bytes[i] = text.charCodeAt(i); }
  return bytes;
}

function writeInts(values) {
  new Int32Array(core.memory.buffer, core.io_area(), values.length).set(values);
}

function readInts(count) {
  return Array.from(new Int32Array(core.memory.buffer, core.io_area(), count));
}

function reply(message) { self.postMessage(JSON.stringify(message)); }

function progress(id) {
  const current = core.current_move();
  const refuted = readInts(core.refuted_moves());
  reply({type: "progress", id: id, nodes: core.node_count(), current: current < 0 ? null : current, refuted: refuted});
}

function startSearch(request) {
  if (loadedBoard !== request.board) {
    loadedBoard = null;
    writeInts(request.boardInts);
    if (!core.set_board(request.lines, request.cells, request.symmetries) || !core.set_table(request.tableLog2)) {
      throw new Error("the board does not fit the core");
    }
    loadedBoard = request.board;
  }
  writeInts(request.positionInts);
  const hasBeats = request.beats !== null && request.beats !== undefined;
  const beats = hasBeats ? request.beats : 0;
  if (!core.start(request.misere, request.noExtra, request.kind, hasBeats ? 1 : 0, beats, request.nodeLimit)) {
    throw new Error("the position does not fit the board");
  }
}

function slice(id) {
  if (searching !== id) { return; }
  const began = performance.now();
  let status = core.run(SLICE_NODES);
  while (status === RUNNING && performance.now() - began < SLICE_MS) { status = core.run(SLICE_NODES); }
  if (status === RUNNING) {
    progress(id);
    setTimeout(slice, 0, id); // lets a "stop" or a newer "search" in before the next slice
    return;
  }
  searching = null;
  if (status === DONE) {
    const move = core.result_move();
    reply({type: "done", id: id, value: core.result_value(), move: move < 0 ? null : move, nodes: core.node_count()});
  } else {
    reply({type: "out_of_nodes", id: id});
  }
}

self.onmessage = function (event) {
  const request = JSON.parse(event.data);
  try {
    if (request.type === "module") {
      const module = new WebAssembly.Module(decode(request.wasm));
      core = new WebAssembly.Instance(module, {}).exports;
      reply({type: "ready"});
    } else if (request.type === "search") {
      searching = null;
      startSearch(request);
      searching = request.id;
      setTimeout(slice, 0, request.id);
    } else if (request.type === "stop" && searching === request.id) {
      searching = null;
    }
  } catch (error) {
    searching = null;
    reply({type: "error", id: request.id === undefined ? null : request.id, error: String(error)});
  }
};
