// The benchmark's steps in the page: each acts as a user does (keyboard, clipboard) and measures in the page's own
// clock (performance.now()), from the input event to what the user sees.

/** The 1-based lines and columns of the first `count` places where `needle` starts (after `after`) in `text`. */
export function locateAll(text, needle, after, count) {
  const places = [];
  let offset = text.indexOf(needle, after === '' ? 0 : text.indexOf(after));
  while (places.length < count && offset >= 0) {
    const before = text.slice(0, offset).split('\n');
    places.push({ line: before.length, column: before.at(-1).length + 1 });
    offset = text.indexOf(needle, offset + needle.length);
  }
  return places;
}

/** Waits until the worker has validated the current version of the document. */
export async function waitValidated(page) {
  await page.waitForFunction(() => document.body.dataset.validated === window.dbkitPlayground.version());
}

/** Moves the cursor with "Go to line" (Ctrl+G). */
export async function goTo(page, line, column) {
  await page.click('.monaco-editor .view-lines');
  await page.keyboard.press('Control+G');
  await page.waitForSelector('.quick-input-widget .quick-input-box input');
  await page.keyboard.type(`${line}:${column}`);
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    (text) => document.getElementById('cursor')?.textContent === text,
    `Ln ${line}, Col ${column}`,
  );
}

/** Replaces the document by pasting `text`; ms from the paste event to the new version's markers. */
export async function pasteAndTime(page, text) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.click('.monaco-editor .view-lines');
  await page.keyboard.press('Control+A');
  // The page records the times itself; the bench polls for the result (a long-pending evaluate is fragile).
  await page.evaluate((length) => {
    window.__pasted = undefined;
    let start;
    window.addEventListener('paste', () => (start = performance.now()), { capture: true, once: true });
    const observer = new MutationObserver(() => {
      const handle = window.dbkitPlayground;
      if (start === undefined || document.body.dataset.validated !== handle.version()) return;
      if (handle.text().length !== length) return;
      observer.disconnect();
      window.__pasted = performance.now() - start;
    });
    observer.observe(document.body, { attributes: true, attributeFilter: ['data-validated'] });
  }, text.length);
  await page.keyboard.press('Control+V');
  await page.waitForFunction(() => window.__pasted !== undefined, null, { polling: 50 });
  return page.evaluate(() => window.__pasted);
}

/** Types `chars` at the cursor like a quick typist; the longest main-thread task meanwhile (0: none ≥ 50 ms). */
export async function longestTaskWhileTyping(page, chars) {
  await waitValidated(page);
  await page.evaluate(() => {
    window.__longest = 0;
    window.__tasks = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
    });
    window.__tasks.observe({ type: 'longtask' });
  });
  await page.keyboard.type(chars, { delay: 60 });
  await waitValidated(page);
  return page.evaluate(() => {
    for (const entry of window.__tasks.takeRecords()) window.__longest = Math.max(window.__longest, entry.duration);
    window.__tasks.disconnect();
    return window.__longest;
  });
}

/** At a member's `host`: clears the value and types `"`; ms from the keydown to a visible completion list. */
export async function completionTimes(page, host, runs) {
  const times = [];
  for (let run = 0; run < runs; run++) {
    await goTo(page, host.line, host.column + 8);
    await page.keyboard.press('Shift+End');
    await page.keyboard.press('Delete');
    await waitValidated(page);
    await page.evaluate(() => {
      window.__keydown = undefined;
      window.__shownAt = undefined;
      // The first frame in which the list's first row is displayed, in the page's clock. Not monaco's `visible`
      // class: monaco adds it 100 ms after showing the list (suggestWidget.js `_show`, a hook for VS Code's
      // workbench) and no style of the standalone editor depends on it, so the user sees the list before it.
      const poll = () => {
        const row = document.querySelector('.suggest-widget .monaco-list-row');
        if (
          row?.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
          row.getBoundingClientRect().height > 0
        )
          window.__shownAt = performance.now();
        else requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
      window.addEventListener('keydown', () => (window.__keydown = performance.now()), { capture: true, once: true });
    });
    await page.keyboard.type('"');
    // The list's first row is rendered: the time of that frame, in the page's clock.
    await page.waitForFunction(() => window.__shownAt !== undefined);
    const visibleAt = await page.evaluate(() => window.__shownAt);
    times.push(visibleAt - (await page.evaluate(() => window.__keydown)));
    await page.keyboard.press('Escape');
  }
  return times;
}
