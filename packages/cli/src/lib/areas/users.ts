import type { User } from '@docs-api/sdk';

/*
 * The user a token belongs to, as `docs auth login` and `docs auth status` name them, and as
 * `@me` resolves (the base command's `me()`).
 */

/** What the CLI shows of a user in JSON: never more than the service sent. */
export interface UserSummary {
  id: string;
  displayName?: string;
  email?: string;
}

export function userSummary(user: User): UserSummary {
  return {
    id: user.id,
    ...(user.displayName ? { displayName: user.displayName } : {}),
    ...(user.email ? { email: user.email } : {}),
  };
}

/** `Ada Lovelace (user_ada, ada@acme.test)`, or the id alone when that is all there is. */
export function userLabel(user: UserSummary): string {
  const details = [user.id, user.email].filter(Boolean).join(', ');
  return user.displayName ? `${user.displayName} (${details})` : details;
}

/** Where the default organization came from: a flag, the environment or `docs config set org`. */
export type OrganizationSource = '--org' | 'DOCS_ORG' | 'config';

export interface DefaultOrganization {
  id: string;
  title?: string;
  source: OrganizationSource;
  /** Whether the token reaches it (listed among the user's organizations). */
  reachable: boolean;
}

/** `org_acme (Acme Inc), from DOCS_ORG`, with a warning when the token does not reach it. */
export function defaultOrganizationLabel(org: DefaultOrganization, configFile: string): string {
  const from = org.source === 'config' ? `stored in ${configFile}` : `from ${org.source}`;
  const name = org.title ? `${org.id} (${org.title})` : org.id;
  return `${name}, ${from}${org.reachable ? '' : '; not among the organizations this token reaches'}`;
}
