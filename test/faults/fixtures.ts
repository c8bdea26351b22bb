/** A site as the service answers one: the success body of the fault suites' site calls. */
export const site = {
  object: 'site',
  id: 's1',
  type: 'basic',
  title: 'Handbook',
  visibility: 'public',
  published: true,
  siteSpaces: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  agentsContext: 'excluded',
};
