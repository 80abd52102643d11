// The page's half of the compiled core in the browser (game/ai/wasm/browser.py): starts core_worker.js as a Web
// Worker from its source text, hands it the module, carries JSON strings both ways. Evaluated once in the page;
// defines window.pipopipetteCore. Python calls open() once, post(text) for each request, and poll(id) each frame:
// the latest message about that search as a string, or "" when there is nothing new.
window.pipopipetteCore = {
  worker: null,
  ready: false,
  latest: {},

  open: function (workerSource, wasmBase64) {
    if (this.worker) { return "ok"; }
    if (typeof Worker === "undefined" || typeof WebAssembly === "undefined") { return "unsupported"; }
    const self = this;
    const url = URL.createObjectURL(new Blob([workerSource], {type: "text/javascript"}));
    this.worker = new Worker(url);
    this.worker.onmessage = function (event) {
      const message = JSON.parse(event.data);
      if (message.type === "ready") { self.ready = true; return; }
      if (message.id !== null && message.id !== undefined) { self.latest[message.id] = event.data; }
    };
    this.worker.onerror = function () { self.worker = null; self.ready = false; };
    this.worker.postMessage(JSON.stringify({type: "module", wasm: wasmBase64}));
    return "ok";
  },

  post: function (text) {
    if (!this.worker) { return "closed"; }
    this.worker.postMessage(text);
    return "ok";
  },

  poll: function (id) {
    const found = this.latest[id];
    if (found === undefined) { return this.worker ? "" : "closed"; }
    delete this.latest[id];
    return found;
  },
};
"ok";
