// A script author's file, type-checked against the installed tarballs (skipLibCheck: false) by
// each TypeScript version and module setting of test/packaging/install-tarballs.mjs. Every
// `@ts-expect-error` is a mistake the types must catch: unused, it fails the check too.
import {
  ApiPromise,
  DocsClient,
  PagePromise,
  type RevisionPage,
  type Space,
  type UnknownKind,
} from '@docs-api/sdk';
import { operations } from '@docs-api/sdk/contract';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const expectType = <T extends true>(value: T): T => value;

const client = new DocsClient({ token: 'tok', baseUrl: 'https://api.example.com/v1' });

export async function script(): Promise<string[]> {
  const call = client.spaces.get('space_1');
  expectType<Equal<typeof call, ApiPromise<Space>>>(true);
  const space = await call;
  // A field the document requires is there without `?.` or `!`.
  expectType<Equal<typeof space.title, string>>(true);
  expectType<Equal<typeof space.createdAt, string>>(true);
  // @ts-expect-error `titel` is not a field of a space.
  void space.titel;

  const pages = client.changeRequests.list('space_1');
  expectType<typeof pages extends PagePromise<unknown> ? true : false>(true);
  // @ts-expect-error a page promise is not an array: walk it with for await, or toArray().
  pages.map((request) => request.id);

  // @ts-expect-error a body key the operation does not have.
  void client.spaces.update('space_1', { titel: 'Handbook' });
  // @ts-expect-error the space id is missing.
  void client.spaces.get();
  // @ts-expect-error not a visibility of a site.
  void client.sites.update('org_1', 'site_1', { visibility: 'everyone' });

  // A union's fields every variant has compile without narrowing; the others need it.
  const page = {} as RevisionPage;
  const ids: string[] = [page.id, page.title];
  // @ts-expect-error only a document page has `markdown`.
  void page.markdown;
  if (page.type === 'document') ids.push(page.id);
  expectType<Equal<Extract<RevisionPage, { type: UnknownKind }>['id'], string>>(true);

  // The contract's data: one name per operation, the document's id and the SDK's.
  const named = operations.find((operation) => operation.name === 'spaces.get');
  return [...ids, named?.id ?? ''];
}
