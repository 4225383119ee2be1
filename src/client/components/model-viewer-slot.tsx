import { Center, Loader } from '@mantine/core';
import { Suspense, type ComponentType } from 'react';

/** A BCF camera: the model's IFC world coordinates, metres, Z up (the viewer converts to its own). */
export type ModelCamera = {
  position: [number, number, number];
  direction: [number, number, number];
  up: [number, number, number];
  fieldOfView: number;
};

/** The element the user clicked in the model. */
export type SelectedModelElement = {
  globalId: string | null;
  name: string | null;
  /** IFC class, e.g. IFCWALLSTANDARDCASE. */
  type: string | null;
  /** Attributes and property-set values, flattened to label → text. */
  properties: { group: string; name: string; value: string }[];
};

/** Imperative handle handed out once the model is shown (for viewpoints, all in IFC coordinates, Z up). */
export type ModelViewerHandle = {
  getCamera(): ModelCamera;
  setCamera(camera: ModelCamera): void;
  /** GlobalIds of the elements currently selected (clicked or highlighted). */
  getSelection(): string[];
  /** Measured lines and the section plane (with `tools`), for a topic's viewpoint. */
  getMarkup(): ModelMarkup;
  /** Shows a viewpoint's lines and section plane (none: clears them). */
  showMarkup(markup: ModelMarkup): void;
};

/**
 * Distances measured (BCF Lines) and section planes (BCF ClippingPlanes; direction towards the part
 * cut away), in IFC world coordinates (Z up).
 */
export type ModelMarkup = {
  lines?: { start: [number, number, number]; end: [number, number, number] }[];
  clippingPlanes?: { location: [number, number, number]; direction: [number, number, number] }[];
};

/**
 * The 3D model viewer (lazy chunk of the viewer feature: @thatopen/components, fragments, three).
 * Stable contract for every page that shows a model.
 */
export type ModelViewerProps = {
  /** URL of the model in the fragments format (`/api/viewer/{root}/{unit}/files/{file}/fragments`). */
  modelUrl: string;
  /** Elements drawn in the highlight colour (by IFC GlobalId). */
  highlightGlobalIds?: string[];
  /** With highlights: every other element translucent grey. */
  ghostOthers?: boolean;
  /** Elements drawn in a colour of their own (e.g. added, changed in a comparison), by IFC GlobalId. */
  colouredGlobalIds?: { color: string; globalIds: string[] }[];
  /**
   * Elements of another version of the model (e.g. the earlier one of a comparison), drawn where
   * they were in a colour of their own: what the shown version removed.
   */
  removedFrom?: { modelUrl: string; globalIds: string[]; color: string };
  /** Elements the camera frames when this changes (e.g. the item clicked in a list). */
  frameGlobalIds?: string[];
  /** Clicking an element (null: clicked into empty space); it is drawn in blue, the highlights stay. */
  onSelectElement?: (element: SelectedModelElement | null) => void;
  /** Storey and category visibility, element properties. Default true. */
  showPanels?: boolean;
  /** Called once the model is on screen (the canvas then carries `data-model-ready="true"`). */
  onReady?: (handle: ModelViewerHandle) => void;
  /** Height of the canvas; default fills the parent. */
  height?: number | string;
  /** Measuring two points and a section plane over the model. */
  tools?: boolean;
};

let viewer: ComponentType<ModelViewerProps> | null = null;

/** components/ cannot import a feature: the app registers the lazy viewer here (router.tsx). */
export function provideModelViewer(component: ComponentType<ModelViewerProps>): void {
  viewer = component;
}

export function ModelViewerSlot(props: ModelViewerProps) {
  if (!viewer) return null;
  const Viewer = viewer;
  return (
    <Suspense
      fallback={
        <Center h={props.height ?? '100%'}>
          <Loader />
        </Center>
      }
    >
      <Viewer {...props} />
    </Suspense>
  );
}
