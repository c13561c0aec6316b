// A QR code drawn into an element as SVG, by the vendored qrcode-generator: the one drawing of the page's codes (the
// turn link's, a seat's join link on the live table, a phone's answer), used by Python (app.web.sharing.draw_qr)
// and by js/live-answer.js before Python runs.
import qrcode from "../assets/vendor/qrcode/qrcode.mjs";

/** Draw ``text`` as a QR code into ``box`` (markup made by the library from the text, none of ours), its size in
 * ``data-modules``. */
export function drawQr(box, text) {
  const code = qrcode(0, "L"); // the smallest version that holds it; L: the least dense
  code.addData(text);
  code.make();
  box.innerHTML = code.createSvgTag({ cellSize: 1, margin: 4, scalable: true });
  box.setAttribute("data-modules", String(code.getModuleCount()));
}
