/* The layout check of issue 48, run inside a page: `await layoutSettle()` waits until the page has stopped moving
   (two animation frames, every finite animation finished), then `layoutAudit(opts)` returns the page's layout
   problems as short strings, each naming its element(s) and the numbers (an empty list: nothing found).

   opts: {phone: bool (touch targets of 44x44 px), tablet: bool (tiles of 28 px once fitted), fitted: bool (the board
   is fitted to its whole position: game over, review, puzzle), names: [player names] (names over 12 characters may
   be cut by an ellipsis)}.

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

  /* Hidden from the player: no box, visibility, a transparent ancestor, aria-hidden, an inert or closed part. */
  function hidden(node) {
    if (node.getClientRects().length === 0) return true;
    const style = getComputedStyle(node);
    if (style.visibility !== "visible") return true;
    for (let n = node; n && n.nodeType === Node.ELEMENT_NODE; n = n.parentElement) {
      if (n.getAttribute("aria-hidden") === "true" || n.inert) return true;
      if (n !== node && n.tagName === "DIALOG" && !n.open) return true;
      if (parseFloat(getComputedStyle(n).opacity) === 0) return true;
    }
    return false;
  }

  /* The part of `r` that the element's clipping ancestors leave on the page. `scrollers`: whether a scroll
     container (overflow auto/scroll) clips too (it does for what is seen now; not for what can be reached). */
  function clipped(node, r, scrollers = true) {
    let out = r;
    for (let n = node.parentElement; n && n !== document.documentElement; n = n.parentElement) {
      const style = getComputedStyle(n);
      if (style.position === "fixed" && n !== node) break;
      const kinds = [style.overflowX, style.overflowY];
      const clips = kinds.some((k) => k === "hidden" || k === "clip" || (scrollers && (k === "auto" || k === "scroll")));
      if (clips && n !== document.body) out = intersect(out, n.getBoundingClientRect());
      if (empty(out)) return out;
    }
    return out;
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
        const c = clipped(node, r);
        if (!empty(c)) boxes.push(c);
      }
    }
    return boxes;
  }

  function elementBoxes(node) {
    const display = getComputedStyle(node).display;
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

  /* A pair the page means to overlap: the board's own parts among themselves, its controls over the board
     (those over a tile are the next rule's), an element and what it contains. */
  function meant(a, b) {
    if (a.node.contains(b.node) || b.node.contains(a.node)) return true;
    const boardA = boardOf(a.node);
    const boardB = boardOf(b.node);
    if (boardA && boardA === boardB) return true;
    const area = (n) => n.closest(".board-area");
    if ((isControl(a.node) && boardB) || (isControl(b.node) && boardA)) {
      return area(a.node) === area(b.node);
    }
    // a label and its own control (a checkbox drawn beside its text, inside the same label)
    const label = (n) => n.closest("label");
    if (label(a.node) && label(a.node) === label(b.node)) return true;
    return false;
  }

  function checkOverlaps(list, problems) {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i];
        const b = list[j];
        if (meant(a, b)) continue;
        const shared = overlaps(a, b);
        if (shared) {
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
      const style = getComputedStyle(node);
      const cut = node.scrollWidth > node.clientWidth + SLACK;
      if (style.textOverflow === "ellipsis" && cut && style.overflowX !== "visible") {
        if (!longName(text, names)) {
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
    await Promise.all(finite.map((a) => a.finished.catch(() => null)));
    await frame();
    await frame();
  };

  window.layoutAudit = (opts = {}) => {
    const problems = [];
    const names = opts.names || [];
    checkOverlaps(items(), problems);
    checkControlsOverTiles(problems);
    checkText(problems, names);
    checkOutOfReach(problems);
    checkScrolling(problems);
    checkBoards(problems, opts);
    if (opts.phone) checkTapTargets(problems);
    return problems;
  };
})();
