import type { CommandContext } from '../../context.js';
import { UsageError } from '../failures/exit-codes.js';
import type { ClientSession } from './client-session.js';
import { ME } from './flags.js';

/**
 * Who and where a command acts: the organization (`--org`, `DOCS_ORG`, the stored default, or
 * picked at a terminal) and user ids (`@me` being the user the token belongs to).
 */
export class Resolver {
  constructor(
    private readonly context: Pick<CommandContext, 'terminal' | 'prompts'>,
    private readonly session: ClientSession,
    /** `--org` as parsed (DOCS_ORG included), and the argv that tells them apart. */
    private readonly given: () => { org: string | undefined; argv: readonly string[] },
  ) {}

  /** `--org`, then `DOCS_ORG`, then the stored default (`docs config set org`); none without them. */
  async defaultOrganization(): Promise<string | undefined> {
    const { org } = this.given();
    if (org) return org;
    const stored = (await this.session.storedConfig()).org;
    if (stored) this.session.fromSettings.org = stored;
    return stored || undefined;
  }

  /** The default organization and where it came from (`--org`, `DOCS_ORG`, the stored one). */
  async defaultOrganizationSource(): Promise<
    { id: string; source: '--org' | 'DOCS_ORG' | 'config' } | undefined
  > {
    const { org, argv } = this.given();
    if (org) {
      // oclif gives DOCS_ORG as the flag's value: the argv tells them apart.
      const typed = argv.some((arg) => arg === '--org' || arg.startsWith('--org='));
      return { id: org, source: typed || process.env.DOCS_ORG !== org ? '--org' : 'DOCS_ORG' };
    }
    const stored = (await this.session.storedConfig()).org;
    return stored ? { id: stored, source: 'config' } : undefined;
  }

  /** The organization from `--org`/`DOCS_ORG`/the stored default, or picked at a terminal. */
  async organizationId(): Promise<string> {
    const given = await this.defaultOrganization();
    if (given) return given;
    if (!this.context.terminal.canPrompt())
      throw new UsageError(
        'Missing --org: pass --org <organization-id>, set DOCS_ORG, or store a default with `docs config set org <organization-id>`.',
      );
    const client = await this.session.client();
    const organizations = await client.organizations.list({ limit: 100 }).toArray({ max: 100 });
    const [only] = organizations;
    if (organizations.length === 1 && only) return only.id;
    if (!only) throw new UsageError('You belong to no organization; pass --org <organization-id>.');
    return this.context.prompts.select(
      'Organization',
      organizations.map((org) => ({ name: `${org.title ?? org.id} (${org.id})`, value: org.id })),
    );
  }

  /** A user id as given, `@me` (gh's word) being the user the token belongs to. */
  async userId(value: string): Promise<string> {
    return value === ME ? (await this.session.me()).id : value;
  }

  /** A missing argument: picked at a terminal with `pick`, a usage error naming it elsewhere. */
  async argOrPick(value: string | undefined, name: string, pick: () => Promise<string>): Promise<string> {
    if (value) return value;
    if (this.context.terminal.canPrompt()) return pick();
    throw new UsageError(`Missing ${name}: pass it as an argument.`);
  }
}
