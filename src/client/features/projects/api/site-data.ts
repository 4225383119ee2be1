import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressInput, ContactInput, SiteAddress, SiteContact } from '../../../../shared/schemas/projects';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { projectKeys } from './get-unit';

export const addressQuery = (id: number) =>
  queryOptions({
    queryKey: projectKeys.address(id),
    queryFn: () => apiRequest<SiteAddress>(apiData(`addresses/${id}`)),
  });
export const contactQuery = (id: number) =>
  queryOptions({
    queryKey: projectKeys.contact(id),
    queryFn: () => apiRequest<SiteContact>(apiData(`contacts/${id}`)),
  });

export const useSiteAddress = (id: number | null) => useQuery({ ...addressQuery(id ?? 0), enabled: id !== null });
export const useSiteContact = (id: number | null) => useQuery({ ...contactQuery(id ?? 0), enabled: id !== null });

type SaveInput = {
  unitId: number;
  /** The linked records as the dialog loaded them (with the version the user edited), or null. */
  address: SiteAddress | null;
  contact: SiteContact | null;
  addressValues?: Omit<AddressInput, 'projectUnitID'>;
  contactValues?: Omit<ContactInput, 'projectUnitID'>;
};

/** Thrown when saving failed after a new record was created (the dialog then closes, spec §8). */
export class SiteSaveError extends Error {
  constructor(
    readonly error: unknown,
    readonly createdNew: boolean,
  ) {
    super('site data save failed');
  }
}

/**
 * Updates the existing records at the version the user edited, or creates them: the server links
 * a new record to the unit in the same call. A record saved meanwhile answers 409.
 */
export function useSaveSiteData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ unitId, address, contact, addressValues, contactValues }: SaveInput) => {
      let createdNew = false;
      try {
        if (addressValues) {
          const body = { ...addressValues, projectUnitID: unitId };
          if (address)
            await apiRequest(apiData(`addresses/${address.addressID}`), {
              method: 'PUT',
              body: { ...body, version: address.version },
            });
          else {
            await apiRequest<SiteAddress>(apiData('addresses'), { method: 'POST', body });
            createdNew = true;
          }
        }
        if (contactValues) {
          const body = { ...contactValues, projectUnitID: unitId };
          if (contact)
            await apiRequest(apiData(`contacts/${contact.contactID}`), {
              method: 'PUT',
              body: { ...body, version: contact.version },
            });
          else {
            await apiRequest<SiteContact>(apiData('contacts'), { method: 'POST', body });
            createdNew = true;
          }
        }
      } catch (err) {
        throw new SiteSaveError(err, createdNew);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
