import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeActivity, Spinner, SPINNER_DELAY_MS, type Activity } from './activity.js';
import { createOutput } from './output.js';

const output = createOutput();

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const retry = {
  operation: 'sites.get',
  method: 'GET',
  path: '/x',
  attempt: 1,
  maxRetries: 2,
  delayMs: 5000,
  reason: 'HTTP 503',
};

describe('describeActivity', () => {
  it('says nothing for the first second, then names the host and the time', () => {
    const activity: Activity = {
      inFlight: new Map([[0, { host: 'api.example.test', started: 0 }]]),
      retry: undefined,
    };
    expect(describeActivity(activity, SPINNER_DELAY_MS - 1)).toBeUndefined();
    expect(describeActivity(activity, 3200)).toBe('Waiting for api.example.test… 3 s');
  });

  it('names the retry under way and its wait', () => {
    const activity: Activity = {
      inFlight: new Map(),
      retry: { host: 'api.example.test', event: retry, until: 5000 },
    };
    expect(describeActivity(activity, 1000)).toBe('api.example.test: HTTP 503; retry 1 of 2 in 4 s…');
  });
});

describe('the whole wait (issue 23)', () => {
  it('counts from the first attempt across a retry, and after 10 s says the server has not answered', () => {
    const activity: Activity = {
      inFlight: new Map([[1, { host: 'api.example.test', started: 12_000 }]]),
      retry: undefined,
      since: 0,
      lastRetry: { ...retry, reason: 'timeout' },
    };
    expect(describeActivity(activity, 14_000, 60_000)).toBe(
      'api.example.test has not answered: 14 s of 1 min (retry 1 of 2); --timeout <seconds> bounds the wait',
    );
    const first: Activity = {
      inFlight: new Map([[0, { host: 'h', started: 0 }]]),
      retry: undefined,
      since: 0,
    };
    expect(describeActivity(first, 9_000, 60_000)).toBe('Waiting for h… 9 s');
    expect(describeActivity(first, 10_000, 60_000)).toMatch(/^h has not answered: 10 s of 1 min;/);
  });

  it('keeps the clock when an attempt fails and its retry starts, and starts it again after an answer', async () => {
    const spinner = new Spinner(output, () => false);
    const fail = spinner.wrap(() => Promise.reject(new Error('timeout')));
    const answer = spinner.wrap(() => Promise.resolve(new Response('{}')));
    await fail('http://h/v1').catch(() => undefined);
    const since = spinner.activity.since;
    expect(since).toBeTypeOf('number');
    spinner.onRetry(retry, 'http://h/v1');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await answer('http://h/v1');
    expect(spinner.activity.since).toBeUndefined();
    await answer('http://h/v1');
    expect(spinner.activity.since).toBeUndefined();
  });
});

describe('at a narrow terminal (issue 31)', () => {
  it('leaves the hint out of the live line rather than cutting it, shortest last', () => {
    const first: Activity = {
      inFlight: new Map([[0, { host: '127.0.0.1:4010', started: 0 }]]),
      retry: undefined,
      since: 0,
    };
    expect(describeActivity(first, 14_000, 60_000, 118)).toBe(
      '127.0.0.1:4010 has not answered: 14 s of 1 min; --timeout <seconds> bounds the wait',
    );
    expect(describeActivity(first, 14_000, 60_000, 58)).toBe(
      '127.0.0.1:4010 has not answered: 14 s of 1 min',
    );
    expect(describeActivity(first, 14_000, 60_000, 38)).toBe('No answer: 14 s of 1 min');
  });

  it('says the hint once as a message when the line has no room for it', async () => {
    vi.useFakeTimers();
    const lines: Array<string | undefined> = [];
    const infos: string[] = [];
    vi.spyOn(output, 'live').mockImplementation((line) => void lines.push(line));
    vi.spyOn(output, 'info').mockImplementation((line) => void infos.push(line));
    const columns = Object.getOwnPropertyDescriptor(process.stderr, 'columns');
    Object.defineProperty(process.stderr, 'columns', { value: 40, configurable: true });
    try {
      const spinner = new Spinner(output, () => true);
      spinner.timeoutMs = 60_000;
      const pending = spinner.wrap(() => new Promise<Response>(() => undefined))('http://127.0.0.1:4010/v1');
      void pending;
      await vi.advanceTimersByTimeAsync(12_000);
      expect(lines.at(-1)).toMatch(/^\S No answer: 1\d s of 1 min$/);
      expect(infos).toEqual([
        'The server has not answered yet: --timeout <seconds> bounds the wait (retries included).',
      ]);
      spinner.stop();
    } finally {
      if (columns) Object.defineProperty(process.stderr, 'columns', columns);
      else delete (process.stderr as { columns?: number }).columns;
    }
  });
});

