import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { UsageError } from '../failures/exit-codes.js';
import { findOnPath, OnePasswordError, opRead } from '../config/onepassword.js';

/*
 * An integration directory as the service's own CLI lays it out: a manifest
 * (`gitbook-manifest.yaml`) naming the integration, its publish fields, the entry source file of
 * its script, its icon and preview images, secrets taken from the environment, and overrides
 * per environment under `envs`. Reading it gives the publish body; every problem is a usage
 * error (exit 2) that names the field or the variable, never a secret's value.
 */

/** Manifest file names looked for in a directory, in order. */
export const MANIFEST_FILES = ['gitbook-manifest.yaml', 'gitbook-manifest.yml', 'gitbook-manifest.json'];

/** The service CLI's limits on images: at most 250 KiB for the icon, 1 MiB per preview. */
export const ICON_MAX_BYTES = 250 * 1024;
export const PREVIEW_MAX_BYTES = 1024 * 1024;

/**
 * The runtime the bundle is built for: an ES module whose default export has `fetch`, which the
 * service runs as `v2` (the service's CLI sends `v2` for every publish). Decision 0038.
 */
export const INTEGRATION_RUNTIME = 'v2';

/**
 * Constants the bundle is built with. `MODE` is a free identifier that `@gitbook/runtime` reads
 * (`if (MODE === 'production')`); the service's CLI defines it and `process.env.NODE_ENV` as
 * `production` for every publish, whatever `--env` names (`--env` picks manifest overrides, not
 * a build mode). Decision 0038.
 */
export const BUILD_DEFINES: Readonly<Record<string, string>> = {
  MODE: JSON.stringify('production'),
  'process.env.NODE_ENV': JSON.stringify('production'),
};

/** Imports left to the Workers runtime, as the service's CLI leaves them. */
export const BUILD_EXTERNALS = ['node:*', 'cloudflare:*'];

/** Files imported as their text (a browser snippet or a style sheet embedded in a response). */
export const BUILD_TEXT_LOADERS = { '.raw.js': 'text', '.raw.css': 'text' } as const;

/**
 * The image types accepted for the icon and previews, told by their first bytes (the format's
 * signature), not by the file's name: the published document says only "base64 content of the
 * image", and raster types that browsers show are what the service displays. Decision 0038.
 */
