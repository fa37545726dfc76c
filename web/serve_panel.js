// The panel in HTML, as the viewer's ImGui panel has it (src/ui/viewer_panel.cpp): scene, variants, views
// (the wipe's divider, the heat window), the race meter, playback and screenshot, the scene's parameters,
// the time graph, the status line and the keys. Built from the server's greeting and kept to its state;
// every control sends a request (src/web/client_message.hpp) and the next state shows what the loop did.
"use strict";
window.racelab = window.racelab || {};

racelab.Panel = class {
  constructor(send) {
    this.send = send;
    this.hello = null;
    this.state = null;
    this.variantsKey = "";
    this.paramsKey = "";
    const $ = (id) => document.getElementById(id);
    this.el = {
      scene: $("scene"), stats: $("stats"), variants: $("variants"), views: $("views"), wipeRow: $("wipe-row"),
      wipe: $("wipe"), wipeValue: $("wipe-value"), heatRow: $("heat-row"), heat: $("heat"), heatValue: $("heat-value"),
      meterOn: $("meter-on"), meter: $("race-meter"), pause: $("pause"), step: $("step"), restart: $("restart"),
      frameNumber: $("frame-number"), params: $("params"), graph: $("graph"), graphNumbers: $("graph-numbers"),
      status: $("status"), keys: $("keys"), kernel: $("kernel"), kernelState: $("kernel-state"),
      kernelMessage: $("kernel-message"),
    };
    this.el.scene.onchange = () => send({type: "scene", name: this.el.scene.value});
    this.el.wipe.oninput = () => send({type: "wipe", at: Number(this.el.wipe.value)});
    this.el.heat.oninput = () => send({type: "heat", frames: Number(this.el.heat.value)});
    this.el.meterOn.onchange = () => send({type: "meter", on: this.el.meterOn.checked});
    this.el.pause.onclick = () => send({type: this.state && this.state.paused ? "play" : "pause"});
    this.el.step.onclick = () => send({type: "step"});
    this.el.restart.onclick = () => send({type: "restart"});
  }

  greet(hello) {
    this.hello = hello;
    this.el.scene.replaceChildren(...hello.scenes.map((name) => new Option(name, name)));
    this.el.views.replaceChildren(...hello.views.map((view) => {
      const b = this.button(view.name, () => this.send({type: "view", name: view.name}));
      b.title = view.description;
      b.dataset.view = view.name;
      return b;
    }));
    this.el.heat.max = hello.maxHeatFrames;
    this.el.keys.textContent = "keys: " + hello.keys;
    this.variantsKey = this.paramsKey = "";  // a new server: everything is built again
  }

  button(text, onclick) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.onclick = onclick;
    return b;
  }

  show(state) {
    this.state = state;
    const el = this.el;
    if (document.activeElement !== el.scene) el.scene.value = state.scene;
    el.stats.textContent = state.stats || "";
    this.showVariants(state);
    for (const b of el.views.children) b.classList.toggle("chosen", b.dataset.view === state.view);
    el.wipeRow.hidden = state.view !== "wipe";
    el.heatRow.hidden = state.view !== "heat";
    if (document.activeElement !== el.wipe) el.wipe.value = state.wipe;
    if (document.activeElement !== el.heat) el.heat.value = state.heatFrames;
    el.wipeValue.textContent = Number(state.wipe).toFixed(2);
    el.heatValue.textContent = state.heatFrames;
    el.meterOn.checked = state.raceMeter;
    el.meter.textContent = racelab.raceMeterText(state);
    el.meter.className = state.race.valid && state.race.differing > 0 ? "bad" : "good";
    el.pause.textContent = state.paused ? "play" : "pause";
    el.frameNumber.textContent = `frame ${state.frame}, ${state.size[0]}x${state.size[1]}, ${state.backend} backend, ` +
      `presenter ${state.presenter}; encode ${state.encodeMs.toFixed(1)} ms, ${state.dropped} frames replaced unsent`;
    this.showParameters(state);
    this.showKernel(state.kernel);
    racelab.drawTimeGraph(el.graph, el.graphNumbers, state.times);
    el.status.textContent = state.status || "";
  }

  // --kernel: its state, the compiler's FILE:LINE messages (or what happened) and its own output, as the
  // viewer's kernel panel shows them (src/ui/kernel_panel.cpp).
  showKernel(kernel) {
    this.el.kernel.hidden = !kernel;
    if (!kernel) return;
    const ok = kernel.state === "running";
    this.el.kernelState.textContent = `${kernel.file}: ${kernel.state}` +
      (kernel.builds ? `, ${kernel.builds} builds, the last in ${kernel.compileMs.toFixed(0)} ms` : "") +
      (kernel.frames ? `; ${kernel.frames} frames, ${kernel.kernelMs.toFixed(2)} ms in the worker` : "") +
      (kernel.failedFrames ? `, ${kernel.failedFrames} not finished` : "");
    this.el.kernelState.className = ok ? "good" : "bad";
    this.el.kernelMessage.textContent = [kernel.message, kernel.output].filter((t) => t).join("\n");
  }

  showVariants(state) {
    const key = state.scene + "|" + state.variants.map((v) => v.name).join(",");
    if (key !== this.variantsKey) {
      this.variantsKey = key;
      this.el.variants.replaceChildren(...state.variants.map((v, i) => {
        const b = this.button(`${i + 1} ${v.name}`, () => this.send({type: "variant", index: i}));
        b.title = v.description + (v.correct ? "" : " (racy)");
        b.dataset.index = i;
        if (!v.correct) b.classList.add("racy");
        return b;
      }));
    }
    for (const b of this.el.variants.children) b.classList.toggle("chosen", Number(b.dataset.index) === state.variant);
  }

  showParameters(state) {
    const key = state.scene + "|" + state.params.map((p) => p.name + ":" + p.kind).join(",");
    if (key !== this.paramsKey) {
      this.paramsKey = key;
      this.el.params.replaceChildren(...state.params.map((p) => this.parameterControl(p)));
    }
    for (const p of state.params) {
      const input = this.el.params.querySelector(`[data-param="${CSS.escape(p.name)}"]`);
      if (!input || document.activeElement === input) continue;
      if (p.kind === "bool") input.checked = p.value !== 0;
      else if (p.kind === "choice") input.value = String(p.value);
      else if (p.kind === "text") input.value = p.text;
      else input.value = p.value;
      const shown = input.parentElement.querySelector(".value");
      if (shown) shown.textContent = racelab.formatNumber(p.value, p.kind);
    }
  }

  parameterControl(p) {
    const row = document.createElement("div");
    row.className = "param";
    row.title = p.help || "";
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = p.label + (p.regenerates ? " (rebuilds)" : "");
    row.append(name);
    let input;
    const send = (value) => this.send({type: "param", name: p.name, value});
    if (p.kind === "bool") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.onchange = () => send(input.checked);
    } else if (p.kind === "choice") {
      input = document.createElement("select");
      p.choices.forEach((choice, i) => input.append(new Option(choice, String(i))));
      input.onchange = () => send(p.choices[Number(input.value)]);
    } else if (p.kind === "text") {
      input = document.createElement("input");
      input.type = "text";
      input.maxLength = 128;
      input.onchange = () => send(input.value);
    } else {
      input = document.createElement("input");
      input.type = "range";
      input.min = p.min;
      input.max = p.max;
      input.step = p.kind === "int" ? 1 : (p.max - p.min) / 200 || 0.01;
      // Parameters that rebuild the scene are sent when the slider is let go; the others while it moves.
      const event = p.regenerates ? "onchange" : "oninput";
      input[event] = () => send(Number(input.value));
    }
    input.dataset.param = p.name;
    const wrap = document.createElement("div");
    wrap.className = "row";
    wrap.append(input);
    if (p.kind === "int" || p.kind === "float") {
      const value = document.createElement("span");
      value.className = "value dim";
      wrap.append(value);
    }
    row.append(wrap);
    return row;
  }
};

racelab.formatNumber = function (value, kind) {
  return kind === "int" ? String(Math.round(value)) : Number(value).toPrecision(4);
};

// The race meter's line, in the viewer panel's words (src/ui/viewer_panel.cpp, drawRaceMeter).
racelab.raceMeterText = function (state) {
  const race = state.race;
  const lines = [];
  if (race.exact) lines.push(`${race.exact.what}: ${race.exact.lost} of ${race.exact.of}`);
  if (race.valid) {
    const good = state.variants[race.good], racy = state.variants[race.racy];
    lines.push(`${race.percent.toFixed(3)} % of pixels differ from good (${race.differing} of ${race.total})` +
      (good && racy ? `: ${good.name} vs ${racy.name}` : ""));
  } else if (!race.exact) {
    lines.push(race.note || "");
  }
  if (race.heatFrames > 0) lines.push(`heat map over the last ${race.heatFrames} frames`);
  return lines.join("\n");
};
