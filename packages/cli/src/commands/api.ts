import { Args, Flags } from '../oclif.js';
import { BaseCommand } from '../base-command.js';
import {
  findReference,
  isOperationName,
  listOperations,
  operationInput,
  type OperationInput,
  type ReferenceOperation,
} from '../lib/transport/api-operation.js';
import { buildRequest, findOperation, HTTP_METHODS } from '../lib/transport/api-request.js';
import { UsageError } from '../lib/failures/exit-codes.js';

export default class Api extends BaseCommand<typeof Api> {
  static override summary = 'Call any operation of the API by its id, or any endpoint by its path';
  static override description = [
    'Every operation of the service by its id, as its API document names it (`docs api --list` lists them; `docs api <operationId> --help` describes one): its path parameters are arguments, its fields -f name=value (a string) or -F name=value (true, false, null, an integer, or @file / @- for a file or standard input); a field goes in the query or the body, wherever the operation has it. Fields are checked against the operation before anything is sent (exit 2 naming the field), and the answer is read as every command reads it.',
    'An argument with a / is a path under /v1 (the prefix is optional), sent as it is, as `gh api` does: `{org}` in it is replaced by --org or DOCS_ORG; fields form the JSON body, or the query string of a GET; keys nest as a[b]=x and append as a[]=x; -q key=value adds a query parameter; --input file|- sends a JSON body as it is; the method is GET, or POST with a body, unless -X says otherwise.',
    'The answer is printed as JSON. --paginate follows `next.page` and prints every item (one JSON document per line with --json); an operation that streams prints each event as it arrives. Errors exit as every command does: 1, 2 (bad input, nothing sent), 3 (not found), 4 (authentication).',
  ].join('\n\n');
  static override examples = [
    '<%= config.bin %> api --list sites',
    '<%= config.bin %> api getSiteById org_acme site_docs',
    '<%= config.bin %> api listSites --org org_acme -f published=true --paginate --json',
    '<%= config.bin %> api updateSiteById org_acme site_docs -f title="Acme Docs"',
    '<%= config.bin %> api createSpace org_acme -f title=Handbook',
    '<%= config.bin %> api /orgs/{org}/sites --org org_acme',
    '<%= config.bin %> api -X PATCH /orgs/org_acme/sites/site_docs -f title="Acme Docs" -F adaptiveContent[enabled]=true',
  ];
  static override strict = false;
  static override args = {
    target: Args.string({
      description:
        'An operation id (listSites) or SDK name (sites.list), or a path such as /orgs/{org}/sites; with --list, a tag or resource to list',
    }),
  };
  static override flags = {
    list: Flags.boolean({ description: 'List the operations (of the tag or resource given as argument)' }),
    method: Flags.string({
      char: 'X',
      description: 'HTTP method of a path (default: GET, or POST with a body)',
      options: [...HTTP_METHODS],
    }),
    'raw-field': Flags.string({
      char: 'f',
      description: 'A string field, name=value (repeatable)',
      multiple: true,
    }),
    field: Flags.string({
      char: 'F',
      description: 'A typed field, name=value: true, false, null, integers, @file or @- (repeatable)',
      multiple: true,
    }),
    query: Flags.string({
      char: 'q',
      description: 'A query parameter, name=value (repeatable)',
      multiple: true,
    }),
    input: Flags.string({ description: 'A file holding the JSON body, or - for standard input' }),
    paginate: Flags.boolean({ description: 'Follow next.page and print every item of every page' }),
  };

  async run(): Promise<unknown> {
    // The parser's positionals: a flag's value (`--org org_acme`) is never one.
    const positionals = this.positionals;
    if (this.flags.list) return this.list(this.args.target);
    const target = this.args.target;
    if (!target)
      throw new UsageError(
        'Name an operation (docs api --list lists them) or a path: docs api <operationId|path>.',
      );
    if (isOperationName(target)) return this.callOperation(await findReference(target), positionals.slice(1));
    if (positionals.length > 1)
      throw new UsageError(`Unexpected argument ${positionals[1]}: a path takes no other argument.`);
    return this.callPath(target);
  }

  private async list(filter: string | undefined): Promise<unknown> {
    const operations = await listOperations(filter);
    if (!operations.length) throw new UsageError(`No operation has the tag or resource ${filter}.`);
    if (this.human) {
      this.output.table(operations, [
        { header: 'OPERATION', value: (operation) => operation.id },
        { header: 'SUMMARY', value: (operation) => operation.summary, cut: true },
        {
          header: 'ENDPOINT',
          value: (operation) => `${operation.method} ${operation.path.replace(/^\/v1/, '')}`,
          priority: 1,
        },
      ]);
    }
    return operations.map(({ id, name, method, path, summary, tag }) => ({
      id,
      sdk: name,
      method,
      path,
      summary,
      tag,
    }));
  }

  private async callOperation(
    operation: ReferenceOperation,
    positionals: readonly string[],
  ): Promise<unknown> {
    if (this.flags.method)
      throw new UsageError(`-X applies to a path; ${operation.id} is a ${operation.method}.`);
    const input = await operationInput(
      operation,
      positionals,
      {
        rawFields: this.flags['raw-field'] ?? [],
        typedFields: this.flags.field ?? [],
        query: this.flags.query ?? [],
        input: this.flags.input,
      },
      { organizationId: await this.defaultOrganization() },
    );
    if (this.flags.paginate && !operation.paginated) {
      throw new UsageError(`--paginate follows the pages of a list; ${operation.id} does not answer one.`);
    }
    const client = await this.client();
    // By id, through the SDK's index: the same checks, retries, errors, pages and streams as its
    // method. The id is known at run time only: the SDK checks it and the input, not the compiler.
    const callById = client.call.bind(client) as unknown as (id: string, input: OperationInput) => unknown;
    const call = callById(operation.id, input);

    if (operation.stream) {
      for await (const event of call as AsyncIterable<unknown>) this.output.jsonLine(event);
      return undefined;
    }
    if (this.flags.paginate) {
      for await (const item of call as AsyncIterable<unknown>) {
        if (this.human) this.output.json(item);
        else this.output.jsonLine(item);
      }
      return undefined;
    }
    const data = await (call as Promise<unknown>);
    if (this.human && data !== undefined) this.output.json(data);
    return data;
  }

  private async callPath(pathArg: string): Promise<unknown> {
    const request = await buildRequest(
      pathArg,
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
      if (this.human && data !== undefined) this.output.json(data);
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
        if (this.human) this.output.json(item);
        else this.output.jsonLine(item);
      }
    }
    // Items are already printed, one per line: nothing more for --json.
    return undefined;
  }
}
