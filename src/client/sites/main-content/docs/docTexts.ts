import planning from '../../../../../docs/planning.md';
import handoff from '../../../../../docs/handoff.md';
import mcp from '../../../../../docs/mcp.md';
import ai from '../../../../../docs/ai.md';
import assessment from '../../../../../docs/assessment.md';
import type { DocSlug } from './docSlugs';

/** The Markdown of each published page, bundled at build time (webpack asset/source). */
export const docTexts: Record<DocSlug, string> = { planning, handoff, mcp, ai, assessment };
