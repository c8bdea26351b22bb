import { Args, Flags, type Command } from '../../oclif.js';
import type { DocsClient } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { CommandError, ExitCode } from '../failures/exit-codes.js';
import { pickChangeRequest, pickComment, pickSpace } from './cr-pickers.js';
import { crLabel } from './cr-readers.js';

/*
 * What the `docs cr ...` commands share: their positional arguments and base class. The readers,
 * columns, printers, pickers and conflict mapping are modules of their own, exported from here
 * too.
 */
export * from './cr-readers.js';
export * from './cr-columns.js';
export * from './cr-conflicts.js';
export * from './cr-printers.js';
export * from './cr-pickers.js';

export const spaceArg = Args.string({
  name: 'space',
  description: 'Space id (picked from a list at a terminal when omitted)',
});

export const crArg = Args.string({
  name: 'cr',
  description: 'Change request number (e.g. 12 or #12) or id (picked from a list at a terminal when omitted)',
});

export const commentArg = Args.string({
  name: 'comment',
  description: 'Comment id (picked from a list at a terminal when omitted)',
});

/** The flags of every `docs cr content ...` command (and `docs cr links`): both default to on. */
export const contentFlags = {
  'git-metadata': Flags.boolean({
    description: 'Include mutable git metadata (--no-git-metadata: omit it)',
    allowNo: true,
  }),
  computed: Flags.boolean({
    description: 'Compute computed content (--no-computed: skip computing it)',
    allowNo: true,
  }),
};

/** The two booleans every content query takes (the document names them `metadata` and `computed`). */
export interface ContentOptions {
  metadata?: boolean;
  computed?: boolean;
}

/** The SDK's content options from `--[no-]git-metadata` and `--[no-]computed`; unset flags are not sent. */
export function contentOptions(flags: {
  'git-metadata'?: boolean | undefined;
  computed?: boolean | undefined;
}): ContentOptions {
  return {
    ...(flags['git-metadata'] === undefined ? {} : { metadata: flags['git-metadata'] }),
    ...(flags.computed === undefined ? {} : { computed: flags.computed }),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The base of every `docs cr ...` command: resolves `<space>` and `<cr>` (and `<comment>`)
 * from the arguments, or from a list at a terminal, or fails with a usage error naming them.
 */
export abstract class ChangeRequestCommand<T extends typeof Command> extends BaseCommand<T> {
  /** The `space` argument, or a space of the organization picked at a terminal. */
  protected async spaceId(): Promise<string> {
    const { space } = this.args as { space?: string };
    return this.argOrPick(space, 'the space id', async () =>
      pickSpace(this.prompts, await this.client(), await this.organizationId()),
    );
  }

  /** The requests offered when the change request is picked at a terminal: open ones, or closed for `reopen`. */
  protected pickedStatus: 'open' | 'archived' = 'open';

  /** The `cr` argument (`#12` is read as `12`), or a change request picked at a terminal. */
  protected async changeRequestId(spaceId: string): Promise<string> {
    const { cr } = this.args as { cr?: string };
    const value = cr?.replace(/^#(?=\d+$)/, '');
    return this.argOrPick(value, 'the change request number or id', async () =>
      pickChangeRequest(this.prompts, await this.client(), spaceId, this.pickedStatus),
    );
  }

  /** The space and change request this run acts on, once known: named when the request is not found. */
  #target: { spaceId: string; crId: string } | undefined;

  /** The client, the space and the change request a command acts on. */
  protected async target(): Promise<{ client: DocsClient; spaceId: string; crId: string }> {
    const spaceId = await this.spaceId();
    const crId = await this.changeRequestId(spaceId);
    this.#target = { spaceId, crId };
    return { client: await this.client(), spaceId, crId };
  }

  /**
   * A change request the API does not find is named with its space and number (`Change request
   * #99 was not found in space space_handbook`), not by the server's bare `"99"`; the space, a
   * comment or a page not found keep the server's words.
   */
  protected override async catch(error: Error & { exitCode?: number }): Promise<unknown> {
    const target = this.#target;
    // A target is known once the client is built: the SDK is loaded then.
    const { NotFoundError } = target ? await import('../../sdk-errors.js') : {};
    if (
      target &&
      NotFoundError &&
      error instanceof NotFoundError &&
      new RegExp(
        `/spaces/${escapeRegExp(encodeURIComponent(target.spaceId))}/change-requests/${escapeRegExp(encodeURIComponent(target.crId))}(/|$)`,
      ).test(new URL(error.url, 'http://x').pathname) &&
      // The request's own reads, not its space, a comment, a page... (the server names those).
      !/\b(space|comment|reply|page|file|user|revision|review)\b/i.test(error.serverMessage)
    ) {
      const { status, requestId } = error;
      const details = [`HTTP ${String(status)}`, requestId ? `request id ${requestId}` : '']
        .filter(Boolean)
        .join(', ');
      return super.catch(
        new CommandError(
          `Change request ${crLabel(target.crId)} was not found in space ${target.spaceId} (${details}). List its change requests with \`docs cr list ${target.spaceId} --status all\`.`,
          ExitCode.NotFound,
        ),
      );
    }
    return super.catch(error);
  }

  /** The `comment` argument, or a comment picked at a terminal. */
  protected async commentId(spaceId: string, crId: string): Promise<string> {
    const { comment } = this.args as { comment?: string };
    return this.argOrPick(comment, 'the comment id', async () =>
      pickComment(this.prompts, await this.client(), spaceId, crId),
    );
  }
}
