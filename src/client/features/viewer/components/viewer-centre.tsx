import { Alert, Center, Group, Loader, Text } from '@mantine/core';
import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { PdfMarkup } from '../../../../shared/schemas/review';
import { fragmentsUrl, pdfUrl } from '../api/keys';
import type { useReviewFile } from '../hooks/use-review-file';
import { ModelReview } from './model-review';
import type { ShownMarkup } from './pdf-page';

// pdf.js and its worker load only when a drawing is opened.
const PdfViewer = lazy(() => import('./pdf-viewer').then((m) => ({ default: m.PdfViewer })));
const PdfCompare = lazy(() => import('./pdf-compare').then((m) => ({ default: m.PdfCompare })));

type Props = {
  rootId: number;
  unitId: number;
  shown: ReturnType<typeof useReviewFile>;
  canWrite: boolean;
  /** The drawing's markups and the page to scroll to. */
  markups: ShownMarkup[];
  focusPage: number | null;
  /** A markup drawn or a change picked: the anchor of a new topic on the version shown. */
  onMarkup: (markup: PdfMarkup) => void;
  /** The model's part of the view: what is highlighted, the picked difference, the viewer's handle. */
  model: Omit<ComponentProps<typeof ModelReview>, 'viewKey' | 'modelUrl' | 'compare'> & {
    diffElement: string | null;
    onDiffElement: (globalId: string) => void;
  };
};

const loading = (
  <Center h="100%">
    <Loader />
  </Center>
);

/** The viewer's centre: the drawing (or its comparison), the model, or where the model's conversion stands. */
export function ViewerCentre({ rootId, unitId, shown, canWrite, model, ...pdf }: Props) {
  const { t } = useTranslation();
  const { file, current, kind, against, comparing, conversion } = shown;
  if (!file || !current) {
    return (
      <Center h="100%">
        <Text c="dimmed">{t('VIEWER.SelectFile')}</Text>
      </Center>
    );
  }
  const fileId = file.projectFileID;
  const { version } = current;
  if (kind === 'pdf') {
    return (
      <Suspense fallback={loading}>
        {comparing && against !== null ? (
          <PdfCompare
            key={`${fileId}-${version}`}
            {...{ rootId, unitId, fileId, version, against }}
            earlier={shown.earlier}
            onAgainstChange={shown.setAgainst}
            canDraw={canWrite}
            onRegionTopic={pdf.onMarkup}
          />
        ) : (
          <PdfViewer
            url={pdfUrl(rootId, unitId, fileId, version)}
            sheet={{ rootId, unitId, fileId, version }}
            markups={pdf.markups}
            canDraw={canWrite}
            focusPage={pdf.focusPage}
            onDraw={pdf.onMarkup}
          />
        )}
      </Suspense>
    );
  }
  if (conversion?.status === 'ready') {
    const { diffElement, onDiffElement, ...view } = model;
    return (
      <ModelReview
        viewKey={`${fileId}-${version}`}
        modelUrl={fragmentsUrl(rootId, unitId, fileId, version)}
        compare={
          comparing && against !== null
            ? {
                comparison: shown.modelComparison,
                diff: shown.modelDiff,
                earlier: shown.earlier,
                against,
                onAgainstChange: shown.setAgainst,
                againstUrl: fragmentsUrl(rootId, unitId, fileId, against),
                element: diffElement,
                onElement: onDiffElement,
              }
            : null
        }
        {...view}
      />
    );
  }
  return (
    <Center h="100%" p="md">
      {conversion?.status === 'failed' ? (
        <Alert color="red" title={t('FILES.Conversion.failed')}>
          {t(conversion.reason ?? 'VIEWER.Conversion.Failed.Unreadable')}
        </Alert>
      ) : (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('VIEWER.Conversion.NotReady')}</Text>
        </Group>
      )}
    </Center>
  );
}
