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
  addressId: number | null;
  contactId: number | null;
  address?: Omit<AddressInput, 'projectUnitID'>;
  contact?: Omit<ContactInput, 'projectUnitID'>;
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

/** Updates the existing records or creates them and links them through the additional project unit data. */
export function useSaveSiteData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ unitId, addressId, contactId, address, contact }: SaveInput) => {
      let createdNew = false;
      try {
        if (address) {
          const body = { ...address, projectUnitID: unitId };
          if (addressId) await apiRequest(apiData(`addresses/${addressId}`), { method: 'PUT', body });
          else {
            const created = await apiRequest<SiteAddress>(apiData('addresses'), { method: 'POST', body });
            createdNew = true;
            await apiRequest(apiData(`projectunitadditionaldata/${unitId}`), {
              method: 'PUT',
              body: { projectUnitID: unitId, siteAddressID: created.addressID },
            });
          }
        }
        if (contact) {
          const body = { ...contact, projectUnitID: unitId };
          if (contactId) await apiRequest(apiData(`contacts/${contactId}`), { method: 'PUT', body });
          else {
            const created = await apiRequest<SiteContact>(apiData('contacts'), { method: 'POST', body });
            createdNew = true;
            await apiRequest(apiData(`projectunitadditionaldata/${unitId}`), {
              method: 'PUT',
              body: { projectUnitID: unitId, siteContactID: created.contactID },
            });
          }
        }
      } catch (err) {
        throw new SiteSaveError(err, createdNew);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