export const IMAGE_TYPES = [
  {
    type: 'png',
    extensions: ['.png'],
    matches: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  {
    type: 'jpeg',
    extensions: ['.jpg', '.jpeg'],
    matches: (b: Buffer) => b.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex')),
  },
  {
    type: 'gif',
    extensions: ['.gif'],
    matches: (b: Buffer) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1')),
  },
  {
    type: 'webp',
    extensions: ['.webp'],
    matches: (b: Buffer) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
] as const;
export type ImageType = (typeof IMAGE_TYPES)[number]['type'];

/** Keys of the manifest that are not publish fields: read here, never sent as they are. */
const MANIFEST_ONLY_KEYS = new Set(['name', 'script', 'icon', 'previewImages', 'envs', 'secrets']);

/** `${{ env.NAME }}`, the service CLI's syntax for a value taken from the environment. */
const ENV_REFERENCE = /\$\{\{\s*env\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** `${{ "op://vault/item/field" }}` (quoted or not): a 1Password reference, read with `op read`. */
const OP_REFERENCE = /\$\{\{\s*(?:"(op:\/\/[^"\s]+)"|(op:\/\/\S+?))\s*\}\}/g;

export interface LoadedManifest {
  /** The manifest file read. */
  file: string;
  /** The directory its paths are relative to. */
  directory: string;
  name: string;
  /** The script's entry source file (absolute). */
  scriptEntry: string;
  /** Publish fields of the manifest, `envs` applied, before images, script and secrets are added. */
  fields: Record<string, unknown>;
  iconFile?: string;
  previewImageFiles: string[];
  /** Secrets with their `${{ env.NAME }}` references resolved. */
  secrets?: Record<string, string>;
  /** The environment whose overrides were applied. */
  env?: string;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The manifest of a directory, or the file itself when `target` is a file. */
export async function findManifest(target: string): Promise<string> {
  const path = resolve(target);
  if (await isFile(path)) return path;
  for (const name of MANIFEST_FILES) {
    const candidate = join(path, name);
    if (await isFile(candidate)) return candidate;
  }
  throw new UsageError(
    `No integration manifest in ${target}: expected ${MANIFEST_FILES.join(', ')} (or pass the manifest file).`,
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireString(manifest: Record<string, unknown>, key: string, file: string): string {
  const value = manifest[key];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new UsageError(`${file}: "${key}" must be a non-empty string.`);
  }
  return value;
}

/** Where `resolveSecrets` finds what it needs; tests give their own. */
export interface SecretSources {
  env: NodeJS.ProcessEnv;
}

/**
 * Resolves each secret: `${{ env.NAME }}` from the environment, then `${{ "op://..." }}` with
 * `op read` (the service CLI's order). A variable that is not set, or a 1Password reference with
 * no `op` on PATH, is a usage error naming the secret and how to provide it; nothing is sent and
 * no value is ever part of a message.
 */
export async function resolveSecrets(
  secrets: unknown,
  env: NodeJS.ProcessEnv,
  file: string,
): Promise<Record<string, string> | undefined> {
  if (secrets === undefined) return undefined;
  if (!isRecord(secrets)) throw new UsageError(`${file}: "secrets" must map names to strings.`);
  const fromEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries(secrets)) {
    if (typeof value !== 'string') throw new UsageError(`${file}: secrets.${key} must be a string.`);
    fromEnv[key] = value.replace(ENV_REFERENCE, (_match, variable: string) => {
      const found = env[variable];
      if (found === undefined || found === '') {
        throw new UsageError(
          `${file}: secrets.${key} needs the environment variable ${variable}, which is not set.`,
        );
      }
      return found;
    });
  }
  const withReferences = Object.keys(fromEnv).filter((key) => fromEnv[key]!.search(OP_REFERENCE) !== -1);
  if (!withReferences.length) return fromEnv;

  const op = await findOnPath('op', env);
  if (!op) {
    throw new UsageError(
      `${file}: ${withReferences.map((key) => `secrets.${key}`).join(', ')} ${withReferences.length > 1 ? 'are 1Password references' : 'is a 1Password reference'} (\${{ "op://..." }}), and the 1Password CLI \`op\` is not on PATH. Install op and sign in (in CI: OP_SERVICE_ACCOUNT_TOKEN), or write the secret as \${{ env.NAME }} and set NAME. Nothing was sent.`,
    );
  }
  const resolved: Record<string, string> = {};
  for (const [key, value] of Object.entries(fromEnv)) {
    let result = '';
    let last = 0;
    // Sequential on purpose: op may ask the desktop app to unlock once, then answers the rest.
    for (const match of value.matchAll(OP_REFERENCE)) {
      const reference = match[1] ?? match[2] ?? '';
      let read: string;
      try {
        read = await opRead(op, reference, env);
      } catch (error) {
        const detail = error instanceof OnePasswordError ? error.message : (error as Error).message;
        throw new UsageError(
          `${file}: secrets.${key}: \`op read ${reference}\` failed: ${detail}. Nothing was sent.`,
        );
      }
      result += value.slice(last, match.index) + read;
      last = match.index + match[0].length;
    }
    resolved[key] = result + value.slice(last);
  }
  return resolved;
}

/** Reads and checks a manifest, and applies the overrides of environment `env` (from `envs`). */
export async function loadManifest(
  manifestFile: string,
  options: {
    env?: string | undefined;
    environment?: NodeJS.ProcessEnv;
    /** `skip`: leave the secrets out (`docs integrations check` sends nothing and needs none). */
    secrets?: 'resolve' | 'skip';
  } = {},
): Promise<LoadedManifest> {
  const file = relative(process.cwd(), manifestFile) || basename(manifestFile);
  let parsed: unknown;
  try {
    const text = await readFile(manifestFile, 'utf8');
    parsed = extname(manifestFile) === '.json' ? JSON.parse(text) : parseYaml(text, { prettyErrors: true });
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? 'cannot be read';
    throw new UsageError(`${file}: ${message}`);
  }
  if (!isRecord(parsed)) throw new UsageError(`${file}: the manifest must be an object.`);

  let manifest = parsed;
  const envs = manifest.envs;
  if (envs !== undefined && !isRecord(envs))
    throw new UsageError(`${file}: "envs" must map names to overrides.`);
  if (options.env !== undefined) {
    const overrides = envs?.[options.env];
    if (!isRecord(overrides)) {
      const known = envs ? Object.keys(envs) : [];
      throw new UsageError(
        `${file}: no environment "${options.env}" under envs${known.length ? ` (known: ${known.join(', ')})` : ''}.`,
      );
    }
    manifest = { ...manifest, ...overrides };
  }

  const directory = dirname(manifestFile);
  const name = requireString(manifest, 'name', file);
  const script = requireString(manifest, 'script', file);
  const icon = manifest.icon;
  if (icon !== undefined && typeof icon !== 'string')
    throw new UsageError(`${file}: "icon" must be a file path.`);
  const previews = manifest.previewImages ?? [];
  if (!Array.isArray(previews) || previews.some((item) => typeof item !== 'string')) {
    throw new UsageError(`${file}: "previewImages" must be a list of file paths.`);
  }
  const secrets =
    options.secrets === 'skip'
      ? undefined
      : await resolveSecrets(manifest.secrets, options.environment ?? process.env, file);
  const fields = Object.fromEntries(Object.entries(manifest).filter(([key]) => !MANIFEST_ONLY_KEYS.has(key)));
  return {
    file,
    directory,
    name,
    scriptEntry: resolve(directory, script),
    fields,
    ...(icon ? { iconFile: resolve(directory, icon) } : {}),
    previewImageFiles: (previews as string[]).map((preview) => resolve(directory, preview)),
    ...(secrets ? { secrets } : {}),
    ...(options.env !== undefined ? { env: options.env } : {}),
  };
}

/** An image read for the publish body: its base64 content, its type, and a warning if any. */
export interface ReadImage {
  base64: string;
  type: ImageType;
  /** Said on stderr: the file's name suggests another type than its content. */
  warning?: string;
}

/**
 * An image file as base64, its type told by its content. Refused (naming the field) when it is
 * none of IMAGE_TYPES or too large; a name whose extension disagrees with the content is
 * accepted with a warning (the service's own integrations publish JPEG bytes under `.png`).
 */
export async function readImage(path: string, field: string, maxBytes: number): Promise<ReadImage> {
  let content: Buffer;
  try {
    content = await readFile(path);
  } catch (error) {
    throw new UsageError(`${field}: cannot read ${path}: ${(error as Error).message}`);
  }
  const found = IMAGE_TYPES.find((candidate) => candidate.matches(content));
  // Messages name the file as the user would (relative to the working directory when under it).
  const shown = relative(process.cwd(), path).startsWith('..') ? path : relative(process.cwd(), path);
  if (!found) {
    throw new UsageError(
      `${field}: ${shown} is not an image of a type accepted (${IMAGE_TYPES.map((image) => image.type.toUpperCase()).join(', ')}, told by the content).`,
    );
  }
  if (content.length > maxBytes) {
    throw new UsageError(
      `${field}: ${shown} is ${formatBytes(content.length)}; at most ${formatBytes(maxBytes)} is accepted.`,
    );
  }
  const extension = extname(path).toLowerCase();
  const named = IMAGE_TYPES.find((candidate) =>
    (candidate.extensions as readonly string[]).includes(extension),
  );
  const warning =
    named?.type === found.type
      ? undefined
      : `${field}: ${shown} holds a ${found.type.toUpperCase()} image${named ? `, not ${named.type.toUpperCase()} as its name says` : ` (its name has ${extension ? `the extension ${extension}` : 'no extension'})`}; it is sent as it is.`;
  return { base64: content.toString('base64'), type: found.type, ...(warning ? { warning } : {}) };
}

/**
 * The script entry bundled as the service's CLI does: one minified ES module for the Workers
 * runtime, with its build constants, `.raw.js`/`.raw.css` imported as text and `node:*`,
 * `cloudflare:*` left to the runtime.
 */
export async function bundleScript(entry: string): Promise<string> {
  if (!(await isFile(entry))) throw new UsageError(`script: ${entry} does not exist.`);
  // esbuild is large: loaded only when an integration is published.
  const esbuild = await import('esbuild');
  try {
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'neutral',
      target: ['es2022'],
      write: false,
      logLevel: 'silent',
      mainFields: ['worker', 'browser', 'module', 'jsnext', 'main'],
      conditions: ['worker', 'browser', 'import', 'production'],
      define: { ...BUILD_DEFINES },
      external: BUILD_EXTERNALS,
      loader: { ...BUILD_TEXT_LOADERS },
      jsx: 'automatic',
      jsxImportSource: '@gitbook/runtime',
    });
    const [output] = result.outputFiles;
    if (!output) throw new UsageError(`script: bundling ${entry} produced nothing.`);
    return output.text;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const failures =
      (
        error as {
          errors?: Array<{ text: string; location?: { file: string; line: number; column: number } | null }>;
        }
      ).errors ?? [];
    const lines = failures.map(
      (failure) =>
        `${failure.location ? `${failure.location.file}:${failure.location.line}:${failure.location.column}: ` : ''}${failure.text}`,
    );
    throw new UsageError(`script: ${entry} does not build:\n${lines.join('\n') || (error as Error).message}`);
  }
}

/** `12.3 kB`, `980 B`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(2)} MB`;
}

/** The publish body with what must not or need not be shown replaced: secrets, script, images. */
export function describeBody(input: object): Record<string, unknown> {
  const body = input as Record<string, unknown>;
  const shown: Record<string, unknown> = { ...body };
  if (typeof body.script === 'string')
    shown.script = `<bundle: ${formatBytes(Buffer.byteLength(body.script))}>`;
  const image = (base64: string): string => {
    const bytes = Buffer.from(base64, 'base64');
    const type = IMAGE_TYPES.find((candidate) => candidate.matches(bytes))?.type ?? 'image';
    return `<${type}: ${formatBytes(bytes.length)}>`;
  };
  if (typeof body.icon === 'string') shown.icon = image(body.icon);
  if (Array.isArray(body.previewImages)) {
    shown.previewImages = (body.previewImages as unknown[]).map((item) =>
      typeof item === 'string' ? image(item) : item,
    );
  }
  if (isRecord(body.secrets)) {
    shown.secrets = Object.fromEntries(Object.keys(body.secrets).map((key) => [key, '********']));
  }
  return shown;
}
