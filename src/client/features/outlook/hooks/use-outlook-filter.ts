import { useState } from 'react';
import { apiData } from '../../../lib/config';
import { filterQuery, type OutlookFilter } from '../api/outlook';

/** The narrowings chosen in a select; the material is chosen apart. */
export type OutlookNarrowing = Exclude<keyof OutlookFilter, 'material'>;

const toId = (v: string | null) => (v ? Number(v) : undefined);

/**
 * The outlook's filter: the material and the narrowings the volumes, the entries and the exports
 * ask for; the figures count both materials, so they get the filter without it.
 */
export function useOutlookFilter() {
  const [filter, setFilter] = useState<OutlookFilter>({ material: 'aac' });
  const { material, ...figuresFilter } = filter;
  void material;
  return {
    filter,
    figuresFilter,
    setMaterial: (value: OutlookFilter['material']) => setFilter((f) => ({ ...f, material: value })),
    /** Sets one narrowing from its select; '' (All) clears it. */
    setNarrowing: (key: OutlookNarrowing, value: string | null) =>
      setFilter((f) => ({ ...f, [key]: key === 'stateKey' ? value || undefined : toId(value) })),
    exportHref: (format: 'csv' | 'xlsx') => apiData(`outlook/volumes/export?${filterQuery({ ...filter, format })}`),
  };
}

export type OutlookFilterState = ReturnType<typeof useOutlookFilter>;
