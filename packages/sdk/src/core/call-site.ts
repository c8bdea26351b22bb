/*
 * Where an SDK method was called from: its stack is added to any error the call throws, since
 * the error's own stack ends inside the SDK and ky, after the caller's `await` began. The SDK's
 * own frames are left out, so the caller's line comes first after `--- called from ---`.
 */

/** A stack taken when an SDK method was called (cheap: V8 formats it only when read). */
export interface CallSite {
  stack?: string | undefined;
}

/**
 * Where the SDK's own code lives, to recognise its frames: the package's `dist/` (or `src/`)
 * folder when loaded as files, or this one file when a bundler put the SDK in one.
 */
const SDK_CODE: readonly string[] = ((): string[] => {
  try {
    const here = new URL(/\/core\/call-site\.[jt]s$/.test(import.meta.url) ? '..' : '', import.meta.url);
    // Stacks name ES modules by URL, and by path where source maps were applied.
    return here.protocol === 'file:' ? [here.href, decodeURI(here.pathname)] : [here.href];
  } catch {
    // No module URL (a bundle to CommonJS): every frame is kept.
    return [];
  }
})();

export function callSite(): CallSite {
  const site: CallSite = {};
  const capture = (Error as { captureStackTrace?: (target: object) => void }).captureStackTrace;
  if (capture) capture(site);
  else site.stack = new Error().stack;
  return site;
}

/** The caller's frames: the stack without its first line and the SDK's frames above the caller. */
function callerFrames(stack: string): string {
  const frames = stack.split('\n').slice(1);
  let first = 0;
  while (first < frames.length - 1 && isSdkFrame(frames[first]!)) first++;
  return frames.slice(first).join('\n');
}

function isSdkFrame(frame: string): boolean {
  if (/\.test\.[jt]s\b/.test(frame)) return false;
  return SDK_CODE.some((code) => {
    const at = frame.indexOf(code);
    // The bundle's own file: the path must end there (`sdk.js:12:5`), not go on into a folder.
    return at >= 0 && (code.endsWith('/') || /^:\d/.test(frame.slice(at + code.length)));
  });
}

const sited = new WeakSet<object>();

/** Adds the caller's frames to the stack of `error` (once). */
export function withCallSite(error: unknown, site: CallSite): unknown {
  if (!(error instanceof Error) || sited.has(error)) return error;
  sited.add(error);
  const frames = site.stack === undefined ? '' : callerFrames(site.stack);
  if (frames && typeof error.stack === 'string') {
    try {
      error.stack = `${error.stack}\n    --- called from ---\n${frames}`;
    } catch {
      // A frozen error keeps its stack.
    }
  }
  return error;
}
