// The browser half of an online room's signalling through public MQTT relays (game/play/online/relay.py).
// Evaluated once in the page; defines window.pipopipetteRelay. The MQTT client is mqtt.js, bundled at build time
// into relay-mqtt.js beside the page (tools/build_relay.py), loaded here by load(). Python calls these functions
// with strings and polls take() each frame, as for webrtc.js: a JSON list of {k, d}: "up" (a broker reached: its
// URL), "down" (a broker lost), "sig" (a message of the room, decrypted: its text, never run), "bad" (a message that
// did not decrypt with the room's key: only its arrival), "unavailable" (the MQTT client could not be loaded).
// Every message is encrypted with AES-GCM under the room's key (derived from the secret of the link's fragment by
// Python): a broker sees only the topic (a hash of the secret) and ciphertext.
window.pipopipetteRelay = {
  bundle: "relay-mqtt.js",
  limit: 8000,          // the longest message taken off a broker (characters of base64)
  kept: 200,            // events waiting for Python beyond this are dropped
  clients: [],
  topic: "",
  key: null,
  seen: [],             // the last nonces received: the same message through several brokers counts once
  events: [],
  loading: null,

  push: function (kind, data) {
    if (this.events.length < this.kept) { this.events.push({k: kind, d: data === undefined ? "" : String(data)}); }
  },

  take: function () {
    if (!this.events.length) { return ""; }
    const out = JSON.stringify(this.events);
    this.events = [];
    return out;
  },

  load: function () {
    const self = this;
    if (window.pipopipetteMqtt) { return Promise.resolve(window.pipopipetteMqtt); }
    if (!self.loading) {
      self.loading = new Promise(function (done, fail) {
        const script = document.createElement("script");
        script.src = new URL(self.bundle, document.baseURI).href;
        script.onload = function () { window.pipopipetteMqtt ? done(window.pipopipetteMqtt) : fail(new Error("empty")); };
        script.onerror = function () { self.loading = null; fail(new Error("not found")); };
        document.head.appendChild(script);
      });
    }
    return self.loading;
  },

  hex: function (text) {
    const bytes = new Uint8Array(text.length / 2);
    for (let i = 0; i < bytes.length; i++) { bytes[i] = parseInt(text.substr(2 * i, 2), 16); }
    return bytes;
  },

  // Join the room's topic on every broker of urlsJson (a JSON list of ws:// or wss:// URLs, checked by relay.py).
  join: function (urlsJson, topic, keyHex) {
    const self = this;
    self.leave();
    self.events = [];
    let urls = [];
    try { urls = JSON.parse(urlsJson).filter(function (u) { return typeof u === "string"; }); } catch (e) {}
    self.topic = String(topic);
    if (!(window.crypto && crypto.subtle)) { self.push("unavailable"); return "ok"; }  // a page not served securely
    const ready = crypto.subtle.importKey("raw", self.hex(String(keyHex)), "AES-GCM", false, ["encrypt", "decrypt"]);
    self.key = ready;
    Promise.all([ready, self.load()]).then(function (both) {
      if (self.key !== ready) { return; }
      urls.forEach(function (url) { self.connect(both[1], url, ready); });
    }).catch(function () { if (self.key === ready) { self.push("unavailable"); } });
    return "ok";
  },

  connect: function (mqtt, url, key) {
    const self = this;
    let client;
    try {
      client = mqtt.connect(url, {reconnectPeriod: 2000, connectTimeout: 6000, keepalive: 20, clean: true,
                                  protocolVersion: 4});
    } catch (e) { self.push("down", url); return; }
    self.clients.push(client);
    client.on("connect", function () {
      client.subscribe(self.topic, {qos: 0}, function (error) {
        if (!error && self.key === key) { self.push("up", url); }
      });
    });
    client.on("close", function () { if (self.key === key) { self.push("down", url); } });
    client.on("error", function () {});
    client.on("message", function (topic, payload) {
      if (self.key !== key || topic !== self.topic) { return; }
      self.open(key, String(payload));
    });
  },

  open: function (key, text) {
    const self = this;
    if (text.length > self.limit || text.length < 24) { self.push("bad"); return; }
    const nonce = text.slice(0, 16);
    if (self.seen.indexOf(nonce) >= 0) { return; }
    self.seen.push(nonce);
    if (self.seen.length > 200) { self.seen.shift(); }
    let raw;
    try { raw = Uint8Array.from(atob(text), function (c) { return c.charCodeAt(0); }); } catch (e) {
      self.push("bad"); return;
    }
    key.then(function (k) {
      return crypto.subtle.decrypt({name: "AES-GCM", iv: raw.slice(0, 12)}, k, raw.slice(12));
    }).then(function (plain) {
      if (self.key === key) { self.push("sig", new TextDecoder().decode(plain)); }
    }).catch(function () { if (self.key === key) { self.push("bad"); } });
  },

  // Encrypt text and publish it on every broker joined (whichever reaches the other device first is taken).
  publish: function (text) {
    const self = this;
    const key = self.key;
    if (!key) { return "closed"; }
    const iv = crypto.getRandomValues(new Uint8Array(12));
    key.then(function (k) {
      return crypto.subtle.encrypt({name: "AES-GCM", iv: iv}, k, new TextEncoder().encode(String(text)));
    }).then(function (sealed) {
      const all = new Uint8Array(12 + sealed.byteLength);
      all.set(iv);
      all.set(new Uint8Array(sealed), 12);
      let binary = "";
      all.forEach(function (b) { binary += String.fromCharCode(b); });
      const payload = btoa(binary);
      self.clients.forEach(function (client) { if (client.connected) { client.publish(self.topic, payload); } });
    });
    return "ok";
  },

  leave: function () {
    this.clients.forEach(function (client) { try { client.end(true); } catch (e) {} });
    this.clients = [];
    this.key = null;
    this.seen = [];
    return "ok";
  },

  // The page's address keeps the room's link, so a reload opens the same room again.
  // "" takes it out again (the room left).
  remember: function (fragment) {
    const place = location.pathname + location.search + (fragment ? "#" + String(fragment) : "");
    try { history.replaceState(null, "", place); } catch (e) {}
    return "ok";
  },
};
"ok";
