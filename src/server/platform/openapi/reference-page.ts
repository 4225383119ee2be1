import type { FastifyInstance } from 'fastify';

/** Where the API reference page is served; the admin page "API tokens" links to it. */
export const API_REFERENCE_PATH = '/api/reference';

/**
 * The API reference page: Swagger UI (@fastify/swagger-ui, its files served from node_modules,
 * no CDN) on the document of /api/openapi.json. Its scripts reach the browser only with this
 * page, never with the client's bundle. Like the JSON it needs a session unless PUBLISH_OPENAPI
 * publishes it; the page's scripts are the app's own origin, so the Content-Security-Policy of
 * every answer applies unchanged.
 */
export async function registerApiReference(app: FastifyInstance, publish: boolean): Promise<void> {
  const { default: swaggerUi } = await import('@fastify/swagger-ui');
  await app.register(async (scope) => {
    // The plugin's routes (page, initializer, files, its copy of the JSON) follow the document's rule.
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: publish };
    });
    await scope.register(swaggerUi, {
      routePrefix: API_REFERENCE_PATH,
      theme: { title: 'Planport API reference' },
      uiConfig: {
        // The document only: no address bar for other documents.
        layout: 'BaseLayout',
        docExpansion: 'list',
        defaultModelsExpandDepth: 0,
        displayRequestDuration: true,
        // Tried out from the page with the reader's session: reading calls only.
        supportedSubmitMethods: ['get'],
      },
    });
  });
}
