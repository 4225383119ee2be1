import { useMemo, useState } from 'react';
import { reviewableKind } from '../../../../shared/rules/review';
import type { ProjectFile } from '../../../../shared/schemas/files';
import type { ReviewTopic } from '../../../../shared/schemas/review';
import { useComparison, useUnitChanges } from '../api/compare';
import { againstOf, reviewableFiles, shownVersion, type FileVersion } from '../routes/review-selection';

/**
 * The file version the viewer shows and what it is compared with. Compare mode is on by default
 * where revised drawings are reviewed; the version compared with is kept per file. The changes of
 * all the unit's files are read while the decision dialog is open.
 */
export function useReviewFile(
  rootId: number,
  unitId: number,
  data: { files?: ProjectFile[]; topics?: ReviewTopic[]; stateKey?: string },
  decisionOpen: boolean,
) {
  const [selected, setSelected] = useState<FileVersion | null>(null);
  const [compareOn, setCompareOn] = useState<boolean | null>(null);
  const [againstByFile, setAgainstByFile] = useState<Record<number, number>>({});
  const reviewable = useMemo(() => reviewableFiles(data.files ?? []), [data.files]);
  const topics = data.topics ?? [];
  const current = shownVersion(reviewable, selected);
  const file = reviewable.find((f) => f.projectFileID === current?.fileId) ?? null;
  const kind = file ? reviewableKind(file.name) : null;
  const conversion = file?.versions.find((v) => v.version === current?.version)?.conversion ?? null;
  const earlier = file && current ? file.versions.map((v) => v.version).filter((v) => v < current.version) : [];
  const against = file && current ? againstOf(file, current.version, againstByFile, topics) : null;
  const comparing = (compareOn ?? data.stateKey === 'ReviewRevisedDrawings') && against !== null;
  const modelComparison = useComparison(
    rootId,
    unitId,
    file?.projectFileID ?? 0,
    current?.version ?? 0,
    comparing && kind === 'ifc' ? against : null,
  );
  const unitChanges = useUnitChanges(
    rootId,
    unitId,
    reviewable.flatMap((f) => {
      const a = againstOf(f, f.version, againstByFile, topics);
      return a === null ? [] : [{ fileId: f.projectFileID, version: f.version, against: a }];
    }),
    decisionOpen,
  );

  return {
    reviewable,
    current,
    select: setSelected,
    file,
    kind,
    conversion,
    /** Earlier versions to compare with, newest first. */
    earlier: [...earlier].sort((a, b) => b - a),
    against,
    setAgainst: (version: number) => file && setAgainstByFile((m) => ({ ...m, [file.projectFileID]: version })),
    comparing,
    setCompareOn,
    modelComparison,
    modelDiff: modelComparison.data?.kind === 'model' ? modelComparison.data : null,
    unitChanges,
  };
}
