/*
 * The did-you-mean of every "unknown key" message (a request's body, the client's options): in
 * the contract so that both the contract and the core may use it, the contract importing nothing
 * from the core.
 */

/**
 * The known key meant: the same but for case, within two edits, or one that holds the given key
 * whole (`retries` → `maxRetries`, `delay` → `maxRetryDelay`).
 */
export function nearest(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  let best: string | undefined;
  let bestDistance = 3;
  for (const each of known) {
    const distance = each.toLowerCase() === lower ? 0 : editDistance(lower, each.toLowerCase());
    if (distance < bestDistance) {
      best = each;
      bestDistance = distance;
    }
  }
  if (best || lower.length < 4) return best;
  const holding = known.filter((each) => each.toLowerCase().includes(lower));
  return holding.length === 1 ? holding[0] : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}