describe('Spinner', () => {
  it('draws on stderr once a request is slow, names its retry, and clears when done', async () => {
    vi.useFakeTimers();
    const lines: Array<string | undefined> = [];
    vi.spyOn(output, 'live').mockImplementation((line) => void lines.push(line));
    const spinner = new Spinner(output, () => true);
    let answer!: (response: Response) => void;
    const fetch = spinner.wrap(() => new Promise<Response>((resolve) => (answer = resolve)));

    const pending = fetch('http://127.0.0.1:4010/v1/orgs');
    await vi.advanceTimersByTimeAsync(500);
    expect(lines).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(lines.at(-1)).toMatch(/^\S Waiting for 127\.0\.0\.1:4010… 1 s$/);
    answer(new Response('{}'));
    await pending;
    expect(lines.at(-1)).toBeUndefined();

    spinner.onRetry(retry, 'http://127.0.0.1:4010/v1');
    await vi.advanceTimersByTimeAsync(200);
    expect(lines.at(-1)).toMatch(/127\.0\.0\.1:4010: HTTP 503; retry 1 of 2 in 5 s…$/);
    spinner.stop();
  });

  it('stays silent when stderr is not a terminal', async () => {
    vi.useFakeTimers();
    const live = vi.spyOn(output, 'live');
    const spinner = new Spinner(output, () => false);
    const fetch = spinner.wrap(
      () => new Promise<Response>((resolve) => setTimeout(() => resolve(new Response('')), 3000)),
    );
    const pending = fetch('http://127.0.0.1:4010/v1/orgs');
    await vi.advanceTimersByTimeAsync(3000);
    await pending;
    expect(live).not.toHaveBeenCalled();
  });

  it('a body that stalls after the headers gets the spinner at the same moment as a silent server, and the same words at 10 s', async () => {
    vi.useFakeTimers();
    const lines: Array<string | undefined> = [];
    vi.spyOn(output, 'live').mockImplementation((line) => void lines.push(line));
    const spinner = new Spinner(output, () => true);
    spinner.timeoutMs = 60_000;
    let release!: () => void;
    // Headers at once; the body only when released (a server that stalls it).
    const stalled = {
      status: 200,
      text: () => new Promise<string>((resolve) => (release = () => resolve('{}'))),
    } as unknown as Response;
    const fetch = spinner.wrap(() => Promise.resolve(stalled));
    const response = await fetch('http://127.0.0.1:4010/v1/orgs');
    expect(response.status).toBe(200);
    const body = response.text();
    await vi.advanceTimersByTimeAsync(SPINNER_DELAY_MS - 100);
    expect(lines).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    expect(lines.at(-1)).toMatch(/^\S Waiting for 127\.0\.0\.1:4010… 1 s$/);
    await vi.advanceTimersByTimeAsync(9000);
    expect(lines.at(-1)).toMatch(/127\.0\.0\.1:4010 has not answered: 10 s of 1 min/);
    release();
    expect(await body).toBe('{}');
    expect(lines.at(-1)).toBeUndefined();
    spinner.stop();
  });

  it('a body never read is not waited for', async () => {
    vi.useFakeTimers();
    const live = vi.spyOn(output, 'live');
    const spinner = new Spinner(output, () => true);
    const fetch = spinner.wrap(() => Promise.resolve(new Response(null, { status: 204 })));
    await fetch('http://127.0.0.1:4010/v1/orgs');
    await vi.advanceTimersByTimeAsync(3000);
    expect(live).not.toHaveBeenCalled();
  });
});
