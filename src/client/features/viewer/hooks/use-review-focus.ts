import { useRef, useState } from 'react';
import type { ReviewTopic } from '../../../../shared/schemas/review';
import type { ModelViewerHandle, SelectedModelElement } from '../../../components/model-viewer-slot';
import type { TopicAnchor } from '../components/topic-dialog';
import type { useReviewFile } from './use-review-file';

/**
 * What the reviewer looks at in the file shown: the active topic (its markup's page, its model view),
 * the model element picked, the difference picked from a comparison, and a new topic's anchor (a
 * markup drawn, a change picked or the model's current view).
 */
export function useReviewFocus(shown: ReturnType<typeof useReviewFile>) {
  const [anchor, setAnchor] = useState<TopicAnchor | null>(null);
  const [activeTopic, setActiveTopic] = useState<ReviewTopic | null>(null);
  const [element, setElement] = useState<SelectedModelElement | null>(null);
  const [diffElement, setDiffElement] = useState<string | null>(null);
  const handle = useRef<ModelViewerHandle | null>(null);
  const { file, current } = shown;
  const anchorOn = file && current ? { projectFileID: file.projectFileID, version: current.version } : null;

  const newModelTopic = () => {
    if (!anchorOn) return;
    const camera = handle.current?.getCamera();
    setAnchor({
      ...anchorOn,
      viewpoint: camera
        ? { camera, selection: handle.current?.getSelection() ?? [], ...handle.current?.getMarkup() }
        : null,
    });
  };
  const showTopic = (topic: ReviewTopic) => {
    if (topic.projectFileID && topic.version) {
      const f = shown.reviewable.find((x) => x.projectFileID === topic.projectFileID);
      if (f) {
        shown.select({
          fileId: f.projectFileID,
          version: current?.fileId === f.projectFileID ? current.version : f.version,
        });
      }
    }
    setActiveTopic(topic);
    if (topic.viewpoint) {
      handle.current?.setCamera(topic.viewpoint.camera);
      handle.current?.showMarkup(topic.viewpoint);
    }
  };

  return {
    anchor,
    closeAnchor: () => setAnchor(null),
    activeTopic,
    showTopic,
    selectFile: (fileId: number, version: number) => {
      shown.select({ fileId, version });
      setActiveTopic(null);
      setElement(null);
    },
    onMarkup: (markup: NonNullable<TopicAnchor['markup']>) => anchorOn && setAnchor({ ...anchorOn, markup }),
    model: {
      onNewTopic: newModelTopic,
      highlight: activeTopic?.viewpoint?.selection ?? (element?.globalId ? [element.globalId] : []),
      diffElement,
      onDiffElement: (globalId: string) => {
        setActiveTopic(null);
        setDiffElement(globalId);
      },
      // A topic's view, or an element picked from the comparison, shows through the rest.
      ghostOthers: !!activeTopic?.viewpoint?.selection.length || (shown.comparing && !!diffElement),
      onSelectElement: (e: SelectedModelElement | null) => {
        setActiveTopic(null);
        setElement(e);
      },
      onReady: (h: ModelViewerHandle) => (handle.current = h),
    },
  };
}
