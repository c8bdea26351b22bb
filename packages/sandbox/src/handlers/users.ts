import { getAuthenticatedUser, getUserById, updateUserById } from '@docs-api/sdk/contract';
import { notFound, SandboxError } from '../errors.js';
import { implement } from '../implement.js';
import { userView } from '../domain/organizations.js';

/*
 * Users. The sandbox's token belongs to the user every request acts as: the store's `actor`
 * (`user_ada` in the seeds; a fixture names another with `actor`). `getAuthenticatedUser`
 * answers that user, with the email; `getUserById` answers any user the sandbox knows with what
 * the service shows of someone else ("publicly available information": no email), and the
 * caller's own profile in full. `updateUserById` changes the caller's own name and photo (403
 * for anyone else's), which every answer showing the user then shows.
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

  implement(updateUserById, ({ store, params, body }) => {
    const user = store.users.get(params.userId);
    if (!user) throw notFound('user', params.userId);
    if (params.userId !== store.actor)
      throw new SandboxError(403, 'A user can change only their own profile');
    if (body?.displayName !== undefined) user.displayName = body.displayName;
    if (body?.photoURL !== undefined) user.photoURL = body.photoURL;
    return userView(store, user.id);
  }),
];
