// The frame- and kernel-time graph: the last frames' times as two lines on a canvas, with the p50 and p99 the
// server computed (src/app/serve/serve_state.cpp), as the viewer's panel shows them. A few dozen lines of our
// own draw it: a charting library would be larger than the page.
"use strict";
window.racelab = window.racelab || {};

racelab.drawTimeGraph = function (canvas, numbers, times) {
  const g = canvas.getContext("2d");
  const w = canvas.width, h = canvas.height;
  g.fillStyle = "#14141a";
  g.fillRect(0, 0, w, h);
  const frame = times.frameMs || [], kernel = times.kernelMs || [];
  const top = Math.max(1, (times.frame.p99 || 0) * 1.25, (times.kernel.p99 || 0) * 1.25);
  const y = (ms) => h - 2 - Math.min(ms / top, 1) * (h - 4);
  const line = (samples, color) => {
    if (samples.length < 2) return;
    g.strokeStyle = color;
    g.lineWidth = 1;
    g.beginPath();
    samples.forEach((ms, i) => {
      const x = (i / (samples.length - 1)) * (w - 1);
      if (i === 0) g.moveTo(x, y(ms)); else g.lineTo(x, y(ms));
    });
    g.stroke();
  };
  const level = (ms, color) => {
    g.strokeStyle = color;
    g.setLineDash([3, 3]);
    g.beginPath();
    g.moveTo(0, y(ms));
    g.lineTo(w, y(ms));
    g.stroke();
    g.setLineDash([]);
  };
  level(times.frame.p99, "#556");
  level(times.frame.p50, "#445");
  line(frame, "#6fa8ff");
  line(kernel, "#ffaa55");
  g.fillStyle = "#889";
  g.font = "10px sans-serif";
  g.fillText(`${top.toFixed(1)} ms`, 4, 10);
  const ms = (v) => (v || 0).toFixed(2);
  numbers.textContent = `frame p50 ${ms(times.frame.p50)} ms, p99 ${ms(times.frame.p99)} ms (blue); ` +
    `kernel p50 ${ms(times.kernel.p50)} ms, p99 ${ms(times.kernel.p99)} ms (orange)`;
};
