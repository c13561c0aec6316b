// The live table's camera (js/live.js loads this module when the camera is first wanted): asking for it, and
// reading QR codes from it.
//
// The detector is the browser's BarcodeDetector where it reads QR codes (Chrome on Android, macOS, ChromeOS), else
// the vendored `barcode-detector` ponyfill on zxing-wasm (assets/vendor/barcode-detector/, from npm by
// scripts/build/vendor.py, precached by sw.js): its reader WebAssembly is located in that folder, never on a CDN,
// and is loaded only when a scan starts. The camera is injectable for tests: when `window.qwirkleLiveCamera` is a
// function, it is called instead of getUserMedia and returns the MediaStream.

const VENDOR = new URL("../assets/vendor/barcode-detector/", import.meta.url);
// Between two looks at the picture: quick enough for a hand holding a phone up, light on a tablet's battery.
const SCAN_EVERY_MS = 150;

function cameraError(reason, message) {
  const error = new Error(message);
  error.code = "camera";
  error.reason = reason;
  return error;
}

/** The camera's stream: the injected one in tests, else the back camera where there is one. */
async function openCamera() {
  if (typeof window.qwirkleLiveCamera === "function") return window.qwirkleLiveCamera();
  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
    throw cameraError("unavailable", "this browser gives no camera to this page");
  }
  try {
    return await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  } catch (error) {
    const reason = error && error.name === "NotAllowedError" ? "denied" : "no-camera";
    throw cameraError(reason, `${error && error.name}: ${error && error.message}`);
  }
}

/** Ask for the camera now (its permission also makes Chromium offer its real addresses): {ok, reason}. */
export async function requestCamera() {
  try {
    const stream = await openCamera();
    stream.getTracks().forEach((track) => track.stop());
    return { ok: true, reason: null };
  } catch (error) {
    return { ok: false, reason: error.reason || "no-camera" };
  }
}

let detecting = null;
/** A QR code detector: {detector, kind} with kind "native" or "ponyfill". */
function qrDetector() {
  detecting = detecting || makeDetector();
  return detecting;
}

async function makeDetector() {
  if (typeof globalThis.BarcodeDetector === "function") {
    try {
      if ((await globalThis.BarcodeDetector.getSupportedFormats()).includes("qr_code")) {
        return { detector: new globalThis.BarcodeDetector({ formats: ["qr_code"] }), kind: "native" };
      }
    } catch (error) {
      // a native detector that cannot say what it reads: the ponyfill
    }
  }
  const ponyfill = await import("../assets/vendor/barcode-detector/ponyfill.js");
  await ponyfill.prepareZXingModule({
    overrides: { locateFile: (path) => new URL(path, VENDOR).href },
    fireImmediately: true,
  });
  return { detector: new ponyfill.BarcodeDetector({ formats: ["qr_code"] }), kind: "ponyfill" };
}

/** Show the camera in `video` and call onCode(text) for every QR code read (the same text once until another
 * comes). Returns {stop(), ready}: ready resolves to the detector's kind once the camera runs, or rejects with
 * an Error whose .code is "camera" and .reason "denied", "no-camera" or "unavailable". */
export function scan(video, onCode) {
  let stopped = false;
  let stream = null;
  let timer = null;
  let last = null;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    if (stream) stream.getTracks().forEach((track) => track.stop());
    if (video.srcObject === stream) video.srcObject = null;
  };
  const ready = (async () => {
    const [opened, { detector, kind }] = await Promise.all([openCamera(), qrDetector()]);
    stream = opened;
    if (stopped) {
      stop();
      return kind;
    }
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    await video.play();
    const look = async () => {
      if (stopped) return;
      if (video.readyState >= 2 && video.videoWidth > 0) {
        try {
          const found = await detector.detect(video);
          const text = found.length ? found[0].rawValue : null;
          if (text && text !== last && !stopped) onCode(text);
          last = text || last;
        } catch (error) {
          // a frame the detector could not read: the next one
        }
      }
      if (!stopped) timer = setTimeout(look, SCAN_EVERY_MS);
    };
    look();
    return kind;
  })();
  ready.catch(stop);
  return { stop, ready };
}
