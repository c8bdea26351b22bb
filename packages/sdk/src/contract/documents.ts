import type { JSONDocumentParam } from '../generated/types.js';

/** Builds a minimal rich-text document of paragraphs from plain text (one paragraph per line). */
export function documentFromText(text: string): JSONDocumentParam {
  return {
    object: 'document',
    data: { schemaVersion: 1 },
    nodes: text.split('\n').map((line) => ({
      object: 'block',
      type: 'paragraph',
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: line, marks: [] }] }],
    })),
  };
}
