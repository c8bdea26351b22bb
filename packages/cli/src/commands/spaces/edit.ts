import { Flags } from '../../oclif.js';
import type { Space, UpdateSpaceByIdBody } from '@docs-api/sdk';
import { UsageError } from '../../lib/failures/exit-codes.js';
import { DEFAULT_LEVEL_OPTIONS, printSpace, SpaceCommand, spaceArg } from '../../lib/areas/spaces.js';
import { languageCode } from '../../lib/areas/translations.js';

export default class SpacesEdit extends SpaceCommand<typeof SpacesEdit> {
  static override summary =
    "Change a space's title, emoji or icon, language, default level, edit mode or merge rules";
  static override description =
    "Changes only the fields given. A `locked` space refuses every edit of its content (merges included) until it is set back to `live`. --require-reviewer replaces the space's merge rules with one rule requiring a review by those users; --inherit-merge-rules gives it the organization's rules. Prints the updated space; --json prints the space object. Without any flag it is exit 2, nothing sent.\n\nIn a pipeline it never prompts: pass the space id, or it exits 2.";
  static override examples = [
    '<%= config.bin %> spaces edit space_handbook --title "Team handbook" --emoji 📗',
    '<%= config.bin %> spaces edit space_legal --edit-mode live',
    '<%= config.bin %> spaces edit space_api --require-reviewer user_grace --require-reviewer user_linus',
    '<%= config.bin %> spaces edit space_api --inherit-merge-rules --default-level comment',
    '<%= config.bin %> spaces edit space_api --icon https://example.com/api.png',
  ];
  static override args = { space: spaceArg };
  static override flags = {
    title: Flags.string({ description: 'New title (at most 50 characters)' }),
    emoji: Flags.string({ description: 'New emoji (replaces an icon)', exclusive: ['icon'] }),
    'remove-emoji': Flags.boolean({ description: 'Remove the emoji', exclusive: ['emoji'] }),
    icon: Flags.string({ description: 'URL of an icon image (replaces the emoji)' }),
    'remove-icon': Flags.boolean({ description: 'Remove the icon', exclusive: ['icon'] }),
    language: Flags.string({
      description: 'Language of the content: en, fr, de, es, pt-br, zh-tw, ... (the service lists them)',
    }),
    'default-level': Flags.string({
      description:
        'Role everyone with access gets by default; inherit: that of its collection or organization',
      options: DEFAULT_LEVEL_OPTIONS,
    }),
    'edit-mode': Flags.string({
      description: 'live: direct edits; locked: all edits locked',
      options: ['live', 'locked'],
    }),
    'inherit-merge-rules': Flags.boolean({
      description: "Use the organization's merge rules",
      exclusive: ['require-reviewer'],
    }),
    'require-reviewer': Flags.string({
      description: 'Require a review by this user id before merging, @me for yourself (repeatable)',
      multiple: true,
    }),
  };

  async run(): Promise<Space> {
    const f = this.flags;
    // The document's forms: an emoji, an icon, or nulls to remove them. Setting one replaces the
    // other, so `--emoji x --remove-icon` sends the emoji alone.
    const look: { emoji: string } | { icon: string } | { emoji?: null; icon?: null } =
      f.emoji !== undefined
        ? { emoji: f.emoji }
        : f.icon !== undefined
          ? { icon: f.icon }
          : { ...(f['remove-emoji'] ? { emoji: null } : {}), ...(f['remove-icon'] ? { icon: null } : {}) };
    const body: UpdateSpaceByIdBody = {
      ...(f.title === undefined ? {} : { title: f.title }),
      ...look,
      // Checked against the service's languages (exit 2 for another), in lower case.
      ...(f.language === undefined ? {} : { language: languageCode('--language', f.language) }),
      ...(f['default-level'] === undefined ? {} : { defaultLevel: f['default-level'] as 'read' }),
      ...(f['edit-mode'] === undefined ? {} : { editMode: f['edit-mode'] as 'live' }),
      ...(f['inherit-merge-rules'] ? { mergeRules: { type: 'inherit' as const } } : {}),
      ...(f['require-reviewer'] === undefined
        ? {}
        : {
            mergeRules: {
              type: 'rules' as const,
              rules: [
                { rule: 'require_specific_reviewers', users: await this.userIds(f['require-reviewer']) },
              ],
            },
          }),
    };
    if (Object.keys(body).length === 0) {
      throw new UsageError(
        'Nothing to change: pass at least one of --title, --emoji, --icon, --language, --default-level, --edit-mode, ...',
      );
    }
    const { client, spaceId } = await this.target();
    const space = await client.spaces.update(spaceId, body);
    if (this.human) {
      this.output.success(`Updated space ${space.id}`);
      printSpace(this.output, space);
    }
    return space;
  }
}
