/** The deployment's data-area key used in API paths (`/api/data/{product}/...`). */
// `?.`: the module also runs on the server (src/client/server/first-screen.tsx), without Vite's `import.meta.env`.
export const productKey: string = import.meta.env?.VITE_PRODUCT_KEY ?? 'portal';

export const apiData = (path: string) => `/api/data/${productKey}/${path.replace(/^\//, '')}`;
