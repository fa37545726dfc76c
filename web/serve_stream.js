// The connection to racelab serve: one WebSocket to /ws (with the page's token), reopened a second or a few
// after it drops, so the page picks up a restarted server by itself. Text messages are JSON (the greeting and
// the state, for the panel); binary ones are pictures with a 24-byte header (src/web/frame_message.hpp):
// "H264" frames decoded by WebCodecs (serve_video.js) where the browser can, "JPEG" frames otherwise, each drawn
// on the canvas; "PNG " screenshots saved. The page asks for the H.264 stream once connected, and says which
// path is in use. A JPEG's newest frame wins here too: while one is being decoded only the latest that arrives
// meanwhile is kept.
"use strict";
window.racelab = window.racelab || {};

racelab.Stream = class {
  constructor(token, handlers) {
    this.token = token;
    // {onOpen, onClose, onText(json), onFrame(image, header), onScreenshot(blob, header), onOverlay(blob|null,
    // header), onPath(text)}
    this.handlers = handlers;
    this.socket = null;
    this.videoRefused = "";  // why this page takes JPEG ("" while H.264 may be used)
    this.video = new racelab.VideoPath((frame, header) => this.handlers.onFrame(frame, header),
                                       () => this.send({type: "keyframe"}),
                                       (why) => this.takeJpeg(why));
    this.retryMs = 500;
    this.decoding = false;
    this.waiting = null;  // the newest frame that arrived during a decode
    this.open();
  }

  open() {
    // Relative to the page, so that it also works behind a proxy that serves it under a path of its own.
    const url = new URL("ws", location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    url.search = `?token=${encodeURIComponent(this.token)}`;
    const socket = new WebSocket(url.href);
    socket.binaryType = "arraybuffer";
    socket.onopen = () => { this.retryMs = 500; this.handlers.onOpen(); this.chooseStream(); };
    socket.onclose = () => {
      this.socket = null;
      this.video.close();  // a new connection's stream starts from a key frame of its own
      this.handlers.onClose();
      setTimeout(() => this.open(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, 4000);
    };
    socket.onmessage = (event) => this.receive(event.data);
    this.socket = socket;
  }

  // H.264 where the browser decodes it and nothing has refused it yet; JPEG (the server's default) otherwise.
  chooseStream() {
    if (this.videoRefused) return this.handlers.onPath(`JPEG (${this.videoRefused})`);
    this.handlers.onPath("JPEG");
    racelab.h264Supported().then((supported) => {
      if (!supported) {
        this.videoRefused = "this browser has no H.264 decoder";
        return this.handlers.onPath(`JPEG (${this.videoRefused})`);
      }
      if (!this.connected()) return;
      this.send({type: "stream", name: "h264"});
      this.handlers.onPath("H.264 (WebCodecs)");
    });
  }

  takeJpeg(why) {
    this.videoRefused = why;
    this.video.close();
    this.send({type: "stream", name: "jpeg"});
    this.handlers.onPath(`JPEG (${why})`);
  }

  connected() { return this.socket !== null && this.socket.readyState === WebSocket.OPEN; }

  send(message) {
    if (this.connected()) this.socket.send(JSON.stringify(message));
  }

  receive(data) {
    if (typeof data === "string") {
      let json;
      try { json = JSON.parse(data); } catch (e) { return; }
      this.handlers.onText(json);
      return;
    }
    const header = racelab.readPictureHeader(data);
    if (!header) return;
    const payload = new Uint8Array(data, 24);
    if (header.kind === "PNG ") {
      this.handlers.onScreenshot(new Blob([payload], {type: "image/png"}), header);
    } else if (header.kind === "MASK") {
      this.handlers.onOverlay(payload.length ? new Blob([payload], {type: "image/png"}) : null, header);
    } else if (header.kind === "H264") {
      this.video.push(payload, header);
    } else if (header.kind === "JPEG") {
      this.waiting = {payload, header};
      this.decodeNext();
    }
  }

  decodeNext() {
    if (this.decoding || !this.waiting) return;
    const {payload, header} = this.waiting;
    this.waiting = null;
    this.decoding = true;
    createImageBitmap(new Blob([payload], {type: "image/jpeg"}))
      .then((bitmap) => this.handlers.onFrame(bitmap, header))
      .catch(() => {})
      .finally(() => { this.decoding = false; this.decodeNext(); });
  }
};

// The header of src/web/frame_message.hpp: kind (4 ASCII letters), frame number, width, height, flags, and
// the server's time of the frame (read by the measuring client, not the page).
racelab.readPictureHeader = function (buffer) {
  if (!(buffer instanceof ArrayBuffer) || buffer.byteLength < 24) return null;
  const view = new DataView(buffer);
  const kind = String.fromCharCode(view.getUint8(0), view.getUint8(1), view.getUint8(2), view.getUint8(3));
  return {
    kind,
    frame: view.getUint32(4, true),
    width: view.getUint16(8, true),
    height: view.getUint16(10, true),
    keyFrame: (view.getUint32(12, true) & 1) !== 0,
  };
};
