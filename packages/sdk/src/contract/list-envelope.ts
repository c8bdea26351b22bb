/** The list envelope every paginated endpoint returns. Without zod: the SDK's public types use it. */
export type ListEnvelope<T> = {
  items: T[];
  count?: number | undefined;
  /** The next page's cursor; none (or no `page`) on the last page, as the document allows. */
  next?: { page?: string | undefined } | null | undefined;
};
