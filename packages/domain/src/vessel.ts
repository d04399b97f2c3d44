// Vessel identity rules: IMO check digit, MMSI shape, the coded vessel types.
import { z } from 'zod';

/** IMO numbers are 7 digits; the last is the sum of the first six weighted 7..2, modulo 10. */
export function imoCheckDigit(firstSix: string): number {
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(firstSix[i]) * (7 - i);
  return sum % 10;
}

export function isValidImo(value: string): boolean {
  const digits = value.replace(/^IMO\s*/i, '');
  if (!/^\d{7}$/.test(digits)) return false;
  return imoCheckDigit(digits.slice(0, 6)) === Number(digits[6]);
}

export const ZImoNumber = z.string().trim().max(16).refine(isValidImo, 'Not a valid IMO number (7 digits with a check digit)');
export const ZMmsi = z.string().trim().max(9).regex(/^[0-9]{9}$/, 'An MMSI has 9 digits');

export const VESSEL_TYPES = [
  'ANTI_POLLUTION', 'BARGE', 'BULK_CARRIER', 'CAR_CARRIER', 'CEMENT_CARRIER', 'CHEMICAL_TANKER', 'CONTAINER', 'CRUISE',
  'DREDGER', 'DRY_BULK', 'FERRY', 'FISHING', 'GENERAL_CARGO', 'HEAVY_LIFT', 'LNG_CARRIER', 'LPG_CARRIER', 'MULTI_PURPOSE',
  'OFFSHORE_SUPPLY', 'PASSENGER', 'REEFER', 'RESEARCH', 'RO_RO', 'TANKER_CRUDE', 'TANKER_PRODUCT', 'TUG', 'OTHER',
] as const;
export const ZVesselType = z.enum(VESSEL_TYPES);
export type TVesselType = z.infer<typeof ZVesselType>;
