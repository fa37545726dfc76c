// The H.264 path: "H264" frames (Annex B, src/video/h264_stream_encoder.hpp) decoded by the browser's WebCodecs
// VideoDecoder and handed on as VideoFrames, which the canvas draws as it draws a JPEG's bitmap. A decoder can
// only go on from the frame before, so a frame that cannot be decoded in turn (the decoder fell behind, or
// failed) is not skipped over: the page waits for the next key frame and asks the server for one. Where the
// browser has no H.264 decoder, or it keeps failing, the page takes JPEG frames instead (serve_stream.js).
"use strict";
window.racelab = window.racelab || {};

// Baseline profile, level 3.1 (1280x720 at 30 fps) up to 5.2: the stream's own SPS names the one it is.
racelab.h264Supported = function () {
  if (!("VideoDecoder" in window) || !("EncodedVideoChunk" in window)) return Promise.resolve(false);
  return VideoDecoder.isConfigSupported({codec: "avc1.42001f", optimizeForLatency: true})
    .then((answer) => answer.supported === true)
    .catch(() => false);
};

// "avc1.PPCCLL" from the first SPS (NAL type 7) of an Annex B key frame: profile, constraint flags, level.
racelab.h264CodecOf = function (bytes) {
  for (let i = 0; i + 7 < bytes.length; i++) {
    const startCode = bytes[i] === 0 && bytes[i + 1] === 0 && bytes[i + 2] === 1;
    if (startCode && (bytes[i + 3] & 0x1f) === 7) {
      const hex = (v) => v.toString(16).padStart(2, "0");
      return `avc1.${hex(bytes[i + 4])}${hex(bytes[i + 5])}${hex(bytes[i + 6])}`;
    }
  }
  return null;
};

racelab.VideoPath = class {
  // onFrame(videoFrame, header): a decoded frame to draw (and close); onLost(): ask the server for a key frame;
  // onGiveUp(why): H.264 does not work here, take JPEG.
  constructor(onFrame, onLost, onGiveUp) {
    this.onFrame = onFrame;
    this.onLost = onLost;
    this.onGiveUp = onGiveUp;
    this.decoder = null;
    this.codec = null;
    this.waitingForKey = true;
    this.headers = new Map();  // chunk timestamp -> the picture header it came with
    this.nextTimestamp = 0;
    this.failures = 0;
    this.decoded = 0;
  }

  create() {
    this.decoder = new VideoDecoder({
      output: (frame) => {
        const header = this.headers.get(frame.timestamp);
        this.headers.delete(frame.timestamp);
        this.decoded += 1;
        this.failures = 0;
        if (header) this.onFrame(frame, header); else frame.close();
      },
      error: (e) => this.failed(String(e && e.message ? e.message : e)),
    });
    this.codec = null;
  }

  failed(why) {
    this.failures += 1;
    this.decoder = null;  // a decoder that reported an error is closed
    this.headers.clear();
    this.waitingForKey = true;
    if (this.failures >= 3) this.onGiveUp(`H.264 decoding failed three times (${why})`);
    else this.onLost();
  }

  push(payload, header) {
    if (header.keyFrame) {
      const codec = racelab.h264CodecOf(payload);
      if (!codec) return;
      if (!this.decoder || this.decoder.state === "closed") this.create();
      if (codec !== this.codec) {
        try {
          this.decoder.configure({codec, optimizeForLatency: true});
        } catch (e) {
          return this.failed(String(e.message || e));
        }
        this.codec = codec;
      }
      this.waitingForKey = false;
    } else if (this.waitingForKey || !this.decoder) {
      return;  // nothing to decode it from: the key frame asked for is coming
    }
    // More than a few frames queued: this machine decodes slower than frames come. Catch up at the next key
    // frame rather than show ever older pictures.
    if (!header.keyFrame && this.decoder.decodeQueueSize > 3) {
      this.waitingForKey = true;
      this.onLost();
      return;
    }
    const timestamp = this.nextTimestamp++;
    this.headers.set(timestamp, header);
    try {
      this.decoder.decode(new EncodedVideoChunk({type: header.keyFrame ? "key" : "delta", timestamp, data: payload}));
    } catch (e) {
      this.failed(String(e.message || e));
    }
  }

  close() {
    if (this.decoder && this.decoder.state !== "closed") this.decoder.close();
    this.decoder = null;
    this.codec = null;
    this.headers.clear();
    this.waitingForKey = true;
  }
};
