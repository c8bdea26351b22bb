import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { checkSpec, formatProblem } from './openapi-spec.js';

const BROKEN = `openapi: 3.1.0
info:
  title: Pets
paths:
  /pets:
    get:
      parameters:
        - name: limit
          in: querystring
          schema:
            type: integer
      responses:
        '200':
          description: ok
          contnt: {}
`;

describe('checkSpec', () => {
  it('accepts a valid spec, YAML or JSON, and gives its version', async () => {
    const yaml = await checkSpec(
      "openapi: 3.0.3\ninfo: {title: Pets, version: '1'}\npaths: {}\n",
      'pets.yaml',
    );
    expect(yaml).toMatchObject({ version: '3.0.3', problems: [] });
    const json = await checkSpec(
      '{"openapi":"3.1.0","info":{"title":"x","version":"1"},"paths":{}}',
      'x.json',
    );
    expect(json.problems).toEqual([]);
  });

  it("accepts the service's own published document", async () => {
    const require = createRequire(import.meta.url);
    const text = readFileSync(require.resolve('@gitbook/api/spec/openapi.yaml'), 'utf8');
    const checked = await checkSpec(text, 'openapi.yaml');
    expect(checked.problems).toEqual([]);
    expect(checked.version).toBe('3.1.0');
  });

  it('locates every problem: file, line and column of the key, and JSON pointer', async () => {
    const { problems } = await checkSpec(BROKEN, 'specs/pets.yaml');
    expect(problems.map(formatProblem)).toEqual([
      "specs/pets.yaml:2:1 /info: must have required property 'version'",
      'specs/pets.yaml:9:11 /paths/~1pets/get/parameters/0/in: must be one of "query", "header", "path", "cookie"',
      'specs/pets.yaml:15:11 /paths/~1pets/get/responses/200/contnt: unknown property "contnt"',
    ]);
  });

  it('points at a $ref that leads nowhere', async () => {
    const text = [
      '{"openapi": "3.1.0", "info": {"title": "x", "version": "1"},',
      ' "paths": {"/a": {"get": {"responses": {"200": {"description": "ok",',
      '  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Nope"}}}}}}}}}',
    ].join('\n');
    const { problems } = await checkSpec(text, 'a.json');
    expect(problems).toEqual([
      {
        file: 'a.json',
        line: 3,
        column: 47,
        pointer: '/paths/~1a/get/responses/200/content/application~1json/schema/$ref',
        message: '$ref "#/components/schemas/Nope" points at nothing',
      },
    ]);
  });

  it('reports text that is not YAML or JSON at its line, and a document with no version', async () => {
    const syntax = await checkSpec('openapi: 3.1.0\ninfo: [\n', 'x.yaml');
    expect(syntax.problems).toHaveLength(1);
    expect(syntax.problems[0]).toMatchObject({
      file: 'x.yaml',
      line: expect.any(Number) as number,
      pointer: '',
    });
    expect(syntax.problems[0]?.message).toMatch(/^not valid YAML or JSON: /);

    const versionless = await checkSpec('info: {}\n', 'x.yaml');
    expect(versionless.problems[0]?.message).toMatch(/version/);
    const notAnObject = await checkSpec('- a\n- b\n', 'x.yaml');
    expect(notAnObject.problems[0]?.message).toBe('an OpenAPI spec is an object');
  });

  it('never reads a one-line spec as a file path', async () => {
    const { problems } = await checkSpec('/etc/hostname', 'x.yaml');
    expect(problems[0]?.message).toBe('an OpenAPI spec is an object');
  });
});
