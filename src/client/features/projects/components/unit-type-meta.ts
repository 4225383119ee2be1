import {
  IconBox,
  IconBuildingSkyscraper,
  IconFolder,
  IconLayersSubtract,
  IconPencilBolt,
  IconStack2,
  IconTruckDelivery,
  type Icon,
} from '@tabler/icons-react';

/** Colour and icon of each unit type: the heroes of the edit dialog, tiles and bands (shade 9 carries white text at AA contrast). */
type UnitTypeMeta = { color: string; icon: Icon };
const folderMeta: UnitTypeMeta = { color: 'gray', icon: IconFolder };

export const unitTypeMeta: Record<string, UnitTypeMeta> = {
  project: { color: 'teal', icon: IconBuildingSkyscraper },
  subproject: { color: 'blue', icon: IconLayersSubtract },
  approvallot: { color: 'grape', icon: IconStack2 },
  drawingjob: { color: 'pink', icon: IconPencilBolt },
  folder: folderMeta,
  aacorderlot: { color: 'cyan', icon: IconBox },
  lintelorderlot: { color: 'indigo', icon: IconTruckDelivery },
};

export const metaOf = (type: string): UnitTypeMeta => unitTypeMeta[type] ?? folderMeta;

/** Badge colour per state: reviewer states violet, done green, closed grey, the rest blue. */
export function stateColor(stateKey: string): string {
  if (['ProvideFiles', 'ReviewPreliminaryDrawings', 'ReviewRevisedDrawings', 'Finalized'].includes(stateKey))
    return 'violet';
  if (['Approved', 'CCLReadyForDrawing'].includes(stateKey)) return 'green';
  if (['Closed', 'Archived'].includes(stateKey)) return 'gray';
  if (stateKey === 'Structuring') return 'orange';
  return 'blue';
}
