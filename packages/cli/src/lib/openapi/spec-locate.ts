/*
 * Finding where JSON pointers are in a spec's text, only once a check has found problems:
 * a JSON spec is parsed with JSON.parse (no positions), so its pointers are found by one scan
 * of the text that follows only the paths that lead to them and skips every other value.
 * Offsets become 1-based lines and columns in one pass over the text.
 */

/** Unescapes one JSON-pointer segment. */
export function unescapeSegment(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Escapes a key as a JSON-pointer segment. */
export function pointerSegment(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The segments of a pointer (`''` has none). */
export function pointerSegments(pointer: string): string[] {
  return pointer === '' ? [] : pointer.split('/').slice(1).map(unescapeSegment);
}

interface Trie {
  children: Map<string, Trie>;
  /** Offset of the key (for an object member) or of the value (for an array item, the root). */
  offset?: number;
}

const SPACE = new Set([0x20, 0x0a, 0x0d, 0x09]);

/**
 * The offset of each pointer in a JSON text: the member's key when the pointer ends at an
 * object member, otherwise the value; for a pointer that goes past what exists, its nearest
 * ancestor that does. The text must be valid JSON (it has been through JSON.parse).
 */
export function locateInJson(text: string, pointers: readonly string[]): Map<string, number> {
  const root: Trie = { children: new Map() };
  for (const pointer of pointers) {
    let node = root;
    for (const key of pointerSegments(pointer)) {
      let next = node.children.get(key);
      if (!next) node.children.set(key, (next = { children: new Map() }));
      node = next;
    }
  }
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && SPACE.has(text.charCodeAt(i))) i++;
  };
  /** Past a string starting at `i` (on its quote); returns its raw body. */
  const readString = (): string => {
    const start = i + 1;
    let end = text.indexOf('"', start);
    while (end > 0) {
      let slashes = 0;
      while (text.charCodeAt(end - 1 - slashes) === 0x5c) slashes++;
      if (slashes % 2 === 0) break;
      end = text.indexOf('"', end + 1);
    }
    i = end + 1;
    return text.slice(start, end);
  };
  const skipValue = () => {
    const first = text.charCodeAt(i);
    if (first === 0x22) {
      readString();
      return;
    }
    if (first !== 0x7b && first !== 0x5b) {
      while (i < text.length && !',]}'.includes(text[i]!) && !SPACE.has(text.charCodeAt(i))) i++;
      return;
    }
    let depth = 0;
    while (i < text.length) {
      const code = text.charCodeAt(i);
      if (code === 0x22) {
        readString();
        continue;
      }
      if (code === 0x7b || code === 0x5b) depth++;
      else if (code === 0x7d || code === 0x5d) {
        depth--;
        if (depth === 0) {
          i++;
          return;
        }
      }
      i++;
    }
  };
  const walk = (node: Trie) => {
    skipSpace();
    if (node.children.size === 0) return skipValue();
    const open = text.charCodeAt(i);
    if (open !== 0x7b && open !== 0x5b) return skipValue();
    i++;
    let index = 0;
    for (;;) {
      skipSpace();
      const code = text.charCodeAt(i);
      if (code === 0x7d || code === 0x5d || i >= text.length) {
        i++;
        return;
      }
      if (code === 0x2c) {
        i++;
        continue;
      }
      let child: Trie | undefined;
      if (open === 0x7b) {
        const keyOffset = i;
        const raw = readString();
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        child = node.children.get(key);
        if (child) child.offset = keyOffset;
        skipSpace();
        i++; // the colon
        skipSpace();
      } else {
        child = node.children.get(String(index++));
        if (child) child.offset = i;
      }
      if (child) walk(child);
      else skipValue();
    }
  };
  skipSpace();
  root.offset = i;
  walk(root);

  const found = new Map<string, number>();
  for (const pointer of pointers) {
    let node = root;
    let offset = root.offset ?? 0;
    for (const key of pointerSegments(pointer)) {
      const next = node.children.get(key);
      if (next?.offset === undefined) break;
      node = next;
      offset = next.offset;
    }
    found.set(pointer, offset);
  }
  return found;
}

/** 1-based line and column of each offset, in one pass over the text. */
export function linesAndColumns(
  text: string,
  offsets: Iterable<number>,
): Map<number, { line: number; column: number }> {
  const sorted = [...new Set(offsets)].sort((a, b) => a - b);
  const result = new Map<number, { line: number; column: number }>();
  let line = 1;
  let lineStart = 0;
  for (const offset of sorted) {
    for (;;) {
      const next = text.indexOf('\n', lineStart);
      if (next < 0 || next >= offset) break;
      line++;
      lineStart = next + 1;
    }
    result.set(offset, { line, column: offset - lineStart + 1 });
  }
  return result;
}
