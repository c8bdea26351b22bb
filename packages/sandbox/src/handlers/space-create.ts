import { createSpace } from '@docs-api/sdk/contract';
import { invalidField, SandboxError } from '../errors.js';
import { implement } from '../implement.js';
import { requireOrganization } from '../domain/organizations.js';
import { createSpaceRow, spaceView } from '../domain/spaces.js';

/*
 * createSpace: a new space of the organization, last among its siblings (at the top level or in
 * the collection `parent`), with an empty primary revision. Creating spaces takes the `create`
 * or `admin` role in the organization (403 for other members, 404 for anyone else). A
 * `template` or `computedSource` is accepted and not applied: the sandbox has no templates and
 * computes no content, so the space starts empty, as with `empty: true`.
 */

const CREATORS = new Set(['admin', 'create']);

export const spaceCreateHandlers = [
  implement(createSpace, ({ store, params, body, context }) => {
    const organization = requireOrganization(store, params.organizationId);
    const role = store.members.find(
      (m) => m.organization === organization.id && m.user === store.actor,
    )?.role;
    if (!role || !CREATORS.has(role))
      throw new SandboxError(
        403,
        `Creating a space in organization "${organization.id}" takes the create or admin role (yours: ${role ?? 'none'})`,
      );
    const parent = body?.parent;
    if (parent !== undefined) {
      const collection = store.collections.get(parent);
      if (collection?.organization !== organization.id)
        throw invalidField(
          'body.parent',
          `"${parent}" is not a collection of organization "${organization.id}"`,
        );
    }
    const space = createSpaceRow(store, {
      organization: organization.id,
      title: body?.title ?? '',
      ...(body?.emoji !== undefined ? { emoji: body.emoji } : {}),
      ...(body?.editMode !== undefined ? { editMode: body.editMode } : {}),
      ...(parent !== undefined ? { parent } : {}),
      ...(body?.language !== undefined ? { language: body.language } : {}),
    });
    const view = spaceView(store, space);
    context.header('location', view.urls?.location ?? store.apiUrl(`/spaces/${space.id}`));
    return view;
  }),
];
