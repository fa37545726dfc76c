// Keys and pointer, as in the viewer (src/app/viewer/viewer_keys.cpp, viewer_pointer.cpp): G B 1-9 V R and
// Space go to the server as keys; S saves a screenshot; C starts and stops a recording; K checks your kernel,
// F finds its race, and a click on the picture (no drag) then inspects the pixel; a drag near the wipe's divider moves it, any other
// drag orbits (the mesh) and the wheel zooms. The picture's size follows the window, sent when it settles.
"use strict";
window.racelab = window.racelab || {};

racelab.Input = class {
  constructor(canvas, stage, send, page) {
    this.canvas = canvas;
    this.send = send;
    this.page = page;  // {state(), screenshot(), record(), click(x, y), fitWindow}
    this.dragging = null;  // "wipe" | "orbit"
    this.pending = {dx: 0, dy: 0, wheel: 0, wipe: null};
    this.sizeTimer = null;
    this.sentSize = "";
    document.addEventListener("keydown", (e) => this.key(e));
    canvas.addEventListener("pointerdown", (e) => this.down(e));
    canvas.addEventListener("pointermove", (e) => this.move(e));
    canvas.addEventListener("pointerup", (e) => this.up(e));
    canvas.addEventListener("pointercancel", () => { this.dragging = null; });
    canvas.addEventListener("wheel", (e) => {
      e.preventDefault();
      this.pending.wheel += Math.max(-10, Math.min(10, -e.deltaY / 100));  // up is positive, as GLFW has it
    }, {passive: false});
    if (page.fitWindow) {
      new ResizeObserver(() => this.sizeSoon()).observe(stage);
      this.stage = stage;
    }
    const flush = () => { this.flush(); requestAnimationFrame(flush); };
    requestAnimationFrame(flush);
  }

  key(e) {
    const target = e.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key;
    if (k === "s" || k === "S") { this.page.screenshot(); e.preventDefault(); return; }
    if (k === "c" || k === "C") { this.page.record(); e.preventDefault(); return; }
    if (k === "k" || k === "K") { this.send({type: "check"}); return; }
    if (k === "f" || k === "F") { this.send({type: "find"}); return; }
    if (k === " ") { this.send({type: "key", name: "space"}); e.preventDefault(); return; }
    if (/^[gbvrGBVR1-9]$/.test(k)) this.send({type: "key", name: k.toUpperCase()});
  }

  // Pointer position in frame pixels (the canvas is scaled to fit the stage).
  framePoint(e) {
    const r = this.canvas.getBoundingClientRect();
    return {x: (e.clientX - r.left) * this.canvas.width / r.width, y: (e.clientY - r.top) * this.canvas.height / r.height,
            scale: this.canvas.width / r.width};
  }

  down(e) {
    const state = this.page.state();
    const p = this.framePoint(e);
    this.canvas.setPointerCapture(e.pointerId);
    const nearDivider = state && state.view === "wipe" && Math.abs(p.x - state.wipe * this.canvas.width) < 12 * p.scale + 4;
    this.dragging = nearDivider ? "wipe" : "orbit";
    this.last = this.pressed = p;
  }

  // A press and release within 3 screen pixels is a click: the pixel inspector's, where findings are in.
  up(e) {
    const p = this.framePoint(e);
    const pressed = this.pressed;
    this.dragging = null;
    this.pressed = null;
    if (pressed && Math.hypot(p.x - pressed.x, p.y - pressed.y) <= 3 * p.scale) this.page.click(p.x, p.y);
  }

  move(e) {
    if (!this.dragging) return;
    const p = this.framePoint(e);
    if (this.dragging === "wipe") {
      this.pending.wipe = Math.max(0, Math.min(1, p.x / this.canvas.width));
    } else {
      this.pending.dx += (p.x - this.last.x) / p.scale;  // screen pixels, as the viewer's drag
      this.pending.dy += (p.y - this.last.y) / p.scale;
    }
    this.last = p;
  }

  // At most one pointer message and one wipe message a display frame.
  flush() {
    const q = this.pending;
    if (q.wipe !== null) { this.send({type: "wipe", at: q.wipe}); q.wipe = null; }
    if (q.dx || q.dy || q.wheel) {
      const clamp = (v, m) => Math.max(-m, Math.min(m, v));
      this.send({type: "pointer", dx: clamp(q.dx, 10000), dy: clamp(q.dy, 10000), wheel: clamp(q.wheel, 100)});
      q.dx = q.dy = q.wheel = 0;
    }
  }

  sizeSoon() {
    clearTimeout(this.sizeTimer);
    this.sizeTimer = setTimeout(() => this.sendSize(), 250);
  }

  // The stage's size in device pixels (sharp on a high-density screen), the server holds it to --max-size.
  sendSize(force) {
    if (!this.stage) return;
    const ratio = window.devicePixelRatio || 1;
    const w = Math.max(16, Math.min(8192, Math.round(this.stage.clientWidth * ratio)));
    const h = Math.max(16, Math.min(8192, Math.round(this.stage.clientHeight * ratio)));
    const key = `${w}x${h}`;
    if (key === this.sentSize && !force) return;
    this.sentSize = key;
    this.send({type: "size", width: w, height: h});
  }
};
