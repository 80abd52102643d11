// The entry esbuild bundles into build/web/relay-mqtt.js (tools/build_relay.py): mqtt.js's client for the browser,
// as window.pipopipetteMqtt, which game/play/online/relay.js uses to reach the public MQTT brokers over WebSocket.
import mqtt from 'mqtt'
window.pipopipetteMqtt = {connect: mqtt.connect}
