import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateSpec, resourcesFor } from '../../../../../test/fixtures/openapi/generate.mjs';
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

  it('locates problems under YAML keys that are numbers (an unquoted status code)', async () => {
    const text = BROKEN.replace("        '200':", '        200:').replace(
      '          contnt: {}',
      '          links: 5',
    );
    const { problems } = await checkSpec(text, 'pets.yaml');
    expect(problems.map(formatProblem)).toContain(
      'pets.yaml:15:11 /paths/~1pets/get/responses/200/links: must be object',
    );
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

const FIXTURES = fileURLToPath(new URL('../../../../../test/fixtures/openapi/', import.meta.url));
const fixture = (name: string) =>
  checkSpec(readFileSync(join(FIXTURES, name), 'utf8'), name, { directory: FIXTURES });

describe('checkSpec on the shapes of real specs', () => {
  it.each([
    'property-named-ref.yaml',
    'properties-named-id.json',
    'ref-in-example.yaml',
    'swagger2-deep.json',
    'anchors-150.yaml',
  ])('accepts %s', async (name) => {
    const checked = await fixture(name);
    expect(checked.problems).toEqual([]);
    expect(checked.warnings).toEqual([]);
  });

  it('accepts Swagger 2.0 with definitions 300 deep, nested and chained by $ref', async () => {
    const definitions: Record<string, unknown> = {};
    let nested: Record<string, unknown> = { type: 'string' };
    for (let depth = 0; depth < 300; depth++) {
      nested = { type: 'object', properties: { [`level${depth}`]: nested, $ref: { type: 'string' } } };
      definitions[`Chain${depth}`] = {
        type: 'object',
        properties: { next: { $ref: `#/definitions/Chain${(depth + 1) % 300}` } },
      };
    }
    definitions.Nested = nested;
    const spec = {
      swagger: '2.0',
      info: { title: 'Deep', version: '1' },
      paths: {
        '/deep': {
          get: { responses: { 200: { description: 'ok', schema: { $ref: '#/definitions/Nested' } } } },
        },
      },
      definitions,
    };
    const checked = await checkSpec(JSON.stringify(spec), 'deep.json');
    expect(checked.problems).toEqual([]);
    expect(checked.version).toBe('2.0');

    definitions.Chain299 = { properties: { next: { $ref: '#/definitions/Chain300' } } };
    const text = JSON.stringify(spec, null, 2);
    const broken = await checkSpec(text, 'deep.json');
    const line = text.slice(0, text.indexOf('"#/definitions/Chain300"')).split('\n').length;
    expect(broken.problems.map(({ line, pointer }) => ({ line, pointer }))).toEqual([
      { line, pointer: '/definitions/Chain299/properties/next/$ref' },
    ]);
  });

  it('still follows the references next to keyword-named properties', async () => {
    const text = readFileSync(join(FIXTURES, 'property-named-ref.yaml'), 'utf8').replace(
      "$ref: '#/components/schemas/Properties'",
      "$ref: '#/components/schemas/Nope'",
    );
    const { problems } = await checkSpec(text, 'p.yaml');
    expect(problems.map(formatProblem)).toEqual([
      'p.yaml:28:11 /components/schemas/JsonReference/properties/properties/$ref: $ref "#/components/schemas/Nope" points at nothing',
    ]);
  });

  it('loads one YAML anchor used 150 times as 150 copies', async () => {
    const { document } = await fixture('anchors-150.yaml');
    const paths = (document as { paths: Record<string, { get: { responses: Record<string, unknown> } }> })
      .paths;
    const errors = Object.values(paths).flatMap((item) => [
      item.get.responses['400'],
      item.get.responses['500'],
    ]);
    expect(errors).toHaveLength(150);
    expect(errors.every((error) => (error as { description?: string }).description === 'An error')).toBe(
      true,
    );
  });

  it('refuses a billion-laughs document at its first alias, before expanding it', async () => {
    const started = Date.now();
    const { problems } = await fixture('billion-laughs.yaml');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'billion-laughs.yaml', line: 7, column: 10, pointer: '' });
    expect(problems[0]?.message).toMatch(
      /YAML aliases expand this document from \d+ nodes to \d+ .*billion laughs/,
    );
  });

  it('says which versions are supported when the declared one is not', async () => {
    const { problems } = await fixture('openapi-4.yaml');
    expect(problems.map(formatProblem)).toEqual([
      'openapi-4.yaml:1:1 /openapi: OpenAPI version "4.0.0" is not supported: supported are swagger "2.0", or openapi 3.0.x, 3.1.x or 3.2.x',
    ]);
    const number = await checkSpec('openapi: 3.1\ninfo: {title: x, version: "1"}\npaths: {}\n', 'n.yaml');
    expect(number.problems[0]?.message).toMatch(
      /^the version must be a string, such as "3.1.0" \(in YAML, quote it\), not 3.1/,
    );
  });

  it('keeps the place of a $ref to a file that does not exist', async () => {
    const { problems } = await fixture('missing-file-ref.yaml');
    expect(problems).toEqual([
      {
        file: 'missing-file-ref.yaml',
        line: 14,
        column: 17,
        pointer: '/paths/~1pets/get/responses/200/content/application~1json/schema/$ref',
        message: `$ref "schemas/pet.yaml#/Pet" points at file schemas/pet.yaml, which does not exist (looked for ${join(FIXTURES, 'schemas/pet.yaml')})`,
      },
    ]);
  });

  it('warns of a $ref to a file that exists: only the spec itself is sent', async () => {
    const checked = await fixture('external-file-ref.yaml');
    expect(checked.problems).toEqual([]);
    expect(checked.warnings.map(formatProblem)).toEqual([
      'external-file-ref.yaml:14:17 /paths/~1pets/get/responses/200/content/application~1json/schema/$ref: $ref "components/pet.yaml#/Pet" points at another file, components/pet.yaml: only this file\'s text is sent, so the service cannot read it (bundle the spec into one file)',
    ]);
  });

  it('warns, with line and pointer, of mistakes the service accepts', async () => {
    const checked = await fixture('warnings.yaml');
    expect(checked.problems).toEqual([]);
    const path = '/paths/~1pets~1{petId}~1toys~1{toyId}';
    expect(checked.warnings.map(formatProblem)).toEqual([
      `warnings.yaml:13:5 ${path}/get: path parameter "toyId" of "/pets/{petId}/toys/{toyId}" is not declared: add a parameter with "name: toyId" and "in: path"`,
      `warnings.yaml:19:11 ${path}/get/parameters/1: duplicate parameter "limit" in query: also at ${path}/get/parameters/0`,
      `warnings.yaml:27:7 /paths/~1toys/get/operationId: duplicate operationId "getToy": also at ${path}/get/operationId`,
      'warnings.yaml:32:5 /components/schemas/Pet Toy: component name "Pet Toy" does not match ^[a-zA-Z0-9.\\-_]+$, the pattern of the OpenAPI specification: some tools cannot refer to it',
    ]);
    // OpenAPI 3.1's own schema refuses such a component name: still only a warning.
    const text = readFileSync(join(FIXTURES, 'warnings.yaml'), 'utf8').replace(
      'openapi: 3.0.3',
      'openapi: 3.1.0',
    );
    const v31 = await checkSpec(text, 'warnings.yaml');
    expect(v31.problems).toEqual([]);
    expect(v31.warnings).toHaveLength(4);
  });

  it('checks a generated spec of tens of MB, and locates a problem near its end', async () => {
    const text = generateSpec(resourcesFor(12));
    expect(text.length).toBeGreaterThan(10e6);
    const valid = await checkSpec(text, 'big.json');
    expect(valid.problems).toEqual([]);
    expect(valid.warnings).toEqual([]);

    const last = resourcesFor(12) - 1;
    const broken = text.replace(
      `"operationId": "deleteResource${last}"`,
      `"operationId": "getResource${last}"`,
    );
    const cut = broken.lastIndexOf('"#/components/schemas/Resource');
    const withBadRef = `${broken.slice(0, cut)}"#/components/schemas/Missing"${broken.slice(broken.indexOf('"', cut + 1) + 1)}`;
    const checked = await checkSpec(withBadRef, 'big.json');
    const lineOf = (needle: string) => withBadRef.slice(0, withBadRef.lastIndexOf(needle)).split('\n').length;
    expect(checked.problems).toHaveLength(1);
    expect(checked.problems[0]).toMatchObject({ line: lineOf('"#/components/schemas/Missing"') });
    expect(checked.problems[0]?.pointer).toMatch(
      /^\/components\/schemas\/Resource\d+\/properties\/owner\/\$ref$/,
    );
    expect(checked.warnings.map((w) => [w.line, w.pointer])).toEqual([
      [
        lineOf(`"operationId": "getResource${last}"`),
        `/paths/~1v1~1resources-${last}~1{id}/delete/operationId`,
      ],
    ]);
  }, 30_000);
});
