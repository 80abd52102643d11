// The compiled core (core.wasm) in a Web Worker: the search runs here, never on the page's thread.
// Messages are JSON strings, both ways (game/ai/wasm/browser.py builds them, core_page.js carries them):
//   {"type": "module", "wasm": base64 of core.wasm}                       once, first
//   {"type": "search", "id": n, board..., "positionInts": [...], "kind": 0 exact|1 wide|2 narrow,
//    "beats": null|int, "nodeLimit": 0}
//   {"type": "values", "id": n, board..., "drawn": [lines], "moves": [lines], "seconds": s}
//   {"type": "stop", "id": n}
// where board... is "board": key, "boardInts": [...], "lines": L, "cells": C, "symmetries": S, "tableLog2": k,
// "misere": 0|1, "noExtra": 0|1. Back, for the search n: {"type": "progress", "id": n, "nodes", "current",
// "refuted"} after each slice, then {"type": "done", "id": n, "value", "move", "nodes"} or {"type": "out_of_nodes",
// "id": n}; for the values n, each line of "moves" searched as the one root move for at most "seconds" of wall
// time, one after the other: {"type": "values", "id": n, "values": [value or null, one per move], "done": bool}
// whenever a line is valued or given up, the last with done true; {"type": "error", "id": n, "error": text} for
// either. A newer request stops the one before it.
"use strict";

const SLICE_NODES = 50000; // nodes per call into the core
const SLICE_MS = 40; // calls in a row before the worker reads its messages (a "stop" waits at most about this)
const RUNNING = 0, DONE = 1;
const EXACT = 0;

let core = null; // the instance's exports
let loadedBoard = null;
let job = null; // the request under way: {id, run()}, run() works about SLICE_MS and says whether it has ended

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

function loadBoard(request) {
  if (loadedBoard === request.board) { return; }
  loadedBoard = null;
  writeInts(request.boardInts);
  if (!core.set_board(request.lines, request.cells, request.symmetries) || !core.set_table(request.tableLog2)) {
    throw new Error("the board does not fit the core");
  }
  loadedBoard = request.board;
}

function start(request, positionInts, kind, beats, nodeLimit) {
  writeInts(positionInts);
  const hasBeats = beats !== null && beats !== undefined;
  if (!core.start(request.misere, request.noExtra, kind, hasBeats ? 1 : 0, hasBeats ? beats : 0, nodeLimit)) {
    throw new Error("the position does not fit the board");
  }
}

// One search: the position and its root moves; progress after each slice, one answer at the end.
function searchJob(request) {
  loadBoard(request);
  start(request, request.positionInts, request.kind, request.beats, request.nodeLimit);
  const id = request.id;
  return {
    id: id,
    run: function () {
      const began = performance.now();
      let status = core.run(SLICE_NODES);
      while (status === RUNNING && performance.now() - began < SLICE_MS) { status = core.run(SLICE_NODES); }
      if (status === RUNNING) {
        const current = core.current_move();
        const refuted = readInts(core.refuted_moves());
        reply({type: "progress", id: id, nodes: core.node_count(), current: current < 0 ? null : current,
               refuted: refuted});
        return false;
      }
      if (status === DONE) {
        const move = core.result_move();
        reply({type: "done", id: id, value: core.result_value(), move: move < 0 ? null : move,
               nodes: core.node_count()});
      } else {
        reply({type: "out_of_nodes", id: id});
      }
      return true;
    },
  };
}

// The values of many lines of one position: each line searched as the one root move, on the board's one table.
function valuesJob(request) {
  loadBoard(request);
  const id = request.id, moves = request.moves, limit = request.seconds * 1000;
  const values = moves.map(function () { return null; });
  let index = -1, lineBegan = 0;
  function next() {
    index++;
    if (index < moves.length) {
      start(request, [request.drawn.length, ...request.drawn, 1, moves[index]], EXACT, null, 0);
      lineBegan = performance.now();
    }
  }
  next();
  return {
    id: id,
    run: function () {
      const began = performance.now();
      const before = index;
      while (index < moves.length && performance.now() - began < SLICE_MS) {
        const status = core.run(SLICE_NODES);
        if (status === DONE) {
          values[index] = core.result_value();
          next();
        } else if (status !== RUNNING || performance.now() - lineBegan >= limit) {
          next();
        }
      }
      const done = index >= moves.length;
      if (done || index !== before) { reply({type: "values", id: id, values: values, done: done}); }
      return done;
    },
  };
}

function slice(id) {
  if (job === null || job.id !== id) { return; }
  try {
    if (job.run()) { job = null; return; }
  } catch (error) {
    job = null;
    reply({type: "error", id: id, error: String(error)});
    return;
  }
  setTimeout(slice, 0, id); // lets a "stop" or a newer request in before the next slice
}

self.onmessage = function (event) {
  const request = JSON.parse(event.data);
  try {
    if (request.type === "module") {
      const module = new WebAssembly.Module(decode(request.wasm));
      core = new WebAssembly.Instance(module, {}).exports;
      reply({type: "ready"});
    } else if (request.type === "search" || request.type === "values") {
      job = null;
      job = request.type === "search" ? searchJob(request) : valuesJob(request);
      setTimeout(slice, 0, request.id);
    } else if (request.type === "stop" && job !== null && job.id === request.id) {
      job = null;
    }
  } catch (error) {
    job = null;
    reply({type: "error", id: request.id === undefined ? null : request.id, error: String(error)});
  }
};
