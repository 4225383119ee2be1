import { reviewableKind } from '../../../../shared/rules/review';
import type { ProjectFile } from '../../../../shared/schemas/files';
import type { PdfMarkup, ReviewTopic } from '../../../../shared/schemas/review';
import { defaultAgainst } from '../api/compare';
import type { ShownMarkup } from '../components/pdf-page';

export type FileVersion = { fileId: number; version: number };

/** The version a file is compared with: the one chosen for it, else the default for the version shown. */
export function againstOf(
  f: Pick<ProjectFile, 'projectFileID' | 'versions'>,
  shown: number,
  chosen: Record<number, number>,
  topics: Pick<ReviewTopic, 'projectFileID' | 'version'>[],
): number | null {
  return (
    chosen[f.projectFileID] ??
    defaultAgainst(
      f.versions.map((v) => v.version),
      shown,
      topics.filter((x) => x.projectFileID === f.projectFileID).map((x) => x.version),
    )
  );
}

/** The file version shown: the one chosen, else the newest version of the first reviewable file. */
export function shownVersion(reviewable: ProjectFile[], selected: FileVersion | null): FileVersion | null {
  const first = reviewable[0];
  return selected ?? (first ? { fileId: first.projectFileID, version: first.version } : null);
}

/**
 * The markups drawn on the PDF shown: its topics' markups that are open, or were raised on this
 * version; the active topic's stands out.
 */
export function pdfMarkupsOf(
  topics: ReviewTopic[],
  shown: FileVersion | null,
  activeTopicId: number | null,
): ShownMarkup[] {
  return topics
    .filter(
      (x): x is ReviewTopic & { markup: PdfMarkup } =>
        x.projectFileID === shown?.fileId && x.markup !== null && (x.status === 'open' || x.version === shown?.version),
    )
    .map((x) => ({ id: x.topicID, markup: x.markup, active: activeTopicId === x.topicID }));
}

/** The unit's files a review can show (drawings and models). */
export const reviewableFiles = (files: ProjectFile[]) => files.filter((f) => reviewableKind(f.name) !== null);
