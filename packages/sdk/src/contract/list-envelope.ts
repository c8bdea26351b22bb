/** The list envelope every paginated endpoint returns. Without zod: the SDK's public types use it. */
export type ListEnvelope<T> = {
  items: T[];
  count?: number | undefined;
  next?: { page: string } | null | undefined;
};
