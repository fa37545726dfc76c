// Your kernel checked and its race found, as the viewer's kernel panel has them (src/ui/kernel_panel.cpp,
// src/ui/race_finder_view.cpp): "check" (or K) runs check on the frame shown and shows its report; "find the
// race" (or F) runs the frame instrumented and shows the racing lines, paints the racing pixels over the
// picture (the server's "MASK" picture on a canvas of its own, laid exactly over the picture) and, on a click
// on the picture, lists every access to that pixel (the pixel inspector).
"use strict";
window.racelab = window.racelab || {};

racelab.RaceFinder = class {
  constructor(send, picture) {
    const $ = (id) => document.getElementById(id);
    this.send = send;
    this.picture = picture;
    this.overlay = $("overlay");
    this.el = {
      check: $("kernel-check"), report: $("check-report"), find: $("find-race"), clear: $("clear-race"),
      show: $("race-overlay-on"), findings: $("race-findings"), inspection: $("race-inspection"),
    };
    this.race = null;  // the state's kernel.race
    this.hasOverlay = false;
    this.el.check.onclick = () => send({type: "check"});
    this.el.find.onclick = () => send({type: "find"});
    this.el.clear.onclick = () => send({type: "clear"});
    this.el.show.onchange = () => this.place();
    new ResizeObserver(() => this.place()).observe(picture);
    window.addEventListener("resize", () => this.place());
  }

  // The state's "kernel" (absent without --kernel).
  show(kernel) {
    const check = kernel && kernel.check;
    this.el.report.hidden = !(check && check.ran);
    if (check && check.ran) {
      this.el.report.textContent = check.report;
      this.el.report.className = check.passed ? "good" : "bad";
    }
    const race = this.race = kernel ? kernel.race : null;
    const stage = race ? race.stage : "none";
    this.el.clear.hidden = stage === "none";
    const lines = {
      none: "", building: "building the instrumented kernel ...", failed: race && race.findings,
      done: race && `${race.findings}${race.racingPixels ? `racing pixels: ${race.racingPixels}` +
        (race.truncated ? " (the first ones the report carries)" : "") + " (over the picture; click one)\n" : ""}` +
        (race.elsewhere ? `${race.elsewhere}\n` : "") + (race.stale ? `stale: ${race.stale}\n` : ""),
    };
    this.el.findings.textContent = lines[stage] || "";
    this.el.findings.className = stage === "failed" ? "bad" : "";
    this.el.inspection.hidden = !(race && race.inspected);
    if (race && race.inspected)
      this.el.inspection.textContent = `pixel ${race.inspected[0]},${race.inspected[1]}:\n${race.inspection}`;
  }

  // A "MASK" picture: the racing pixels as a PNG, or nothing (the findings were cleared).
  showOverlay(blob, header) {
    if (!blob) {
      this.hasOverlay = false;
      this.place();
      return;
    }
    createImageBitmap(blob).then((bitmap) => {
      this.overlay.width = header.width;
      this.overlay.height = header.height;
      const g = this.overlay.getContext("2d");
      g.clearRect(0, 0, header.width, header.height);
      g.drawImage(bitmap, 0, 0);
      bitmap.close();
      this.hasOverlay = true;
      this.place();
    }).catch(() => {});
  }

  // The overlay over the picture, at its place and size on the page (the picture is scaled to fit).
  place() {
    const shown = this.hasOverlay && this.el.show.checked;
    this.overlay.hidden = !shown;
    if (!shown) return;
    const stage = this.overlay.parentElement.getBoundingClientRect();
    const r = this.picture.getBoundingClientRect();
    Object.assign(this.overlay.style, {
      left: `${r.left - stage.left}px`, top: `${r.top - stage.top}px`, width: `${r.width}px`, height: `${r.height}px`,
    });
  }

  // A click (no drag) at picture pixel (x, y): with findings in, the inspector for the findings' frame's pixel
  // there (the picture may have been resized since: the point is scaled to the frame the findings ran).
  click(x, y) {
    const race = this.race;
    if (!race || race.stage !== "done" || !race.width || !race.height) return false;
    const fx = Math.floor(x * race.width / this.picture.width), fy = Math.floor(y * race.height / this.picture.height);
    if (fx < 0 || fy < 0 || fx >= race.width || fy >= race.height) return false;
    this.send({type: "inspect", x: fx, y: fy});
    return true;
  }
};
