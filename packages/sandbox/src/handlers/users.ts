import { getAuthenticatedUser, getUserById } from '@docs-api/sdk/contract';
import { notFound } from '../errors.js';
import { implement } from '../implement.js';
import { userView } from './organizations.js';

/*
 * Users. The sandbox's token belongs to the user every request acts as: the store's `actor`
 * (`user_ada` in the seeds; a fixture names another with `actor`). `getAuthenticatedUser`
 * answers that user, with the email; `getUserById` answers any user the sandbox knows with what
 * the service shows of someone else ("publicly available information": no email), and the
 * caller's own profile in full.
 */

export const userHandlers = [
  implement(getAuthenticatedUser, ({ store }) => {
    if (!store.users.has(store.actor)) throw notFound('user', store.actor);
    return userView(store, store.actor);
  }),

  implement(getUserById, ({ store, params }) => {
    if (!store.users.has(params.userId)) throw notFound('user', params.userId);
    const { email, ...publicView } = userView(store, params.userId);
    return params.userId === store.actor && email !== undefined ? { ...publicView, email } : publicView;
  }),
];
