import { z } from 'zod';
import { PermissionsSchema } from './common.js';
import { loose, openEnum } from './schema.js';

const ConfigurationSchema = loose({
  properties: z
    .record(
      z.string(),
      loose({
        title: z.string().optional(),
        description: z.string().optional(),
        type: z.string().optional(),
        default: z.unknown().optional(),
        completion_url: z.string().optional(),
        enum: z.array(z.string()).optional(),
      }),
    )
    .optional(),
  required: z.array(z.string()).optional(),
});

export const IntegrationSchema = loose({
  object: z.literal('integration'),
  name: z.string(),
  version: z.number().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  summary: z.string().optional(),
  previewImages: z.array(z.string()).optional(),
  target: openEnum(['all']).optional(),
  verified: z.boolean().optional(),
  visibility: z.string().optional(),
  scopes: z.array(openEnum(['space:content:read'])).optional(),
  categories: z.array(openEnum(['analytics'])).optional(),
  blocks: z
    .array(
      loose({
        id: z.string(),
        title: z.string().optional(),
        description: z.string().optional(),
        icon: z.string().optional(),
        urlUnfurl: z.array(z.string()).optional(),
        markdown: loose({ codeblock: z.string().optional(), body: z.string().optional() }).optional(),
      }),
    )
    .optional(),
  contentSources: z
    .array(
      loose({
        id: z.string(),
        title: z.string().optional(),
        description: z.string().optional(),
        icon: z.string().optional(),
        configuration: loose({ componentId: z.string().optional() }).optional(),
      }),
    )
    .optional(),
  configurations: loose({
    account: ConfigurationSchema.optional(),
    space: ConfigurationSchema.optional(),
    site: ConfigurationSchema.optional(),
  }).optional(),
  externalLinks: z.array(loose({ url: z.string(), label: z.string().optional() })).optional(),
  owner: loose({ id: z.string() }).optional(),
  urls: loose({
    location: z.string().optional(),
    icon: z.string().optional(),
    app: z.string().optional(),
    assets: z.string().optional(),
    publicEndpoint: z.string().optional(),
  }).optional(),
  permissions: PermissionsSchema.optional(),
  contentSecurityPolicy: z.unknown().optional(),
});
export type Integration = z.infer<typeof IntegrationSchema>;

/** A script an integration injects into a published site. */
export const IntegrationScriptSchema = loose({
  script: z.string(),
  contentSecurityPolicy: z.unknown().optional(),
  cookies: z.boolean().optional(),
});
export type IntegrationScript = z.infer<typeof IntegrationScriptSchema>;
