// The browser half of online rooms (game/play/online/bridge.py): one RTCPeerConnection with one data channel, and a
// BroadcastChannel that hands a reply link opened in another tab to the tab whose game is waiting for it.
// Evaluated once in the page; defines window.pipopipetteOnline. Python calls its functions with strings and polls
// take() each frame for what happened, as a JSON list of {k: kind, d: text}. Only strings cross, both ways: a
// received message is data kept as it came, never run, and nothing here builds JavaScript from it.
window.pipopipetteOnline = {
  limit: 16000,        // the longest message taken (the room protocol's own limit)
  kept: 400,           // events waiting for Python beyond this: the peer floods, the channel is closed
  gatherMs: 4000,      // how long ICE gathering may take before the description is given as it is
  pc: null,
  channel: null,
  events: [],
  broadcast: null,

  push: function (kind, data) {
    if (this.events.length >= this.kept) {
      if (kind === "msg" || kind === "bad") { this.close(); this.events.push({k: "flood", d: ""}); }
      return;
    }
    this.events.push({k: kind, d: data === undefined ? "" : String(data)});
  },

  take: function () {
    if (!this.events.length) { return ""; }
    const out = JSON.stringify(this.events);
    this.events = [];
    return out;
  },

  // One "open" per channel, however often the browser says so: Chromium 156 once ran the answerer's open handler
  // twice, and a second "open" starts a second handshake on a connection already agreed on (the other room refuses
  // that hello). A channel announced already open (the answerer's) is open at once.
  wire: function (channel) {
    const self = this;
    let opened = false;
    self.channel = channel;
    channel.binaryType = "arraybuffer";  // a binary message is only counted ("bad"), never kept as a Blob
    const open = function () {
      if (opened || self.channel !== channel) { return; }
      opened = true;
      self.push("open");
    };
    channel.onopen = open;
    channel.onclose = function () { if (self.channel === channel) { self.push("closed"); self.channel = null; } };
    channel.onmessage = function (event) {
      if (typeof event.data !== "string" || event.data.length > self.limit) { self.push("bad"); return; }
      self.push("msg", event.data);
    };
    if (channel.readyState === "open") { open(); }
  },

  // role "host": make the offer; role "guest": answer offerSdp. The local description comes back as {k: "local"}.
  start: function (role, iceServersJson, offerSdp) {
    const self = this;
    self.close();
    self.events = [];
    // iceServers: [{urls, username?, credential?}], strings only (Settings' list, checked by ice.py)
    let servers = [];
    try {
      servers = JSON.parse(iceServersJson).filter(function (s) {
        return s && typeof s.urls === "string" && ["username", "credential"].every(function (key) {
          return s[key] === undefined || typeof s[key] === "string";
        });
      }).map(function (s) { return {urls: s.urls, username: s.username, credential: s.credential}; });
    } catch (e) {}
    let pc;
    try { pc = new RTCPeerConnection({iceServers: servers}); } catch (e) {
      self.push("error", e && e.name || "error");
      return "ok";
    }
    self.pc = pc;
    pc.onconnectionstatechange = function () {
      if (self.pc === pc && pc.connectionState === "failed") { self.push("failed"); }
    };
    const gathered = new Promise(function (done) {
      if (pc.iceGatheringState === "complete") { done(); return; }
      pc.addEventListener("icegatheringstatechange", function () {
        if (pc.iceGatheringState === "complete") { done(); }
      });
      setTimeout(done, self.gatherMs);
    });
    let ready;
    if (role === "host") {
      self.wire(pc.createDataChannel("room", {ordered: true}));
      ready = pc.createOffer().then(function (offer) { return pc.setLocalDescription(offer); });
    } else {
      pc.ondatachannel = function (event) { self.wire(event.channel); };
      ready = pc.setRemoteDescription({type: "offer", sdp: String(offerSdp)})
        .then(function () { return pc.createAnswer(); })
        .then(function (answer) { return pc.setLocalDescription(answer); });
    }
    ready.then(function () { return gathered; })
      .then(function () { if (self.pc === pc) { self.push("local", pc.localDescription.sdp); } })
      .catch(function (error) { if (self.pc === pc) { self.push("error", error && error.name || "error"); } });
    return "ok";
  },

  // The host takes the guest's answer.
  accept: function (answerSdp) {
    const self = this;
    const pc = self.pc;
    if (!pc) { return "closed"; }
    pc.setRemoteDescription({type: "answer", sdp: String(answerSdp)})
      .catch(function (error) { if (self.pc === pc) { self.push("error", error && error.name || "error"); } });
    return "ok";
  },

  send: function (text) {
    const channel = this.channel;
    if (!channel || channel.readyState !== "open") { return "closed"; }
    if (typeof text !== "string" || text.length > this.limit) { return "refused"; }
    channel.send(text);
    return "ok";
  },

  close: function () {
    const channel = this.channel;
    const pc = this.pc;
    this.channel = null;
    this.pc = null;
    if (channel) { try { channel.close(); } catch (e) {} }
    if (pc) { try { pc.close(); } catch (e) {} }
    return "ok";
  },

  // Leaving the page while an online game is played asks first (the browser's own question).
  guard: function (on) {
    window.onbeforeunload = on === "on" ? function (event) { event.preventDefault(); event.returnValue = ""; return ""; }
                                        : null;
    return "ok";
  },

  // The waiting tab listens for a reply to room roomId opened in another tab of the same site.
  listen: function (roomId) {
    const self = this;
    if (typeof BroadcastChannel === "undefined") { return "unsupported"; }
    if (self.broadcast) { self.broadcast.close(); }
    const broadcast = new BroadcastChannel("pipopipette-rooms");
    self.broadcast = broadcast;
    broadcast.onmessage = function (event) {
      const data = event.data;
      if (!data || data.room !== roomId || typeof data.link !== "string" || data.link.length > 2000) { return; }
      self.push("reply", data.link);
      broadcast.postMessage({room: roomId, taken: true});
    };
    return "ok";
  },

  // The tab a reply link was opened in hands it over; {k: "handed"} once a waiting tab took it.
  handOver: function (roomId, link) {
    const self = this;
    if (typeof BroadcastChannel === "undefined") { return "unsupported"; }
    const broadcast = new BroadcastChannel("pipopipette-rooms");
    broadcast.onmessage = function (event) {
      if (event.data && event.data.room === roomId && event.data.taken === true) {
        self.push("handed");
        broadcast.close();
      }
    };
    broadcast.postMessage({room: String(roomId), link: String(link)});
    setTimeout(function () { broadcast.close(); }, 5000);
    return "ok";
  },
};
"ok";
