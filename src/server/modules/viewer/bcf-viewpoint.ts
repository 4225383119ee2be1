import { modelViewpointSchema, type ModelViewpoint } from '../../../shared/schemas/review';
import { BcfError, list, node, num, parseXml, readVector, str, vector, xml } from './bcf-xml';

/**
 * A topic's viewpoint as a BCF VisualizationInfo (`{vpGuid}.bcfv`): PerspectiveCamera, selected
 * Components by IfcGuid, Lines and ClippingPlanes. Kept and written in IFC world coordinates
 * (metres, Z up), as BCF has them: the 3D viewer converts when it captures or shows a view.
 * An OrthogonalCamera of a foreign viewpoint is read as a perspective view from the same place
 * (field of view 60°).
 */

export function viewpointXml(guid: string, vp: ModelViewpoint): string {
  return xml({
    VisualizationInfo: {
      '@Guid': guid,
      ...(vp.selection.length
        ? { Components: { Selection: { Component: vp.selection.map((g) => ({ '@IfcGuid': g })) } } }
        : {}),
      PerspectiveCamera: {
        CameraViewPoint: vector(vp.camera.position),
        CameraDirection: vector(vp.camera.direction),
        CameraUpVector: vector(vp.camera.up),
        FieldOfView: vp.camera.fieldOfView,
        AspectRatio: 1.5,
      },
      ...(vp.lines?.length
        ? { Lines: { Line: vp.lines.map((l) => ({ StartPoint: vector(l.start), EndPoint: vector(l.end) })) } }
        : {}),
      ...(vp.clippingPlanes?.length
        ? {
            ClippingPlanes: {
              ClippingPlane: vp.clippingPlanes.map((c) => ({
                Location: vector(c.location),
                Direction: vector(c.direction),
              })),
            },
          }
        : {}),
    },
  });
}

export function readViewpoint(text: string): ModelViewpoint {
  const info = node(parseXml(text).VisualizationInfo);
  if (!info) throw new BcfError('Invalid');
  const perspective = node(info.PerspectiveCamera);
  const camera = perspective ?? node(info.OrthogonalCamera);
  if (!camera) throw new BcfError('Invalid');
  const selection = list(node(node(info.Components)?.Selection)?.Component)
    .map((c) => str(c['@IfcGuid']))
    .filter((g): g is string => !!g);
  const lines = list(node(info.Lines)?.Line).map((l) => ({
    start: readVector(l.StartPoint),
    end: readVector(l.EndPoint),
  }));
  const clippingPlanes = list(node(info.ClippingPlanes)?.ClippingPlane).map((c) => ({
    location: readVector(c.Location),
    direction: readVector(c.Direction),
  }));
  const parsed = modelViewpointSchema.safeParse({
    camera: {
      position: readVector(camera.CameraViewPoint),
      direction: readVector(camera.CameraDirection),
      up: readVector(camera.CameraUpVector),
      fieldOfView: perspective ? num(perspective.FieldOfView) : 60,
    },
    selection,
    ...(lines.length ? { lines } : {}),
    ...(clippingPlanes.length ? { clippingPlanes } : {}),
  });
  if (!parsed.success) throw new BcfError('Invalid');
  return parsed.data;
}
