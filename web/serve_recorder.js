// "record video" (or C, as in the viewer): the picture as the page shows it, recorded by the browser's own
// MediaRecorder from the canvas and downloaded when it stops -- WebM (VP9, else VP8) where the browser writes
// it, MP4 where only that (Safari). Nothing is recorded on the server, and nothing leaves the browser but the
// download. A recording has the canvas's size when it starts; frames of another size are scaled into it.
"use strict";
window.racelab = window.racelab || {};

racelab.Recorder = class {
  // onChange(recording: bool, line): the button's label and the status line; fileName(extension): the download's name
  constructor(canvas, onChange, fileName) {
    this.canvas = canvas;
    this.onChange = onChange;
    this.fileName = fileName;
    this.recorder = null;
    this.chunks = [];
    this.started = 0;
    this.last = null;  // {blob, type, seconds}: the last recording, for the page's test
  }

  static format() {
    if (!("MediaRecorder" in window)) return null;
    for (const type of ["video/webm;codecs=vp9", "video/webm;codecs=vp8", "video/webm", "video/mp4"])
      if (MediaRecorder.isTypeSupported(type)) return type;
    return null;
  }

  recording() { return this.recorder !== null; }

  toggle() { if (this.recording()) this.stop(); else this.start(); }

  start() {
    const type = racelab.Recorder.format();
    if (!type || !this.canvas.captureStream) {
      this.onChange(false, "this browser cannot record a canvas (no MediaRecorder): use screenshot, or racelab view --video");
      return;
    }
    this.chunks = [];
    this.recorder = new MediaRecorder(this.canvas.captureStream(60), {mimeType: type, videoBitsPerSecond: 8e6});
    this.recorder.ondataavailable = (e) => { if (e.data && e.data.size > 0) this.chunks.push(e.data); };
    this.recorder.onstop = () => this.save(type);
    this.recorder.start(1000);  // a chunk a second: a long recording is not held in one piece
    this.started = performance.now();
    this.onChange(true, `recording ${this.canvas.width}x${this.canvas.height} (${type.split(";")[0]})`);
  }

  stop() {
    if (!this.recorder) return;
    this.recorder.stop();
    this.recorder = null;
  }

  save(type) {
    const seconds = (performance.now() - this.started) / 1000;
    const blob = new Blob(this.chunks, {type: type.split(";")[0]});
    this.chunks = [];
    this.last = {blob, type: blob.type, seconds};
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = this.fileName(type.startsWith("video/mp4") ? "mp4" : "webm");
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
    this.onChange(false, `saved ${link.download}: ${seconds.toFixed(1)} s, ${Math.round(blob.size / 1024)} KiB`);
  }
};
