import {
  IconFile,
  IconFileTypePdf,
  IconFileTypeZip,
  IconFileTypeDoc,
  IconPhoto,
  IconBuilding,
  IconRuler2,
} from '@tabler/icons-react';

const icons: Record<string, typeof IconFile> = {
  pdf: IconFileTypePdf,
  ifc: IconBuilding,
  dwg: IconRuler2,
  dxf: IconRuler2,
  png: IconPhoto,
  jpg: IconPhoto,
  zip: IconFileTypeZip,
  office: IconFileTypeDoc,
};

export function FileIcon({ kind, size = 20 }: { kind: string; size?: number }) {
  const Icon = icons[kind] ?? IconFile;
  return <Icon size={size} aria-hidden stroke={1.6} />;
}
