// The page's half of the compiled core in the browser (game/ai/wasm/browser.py): starts core_worker.js as one or two
// Web Workers from its source text, hands each the module, carries JSON strings both ways. Evaluated once in the
// page; defines window.pipopipetteCore. Python calls open() once with how many Workers to start (it answers how many
// started, as a string), alive()
// (the live Workers' indices, "0,1"), post(index, id, text) for each request to the Worker it chose, and poll(id)
// each frame: the latest message about that request as a string, "" when there is nothing new, "closed" when the
// Worker it was posted to has died; forget(id) once Python is done with it (its last answer read, or stopped): what
// its Worker still says about it is dropped, so a page that runs for hours holds nothing of its past requests.
// Which Worker takes a request is Python's choice (browser.Workers).
window.pipopipetteCore = {
  workers: [], // by index: the Worker, or null once it has failed
  owner: {}, // request id -> the index of the Worker it was posted to
  latest: {},

  open: function (workerSource, wasmBase64, count) {
    if (this.workers.length) { return String(this.workers.filter(Boolean).length); }
    if (typeof Worker === "undefined" || typeof WebAssembly === "undefined") { return "0"; }
    const url = URL.createObjectURL(new Blob([workerSource], {type: "text/javascript"}));
    for (let index = 0; index < count; index++) {
      try {
        this.start(index, url, wasmBase64);
      } catch (error) {
        break; // a page that cannot start another Worker plays on with those it has
      }
    }
    return String(this.workers.filter(Boolean).length);
  },

  start: function (index, url, wasmBase64) {
    const self = this;
    const worker = new Worker(url);
    worker.onmessage = function (event) {
      const message = JSON.parse(event.data);
      if (message.type === "error" && (message.id === null || message.id === undefined)) {
        self.lose(index); // the module did not load in this Worker
      } else if (message.id !== null && message.id !== undefined && message.id in self.owner) {
        self.latest[message.id] = event.data;
      }
    };
    worker.onerror = function () { self.lose(index); };
    worker.postMessage(JSON.stringify({type: "module", wasm: wasmBase64}));
    this.workers[index] = worker;
  },

  lose: function (index) {
    const worker = this.workers[index];
    this.workers[index] = null;
    if (worker) { worker.terminate(); }
  },

  alive: function () {
    const live = [];
    this.workers.forEach(function (worker, index) { if (worker) { live.push(index); } });
    return live.join(",");
  },

  post: function (index, id, text) {
    const worker = this.workers[index];
    if (!worker) { return "closed"; }
    this.owner[id] = index;
    worker.postMessage(text);
    return "ok";
  },

  forget: function (id) {
    delete this.owner[id];
    delete this.latest[id];
    return "ok";
  },

  poll: function (id) {
    const found = this.latest[id];
    if (found === undefined) {
      const index = this.owner[id];
      return index !== undefined && !this.workers[index] ? "closed" : "";
    }
    delete this.latest[id];
    return found;
  },
};
"ok";
