import { Args, Flags } from '../oclif.js';
import { BaseCommand } from '../base-command.js';
import { buildRequest, findOperation, HTTP_METHODS } from '../lib/api-request.js';
import { UsageError } from '../lib/exit-codes.js';
import { output } from '../lib/output.js';

export default class Api extends BaseCommand<typeof Api> {
  static override summary = 'Call any endpoint of the API, with the stored login, retries and exit codes';
  static override description = [
    'The way out when no command does what a pipeline needs, as `gh api` is for GitHub. The path is under /v1 (the prefix is optional); `{org}` in it is replaced by --org or DOCS_ORG.',
    'Fields: -f key=value sends a string, -F key=value a typed value (true, false, null, an integer, or @file / @- for a file or standard input); keys nest as a[b]=x and append as a[]=x. They form the JSON body, or the query string of a GET. -q key=value adds a query parameter; --input file|- sends a JSON body as it is. The method is GET, or POST when there is a body, unless -X says otherwise.',
    'The answer is printed as JSON. --paginate follows `next.page` and prints every item (one JSON document per line with --json). Answers are read like every command reads them: a shape this CLI does not expect is one warning on stderr, not a failure. Errors exit as every command does: 1, 2 (bad input, nothing sent), 3 (not found), 4 (authentication).',
  ].join('\n\n');
  static override examples = [
    '<%= config.bin %> api /orgs/{org}/sites --org org_acme',
    '<%= config.bin %> api orgs/org_acme/sites -q published=true --paginate --json',
    '<%= config.bin %> api -X PATCH /orgs/org_acme/sites/site_docs -f title="Acme Docs" -F adaptiveContent[enabled]=true',
    '<%= config.bin %> api -X PUT /orgs/org_acme/openapi/petstore --input source.json',
  ];
  static override args = {
    path: Args.string({ description: 'Path of the endpoint, e.g. /orgs/{org}/sites', required: true }),
  };
  static override flags = {
    method: Flags.string({
      char: 'X',
      description: 'HTTP method (default: GET, or POST with a body)',
      options: [...HTTP_METHODS],
    }),
    'raw-field': Flags.string({
      char: 'f',
      description: 'A string field, key=value (repeatable)',
      multiple: true,
    }),
    field: Flags.string({
      char: 'F',
      description: 'A typed field, key=value: true, false, null, integers, @file or @- (repeatable)',
      multiple: true,
    }),
    query: Flags.string({
      char: 'q',
      description: 'A query parameter, key=value (repeatable)',
      multiple: true,
    }),
    input: Flags.string({ description: 'A file holding the JSON body, or - for standard input' }),
    paginate: Flags.boolean({ description: 'Follow next.page and print every item of every page' }),
  };

  async run(): Promise<unknown> {
    const request = await buildRequest(
      this.args.path,
      this.flags.method,
      {
        rawFields: this.flags['raw-field'] ?? [],
        typedFields: this.flags.field ?? [],
        query: this.flags.query ?? [],
        input: this.flags.input,
      },
      { org: await this.defaultOrganization() },
    );
    if (this.flags.paginate && request.method !== 'GET') {
      throw new UsageError('--paginate follows pages of a GET; this request is a ' + request.method + '.');
    }
    const client = await this.client();
    const { operations } = await import('../sdk-contract.js');
    const operation = findOperation(operations, request.method, request.path);
    const send = (page?: string) =>
      client.request({
        method: request.method,
        path: request.path,
        query: page === undefined ? request.query : { ...request.query, page },
        ...(request.body !== undefined ? { body: request.body } : {}),
        // The contract's schema for this endpoint, read with the CLI's drift-tolerant policy.
        ...(operation?.response ? { schema: operation.response } : {}),
      });

    if (!this.flags.paginate) {
      const data = await send();
      if (this.human && data !== undefined) output.json(data);
      return data;
    }
    const { PagePromise } = await import('../sdk.js');
    type Envelope = { items: unknown[]; next?: { page: string } | null };
    const pages = new PagePromise<unknown, Envelope>(
      send().withResponse() as Promise<{ data: Envelope; response: Response }>,
      (page) => send(page).withResponse() as Promise<{ data: Envelope; response: Response }>,
    );
    for await (const page of pages.pages()) {
      if (!Array.isArray(page?.items))
        throw new UsageError(
          `${request.path} does not answer a list ({ items, next }): --paginate does not apply.`,
        );
      for (const item of page.items) {
        if (this.human) output.json(item);
        else output.data(JSON.stringify(item));
      }
    }
    // Items are already printed, one per line: nothing more for --json.
    return undefined;
  }
}
