/** The deployment's data-area key used in API paths (`/api/data/{product}/...`). */
export const productKey: string = import.meta.env.VITE_PRODUCT_KEY ?? 'portal';

export const apiData = (path: string) => `/api/data/${productKey}/${path.replace(/^\//, '')}`;
