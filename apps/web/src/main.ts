/**
 * The page's entry: starts the language worker, then loads the page (monaco and the controls) as a separate chunk.
 * While that chunk downloads and compiles, the page's thread is free, so the worker loads its script and builds its
 * service at the same time; evaluating monaco first would hold the worker back until it is done.
 */
import './worker/start.js';

void import('./page.js');
