import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOutput, formatDate, plural } from './output.js';
import { displayWidth } from './table.js';
import { terminal } from './terminal.js';

const output = createOutput();

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

function captureStdout(): string[] {
  const written: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    written.push(String(chunk));
    return true;
  });
  return written;
}

describe('formatDate', () => {
  it('is the ISO 8601 text when stdout is not a terminal', () => {
    vi.spyOn(terminal, 'stdoutIsTTY').mockReturnValue(false);
    expect(formatDate('2026-01-05T09:00:00.000Z')).toBe('2026-01-05T09:00:00.000Z');
  });

  it('is the local time with its zone at a terminal', () => {
    vi.spyOn(terminal, 'stdoutIsTTY').mockReturnValue(true);
    vi.stubEnv('TZ', 'UTC');
    expect(formatDate('2026-01-05T09:00:00.000Z')).toBe('2026-01-05 09:00 UTC');
    vi.stubEnv('TZ', 'Asia/Tokyo');
    expect(formatDate('2026-01-05T09:00:00.000Z')).toMatch(/^2026-01-05 18:00 \S+$/);
  });
});

describe('plural', () => {
  it('says 1 thing and 2 things', () => {
    expect(plural(1, 'open comment')).toBe('1 open comment');
    expect(plural(0, 'open comment')).toBe('0 open comments');
    expect(plural(2, 'reply', 'replies')).toBe('2 replies');
  });
});

describe('output.table', () => {
  const rows = [
    {
      id: 'space_handbook',
      title: 'Handbook of everything the company knows, written down at last',
      status: 'open',
      updated: '2026-01-05T09:00:00.000Z',
    },
    { id: 'space_api', title: 'API', status: 'merged', updated: '2026-01-06T09:00:00.000Z' },
  ];
  const columns = [
    { header: 'ID', value: (r: (typeof rows)[number]) => r.id },
    { header: 'TITLE', value: (r: (typeof rows)[number]) => r.title, cut: true },
    { header: 'STATUS', value: (r: (typeof rows)[number]) => r.status },
    { header: 'UPDATED', value: (r: (typeof rows)[number]) => formatDate(r.updated) },
  ];

  it('piped: tab-separated, no colour, ISO times', () => {
    vi.spyOn(terminal, 'stdoutIsTTY').mockReturnValue(false);
    const written = captureStdout();
    output.table(rows, columns);
    expect(written).toEqual([
      'space_handbook\tHandbook of everything the company knows, written down at last\topen\t2026-01-05T09:00:00.000Z\n',
      'space_api\tAPI\tmerged\t2026-01-06T09:00:00.000Z\n',
    ]);
  });

  it('at a 60-column terminal: fits, ids whole, the zone in the header, status coloured', () => {
    vi.spyOn(terminal, 'stdoutIsTTY').mockReturnValue(true);
    vi.spyOn(terminal, 'stdoutColor').mockReturnValue(true);
    vi.stubEnv('TZ', 'UTC');
    vi.stubEnv('COLUMNS', '60');
    const written = captureStdout();
    output.table(rows, columns);
    const lines = written.join('').trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(60);
    expect(lines[0]).toContain('UPDATED (UTC)');
    expect(lines[2]).toMatch(/^space_handbook {2}Hand.*…/);
    expect(lines[2]).toContain('\u001b[32mopen');
    expect(lines[3]).toContain('\u001b[35mmerged');
    expect(lines[3]).toContain('2026-01-06 09:00');
  });

  it('without colour when NO_COLOR is set', () => {
    vi.spyOn(terminal, 'stdoutIsTTY').mockReturnValue(true);
    vi.stubEnv('NO_COLOR', '1');
    const written = captureStdout();
    output.table(rows, columns);
    expect(written.join('')).not.toContain('\u001b[');
  });
});

describe('output.fields', () => {
  it('at a 60-column terminal puts a value wider than its column (a URL) whole on a line of its own', () => {
    vi.spyOn(terminal, 'stdoutIsTTY').mockReturnValue(true);
    vi.stubEnv('COLUMNS', '60');
    const url = 'http://127.0.0.1:4011/v1/spaces/space_handbook/change-requests/cr_cli/comments/comment_1';
    const written: string[] = [];
    const captured = createOutput({ stdout: { write: (text: string) => written.push(text) } });
    captured.fields([
      ['Status', 'open'],
      ['API URL', url],
    ]);
    expect(written.join('')).toBe(`Status:  open\nAPI URL:\n${url}\n`);
  });
});
