import type { BannerLevel } from '../../shared/schemas/admin';

/** Level colours (spec §2): info grey-blue, warning orange, important red; dark enough for white text (WCAG AA). */
export const bannerLevelColor: Record<BannerLevel, string> = {
  info: '#48627a',
  warning: '#b35000',
  important: '#c92a2a',
};
