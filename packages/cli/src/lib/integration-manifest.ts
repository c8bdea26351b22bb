import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { UsageError } from './exit-codes.js';

/*
 * An integration directory as the service's own CLI lays it out: a manifest
 * (`gitbook-manifest.yaml`) naming the integration, its publish fields, the entry source file of
 * its script, its icon and preview images, secrets taken from the environment, and overrides
 * per environment under `envs`. Reading it gives the publish body; every problem is a usage
 * error (exit 2) that names the field or the variable, never a secret's value.
 */

/** Manifest file names looked for in a directory, in order. */
export const MANIFEST_FILES = ['gitbook-manifest.yaml', 'gitbook-manifest.yml', 'gitbook-manifest.json'];

/** The service CLI's limits on images: PNG, at most 250 KiB for the icon, 1 MiB per preview. */
export const ICON_MAX_BYTES = 250 * 1024;
export const PREVIEW_MAX_BYTES = 1024 * 1024;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Keys of the manifest that are not publish fields: read here, never sent as they are. */
const MANIFEST_ONLY_KEYS = new Set(['name', 'script', 'icon', 'previewImages', 'envs', 'secrets']);

/** `${{ env.NAME }}`, the service CLI's syntax for a value taken from the environment. */
const ENV_REFERENCE = /\$\{\{\s*env\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

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

/** Resolves `${{ env.NAME }}` in each secret; a variable that is not set names itself, not a value. */
export function resolveSecrets(
  secrets: unknown,
  env: NodeJS.ProcessEnv,
  file: string,
): Record<string, string> | undefined {
  if (secrets === undefined) return undefined;
  if (!isRecord(secrets)) throw new UsageError(`${file}: "secrets" must map names to strings.`);
  const resolved: Record<string, string> = {};
  for (const [key, value] of Object.entries(secrets)) {
    if (typeof value !== 'string') throw new UsageError(`${file}: secrets.${key} must be a string.`);
    resolved[key] = value.replace(ENV_REFERENCE, (_match, variable: string) => {
      const found = env[variable];
      if (found === undefined || found === '') {
        throw new UsageError(
          `${file}: secrets.${key} needs the environment variable ${variable}, which is not set.`,
        );
      }
      return found;
    });
  }
  return resolved;
}

/** Reads and checks a manifest, and applies the overrides of environment `env` (from `envs`). */
export async function loadManifest(
  manifestFile: string,
  options: { env?: string | undefined; environment?: NodeJS.ProcessEnv } = {},
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
  const secrets = resolveSecrets(manifest.secrets, options.environment ?? process.env, file);
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

/** A PNG file as base64, refused (naming the field) when it is not a PNG or too large. */
export async function readPng(path: string, field: string, maxBytes: number): Promise<string> {
  let content: Buffer;
  try {
    content = await readFile(path);
  } catch (error) {
    throw new UsageError(`${field}: cannot read ${path}: ${(error as Error).message}`);
  }
  if (!content.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    throw new UsageError(`${field}: ${path} is not a PNG image (only PNG is accepted).`);
  }
  if (content.length > maxBytes) {
    throw new UsageError(
      `${field}: ${path} is ${formatBytes(content.length)}; at most ${formatBytes(maxBytes)} is accepted.`,
    );
  }
  return content.toString('base64');
}

/** The script entry bundled as the service's CLI does: one minified ES module, for a worker. */
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
      define: { 'process.env.NODE_ENV': '"production"' },
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
export function describeBody(body: Record<string, unknown>): Record<string, unknown> {
  const shown: Record<string, unknown> = { ...body };
  if (typeof body.script === 'string')
    shown.script = `<bundle: ${formatBytes(Buffer.byteLength(body.script))}>`;
  if (typeof body.icon === 'string')
    shown.icon = `<png: ${formatBytes(Buffer.from(body.icon, 'base64').length)}>`;
  if (Array.isArray(body.previewImages)) {
    shown.previewImages = (body.previewImages as unknown[]).map((image) =>
      typeof image === 'string' ? `<png: ${formatBytes(Buffer.from(image, 'base64').length)}>` : image,
    );
  }
  if (isRecord(body.secrets)) {
    shown.secrets = Object.fromEntries(Object.keys(body.secrets).map((key) => [key, '********']));
  }
  return shown;
}
