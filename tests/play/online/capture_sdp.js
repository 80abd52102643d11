// Captures real SDP from two headless Chromium browsers connecting a data channel with no ICE server (the
// samples in sdp/ that tests/play/online/test_invite.py reads). Run: node capture_sdp.js OUT_DIR [RUNS]
// Needs playwright-core under $BROWSER_HARNESS_HOME (docs/testing.md, "Real browser pages").
const fs = require('fs');
const path = require('path');
const { launch: harnessLaunch } = require('../../../tools/browser/harness.js');

const gathered = `(pc) => new Promise((done) => {
  if (pc.iceGatheringState === 'complete') return done();
  pc.addEventListener('icegatheringstatechange', () => { if (pc.iceGatheringState === 'complete') done(); });
})`;

(async () => {
  const out = process.argv[2];
  const runs = Number(process.argv[3] || 1);
  const launch = () => harnessLaunch();
  const [b1, b2] = await Promise.all([launch(), launch()]);
  try {
    for (let run = 1; run <= runs; run++) {
      const host = await (await b1.newContext()).newPage();
      const guest = await (await b2.newContext()).newPage();
      const offer = await host.evaluate(async (g) => {
        const wait = eval(g);
        window.pc = new RTCPeerConnection({ iceServers: [] });
        window.channel = pc.createDataChannel('game');
        await pc.setLocalDescription(await pc.createOffer());
        await wait(pc);
        return pc.localDescription.sdp;
      }, gathered);
      const answer = await guest.evaluate(async ([sdp, g]) => {
        const wait = eval(g);
        window.pc = new RTCPeerConnection({ iceServers: [] });
        await pc.setRemoteDescription({ type: 'offer', sdp });
        await pc.setLocalDescription(await pc.createAnswer());
        await wait(pc);
        return pc.localDescription.sdp;
      }, [offer, gathered]);
      fs.writeFileSync(path.join(out, `chromium-${run}-offer.sdp`), offer);
      fs.writeFileSync(path.join(out, `chromium-${run}-answer.sdp`), answer);
      console.log(`run ${run}: offer ${offer.length} chars, answer ${answer.length} chars`);
      await host.close();
      await guest.close();
    }
  } finally {
    await b1.close();
    await b2.close();
  }
})();
