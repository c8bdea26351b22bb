import { Flags } from '../../oclif.js';
import type { Organization, UpdateOrganizationByIdBody } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { UsageError } from '../../lib/failures/exit-codes.js';
import { GUEST, printOrganization, ROLE_OPTIONS, roleValue } from '../../lib/areas/organizations.js';

export default class OrgsEdit extends BaseCommand<typeof OrgsEdit> {
  static override summary = "Change an organization's settings";
  static override description =
    'Only the flags given change. Organization admins only. --email-domain replaces the list of domains whose users may join by themselves; --require-reviewer replaces the merge rules with one rule requiring those reviewers. Prints the organization; --json prints the object. Without any flag it is exit 2, nothing sent.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> orgs edit --org org_acme --title "Acme Corp" --default-role guest',
    '<%= config.bin %> orgs edit --email-domain acme.test --email-domain acme-corp.test',
    '<%= config.bin %> orgs edit --default-site site_docs --logo https://cdn.acme.test/logo.png --no-ai',
    '<%= config.bin %> orgs edit --require-reviewer user_grace --json',
  ];
  static override flags = {
    title: Flags.string({ char: 't', description: 'New title' }),
    'email-domain': Flags.string({
      description: 'Email domain whose users may join (repeatable; replaces the list)',
      multiple: true,
    }),
    hostname: Flags.string({ description: 'Default hostname for public content (e.g. acme)' }),
    'default-role': Flags.string({
      description: 'Role of new members (guest: none)',
      options: [...ROLE_OPTIONS, GUEST],
    }),
    'default-site': Flags.string({ description: 'Site id that visitors land on (default content)' }),
    logo: Flags.string({ description: 'Logo image URL (http or https)' }),
    sso: Flags.boolean({ description: 'Enforce single sign-on organization-wide', allowNo: true }),
    ai: Flags.boolean({ description: 'Enable AI features', allowNo: true }),
    'invite-links': Flags.boolean({ description: 'Allow invite links', allowNo: true }),
    'require-reviewer': Flags.string({
      description:
        'User id whose review every merge needs, @me for yourself (repeatable; replaces the merge rules)',
      multiple: true,
      exclusive: ['clear-merge-rules'],
    }),
    'clear-merge-rules': Flags.boolean({ description: 'Remove every merge rule' }),
  };

  async run(): Promise<Organization> {
    const body = await this.body();
    if (Object.keys(body).length === 0) {
      throw new UsageError('Nothing to change: pass at least one setting flag (see --help).');
    }
    const organizationId = await this.organizationId();
    const client = await this.client();
    const organization = await client.organizations.update(organizationId, body);
    if (this.human) {
      this.output.success(`Updated organization ${organization.id}`);
      printOrganization(this.output, organization);
    }
    return organization;
  }

  private async body(): Promise<UpdateOrganizationByIdBody> {
    const flags = this.flags;
    const body: UpdateOrganizationByIdBody = {};
    if (flags.title !== undefined) body.title = flags.title;
    if (flags['email-domain'] !== undefined) body.emailDomains = flags['email-domain'];
    if (flags.hostname !== undefined) body.hostname = flags.hostname;
    if (flags['default-role'] !== undefined) body.defaultRole = roleValue(flags['default-role']);
    if (flags['default-site'] !== undefined)
      body.defaultContent = { type: 'site', site: flags['default-site'] };
    if (flags.logo !== undefined) body.logo = flags.logo;
    if (flags.sso !== undefined) body.sso = flags.sso;
    if (flags.ai !== undefined) body.ai = flags.ai;
    if (flags['invite-links'] !== undefined) body.inviteLinks = flags['invite-links'];
    if (flags['require-reviewer'] !== undefined) {
      body.mergeRules = {
        type: 'rules',
        rules: [{ rule: 'require_specific_reviewers', users: await this.userIds(flags['require-reviewer']) }],
      };
    }
    if (flags['clear-merge-rules']) body.mergeRules = { type: 'none' };
    return body;
  }
}
