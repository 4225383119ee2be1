import type { AacProduct } from '../../../../shared/rules/aac';

/** An active AAC product: 240 mm thick, 625 mm wide, 1 to 6 m long on the 20 mm grid. */
export const aacProduct: AacProduct = {
  productNo: 1,
  title: 'PP2 Planstein',
  articleNo: 'PE-240',
  thicknessMm: 240,
  widthMm: 625,
  minLengthMm: 1000,
  maxLengthMm: 6000,
  lengthStepMm: 20,
  palletCapacity: 1.5,
  colorIndex: 1,
  active: true,
};
