// racelab serve's page, put together: the stream (serve_stream.js) feeds the panel (serve_panel.js) and the
// picture; input (serve_input.js) sends keys, drags and the window's size. window.racelabPage holds what a
// test reads back (tests/tools/serve_browser_test.py): frames shown, the last frame's number and size, the
// path in use, the latest state.
"use strict";
(function () {
  const query = new URLSearchParams(location.search);
  const token = query.get("token") || "";
  const fitWindow = query.get("fit") !== "0";  // fit=0: frames at the size serve was started with
  const videoOff = query.get("video") === "0";  // video=0: JPEG frames, though the browser decodes H.264
  const canvas = document.getElementById("picture");
  const connection = document.getElementById("connection");
  const pathLine = document.getElementById("path");
  const page = window.racelabPage = {
    framesShown: 0, lastFrame: -1, width: 0, height: 0, path: "JPEG", kind: "", state: null, hello: null, opened: 0,
    overlays: 0,
    fitWindow, screenshot: () => stream.send({type: "screenshot"}), stateOf: () => page.state,
  };
  let shownThisSecond = 0, rate = 0;
  setInterval(() => { rate = shownThisSecond; shownThisSecond = 0; showPath(); }, 1000);
  // The path in use, with what the server says of its stream (its encoder, or why it stopped).
  const showPath = () => {
    const video = page.state && page.state.video;
    let path = page.path;
    if (path.startsWith("H.264") && video && video.stopped) path = `JPEG (the server's H.264 stopped: ${video.stopped})`;
    else if (path.startsWith("H.264") && video && video.encoder) path = `H.264 (${video.encoder}, WebCodecs), ${Math.round(video.kbps)} kbit/s`;
    pathLine.textContent = `frames: ${path} over WebSocket, ${rate} shown/s`;
  };

  let panel = null;
  let race = null;
  let input = null;
  const send = (message) => stream.send(message);
  const stream = new racelab.Stream(token, {
    onOpen() {
      page.opened += 1;
      connection.textContent = "connected";
      connection.className = "good";
      if (input) input.sendSize(true);
    },
    onClose() {
      connection.textContent = "reconnecting";
      connection.className = "bad";
    },
    onText(message) {
      if (message.type === "hello") {
        page.hello = message;
        panel.greet(message);
      } else if (message.type === "state") {
        page.state = message;
        panel.show(message);
        race.show(message.kernel);
      }
    },
    // `image` is a JPEG's ImageBitmap or a decoded H.264 VideoFrame; either is drawn and closed here.
    onFrame(image, header) {
      const width = image.displayWidth || image.width, height = image.displayHeight || image.height;
      if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width;
        canvas.height = height;
      }
      canvas.getContext("2d").drawImage(image, 0, 0);
      image.close();
      if (race) race.place();
      page.kind = header.kind;
      page.framesShown += 1;
      page.lastFrame = header.frame;
      page.width = header.width;
      page.height = header.height;
      shownThisSecond += 1;
    },
    onOverlay(blob, header) {
      race.showOverlay(blob, header);
      page.overlays += 1;
    },
    onPath(text) {
      page.path = text;
      showPath();
    },
    onScreenshot(blob, header) {
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      const scene = page.state ? page.state.scene.replace(/[^A-Za-z0-9_-]+/g, "-") : "frame";
      link.download = `racelab-${scene}-${header.frame}.png`;
      page.lastScreenshot = {frame: header.frame, width: header.width, height: header.height, blob};
      document.body.append(link);
      link.click();
      link.remove();
    },
  });
  const recordButton = document.getElementById("record");
  const recorder = page.recorder = new racelab.Recorder(canvas, (recording, line) => {
    recordButton.textContent = recording ? "stop recording" : "record video";
    recordButton.classList.toggle("chosen", recording);
    document.getElementById("record-status").textContent = line;
  }, (extension) => {
    const scene = page.state ? page.state.scene.replace(/[^A-Za-z0-9_-]+/g, "-") : "frames";
    const when = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
    return `racelab-${scene}-${when}.${extension}`;
  });
  recordButton.onclick = () => recorder.toggle();
  if (videoOff) stream.videoRefused = "video=0 in the address";
  page.stream = stream;  // read by the browser test
  panel = new racelab.Panel(send);
  race = page.race = new racelab.RaceFinder(send, canvas);
  document.getElementById("screenshot").onclick = page.screenshot;
  input = new racelab.Input(canvas, document.getElementById("stage"), send,
                            {state: () => page.state, screenshot: page.screenshot, record: () => recorder.toggle(),
                             click: (x, y) => race.click(x, y), fitWindow});
  showPath();
})();
