import { Box, Image } from '@mantine/core';
import { IconBuildingFactory2 } from '@tabler/icons-react';
import { useState } from 'react';
import { logoIdentifier } from '../../shared/rules/project-list';
import { apiData } from '../lib/config';

type Props = {
  tenantID: number;
  salesOrgID?: number | null;
  /** Overrides the tenant-file address (e.g. a sales organisation's own image URL). */
  src?: string | null;
  alt: string;
  width?: number;
  height?: number;
};

/**
 * The logo of a tenant or of a tenant's sales organisation (spec §3 logo identifier:
 * tenantID or tenantID_salesOrgID), with a neutral placeholder when no image loads.
 */
export function TenantLogo({ tenantID, salesOrgID, src, alt, width = 96, height = 40 }: Props) {
  const url = src ?? apiData(`tenantfiles/${logoIdentifier(tenantID, salesOrgID)}/thumbnail.png`);
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <Box
        w={width}
        h={height}
        c="gray.5"
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        role="img"
        aria-label={alt}
      >
        <IconBuildingFactory2 size={Math.min(height, 28)} aria-hidden />
      </Box>
    );
  }
  return (
    <Image src={url} alt={alt} w={width} h={height} fit="contain" loading="lazy" onError={() => setFailed(true)} />
  );
}
