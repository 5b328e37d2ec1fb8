import { readSiteConfig } from '../../boot/readSiteConfig';

/**
 * Names of the drafting flows as the user sees them: "with AI" only when this Baton has an AI provider.
 * The built-in drafter is never presented as AI (agents.md §1).
 */
export function draftLabels() {
  const ai = readSiteConfig(document).aiDrafts;
  return {
    addItems: ai ? 'Add items with AI…' : 'Add items from a description…',
    addNext: ai ? 'Add next to it with AI…' : 'Add next to it…',
  };
}
