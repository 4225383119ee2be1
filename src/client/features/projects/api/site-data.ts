import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressInput, ContactInput, SiteAddress, SiteContact } from '../../../../shared/schemas/projects';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { invalidateKeys, queryKeys, queryPrefixes } from '../../../lib/query-keys';

export const addressQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.projects.address(id),
    queryFn: () => apiRequest<SiteAddress>(apiData(`addresses/${id}`)),
  });
export const contactQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.projects.contact(id),
    queryFn: () => apiRequest<SiteContact>(apiData(`contacts/${id}`)),
  });

export const useSiteAddress = (id: number | null) => useQuery({ ...addressQuery(id ?? 0), enabled: id !== null });
export const useSiteContact = (id: number | null) => useQuery({ ...contactQuery(id ?? 0), enabled: id !== null });

type AddressValues = Omit<AddressInput, 'projectUnitID'>;
type ContactValues = Omit<ContactInput, 'projectUnitID'>;

/** Changes the stored address at the version the user edited, or creates one (linked to the unit in the same call). */
export const saveSiteAddress = (unitId: number, stored: SiteAddress | null, values: AddressValues) =>
  stored
    ? apiRequest<SiteAddress>(apiData(`addresses/${stored.addressID}`), {
        method: 'PUT',
        body: { ...values, projectUnitID: unitId, version: stored.version },
      })
    : apiRequest<SiteAddress>(apiData('addresses'), { method: 'POST', body: { ...values, projectUnitID: unitId } });

/** Changes the stored contact at the version the user edited, or creates one (linked to the unit in the same call). */
export const saveSiteContact = (unitId: number, stored: SiteContact | null, values: ContactValues) =>
  stored
    ? apiRequest<SiteContact>(apiData(`contacts/${stored.contactID}`), {
        method: 'PUT',
        body: { ...values, projectUnitID: unitId, version: stored.version },
      })
    : apiRequest<SiteContact>(apiData('contacts'), { method: 'POST', body: { ...values, projectUnitID: unitId } });

type SaveInput = {
  /** The linked records as the dialog loaded them (with the version the user edited), or null. */
  address: SiteAddress | null;
  contact: SiteContact | null;
  /** What to store; a record without values is left alone (an empty one is not created). */
  addressValues?: AddressValues;
  contactValues?: ContactValues;
};

/** A refused save; `createdNew`: the other record was created all the same (the dialog then closes, spec §8). */
export class SiteSaveError extends Error {
  constructor(
    readonly error: unknown,
    readonly createdNew: boolean,
  ) {
    super('site data save failed', { cause: error });
  }
}

/**
 * Saves the unit's site address and site contact. The API stores each record by a call of its own
 * (none takes both), so the two calls go out together and neither waits for the other. Once both
 * have answered, a refusal rejects with what was stored anyway; the project's queries refresh
 * either way, since a half-done save has changed the unit too.
 */
export function useSaveSiteData(unitId: number) {
  const queryClient = useQueryClient();
  return useMutation<void, SiteSaveError, SaveInput>({
    mutationFn: async ({ address, contact, addressValues, contactValues }) => {
      const saves = [
        addressValues && { creates: !address, answer: saveSiteAddress(unitId, address, addressValues) },
        contactValues && { creates: !contact, answer: saveSiteContact(unitId, contact, contactValues) },
      ].filter((save) => save !== undefined);
      const outcomes = await Promise.allSettled(saves.map((save) => save.answer));
      const refused = outcomes.find((outcome) => outcome.status === 'rejected');
      if (!refused) return;
      const createdNew = saves.some((save, i) => save.creates && outcomes[i]?.status === 'fulfilled');
      throw new SiteSaveError(refused.reason, createdNew);
    },
    // Each change is journaled on the project.
    onSettled: () => invalidateKeys(queryClient, [queryPrefixes.projects, queryPrefixes.journal]),
  });
}
