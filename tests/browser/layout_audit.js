/* The layout check of issue 48, run inside a page: `await layoutSettle()` waits until the page has stopped moving
   (two animation frames, every finite animation finished), then `layoutAudit(opts)` returns the page's layout
   problems as short strings, each naming its element(s) and the numbers (an empty list: nothing found).

   opts: {phone: bool (touch targets of 44x44 px), tablet: bool (tiles of 28 px once fitted), fitted: bool (the board
   is fitted to its whole position: game over, review, puzzle), names: [player names] (names over 12 characters may
   be cut by an ellipsis)}. A link that shows its own address (its text is its href: the turn link, a puzzle's link)
   may be cut by an ellipsis too: Copy and Share carry it whole.

   What it reads is the page's DOM contract: boards are `.board` (tiles `[data-cell][data-tile]`, allowed cells
   `[data-cell][data-legal]`), their controls `.zoom .btn` beside them in `.board-area`, the Qwirkle banner
   `.celebration__word`, the rack `[data-rack]` whose selected tile has `aria-pressed="true"`. Plain script (no
   module): tests/browser/test_layout_check.py evaluates it in Chromium, tests/scenarios/ in WebKit. */
(() => {
  const SLACK = 1; // px of rounding tolerated everywhere
  const OVERLAP = 3; // px: two boxes overlap when they share more than this in both directions
  const TAP = 44; // px: the smallest tap target on a phone
  const TILE = 28; // px: the smallest tile of a fitted board on a tablet
  const NAME = 12; // characters: a longer player name may be cut

  const INTERACTIVE =
    "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], " +
    "[role=tab], [role=checkbox], [role=radio], [role=slider], [role=menuitem], [tabindex]:not([tabindex='-1'])";

  function describe(node) {
    let text = "";
    if (node.nodeType === Node.ELEMENT_NODE) {
      text = (node.getAttribute("aria-label") || node.textContent || "").trim().replace(/\s+/g, " ");
    }
    let out = node.tagName.toLowerCase();
    if (node.id) out += "#" + node.id;
    else if (typeof node.className === "string" && node.className.trim()) out += "." + node.className.trim().split(/\s+/)[0];
    for (const attr of ["data-action", "data-cell", "data-tile", "data-seat", "data-field", "data-rule"]) {
      if (node.hasAttribute(attr)) out += `[${attr}=${node.getAttribute(attr)}]`;
    }
    if (text) out += ` "${text.length > 40 ? text.slice(0, 39) + "…" : text}"`;
    return out;
  }

  const px = (v) => Math.round(v);
  const box = (r) => `${px(r.width)}x${px(r.height)} at ${px(r.left)},${px(r.top)}`;
  const rect = (left, top, right, bottom) => ({ left, top, right, bottom, width: right - left, height: bottom - top });
  const intersect = (a, b) =>
    rect(Math.max(a.left, b.left), Math.max(a.top, b.top), Math.min(a.right, b.right), Math.min(a.bottom, b.bottom));
  const empty = (r) => r.width <= SLACK || r.height <= SLACK;
  const inside = (r, outer) =>
    r.left >= outer.left - SLACK && r.top >= outer.top - SLACK &&
    r.right <= outer.right + SLACK && r.bottom <= outer.bottom + SLACK;
  const viewport = () => rect(0, 0, innerWidth, innerHeight);

  /* Computed styles, visibility and clips, read once per audit (the rules ask for them many times). */
  let styles = new Map();
  let hiddenMemo = new Map();
  let clipMemo = [new Map(), new Map()];
  const css = (n) => {
    let s = styles.get(n);
    if (!s) styles.set(n, (s = getComputedStyle(n)));
    return s;
  };
  const ELEMENT = 1;

  /* Hidden by an element or its ancestors: aria-hidden, inert, a closed dialog, transparent, visually hidden. */
  function hiddenFrom(n) {
    if (!n || n.nodeType !== ELEMENT) return false;
    let h = hiddenMemo.get(n);
    if (h !== undefined) return h;
    const own = css(n);
    h =
      n.getAttribute("aria-hidden") === "true" || n.inert || (n.tagName === "DIALOG" && !n.open) ||
      (n.parentElement && n.parentElement.tagName === "DETAILS" && !n.parentElement.open && n.tagName !== "SUMMARY") ||
      parseFloat(own.opacity) === 0 || own.clipPath.startsWith("inset(50%") || own.clip === "rect(0px, 0px, 0px, 0px)" ||
      hiddenFrom(n.parentElement);
    hiddenMemo.set(n, h);
    return h;
  }

  /* Hidden from the player: no box, not visible, or hidden by itself or an ancestor. */
  function hidden(node) {
    if (node.getClientRects().length === 0) return true;
    if (css(node).visibility !== "visible") return true;
    return hiddenFrom(node);
  }

  const ALL = rect(-1e9, -1e9, 1e9, 1e9);

  /* The area that `n` and its ancestors leave to what `n` contains. `scrollers`: whether a scroll container
     (overflow auto/scroll) clips too (it does for what is seen now; not for what can be reached). */
  function clipOf(n, scrollers) {
    if (!n || n.nodeType !== ELEMENT || n === document.documentElement) return ALL;
    const memo = clipMemo[scrollers ? 1 : 0];
    let c = memo.get(n);
    if (c) return c;
    const style = css(n);
    c = style.position === "fixed" ? ALL : clipOf(n.parentElement, scrollers);
    const kinds = [style.overflowX, style.overflowY];
    const clips = kinds.some((k) => k === "hidden" || k === "clip" || (scrollers && (k === "auto" || k === "scroll")));
    if (clips && n !== document.body) c = intersect(c, n.getBoundingClientRect());
    memo.set(n, c);
    return c;
  }

  /* The part of `r` (a box of `node`) that the node's clipping ancestors leave on the page. */
  function clipped(node, r, scrollers = true) {
    const style = css(node);
    const from = style.position === "fixed" ? ALL : clipOf(node.parentElement, scrollers);
    return intersect(r, from);
  }

  function ownText(node) {
    return [...node.childNodes].filter((c) => c.nodeType === Node.TEXT_NODE && c.textContent.trim() !== "");
  }

  /* The boxes of an element's own text (its lines), clipped as the page shows them. */
  function textBoxes(node) {
    const boxes = [];
    for (const t of ownText(node)) {
      const range = document.createRange();
      range.selectNodeContents(t);
      for (const r of range.getClientRects()) {
        const c = intersect(r, clipOf(node, true));
        if (!empty(c)) boxes.push(c);
      }
    }
    return boxes;
  }

  function elementBoxes(node) {
    const display = css(node).display;
    const rects = display === "inline" ? [...node.getClientRects()] : [node.getBoundingClientRect()];
    return rects.map((r) => clipped(node, r)).filter((c) => !empty(c));
  }

  const boardOf = (node) => node.closest(".board");
  const isControl = (node) => node.closest(".zoom") !== null;
  const isCell = (node) => node.hasAttribute("data-cell");

  /* What the player sees and touches: interactive elements and elements with text of their own; in a modal
     dialog, only its own. */
  function items() {
    const modal = document.querySelector("dialog[open]:modal");
    const scope = modal || document.body;
    const out = [];
    const seen = new Set();
    const add = (node, kind, boxes) => {
      if (seen.has(node) || boxes.length === 0) return;
      seen.add(node);
      out.push({ node, kind, boxes });
    };
    for (const node of scope.querySelectorAll(INTERACTIVE + ", [data-cell], .board")) {
      if (hidden(node)) continue;
      add(node, "control", elementBoxes(node));
    }
    for (const node of scope.querySelectorAll("*")) {
      if (seen.has(node) || ["SCRIPT", "STYLE", "OPTION", "TITLE"].includes(node.tagName)) continue;
      if (ownText(node).length === 0 || hidden(node)) continue;
      add(node, "text", textBoxes(node));
    }
    return out;
  }

  function overlaps(a, b) {
    for (const ra of a.boxes) {
      for (const rb of b.boxes) {
        const i = intersect(ra, rb);
        if (i.width > OVERLAP && i.height > OVERLAP) return i;
      }
    }
    return null;
  }

  function stickyOf(n) {
    for (let m = n; m && m.nodeType === ELEMENT; m = m.parentElement) {
      if (css(m).position === "sticky") return m;
    }
    return null;
  }

  /* What the pair rules need of an item, read once. */
  function placed(item) {
    const n = item.node;
    return {
      ...item,
      board: boardOf(n),
      area: n.closest(".board-area"),
      control: isControl(n),
      sticky: stickyOf(n),
      label: n.closest("label"),
    };
  }

  /* A pair the page means to overlap: the board's own parts among themselves, its controls over the board
     (those over a tile are the next rule's), an element and what it contains, content scrolling under a sticky
     bar (a dialog's buttons, a table's first column), a label and its own control, an open popup (the menu)
     over the page. */
  function meant(a, b, popups) {
    if (a.board && a.board === b.board) return true;
    if ((a.control && b.board) || (b.control && a.board)) return a.area === b.area;
    if (a.sticky !== b.sticky) return true;
    if (a.label && a.label === b.label) return true;
    if (a.node.contains(b.node) || b.node.contains(a.node)) return true;
    return popups.some((p) => p.contains(a.node) !== p.contains(b.node));
  }

  function checkOverlaps(list, problems) {
    const popups = [...document.querySelectorAll("[aria-expanded=true][aria-controls]")]
      .map((n) => document.getElementById(n.getAttribute("aria-controls")))
      .filter((n) => n);
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i];
        const b = list[j];
        const shared = overlaps(a, b);
        if (shared && !meant(a, b, popups)) {
          problems.push(`overlap: ${describe(a.node)} and ${describe(b.node)} share ${box(shared)}`);
        }
      }
    }
  }

  function checkControlsOverTiles(problems) {
    for (const area of document.querySelectorAll(".board-area")) {
      const board = area.querySelector(".board");
      if (!board || hidden(board)) continue;
      const tiles = [...board.querySelectorAll("[data-cell][data-tile]")]
        .map((t) => ({ node: t, box: clipped(t, t.getBoundingClientRect()) }))
        .filter((t) => !empty(t.box));
      const covers = [...area.querySelectorAll(".zoom .btn, .celebration__word")].filter((c) => {
        if (hidden(c)) return false;
        return !c.classList.contains("celebration__word") || !c.closest("[hidden]");
      });
      for (const control of covers) {
        const r = control.getBoundingClientRect();
        const under = tiles.filter((t) => {
          const i = intersect(r, t.box);
          return i.width > OVERLAP && i.height > OVERLAP;
        });
        if (under.length) {
          const names = under.slice(0, 3).map((t) => t.node.getAttribute("data-cell")).join(" ");
          problems.push(`control over tiles: ${describe(control)} ${box(r)} covers ${under.length} tile(s) (${names})`);
        }
      }
    }
  }

  function longName(text, names) {
    const t = text.trim();
    return t.length > NAME && names.some((n) => n.length > NAME && t.includes(n));
  }

  function checkText(problems, names) {
    for (const node of document.body.querySelectorAll("*")) {
      if (node.tagName === "OPTION" || node.closest("svg")) continue;
      const text = (node.textContent || "").trim();
      if (!text || hidden(node)) continue;
      const style = css(node);
      const cut = node.scrollWidth > node.clientWidth + SLACK;
      if (style.textOverflow === "ellipsis" && cut && style.overflowX !== "visible") {
        if (!longName(text, names) && !(node.tagName === "A" && text === node.href)) {
          problems.push(`ellipsis: ${describe(node)} shows ${node.clientWidth} of ${node.scrollWidth} px`);
        }
        continue;
      }
      if (ownText(node).length === 0) continue;
      if (empty(clipped(node, node.getBoundingClientRect()))) continue;
      if ((style.overflowX === "hidden" || style.overflowX === "clip") && cut && !longName(text, names)) {
        problems.push(`text cut: ${describe(node)} shows ${node.clientWidth} of ${node.scrollWidth} px`);
        continue;
      }
      // the text's lines beyond the element's box (its overflow visible): it runs into what is beside it
      const own = node.getBoundingClientRect();
      for (const t of ownText(node)) {
        const range = document.createRange();
        range.selectNodeContents(t);
        const r = range.getBoundingClientRect();
        const over = Math.max(own.left - r.left, r.right - own.right);
        if (style.display !== "inline" && over > 2 && !longName(text, names)) {
          problems.push(`text overflows its box: ${describe(node)} by ${px(over)} px (box ${box(own)})`);
          break;
        }
      }
    }
  }

  /* Rendered, yet entirely cut away by an ancestor that does not scroll: a control the player cannot reach. */
  function checkOutOfReach(problems) {
    const modal = document.querySelector("dialog[open]:modal");
    for (const node of (modal || document.body).querySelectorAll(INTERACTIVE)) {
      if (boardOf(node) || hidden(node)) continue;
      const r = node.getBoundingClientRect();
      if (r.width < 4 || r.height < 4) continue; // a visually hidden control (a file input behind its label)
      if (empty(clipped(node, r, false))) {
        problems.push(`out of reach: ${describe(node)} ${box(r)} is cut away by an ancestor that does not scroll`);
      }
    }
  }

  function checkScrolling(problems) {
    const root = document.scrollingElement;
    if (root.scrollWidth > root.clientWidth + SLACK) {
      problems.push(`horizontal scroll: the page is ${root.scrollWidth} px wide in ${root.clientWidth} px`);
    }
    let last = 0;
    for (const node of document.body.querySelectorAll("*")) {
      if (hidden(node)) continue;
      const visual = ownText(node).length || node.matches(INTERACTIVE + ", img, svg, canvas, progress, .board");
      if (!visual) continue;
      const r = clipped(node, node.getBoundingClientRect());
      if (!empty(r)) last = Math.max(last, r.bottom + scrollY);
    }
    const past = root.scrollHeight - last;
    if (past > innerHeight) {
      problems.push(`blank scroll: the page scrolls ${px(past)} px past its last content (screen ${innerHeight} px)`);
    }
  }

  function visibleBoard(board) {
    return intersect(clipped(board, board.getBoundingClientRect()), viewport());
  }

  function checkBoards(problems, opts) {
    if (document.querySelector("dialog[open]:modal")) return; // the board is behind the dialog
    for (const board of document.querySelectorAll(".board")) {
      if (hidden(board)) continue;
      const seen = visibleBoard(board);
      const where = describe(board).split(" ")[0];
      const selected = document.querySelector('[data-rack] [aria-pressed="true"]');
      if (selected && !hidden(selected) && board.id === "board") {
        const legal = [...board.querySelectorAll("[data-cell][data-legal]")];
        const out = legal.filter((c) => !inside(c.getBoundingClientRect(), seen));
        if (out.length) {
          const cells = out.slice(0, 4).map((c) => c.getAttribute("data-cell")).join(" ");
          problems.push(
            `allowed cells off the board: ${out.length} of ${legal.length} allowed cells for ` +
              `${describe(selected)} lie outside ${where} (${box(seen)}): ${cells}`,
          );
        }
      }
      if (!opts.fitted) continue;
      const tiles = [...board.querySelectorAll("[data-cell][data-tile]")];
      if (!tiles.length) continue;
      const out = tiles.filter((t) => !inside(t.getBoundingClientRect(), seen));
      if (out.length) {
        const cells = out.slice(0, 4).map((c) => c.getAttribute("data-cell")).join(" ");
        problems.push(`board not fitted: ${out.length} of ${tiles.length} tiles lie outside ${where} (${box(seen)}): ${cells}`);
      }
      const size = Math.min(...tiles.map((t) => t.getBoundingClientRect().width));
      if (opts.tablet && size < TILE - 0.5) {
        problems.push(`small tiles: ${where} shows its ${tiles.length} tiles at ${size.toFixed(1)} px (under ${TILE})`);
      }
    }
  }

  function checkTapTargets(problems) {
    const modal = document.querySelector("dialog[open]:modal");
    const done = new Set();
    for (const node of (modal || document.body).querySelectorAll(INTERACTIVE)) {
      if (boardOf(node) || node.matches(".board") || hidden(node)) continue;
      // a checkbox or a radio is tapped through its label
      const target = node.matches("input[type=checkbox], input[type=radio]") ? node.closest("label") || node : node;
      if (done.has(target)) continue;
      done.add(target);
      if (target.tagName === "INPUT" && target.type === "file") continue;
      const r = target.getBoundingClientRect();
      if (r.width < 4 || r.height < 4) continue; // visually hidden (reached through its label)
      if (empty(clipped(target, r))) continue;
      if (r.width < TAP - 0.5 || r.height < TAP - 0.5) {
        problems.push(`small tap target: ${describe(target)} is ${px(r.width)}x${px(r.height)} px (under ${TAP}x${TAP})`);
      }
    }
  }

  window.layoutSettle = async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    await frame();
    await frame();
    const finite = document
      .getAnimations()
      .filter((a) => a.playState === "running" && a.effect && a.effect.getComputedTiming().endTime !== Infinity);
    if (finite.length === 0) return;
    await Promise.all(finite.map((a) => a.finished.catch(() => null)));
    await frame();
  };

  /* The page's geometry in one string: two states with the same fingerprint (the light and the dark theme, which
     change colours only) get the same audit. */
  window.layoutFingerprint = () => {
    const parts = [innerWidth, innerHeight, scrollX, scrollY, document.scrollingElement.scrollWidth,
      document.scrollingElement.scrollHeight];
    for (const n of document.body.querySelectorAll("*")) {
      const r = n.getBoundingClientRect();
      parts.push(`${r.left},${r.top},${r.width},${r.height}`);
    }
    return parts.join(";");
  };

  window.layoutAudit = (opts = {}) => {
    styles = new Map();
    hiddenMemo = new Map();
    clipMemo = [new Map(), new Map()];
    const problems = [];
    const names = opts.names || [];
    checkOverlaps(items().map(placed), problems);
    checkControlsOverTiles(problems);
    checkText(problems, names);
    checkOutOfReach(problems);
    checkScrolling(problems);
    checkBoards(problems, opts);
    if (opts.phone) checkTapTargets(problems);
    return problems;
  };
})();
